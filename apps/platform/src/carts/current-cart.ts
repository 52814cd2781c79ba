import { findProductsByIds } from '../catalogue/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { callerEvent } from '../events/event-outbox.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { planAddToCart } from './add-to-cart.ts'
import type { AddToCartInput, UpdateCartInput } from './cart-schemas.ts'
import {
  applyLineChanges,
  type CartContents,
  type CartRow,
  type CartWrite,
  deleteCart,
  findOwnedCart,
  type LineItemChange,
  type LineItemRow,
  lockCart,
  readCartContents,
  writeCartChange,
} from './cart-store.ts'
import { toWireCart } from './cart-wire.ts'
import { applicableCoupon } from './coupon-store.ts'

export interface CurrentCartDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

/** The cart as the wire shows it. */
export type WireCart = ReturnType<typeof toWireCart>

/** Refuses ids that name no line of this cart, listing them all. */
function assertLinesInCart(lines: readonly LineItemRow[], lineIds: readonly string[]) {
  const unknown = lineIds.filter((id) => !lines.some((line) => line.id === id))
  if (unknown.length > 0) {
    throw new ApplicationError('LINE_ITEM_NOT_FOUND', `No line item ${unknown[0]} in this cart`, {
      lineItemIds: unknown,
    })
  }
}

function noCart(): never {
  throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
}

/** What a change does to a locked cart: its lines after, and what to write. */
type CartEdit = Omit<CartWrite, 'cartId' | 'event'> & { lines: LineItemRow[] }

/** Lines of `contents` with `changes` saved and `removed` gone. */
function applied(
  contents: CartContents,
  cart: CartRow,
  change: { changes: readonly LineItemChange[]; removed?: readonly string[] },
  now: Date,
): CartEdit {
  const { lines, saved } = applyLineChanges(contents.lines, cart.id, change, now)
  return { lines, savedLines: saved, removedLineIds: change.removed ?? [] }
}

/**
 * The current-cart operations of spec section 7, each on the caller's own cart only. The REST routes
 * and the GraphQL schema both call these, so they share every rule, error and event.
 */
export function createCurrentCart(deps: CurrentCartDeps) {
  const { db, clock, publicUrl } = deps
  const audience = (caller: ShopperCaller) => ({ siteId: caller.siteId, includeHidden: false })

  /**
   * Runs one change to the caller's cart in a transaction of three statements: lock the cart, read
   * its lines with their products (and the coupon asked for), then write the change and its event
   * together. The answer, the cart as it is after, is computed from what was read and written.
   */
  async function change(
    caller: ShopperCaller,
    options: { create: boolean; productIds?: readonly string[]; couponCode?: string | undefined },
    edit: (contents: CartContents, cart: CartRow, now: Date) => CartEdit,
  ): Promise<WireCart> {
    const now = clock()
    return db.transaction(async (tx) => {
      const locked = (await lockCart(tx, caller, { create: options.create, now })) ?? noCart()
      const contents = await readCartContents(tx, locked.cart.id, audience(caller), {
        productIds: options.productIds ?? [],
        couponCode: options.couponCode,
      })
      const { lines, ...write } = edit(contents, locked.cart, now)
      const fields = write.fields ?? {}
      const cart: CartRow = {
        ...locked.cart,
        coupon_code: fields.couponCode === undefined ? locked.cart.coupon_code : fields.couponCode,
        cart_info: fields.cartInfo ?? locked.cart.cart_info,
      }
      const answered = toWireCart({ cart, lines }, contents.products, caller.site, publicUrl)
      const type = locked.created ? 'cart.created' : 'cart.updated'
      const event = callerEvent(caller, { type, entityId: cart.id, payload: answered })
      await writeCartChange(tx, { ...write, cartId: cart.id, event }, now)
      return answered
    })
  }

  return {
    /** The caller's cart; the spec's not-found error before the first add. */
    async get(caller: ShopperCaller): Promise<WireCart> {
      const owned = (await findOwnedCart(db, caller)) ?? noCart()
      const ids = owned.lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
      const products = await findProductsByIds(db, audience(caller), ids)
      return toWireCart(owned, products, caller.site, publicUrl)
    },

    /** Adds catalogue and custom line items, creating the cart on the first add. */
    add(caller: ShopperCaller, input: AddToCartInput): Promise<WireCart> {
      const productIds = input.lineItems.map((item) => item.catalogReference.catalogItemId)
      return change(caller, { create: true, productIds }, (contents, cart, now) => {
        const changes = planAddToCart(contents.lines, input, contents.products, caller.site.currency)
        return applied(contents, cart, { changes }, now)
      })
    },

    /** Sets the cart's info and coupon (`null` removes it), and adds line items. */
    update(caller: ShopperCaller, input: UpdateCartInput): Promise<WireCart> {
      const lineItems = input.lineItems ?? []
      const productIds = lineItems.map((item) => item.catalogReference.catalogItemId)
      const couponCode = input.couponCode || undefined
      return change(caller, { create: true, productIds, couponCode }, (contents, cart, now) => {
        const coupon = couponCode ? applicableCoupon(contents.coupon, couponCode, now) : undefined
        const changes = planAddToCart(
          contents.lines,
          { lineItems, customLineItems: [] },
          contents.products,
          caller.site.currency,
        )
        return {
          ...applied(contents, cart, { changes }, now),
          fields: { couponCode: input.couponCode === null ? null : coupon?.code, cartInfo: input.cartInfo },
        }
      })
    },

    /** Removes lines by id; every id must name a line of the cart. */
    removeLineItems(caller: ShopperCaller, lineItemIds: readonly string[]): Promise<WireCart> {
      return change(caller, { create: false }, (contents, cart, now) => {
        assertLinesInCart(contents.lines, lineItemIds)
        return applied(contents, cart, { changes: [], removed: lineItemIds }, now)
      })
    },

    /** Sets line quantities; 0 removes a line, and the same line named twice takes the last quantity. */
    updateQuantities(
      caller: ShopperCaller,
      lineItems: readonly { id: string; quantity: number }[],
    ): Promise<WireCart> {
      return change(caller, { create: false }, (contents, cart, now) => {
        const quantities = new Map(lineItems.map((item) => [item.id, item.quantity]))
        assertLinesInCart(contents.lines, [...quantities.keys()])
        const removed = [...quantities].filter(([, quantity]) => quantity === 0).map(([id]) => id)
        const changes = contents.lines.flatMap((line): LineItemChange[] => {
          const quantity = quantities.get(line.id)
          if (!quantity) return []
          const { id: lineId, app_id: appId, catalog_item_id: catalogItemId, variant_id: variantId } = line
          return [{ lineId, appId, catalogItemId, variantId, quantity }]
        })
        return applied(contents, cart, { changes, removed }, now)
      })
    },

    /** Removes the cart's coupon. */
    removeCoupon(caller: ShopperCaller): Promise<WireCart> {
      return change(caller, { create: false }, (contents) => ({
        lines: contents.lines,
        fields: { couponCode: null },
      }))
    },

    /** Deletes the cart and records its deletion. */
    async delete(caller: ShopperCaller): Promise<void> {
      const now = clock()
      await db.transaction(async (tx) => {
        const locked = (await lockCart(tx, caller, { create: false, now })) ?? noCart()
        const cartId = locked.cart.id
        const event = callerEvent(caller, { type: 'cart.deleted', entityId: cartId, payload: { cartId } })
        await deleteCart(tx, cartId, { event, now })
      })
    },
  }
}

export type CurrentCart = ReturnType<typeof createCurrentCart>
