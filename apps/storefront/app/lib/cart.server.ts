import { type Cart, isAisleError } from '@aisle/sdk'
import type { AisleClient } from './aisle.server'
import { toRouteError } from './route-error.server'

/**
 * Finds the visitor's cart; a visitor who never added anything has none yet.
 * @throws a route error response for any failure other than the missing cart.
 */
export async function findCurrentCart(client: AisleClient): Promise<Cart | undefined> {
  try {
    return await client.currentCart.getCurrentCart()
  } catch (error) {
    if (isAisleError(error) && error.code === 'OWNED_CART_NOT_FOUND') return undefined
    throw toRouteError(error)
  }
}
