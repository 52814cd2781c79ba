import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from '../rendering/use-hydrated'
import { CART_ACTION_PATH } from './cart-edit'
import type { CartView } from './cart-view'

// The dialog and everything it shows load once the page has hydrated, off the first load's critical path.
const CartDrawer = lazy(() => import('./cart-drawer-dialog'))

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

  // An open asked for while the dialog was still loading: done as soon as it is in the page.
  const pendingOpener = useRef<HTMLElement | null | undefined>(undefined)

  const open = useCallback((opener: HTMLElement | null) => {
    const dialog = dialogRef.current
    if (!dialog) {
      pendingOpener.current = opener
      return
    }
    if (dialog.open) return
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

  const onMount = useCallback(() => {
    const opener = pendingOpener.current
    pendingOpener.current = undefined
    if (opener !== undefined) open(opener)
  }, [open])

  const controls = useMemo(() => (isHydrated ? { open } : undefined), [isHydrated, open])
  return (
    <CartDrawerContext.Provider value={controls}>
      {children}
      {isHydrated && location.pathname !== CART_ACTION_PATH ? (
        <Suspense fallback={null}>
          <CartDrawer
            cart={cart}
            onMount={onMount}
            dialogRef={dialogRef}
            headingRef={headingRef}
            close={close}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
    </CartDrawerContext.Provider>
  )
}
