import {
  createContext,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react'
import { Link, useLocation } from 'react-router'
import { useHydrated } from '../rendering/use-hydrated'
import { CART_ACTION_PATH } from './cart-edit'
import { CartLineList } from './cart-line-list'
import { CartSummary } from './cart-summary'
import type { CartView } from './cart-view'
import { CloseIcon } from './icons'
import { useCartNotice } from './use-cart-notice'

/** What a cart link needs to open the drawer instead of leaving the page. */
export interface CartDrawerControls {
  /** Opens the drawer; `opener` gets focus back when it closes. */
  open(opener: HTMLElement | null): void
}

const CartDrawerContext = createContext<CartDrawerControls | undefined>(undefined)

/** The drawer's controls, or undefined before hydration (cart links are then plain links to the cart page). */
export function useCartDrawer(): CartDrawerControls | undefined {
  return useContext(CartDrawerContext)
}

export interface CartDrawerProviderProps {
  /** The visitor's cart from the root loader, with pending edits made (undefined: no cart yet). */
  cart: CartView | undefined
  children: React.ReactNode
}

/**
 * Gives the page a cart drawer once hydrated: a modal `<dialog>`, so the page behind it is inert and focus
 * stays inside while it is open; Escape, the close button, "Continue shopping" and a click on the backdrop
 * close it, and focus returns to the link that opened it. Following a link inside closes it without moving
 * focus back, since the next page takes over. Without JavaScript there is no drawer: cart links go to `/cart`.
 */
export function CartDrawerProvider({ cart, children }: CartDrawerProviderProps) {
  const isHydrated = useHydrated()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const shouldRestoreFocus = useRef(true)
  const location = useLocation()

  const open = useCallback((opener: HTMLElement | null) => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    openerRef.current = opener
    shouldRestoreFocus.current = true
    dialog.showModal()
    // The heading, not the first button: the shopper hears where they are, then tabs through the lines.
    headingRef.current?.focus()
  }, [])

  const close = useCallback((restoreFocus = true) => {
    const dialog = dialogRef.current
    if (!dialog?.open) return
    shouldRestoreFocus.current = restoreFocus
    dialog.close()
  }, [])

  // Every way of closing (Escape included, which the browser handles) ends in the dialog's close event.
  const onClose = useCallback(() => {
    const opener = openerRef.current
    openerRef.current = null
    if (shouldRestoreFocus.current && opener?.isConnected) opener.focus()
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the reason to close
  useEffect(() => close(false), [location.key, close])

  const controls = useMemo(() => (isHydrated ? { open } : undefined), [isHydrated, open])
  return (
    <CartDrawerContext.Provider value={controls}>
      {children}
      {isHydrated && location.pathname !== CART_ACTION_PATH ? (
        <CartDrawer
          cart={cart}
          dialogRef={dialogRef}
          headingRef={headingRef}
          close={close}
          onClose={onClose}
        />
      ) : null}
    </CartDrawerContext.Provider>
  )
}

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

interface CartDrawerProps {
  cart: CartView | undefined
  dialogRef: RefObject<HTMLDialogElement | null>
  headingRef: RefObject<HTMLHeadingElement | null>
  close: (restoreFocus?: boolean) => void
  onClose: () => void
}

function CartDrawer({ cart, dialogRef, headingRef, close, onClose }: CartDrawerProps) {
  const headingId = useId()
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
              <Link to={CART_ACTION_PATH} className="button cart-drawer-go">
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
