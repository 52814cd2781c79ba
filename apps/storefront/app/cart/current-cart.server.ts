import { type Cart, isAisleError } from '@aisle/sdk'
import type { Aisle, AisleClient } from '../platform/aisle.server'
import { toRouteError } from '../platform/route-error.server'

// One read of the cart per request (per client, since there is one client per request): the root's loader
// and the cart page's run together, and after an action the loaders take the cart the action answered.
const readsByClient = new WeakMap<AisleClient, Promise<Cart | undefined>>()

/**
 * Finds the visitor's cart; a visitor who never added anything has none yet, and a visitor without tokens
 * is not asked for (that would mint tokens for a cart that cannot exist). Loaders of one request share one
 * read, and a cart change made earlier in the request (see `rememberCurrentCart`) is read from memory.
 * @throws a route error response for any failure other than the missing cart.
 */
export function findCurrentCart({
  client,
  hasSession,
}: Pick<Aisle, 'client' | 'hasSession'>): Promise<Cart | undefined> {
  let read = readsByClient.get(client)
  if (!read) {
    read = hasSession() ? readCurrentCart(client) : Promise.resolve(undefined)
    readsByClient.set(client, read)
  }
  return read
}

/** Keeps the cart a change answered as this request's cart, so the loaders after the action need not ask. */
export function rememberCurrentCart(client: AisleClient, cart: Cart): void {
  readsByClient.set(client, Promise.resolve(cart))
}

async function readCurrentCart(client: AisleClient): Promise<Cart | undefined> {
  try {
    return await client.currentCart.getCurrentCart()
  } catch (error) {
    if (isAisleError(error) && error.code === 'OWNED_CART_NOT_FOUND') return undefined
    throw toRouteError(error)
  }
}
