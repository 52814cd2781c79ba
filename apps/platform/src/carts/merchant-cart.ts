import type { ProductRecord } from '../catalogue/products/product-store.ts'
import type { Db } from '../db/db.ts'
import { callerEvent } from '../events/event-outbox.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { planAddToCart } from './add-to-cart.ts'
import { createCartProducts } from './cart-products.ts'
import type { AddToCartInput, UpdateCartInput } from './cart-schemas.ts'
import {
  applyLineChanges,
  type CartContents,
  type CartRow,
  lockCartById,
  readCartContentsById,
  writeCartChange,
} from './cart-store.ts'
import { assertCartAmountWithinBound, lineAmountsOf, toWireCart, type WireCart } from './cart-wire.ts'
import { applicableCoupon } from './coupon-store.ts'
import { type CartDeps, cartInfoFields } from './current-cart.ts'
import { customLineOrigin } from './custom-line-item.ts'
import { planMerchantDiscounts } from './merchant-discounts.ts'

function cartNotFound(cartId: string): never {
  throw new ApplicationError('CART_NOT_FOUND', `There is no cart ${cartId} in this site`, { id: cartId })
}

/**
 * The merchant's calls on a shopper's cart by its id (the Cart API of Wix Headless): read it, and add
 * line items to it, custom line items priced by the merchant among them (decision 019). Carts of
 * another site are not found.
 */
export function createMerchantCarts(deps: CartDeps) {
  const { db, clock, publicUrl } = deps
  const cartProducts = createCartProducts()

  /** The products that price the cart's lines and those of `productIds`. */
  function productsOf(
    tx: Db,
    siteId: string,
    contents: Omit<CartContents, 'caller'>,
    productIds: readonly string[],
  ): Promise<Map<string, ProductRecord>> {
    if (contents.catalogueVersion === undefined) throw new Error(`site ${siteId} has no catalogue version`)
    const lineIds = contents.lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
    return cartProducts.find(tx, siteId, contents.catalogueVersion, [...productIds, ...lineIds])
  }

  return {
    /** The cart with this id, as its owner sees it. */
    async get(merchant: MerchantCaller, cartId: string): Promise<WireCart> {
      const read = await readCartContentsById(db, merchant.siteId, cartId)
      const cart = read.cart ?? cartNotFound(cartId)
      const products = await productsOf(db, merchant.siteId, read, [])
      return toWireCart({ cart, lines: read.lines }, products, merchant.site, publicUrl)
    },

    /**
     * Adds catalogue and custom line items to the cart with this id, under its row lock, with the
     * `cart.updated` event caused by the merchant. Custom lines keep who added them.
     */
    add(merchant: MerchantCaller, cartId: string, input: AddToCartInput): Promise<WireCart> {
      const productIds = input.lineItems.map((item) => item.catalogReference.catalogItemId)
      const now = clock()
      return db.transaction(async (tx) => {
        const locked = (await lockCartById(tx, merchant.siteId, cartId, now)) ?? cartNotFound(cartId)
        const read = await readCartContentsById(tx, merchant.siteId, cartId)
        const products = await productsOf(tx, merchant.siteId, read, productIds)
        const currency = merchant.site.currency
        const origin = customLineOrigin(merchant)
        const changes = planAddToCart(read.lines, input, products, currency, origin)
        const { lines, saved } = applyLineChanges(read.lines, cartId, { changes }, now)
        assertCartAmountWithinBound(lines, products, merchant.site.currency)
        const answered = toWireCart({ cart: locked, lines }, products, merchant.site, publicUrl)
        const event = callerEvent(merchant, { type: 'cart.updated', entityId: cartId, payload: answered })
        const write = { cartId, guard: { version: null }, savedLines: saved, event }
        if (!(await writeCartChange(tx, write, now))) throw new Error(`cart ${cartId} vanished while locked`)
        return answered
      })
    },

    /**
     * Updates the cart with this id under its row lock (Wix's `updateCart`): adds catalogue line items,
     * sets its info, contact and coupon, and replaces its merchant discounts (decision 044: checked
     * against the cart's lines after the add by `planMerchantDiscounts`; `[]` removes them all), with
     * the `cart.updated` event caused by the merchant. A merchant's coupon code is not counted as a
     * guess: the merchant knows the codes.
     */
    update(merchant: MerchantCaller, cartId: string, input: UpdateCartInput): Promise<WireCart> {
      const lineItems = input.lineItems ?? []
      const productIds = lineItems.map((item) => item.catalogReference.catalogItemId)
      const couponCode = input.couponCode || undefined
      const now = clock()
      return db.transaction(async (tx) => {
        const locked = (await lockCartById(tx, merchant.siteId, cartId, now)) ?? cartNotFound(cartId)
        const read = await readCartContentsById(tx, merchant.siteId, cartId, couponCode)
        const products = await productsOf(tx, merchant.siteId, read, productIds)
        const currency = merchant.site.currency
        const origin = customLineOrigin(merchant)
        const changes = planAddToCart(
          read.lines,
          { lineItems, customLineItems: [] },
          products,
          currency,
          origin,
        )
        const { lines, saved } = applyLineChanges(read.lines, cartId, { changes }, now)
        assertCartAmountWithinBound(lines, products, currency)
        const merchantDiscounts =
          input.merchantDiscounts &&
          planMerchantDiscounts(
            input.merchantDiscounts,
            { lines, lineAmounts: lineAmountsOf(lines, products), currency },
            origin,
          )
        const coupon = couponCode ? applicableCoupon(read.coupon, couponCode, now) : undefined
        const fields = {
          couponCode: input.couponCode === null ? null : coupon?.code,
          ...cartInfoFields(input.cartInfo),
          merchantDiscounts,
        }
        const cart: CartRow = {
          ...locked,
          coupon_code: fields.couponCode === undefined ? locked.coupon_code : fields.couponCode,
          cart_info: fields.cartInfo ?? locked.cart_info,
          contact_info: fields.contactInfo === undefined ? locked.contact_info : fields.contactInfo,
          merchant_discounts: merchantDiscounts ?? locked.merchant_discounts,
        }
        const answered = toWireCart({ cart, lines }, products, merchant.site, publicUrl)
        const event = callerEvent(merchant, { type: 'cart.updated', entityId: cartId, payload: answered })
        const write = { cartId, guard: { version: null }, savedLines: saved, fields, event }
        if (!(await writeCartChange(tx, write, now))) throw new Error(`cart ${cartId} vanished while locked`)
        return answered
      })
    },
  }
}

export type MerchantCarts = ReturnType<typeof createMerchantCarts>
