import { Link } from 'react-router'
import { CartLine } from '../components/cart/cart-line'
import { toCartView } from '../components/cart/cart-view'
import { getAisle } from '../lib/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../lib/cache-control'
import { findCurrentCart } from '../lib/cart.server'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/cart'

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle('Your cart') }, { name: 'robots', content: 'noindex' }]
}

// A cart belongs to one visitor and changes at any moment: never stored by any cache.
export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

export async function loader({ context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const cart = await findCurrentCart(client)
  return { cart: cart?.lineItems?.length ? toCartView(cart, config.apiUrl) : undefined }
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData
  if (!cart) {
    return (
      <section className="page-message">
        <h1>Your cart</h1>
        <p>Your cart is empty.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </section>
    )
  }
  return (
    <>
      <h1>Your cart</h1>
      <ul className="cart-lines" aria-label="Items in your cart">
        {cart.lines.map((line) => (
          <CartLine key={line.id} line={line} />
        ))}
      </ul>
      <section className="cart-summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading" className="visually-hidden">
          Order summary
        </h2>
        <dl>
          <div>
            <dt>Subtotal</dt>
            <dd>{cart.subtotal}</dd>
          </div>
        </dl>
      </section>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </>
  )
}
