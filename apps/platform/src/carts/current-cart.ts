import { randomUUID } from 'node:crypto'
import type { ProductRecord } from '../catalogue/products/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { callerEvent } from '../events/event-outbox.ts'
import type { ShopperCaller, ShopperCredential } from '../http/caller.ts'
import { ApplicationError, tooManyRequests } from '../http/errors.ts'
import { accessTokenRefused } from '../oauth/authenticate.ts'
import { planAddToCart } from './add-to-cart.ts'
import {
  assertBookedSlotQuantitiesKept,
  type BookedSlots,
  type HeldSlot,
  isBookedSlotItem,
  planBookedSlotLines,
  serviceIdsOfLines,
} from './booked-slot-lines.ts'
import { type CartProducts, createCartProducts } from './cart-products.ts'
import type { AddToCartInput, UpdateCartInput } from './cart-schemas.ts'
import {
  applyLineChanges,
  type CartContents,
  type CartGuard,
  type CartRow,
  type CartWrite,
  deleteCart,
  type LineItemChange,
  type LineItemRow,
  lockCart,
  readCartContents,
  type SoldService,
  writeCartChange,
} from './cart-store.ts'
import { assertCartAmountWithinBound, toWireCart, type WireCart } from './cart-wire.ts'
import type { ContactInfo } from './contact-info.ts'
import { applicableCoupon } from './coupon-store.ts'
import { merchantDiscountsForbidden } from './merchant-discounts.ts'

/** What a cart's operations need, a shopper's or a merchant's. */
export interface CartDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

/**
 * Counts one coupon code given to a cart, by the client's address and by the cart's owner (`account`):
 * the seconds until the attempter may try again when over the limit, else `undefined`. The app counts
 * them with the rate limiter's `coupon` bucket.
 */
export type CouponAttemptCounter = (
  attempter: { address: string | undefined; account: string },
  now: Date,
) => Promise<number | undefined>

/**
 * What the shopper's current-cart operations need: how coupon attempts are counted too, and the services
 * catalogue's reads for booked slots beside products (none: the cart sells products alone).
 */
export interface CurrentCartDeps extends CartDeps {
  countCouponAttempt: CouponAttemptCounter
  bookedSlots?: BookedSlots
  /** The products kept per catalogue version, when the app shares them with the checkout's pricing. */
  cartProducts?: CartProducts
}

/** Where a request came from: the client's address, as the app read it (`TRUSTED_PROXIES`). */
export interface RequestOrigin {
  clientAddress: string | undefined
}

/** Refuses ids that name no line of this cart, listing them all. */
function assertLinesInCart(lines: readonly LineItemRow[], lineIds: readonly string[]) {
  const unknown = lineIds.filter((id) => !lines.some((line) => line.id === id))
  if (unknown.length > 0) {
    throw new ApplicationError('LINE_ITEM_NOT_FOUND', `No line item ${unknown[0]} in this cart`, {
      lineItemIds: unknown,
    })
  }
}

/** The cart a caller's first add creates. */
function newCart(caller: ShopperCaller, now: Date): CartRow {
  return {
    id: randomUUID(),
    site_id: caller.siteId,
    owner_kind: caller.kind,
    owner_id: caller.subjectId,
    currency: caller.site.currency,
    coupon_code: null,
    cart_info: {},
    contact_info: null,
    merchant_discounts: [],
    created_date: now,
    updated_date: now,
  }
}

/**
 * The caller whose cart was read: `who` itself, or the caller its access token proved (reported back to
 * the request); the 401 of every route when the token proved no one.
 */
function callerOf(who: ShopperCredential, contents: CartContents): ShopperCaller {
  if (!contents.caller) throw accessTokenRefused()
  if (who.kind === 'unchecked') who.checked(contents.caller)
  return contents.caller
}

/**
 * A custom line's quantity is the merchant's, like its price: a shopper may remove the line (quantity 0)
 * but not change how many, or a line given away at 0 could be ordered by the thousand.
 */
function assertCustomQuantitiesKept(lines: readonly LineItemRow[], quantities: ReadonlyMap<string, number>) {
  const changed = lines.filter((line) => {
    const quantity = quantities.get(line.id)
    return line.custom && quantity !== undefined && quantity !== 0 && quantity !== line.quantity
  })
  if (changed.length === 0) return
  throw new ApplicationError(
    'CUSTOM_LINE_ITEMS_FORBIDDEN',
    'A custom line item keeps the quantity the merchant set: a visitor or member may remove it (quantity 0), not change it',
    { lineItemIds: changed.map((line) => line.id) },
  )
}

/**
 * The cart fields a `cartInfo` sets: its contact goes to the cart's own `contactInfo` (`null` removes it);
 * the rest replaces the cart's info, unless `cartInfo` held the contact alone.
 */
export function cartInfoFields(cartInfo: UpdateCartInput['cartInfo']): {
  cartInfo?: Record<string, unknown>
  contactInfo?: ContactInfo | null
} {
  if (!cartInfo) return {}
  const { contactInfo, ...info } = cartInfo
  const keepsInfo = contactInfo !== undefined && Object.keys(info).length === 0
  return {
    ...(keepsInfo ? {} : { cartInfo: info }),
    ...(contactInfo === undefined ? {} : { contactInfo }),
  }
}

function noCart(): never {
  throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
}

/** What a change does to a cart: its lines after, and what to write. */
type CartEdit = Omit<CartWrite, 'cartId' | 'guard' | 'event'> & { lines: LineItemRow[] }

/** A change, computed from what was read (with the caller known by then) and the cart it applies to. */
type CartEditor = (contents: PricedContents, cart: CartRow, now: Date) => CartEdit

/**
 * What a change reads, with the caller known, the products of the lines and of the ids asked for, the
 * services of its booked-slot lines, and the held slots asked for.
 */
type PricedContents = CartContents & {
  caller: ShopperCaller
  products: Map<string, ProductRecord>
  services: Map<string, SoldService>
  held: Map<string, HeldSlot>
}

/** An add's catalogue items: the products' as `planAddToCart` takes them, and the held slots' with their place. */
function splitItems(lineItems: AddToCartInput['lineItems']) {
  const products = lineItems.filter((item) => !isBookedSlotItem(item))
  const slots = lineItems.flatMap((item, index) =>
    isBookedSlotItem(item) ? [{ item, field: `lineItems[${index}]` }] : [],
  )
  return { products, slots, slotIds: slots.map(({ item }) => item.catalogReference.catalogItemId) }
}

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
  const { db, clock, publicUrl, bookedSlots } = deps
  const cartProducts = deps.cartProducts ?? createCartProducts()

  /**
   * Counts a coupon code given to the caller's cart, by the client's address and by the cart's owner, and
   * refuses it with 429 past the limit (SECURITY.md: a code is a secret that must not be guessed), before
   * the answer tells whether the code exists, so a refused guess learns nothing.
   */
  async function countCouponAttempt(caller: ShopperCaller, origin: RequestOrigin, now: Date) {
    const account = `${caller.siteId}:${caller.kind}:${caller.subjectId}`
    const retryAfter = await deps.countCouponAttempt({ address: origin.clientAddress, account }, now)
    if (retryAfter !== undefined) throw tooManyRequests(retryAfter)
  }

  /**
   * `contents` with the products of its lines and of `productIds`, and, only where the cart holds booked
   * slots or the change adds some (`slotIds`), the services catalogue's reads: a products-only cart costs
   * no statement more.
   */
  async function priced(
    tx: Db,
    caller: ShopperCaller,
    contents: CartContents,
    productIds: readonly string[],
    slotIds: readonly string[] = [],
  ): Promise<PricedContents> {
    if (contents.catalogueVersion === undefined)
      throw new Error(`site ${caller.siteId} has no catalogue version`)
    const lineIds = contents.lines.flatMap((line) =>
      line.catalog_item_id && !line.service_properties ? [line.catalog_item_id] : [],
    )
    const ids = [...productIds, ...lineIds]
    const held = new Map<string, HeldSlot>()
    if (slotIds.length > 0) {
      if (!bookedSlots)
        throw new ApplicationError('BOOKING_NOT_FOUND', 'This shop sells no booked slots in a cart', {})
      for (const [id, slot] of await bookedSlots.findHeld(tx, caller.siteId, slotIds)) held.set(id, slot)
    }
    const serviceIds = [
      ...serviceIdsOfLines(contents.lines),
      ...[...held.values()].map((slot) => slot.serviceId),
    ]
    const [products, services] = await Promise.all([
      cartProducts.find(tx, caller.siteId, contents.catalogueVersion, ids),
      serviceIds.length > 0 && bookedSlots
        ? bookedSlots.findSold(tx, caller.siteId, serviceIds)
        : new Map<string, SoldService>(),
    ])
    return { ...contents, caller, products, services, held }
  }

  /**
   * Runs one change to the caller's cart. The fast way is two statements and no transaction: read the
   * cart with its version, lines and the coupon asked for (the products come from `cart-products.ts`);
   * then write the change and its event in one statement that applies only if the cart is still at that
   * version (or, for a first add, if the caller still has no cart). When another write to the same cart
   * came in between, nothing was written, and the change runs again in a transaction that locks the cart
   * first, so that concurrent writes to one cart take turns and none is lost. The answer, the cart as it
   * is after, is computed from what was read and written.
   */
  async function change(
    who: ShopperCredential,
    options: {
      create: boolean
      productIds?: readonly string[]
      /** Held slots the change adds by booking id. */
      slotIds?: readonly string[]
      coupon?: { code: string; origin: RequestOrigin } | undefined
    },
    edit: CartEditor,
  ): Promise<WireCart> {
    const productIds = options.productIds ?? []
    const couponCode = options.coupon?.code
    const now = clock()
    const read = await readCartContents(db, who, couponCode)
    const caller = callerOf(who, read)
    if (options.coupon) await countCouponAttempt(caller, options.coupon.origin, now)
    if (!read.cart && !options.create) noCart()
    const contents = await priced(db, caller, read, productIds, options.slotIds)
    const cart = contents.cart ?? newCart(caller, now)
    const guard = contents.cart ? { version: contents.version ?? null } : { create: cart }
    const written = await write(db, caller, contents, { cart, guard }, edit, now)
    if (written) return written
    return db.transaction(async (tx) => {
      const locked = (await lockCart(tx, caller, { create: options.create, now })) ?? noCart()
      const read = await readCartContents(tx, caller, couponCode)
      const contents = await priced(tx, caller, read, productIds, options.slotIds)
      const target = { cart: locked.cart, guard: { version: null }, created: locked.created }
      const answered = await write(tx, caller, contents, target, edit, now)
      if (!answered) throw new Error(`cart ${locked.cart.id} vanished while locked`)
      return answered
    })
  }

  /**
   * Computes `edit` on what was read, then writes it under `guard` with its event. Answers the cart as it
   * is after, or `undefined` when the guard failed and nothing was written.
   */
  async function write(
    tx: Db,
    caller: ShopperCaller,
    contents: PricedContents,
    target: { cart: CartRow; guard: CartGuard; created?: boolean },
    edit: CartEditor,
    now: Date,
  ): Promise<WireCart | undefined> {
    const { lines, ...change } = edit(contents, target.cart, now)
    assertCartAmountWithinBound(lines, contents.products, caller.site.currency)
    const fields = change.fields ?? {}
    const cart: CartRow = {
      ...target.cart,
      coupon_code: fields.couponCode === undefined ? target.cart.coupon_code : fields.couponCode,
      cart_info: fields.cartInfo ?? target.cart.cart_info,
      contact_info: fields.contactInfo === undefined ? target.cart.contact_info : fields.contactInfo,
      updated_date: now,
    }
    const answered = toWireCart({ cart, lines }, contents.products, caller.site, publicUrl, contents.services)
    const created = target.created ?? 'create' in target.guard
    const type = created ? 'cart.created' : 'cart.updated'
    const event = callerEvent(caller, { type, entityId: cart.id, payload: answered })
    const written = await writeCartChange(tx, { ...change, cartId: cart.id, guard: target.guard, event }, now)
    return written ? answered : undefined
  }

  return {
    /** The caller's cart; the spec's not-found error before the first add. */
    async get(who: ShopperCredential): Promise<WireCart> {
      const read = await readCartContents(db, who)
      const caller = callerOf(who, read)
      const cart = read.cart ?? noCart()
      const contents = await priced(db, caller, read, [])
      return toWireCart(
        { cart, lines: contents.lines },
        contents.products,
        caller.site,
        publicUrl,
        contents.services,
      )
    },

    /**
     * Adds catalogue line items, creating the cart on the first add. Custom line items are the
     * merchant's (decision 019): a shopper's add that holds any is refused with
     * CUSTOM_LINE_ITEMS_FORBIDDEN once the token is checked, and nothing is written.
     */
    add(who: ShopperCredential, input: AddToCartInput): Promise<WireCart> {
      const { products, slots, slotIds } = splitItems(input.lineItems)
      const productIds = products.map((item) => item.catalogReference.catalogItemId)
      return change(who, { create: true, productIds, slotIds }, (contents, cart, now) => {
        const currency = contents.caller.site.currency
        // A shopper is no merchant origin: any custom line is refused here, before the write.
        const changes = [
          ...planAddToCart(
            contents.lines,
            { ...input, lineItems: products },
            contents.products,
            currency,
            undefined,
          ),
          ...planBookedSlotLines(contents.lines, slots, contents.held),
        ]
        return applied(contents, cart, { changes }, now)
      })
    },

    /**
     * Sets the cart's info, contact and coupon (`null` removes it), and adds line items. A coupon code
     * counts as an attempt of the request's `origin`, limited like a password guess. Merchant discounts
     * are the merchant's (decision 044): once the token is checked they are refused with
     * MERCHANT_DISCOUNTS_FORBIDDEN, and nothing is written.
     */
    update(who: ShopperCredential, input: UpdateCartInput, origin: RequestOrigin): Promise<WireCart> {
      const { products, slots, slotIds } = splitItems(input.lineItems ?? [])
      const productIds = products.map((item) => item.catalogReference.catalogItemId)
      const couponCode = input.couponCode || undefined
      const coupon = couponCode ? { code: couponCode, origin } : undefined
      return change(who, { create: true, productIds, slotIds, coupon }, (contents, cart, now) => {
        // A shopper is never the merchant: any merchant discount, even an empty list, is refused here.
        if (input.merchantDiscounts !== undefined) throw merchantDiscountsForbidden()
        const coupon = couponCode ? applicableCoupon(contents.coupon, couponCode, now) : undefined
        const changes = [
          ...planAddToCart(
            contents.lines,
            { lineItems: products, customLineItems: [] },
            contents.products,
            contents.caller.site.currency,
            undefined,
          ),
          ...planBookedSlotLines(contents.lines, slots, contents.held),
        ]
        return {
          ...applied(contents, cart, { changes }, now),
          fields: {
            couponCode: input.couponCode === null ? null : coupon?.code,
            ...cartInfoFields(input.cartInfo),
          },
        }
      })
    },

    /** Removes lines by id; every id must name a line of the cart. */
    removeLineItems(who: ShopperCredential, lineItemIds: readonly string[]): Promise<WireCart> {
      return change(who, { create: false }, (contents, cart, now) => {
        assertLinesInCart(contents.lines, lineItemIds)
        return applied(contents, cart, { changes: [], removed: lineItemIds }, now)
      })
    },

    /** Sets line quantities; 0 removes a line, and the same line named twice takes the last quantity. */
    updateQuantities(
      who: ShopperCredential,
      lineItems: readonly { id: string; quantity: number }[],
    ): Promise<WireCart> {
      return change(who, { create: false }, (contents, cart, now) => {
        const quantities = new Map(lineItems.map((item) => [item.id, item.quantity]))
        assertLinesInCart(contents.lines, [...quantities.keys()])
        assertCustomQuantitiesKept(contents.lines, quantities)
        assertBookedSlotQuantitiesKept(contents.lines, quantities)
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
    removeCoupon(who: ShopperCredential): Promise<WireCart> {
      return change(who, { create: false }, (contents) => ({
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
