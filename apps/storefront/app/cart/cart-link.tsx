import { Link, useLocation } from 'react-router'
import { useCartDrawer } from './cart-drawer'
import { CART_ACTION_PATH } from './cart-edit'

export interface CartLinkProps {
  className?: string
  children: React.ReactNode
}

/**
 * A link to the cart page that, once hydrated, opens the cart drawer instead (it says so: it has a dialog
 * popup). Without JavaScript, on the cart page itself, or with a modifier key (a new tab), it is the plain
 * link it looks like.
 */
export function CartLink({ className, children }: CartLinkProps) {
  const drawer = useCartDrawer()
  const { pathname } = useLocation()
  const opensDrawer = drawer !== undefined && pathname !== CART_ACTION_PATH
  return (
    <Link
      to={CART_ACTION_PATH}
      className={className}
      aria-haspopup={opensDrawer ? 'dialog' : undefined}
      onClick={(event) => {
        if (!opensDrawer || event.defaultPrevented || event.button !== 0) return
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        drawer.open(event.currentTarget)
      }}
    >
      {children}
    </Link>
  )
}
