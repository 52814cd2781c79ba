import { Link } from 'react-router'
import { STORE_NAME } from '../../lib/store'

export interface SiteHeaderProps {
  /** The visitor's item count from the server; undefined when it could not be read. */
  cartItemCount: number | undefined
}

/** The header on every page: the store's name home, and the cart with its item count. */
export function SiteHeader({ cartItemCount }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Link to="/" className="store-name">
        {STORE_NAME}
      </Link>
      <nav aria-label="Store">
        <Link to="/cart" className="cart-link">
          {cartItemCount === undefined ? 'Cart' : `Cart (${cartItemCount})`}
        </Link>
      </nav>
    </header>
  )
}
