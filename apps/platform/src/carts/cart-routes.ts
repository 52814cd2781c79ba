import { z } from 'zod'
import { findProductsByIds } from '../catalogue/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { planAddToCart } from './add-to-cart.ts'
import { AddToCartBody, CartSchema } from './cart-schemas.ts'
import { type CartWithLines, findOwnedCart, lockOwnedCart, saveLineItems } from './cart-store.ts'
import { toWireCart } from './cart-wire.ts'

export interface CartDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

const CartResponse = z.object({ cart: CartSchema })
// A cart is one person's: never stored by a shared cache, never reused by the browser.
const PRIVATE = 'private, no-store'

/** The current-cart calls: each acts on the caller's own cart only. */
export function registerCartRoutes(api: Api, deps: CartDeps) {
  const { db, clock, publicUrl } = deps

  async function answer(caller: ShopperCaller, owned: CartWithLines) {
    const audience = { siteId: caller.siteId, includeHidden: false }
    const site = caller.site
    const products = await findProductsByIds(
      db,
      audience,
      owned.lines.map((line) => line.catalog_item_id),
    )
    return { cart: toWireCart(owned, products, site, publicUrl) }
  }

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/carts/current',
      operationId: 'getCurrentCart',
      summary: "Get the caller's current cart",
      tag: 'Current cart',
      auth: 'shopper',
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ caller }) => {
      const owned = await findOwnedCart(db, caller)
      if (!owned) throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
      return answer(caller, owned)
    },
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/add-to-cart',
      operationId: 'addToCurrentCart',
      summary: "Add catalogue line items to the caller's current cart",
      tag: 'Current cart',
      auth: 'shopper',
      body: AddToCartBody,
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ body, caller }) => {
      const audience = { siteId: caller.siteId, includeHidden: false }
      const ids = body.lineItems.map((item) => item.catalogReference.catalogItemId)
      const site = caller.site
      const products = await findProductsByIds(db, audience, ids)
      const now = clock()
      const owned = await db.transaction(async (tx) => {
        const cart = await lockOwnedCart(tx, caller, site.currency, now)
        await saveLineItems(tx, cart, planAddToCart(cart.lines, body, products), now)
        const saved = await findOwnedCart(tx, caller)
        if (!saved) throw new Error('cart vanished after an add')
        return saved
      })
      return answer(caller, owned)
    },
  )
}
