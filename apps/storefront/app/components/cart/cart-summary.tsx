import { useId } from 'react'
import type { CartView } from './cart-view'

export interface CartSummaryProps {
  cart: Pick<CartView, 'subtotal' | 'isPending'>
  /** What follows the subtotal on this surface: the drawer's link to the cart page; later, checkout. */
  children?: React.ReactNode
}

/**
 * The cart's subtotal (only what can be bought counts), faded while a change waits for the platform,
 * and the checkout button: a plain form that creates the checkout and goes to the hosted checkout.
 * Not built yet (issue 6): the totals breakdown and the shipping estimate by address, under the subtotal.
 */
export function CartSummary({ cart, children }: CartSummaryProps) {
  const headingId = useId()
  return (
    <section className="cart-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Order summary
      </h2>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd className={cart.isPending ? 'is-pending' : undefined}>{cart.subtotal}</dd>
        </div>
      </dl>
      <p className="cart-summary-note">Shipping, taxes and discounts are worked out at checkout.</p>
      {children ?? (
        // A document navigation on purpose: the hosted checkout is on the platform's origin.
        <form method="post" action="/checkout">
          <button type="submit" className="button" disabled={cart.isPending}>
            Check out
          </button>
        </form>
      )}
    </section>
  )
}
