import { createContext, type ReactNode, useContext, useMemo, useOptimistic } from 'react'
import type { FetcherWithComponents } from 'react-router'
import { CART_ACTION_PATH, type CartEdit, findCartEdit } from './cart-edit'
import type { CartView } from './cart-view'
import { applyCartEdits } from './optimistic-cart'

interface CartEdits {
  /** The edits whose form actions are still on their way, oldest first. */
  pending: readonly CartEdit[]
  /** Adds an edit for the length of the form action it is called in (React's `useOptimistic`). */
  add: (edit: CartEdit) => void
}

/** The edits when none is on its way: one array, so the provider's value stays the same between renders. */
const NO_EDITS: readonly CartEdit[] = []

const appendEdit = (edits: readonly CartEdit[], edit: CartEdit) => [...edits, edit]

const CartEditsContext = createContext<CartEdits>({ pending: NO_EDITS, add: () => {} })

/**
 * Holds the cart edits on their way for the whole page (header count, drawer, cart page), with React's
 * `useOptimistic`: an edit lasts as long as the form action that made it, which ends once the platform's
 * answer and the cart read after it have arrived, so the cart never shows a state the platform did not give.
 */
export function CartEditsProvider({ children }: { children: ReactNode }) {
  const [pending, add] = useOptimistic<readonly CartEdit[], CartEdit>(NO_EDITS, appendEdit)
  // One value while no edit is on its way: a re-render of the page (once hydrated) leaves the readers be.
  const edits = useMemo(() => ({ pending, add }), [pending, add])
  return <CartEditsContext value={edits}>{children}</CartEditsContext>
}

/**
 * The cart with every change still on its way already made, so the page, the drawer and the header's count
 * move at once; the platform's cart shows as it is once the edits' actions have ended.
 */
export function useOptimisticCart(cart: CartView | undefined): CartView | undefined {
  const { pending } = useContext(CartEditsContext)
  return cart && applyCartEdits(cart, pending)
}

/**
 * A form action for a cart form: shows the form's change at once and posts the form to the cart's action
 * through `fetcher` (whose answer the form reads), ending when React Router has read the page's data again.
 * Given to `<form action>` only once hydrated; before that the form posts to `CART_ACTION_PATH` itself.
 */
export function useCartEditAction(
  fetcher: Pick<FetcherWithComponents<unknown>, 'submit'>,
): (form: FormData) => Promise<void> {
  const { add } = useContext(CartEditsContext)
  return async (form) => {
    const edit = findCartEdit(form)
    if (edit) add(edit)
    await fetcher.submit(form, { method: 'post', action: CART_ACTION_PATH })
  }
}
