import { randomUUID } from 'node:crypto'
import { type CartRow, type LineItemRow, writeCartChange } from '../carts/cart-store.ts'
import { toWireCart } from '../carts/cart-wire.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import { payNowOf } from '../carts/pricing/totals-estimate.ts'
import type { Db } from '../db/db.ts'
import { PLANS_APP_ID } from '../plans/plan-rules.ts'
import type { Site } from '../sites/site-store.ts'
import { type CheckoutCallbacks, insertCheckout, setCheckoutCallbacks } from './checkout-store.ts'
import { priceCart } from './price-cart.ts'
import { toWireTotals } from './totals-wire.ts'

/** A line of a purchase's cart, before the cart gives it its id, position and time. */
export type PurchaseLine = Omit<LineItemRow, 'id' | 'cart_id' | 'position' | 'created_date'>

/**
 * The checkout of one purchase that a hosted page sells apart from the shopper's cart (a booking's slot,
 * an event's tickets): a cart of its own (owned by the purchase's id, so no shopper's current cart
 * meets it) with the purchase's lines, priced by `priceCart` like any cart, and a checkout of it with the
 * buyer's e-mail and contact and the session's callbacks, in the caller's transaction. Placing its order,
 * paying and refunding it are then an order's (decisions 065 and 070).
 */
export async function openPurchaseCheckout(
  tx: Db,
  deps: { publicUrl: string },
  purchase: {
    site: Site
    /** The booking's or the reservation's id: the cart's owner. */
    purchaseId: string
    lines: readonly PurchaseLine[]
    owner: { kind: 'visitor' | 'member'; id: string }
    email: string
    contact: ContactDetails
    callbacks: CheckoutCallbacks
    now: Date
    /** The member's membership chosen to pay the lines (a booking paid with a plan: decision 085). */
    membershipId?: string | undefined
  },
): Promise<{ checkoutId: string; totalMinor: number; payNowMinor: number }> {
  const { site, now } = purchase
  const cart: CartRow = {
    id: randomUUID(),
    site_id: site.id,
    owner_kind: 'visitor',
    owner_id: purchase.purchaseId,
    currency: site.currency,
    coupon_code: null,
    cart_info: {},
    contact_info: null,
    merchant_discounts: [],
    created_date: now,
    updated_date: now,
  }
  const lines = purchase.lines.map(
    (line, index): LineItemRow => ({
      ...line,
      id: randomUUID(),
      cart_id: cart.id,
      position: index + 1,
      created_date: now,
    }),
  )
  await writeCartChange(tx, { cartId: cart.id, guard: { create: cart }, savedLines: lines }, now)
  const owned = { cart, lines }
  const selectedMemberships = purchase.membershipId
    ? [{ id: purchase.membershipId, appId: PLANS_APP_ID, lineItemIds: lines.map((line) => line.id) }]
    : undefined
  const priced = await priceCart(tx, owned, {
    siteId: site.id,
    currency: site.currency,
    choices: { selectedMemberships },
    buyerMemberId: purchase.owner.kind === 'member' ? purchase.owner.id : undefined,
    now,
  })
  const wire = toWireCart(owned, priced.products, site, deps.publicUrl, priced.services)
  const checkoutId = randomUUID()
  await insertCheckout(
    tx,
    {
      id: checkoutId,
      siteId: site.id,
      cartId: cart.id,
      owner: purchase.owner,
      channelType: 'WEB',
      email: purchase.email,
      shippingAddress: undefined,
      billingAddress: undefined,
      shippingContact: undefined,
      billingContact: purchase.contact,
      selectedShippingOption: undefined,
      couponCode: null,
      selectedMemberships,
      lines: wire.lineItems,
      totals: toWireTotals(priced.totals, site),
    },
    now,
  )
  await setCheckoutCallbacks(tx, checkoutId, purchase.callbacks)
  return { checkoutId, totalMinor: priced.totals.priceSummary.total, payNowMinor: payNowOf(priced.totals) }
}
