import { type KeyboardEvent, type RefObject, useEffect, useId } from 'react'
import { Link } from 'react-router'
import { CART_ACTION_PATH } from './cart-edit'
import { CartLineList } from './cart-line-list'
import { CartSummary, CheckoutForm } from './cart-summary'
import type { CartView } from './cart-view'
import { CloseIcon } from './icons'
import { useCartNotice } from './use-cart-notice'

// The drawer's dialog, loaded after the page has hydrated (cart-drawer.tsx): its lines, summary and edit
// forms are no part of any page's first load.

const tabbableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab and Shift+Tab going round inside the dialog. A modal dialog already makes the page inert, but the
 * browser lets focus leave for its own toolbar after the last control; a drawer should wrap instead.
 */
function wrapTabFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(tabbableSelector)].filter(
    (element) => element.getClientRects().length > 0,
  )
  const first = tabbable[0]
  const last = tabbable[tabbable.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  if (
    event.shiftKey &&
    (active === first || !event.currentTarget.contains(active) || active === event.currentTarget)
  ) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

export interface CartDrawerProps {
  cart: CartView | undefined
  /** Called once the dialog is in the page, so an open asked for while it loaded can happen. */
  onMount: () => void
  dialogRef: RefObject<HTMLDialogElement | null>
  headingRef: RefObject<HTMLHeadingElement | null>
  close: (restoreFocus?: boolean) => void
  onClose: () => void
}

/** The drawer: the cart's lines and summary in a modal dialog along the page's edge. */
export default function CartDrawer({
  cart,
  onMount,
  dialogRef,
  headingRef,
  close,
  onClose,
}: CartDrawerProps) {
  const headingId = useId()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog first enters the page
  useEffect(onMount, [])
  const { onEdit, notice } = useCartNotice(headingRef)
  const lines = cart?.lines ?? []
  return (
    <dialog
      ref={dialogRef}
      className="cart-drawer"
      aria-labelledby={headingId}
      onClose={onClose}
      onKeyDown={wrapTabFocus}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog itself landed on the backdrop.
        if (event.target === event.currentTarget) close()
        else if (event.target instanceof Element && event.target.closest('a[href]')) close(false)
      }}
    >
      <div className="cart-drawer-panel">
        <div className="cart-drawer-header">
          {/* The page behind a modal dialog is inert, so the dialog's title is the top heading of what is reachable. */}
          <h1 id={headingId} ref={headingRef} tabIndex={-1}>
            Your cart
          </h1>
          <button type="button" className="icon-button" aria-label="Close cart" onClick={() => close()}>
            <CloseIcon />
          </button>
        </div>
        <p role="status" className="cart-notice">
          {notice}
        </p>
        {cart && lines.length > 0 ? (
          <>
            <CartLineList lines={lines} onEdit={onEdit} />
            <CartSummary cart={cart}>
              <CheckoutForm disabled={cart.isPending} />
              <Link to={CART_ACTION_PATH} className="button button-secondary cart-drawer-go">
                Go to cart
              </Link>
            </CartSummary>
          </>
        ) : (
          <p className="cart-drawer-empty">Your cart is empty.</p>
        )}
        <button type="button" className="button button-secondary" onClick={() => close()}>
          Continue shopping
        </button>
      </div>
    </dialog>
  )
}
