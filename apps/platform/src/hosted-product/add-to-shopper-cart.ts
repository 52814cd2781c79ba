import type { Hono } from 'hono'
import type { AppEnv } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { IN_PROCESS_CALLER } from '../oauth/authenticate.ts'

// Never on the network: in-process requests need some origin to be a URL.
const IN_PROCESS_ORIGIN = 'http://in-process.aisle'

/** A catalogue line to add: a product's variant and how many. */
export interface CartLineToAdd {
  catalogItemId: string
  variantId: string | undefined
  quantity: number
}

/**
 * Adds a line to the shopper's current cart through `POST /ecom/v1/carts/current/add-to-cart` itself,
 * called in process with the shopper as the caller (as the dashboard calls the merchant API): the same
 * transaction, cart lock, limits, prices and "cart created/updated" event, caused by that shopper.
 * Answers the route's refusal in words when it refuses.
 */
export async function addToShopperCart(
  hono: Hono<AppEnv>,
  shopper: ShopperCaller,
  line: CartLineToAdd,
): Promise<{ isAdded: true } | { isAdded: false; message: string }> {
  const body = {
    lineItems: [
      {
        quantity: line.quantity,
        catalogReference: {
          catalogItemId: line.catalogItemId,
          options: line.variantId ? { variantId: line.variantId } : undefined,
        },
      },
    ],
  }
  const response = await hono.request(
    `${IN_PROCESS_ORIGIN}/ecom/v1/carts/current/add-to-cart`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { [IN_PROCESS_CALLER]: shopper },
  )
  if (response.ok) return { isAdded: true }
  const answer = (await response.json()) as { message?: unknown }
  return {
    isAdded: false,
    message: typeof answer.message === 'string' ? answer.message : response.statusText,
  }
}
