import { useFetchers } from 'react-router'
import type { CartView } from './cart-view'
import { applyCartEdits, toPendingCartEdits } from './optimistic-cart'

/**
 * The cart with every change still on its way already made, so the page, the drawer and the header's count
 * move at once; each edit drops out when the platform's cart arrives, which then shows as it is.
 */
export function useOptimisticCart(cart: CartView | undefined): CartView | undefined {
  const fetchers = useFetchers()
  return cart && applyCartEdits(cart, toPendingCartEdits(fetchers))
}
