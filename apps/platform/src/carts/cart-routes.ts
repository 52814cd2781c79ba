import { z } from 'zod'
import { findProductsByIds } from '../catalogue/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { recordCallerEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { planAddToCart } from './add-to-cart.ts'
import {
  AddToCartBody,
  CartSchema,
  RemoveLineItemsBody,
  UpdateCartBody,
  UpdateQuantitiesBody,
} from './cart-schemas.ts'
import {
  type CartWithLines,
  deleteCart,
  findOwnedCart,
  lockOwnedCart,
  removeLineItems,
  saveLineItems,
  updateCart,
} from './cart-store.ts'
import { toWireCart } from './cart-wire.ts'
import { getApplicableCoupon } from './coupon-store.ts'

export interface CartDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

const CartResponse = z.object({ cart: CartSchema })
// A cart is one person's: never stored by a shared cache, never reused by the browser.
const PRIVATE = 'private, no-store'
const tag = 'Current cart'

/** Refuses ids that name no line of this cart, listing them all. */
function assertLinesInCart(cart: CartWithLines, lineIds: readonly string[]) {
  const unknown = lineIds.filter((id) => !cart.lines.some((line) => line.id === id))
  if (unknown.length > 0) {
    throw new ApplicationError('LINE_ITEM_NOT_FOUND', `No line item ${unknown[0]} in this cart`, {
      lineItemIds: unknown,
    })
  }
}

function noCart(): never {
  throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
}

/** The current-cart calls: each acts on the caller's own cart only. */
export function registerCartRoutes(api: Api, deps: CartDeps) {
  const { db, clock, publicUrl } = deps
  const audience = (caller: ShopperCaller) => ({ siteId: caller.siteId, includeHidden: false })

  async function answer(tx: Db, caller: ShopperCaller, owned: CartWithLines) {
    const ids = owned.lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
    const products = await findProductsByIds(tx, audience(caller), ids)
    return { cart: toWireCart(owned, products, caller.site, publicUrl) }
  }

  /**
   * Runs one change to the caller's cart in a transaction that holds the cart's lock, records the
   * cart event with it, and answers the cart as it is after.
   */
  async function change(
    caller: ShopperCaller,
    options: { create: boolean },
    apply: (tx: Db, cart: CartWithLines, now: Date) => Promise<void>,
  ) {
    const now = clock()
    return db.transaction(async (tx) => {
      const locked = await lockOwnedCart(tx, caller, { create: options.create, now })
      if (!locked) noCart()
      await apply(tx, locked, now)
      await tx.query('update carts set updated_date = $2 where id = $1', [locked.cart.id, now])
      const after = await findOwnedCart(tx, caller)
      if (!after) throw new Error('cart vanished inside its own transaction')
      const answered = await answer(tx, caller, after)
      const type = locked.created ? 'cart.created' : 'cart.updated'
      await recordCallerEvent(tx, caller, { type, entityId: after.cart.id, payload: answered.cart }, now)
      return answered
    })
  }

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/carts/current',
      operationId: 'getCurrentCart',
      summary: "Get the caller's current cart",
      tag,
      auth: 'shopper',
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ caller }) => answer(db, caller, (await findOwnedCart(db, caller)) ?? noCart()),
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/add-to-cart',
      operationId: 'addToCurrentCart',
      summary: "Add catalogue line items and custom line items to the caller's current cart",
      tag,
      auth: 'shopper',
      body: AddToCartBody,
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ body, caller }) => {
      const products = await findProductsByIds(
        db,
        audience(caller),
        body.lineItems.map((item) => item.catalogReference.catalogItemId),
      )
      return change(caller, { create: true }, async (tx, cart, now) => {
        await saveLineItems(tx, cart, planAddToCart(cart.lines, body, products, caller.site.currency), now)
      })
    },
  )

  api.route(
    {
      method: 'patch',
      path: '/ecom/v1/carts/current',
      operationId: 'updateCurrentCart',
      summary: "Set the cart's info and coupon, and add line items",
      tag,
      auth: 'shopper',
      body: UpdateCartBody,
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ body, caller }) => {
      const coupon = body.couponCode
        ? await getApplicableCoupon(db, caller.siteId, body.couponCode, clock())
        : undefined
      const lineItems = body.lineItems ?? []
      const products = await findProductsByIds(
        db,
        audience(caller),
        lineItems.map((item) => item.catalogReference.catalogItemId),
      )
      return change(caller, { create: true }, async (tx, cart, now) => {
        if (lineItems.length > 0) {
          const plan = planAddToCart(
            cart.lines,
            { lineItems, customLineItems: [] },
            products,
            caller.site.currency,
          )
          await saveLineItems(tx, cart, plan, now)
        }
        await updateCart(
          tx,
          cart.cart.id,
          { couponCode: body.couponCode === null ? null : coupon?.code, cartInfo: body.cartInfo },
          now,
        )
      })
    },
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/remove-line-items',
      operationId: 'removeLineItemsFromCurrentCart',
      summary: 'Remove line items from the current cart by their ids',
      tag,
      auth: 'shopper',
      body: RemoveLineItemsBody,
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ body, caller }) =>
      change(caller, { create: false }, async (tx, cart) => {
        assertLinesInCart(cart, body.lineItemIds)
        await removeLineItems(tx, cart.cart.id, body.lineItemIds)
      }),
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/update-line-items-quantity',
      operationId: 'updateCurrentCartLineItemQuantity',
      summary: 'Set the quantities of line items; 0 removes a line',
      tag,
      auth: 'shopper',
      body: UpdateQuantitiesBody,
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ body, caller }) =>
      change(caller, { create: false }, async (tx, cart, now) => {
        assertLinesInCart(
          cart,
          body.lineItems.map((item) => item.id),
        )
        const removed = body.lineItems.filter((item) => item.quantity === 0).map((item) => item.id)
        if (removed.length > 0) await removeLineItems(tx, cart.cart.id, removed)
        const changes = body.lineItems
          .filter((item) => item.quantity > 0)
          .map((item) => {
            const line = cart.lines.find((l) => l.id === item.id)!
            return {
              lineId: line.id,
              appId: line.app_id,
              catalogItemId: line.catalog_item_id,
              variantId: line.variant_id,
              quantity: item.quantity,
            }
          })
        await saveLineItems(tx, cart, changes, now)
      }),
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/remove-coupon',
      operationId: 'removeCouponFromCurrentCart',
      summary: 'Remove the coupon from the current cart',
      tag,
      auth: 'shopper',
      response: CartResponse,
      cacheControl: PRIVATE,
    },
    async ({ caller }) =>
      change(caller, { create: false }, (tx, cart, now) =>
        updateCart(tx, cart.cart.id, { couponCode: null }, now),
      ),
  )

  api.route(
    {
      method: 'delete',
      path: '/ecom/v1/carts/current',
      operationId: 'deleteCurrentCart',
      summary: 'Delete the current cart',
      tag,
      auth: 'shopper',
      response: z.object({}),
      cacheControl: PRIVATE,
    },
    async ({ caller }) => {
      const now = clock()
      await db.transaction(async (tx) => {
        const locked = (await lockOwnedCart(tx, caller, { create: false, now })) ?? noCart()
        await deleteCart(tx, locked.cart.id)
        await recordCallerEvent(
          tx,
          caller,
          { type: 'cart.deleted', entityId: locked.cart.id, payload: { cartId: locked.cart.id } },
          now,
        )
      })
      return {}
    },
  )
}
