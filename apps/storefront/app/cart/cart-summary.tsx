import { useId } from 'react'
import type { CartView } from './cart-view'

export interface CartSummaryProps {
  cart: Pick<CartView, 'subtotal' | 'isPending'>
  /** Rows under the subtotal in the figures' list: the cart page's estimate (see `TotalsRows`). */
  rows?: React.ReactNode
  /** What the figures include, in place of the default line (see `TotalsNote`). */
  note?: React.ReactNode
  /** Set while a change that moves the totals waits for the platform: the figures are busy. */
  isTotalsPending?: boolean
  /** What follows the figures on this surface: the drawer's checkout and its link to the cart page. */
  children?: React.ReactNode
}

/**
 * "Check out": a plain form that creates the checkout and goes to the hosted checkout (a document
 * navigation on purpose: the hosted checkout is on the platform's origin). The first thing after the lines
 * on the cart page, and the drawer's main button.
 */
export function CheckoutForm({ disabled }: { disabled?: boolean | undefined }) {
  return (
    <form method="post" action="/checkout" className="checkout-form">
      <button type="submit" className="button" disabled={disabled}>
        Check out
      </button>
    </form>
  )
}

/**
 * The cart's subtotal (only what can be bought counts), faded while a change waits for the platform; on the
 * cart page the estimate's rows follow it (`TotalsRows`). The estimate's parts come in as slots, so the
 * drawer, on every page, carries none of their code.
 */
export function CartSummary({ cart, rows, note, isTotalsPending, children }: CartSummaryProps) {
  const headingId = useId()
  return (
    <section className="cart-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Order summary
      </h2>
      <dl aria-busy={isTotalsPending || cart.isPending || undefined}>
        <div>
          <dt>Subtotal</dt>
          <dd className={cart.isPending ? 'is-pending' : undefined}>{cart.subtotal}</dd>
        </div>
        {rows}
      </dl>
      {note ?? <p className="cart-summary-note">Shipping, taxes and discounts are worked out at checkout.</p>}
      {children}
    </section>
  )
}
