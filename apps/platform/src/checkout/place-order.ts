import { randomUUID } from 'node:crypto'
import { bookedSlotForMail } from '../bookings/booked-slot-mail.ts'
import { bookingEvent } from '../bookings/booking-events.ts'
import { bookingPaymentOf } from '../bookings/booking-payment-words.ts'
import { confirmBookingsForOrder } from '../bookings/confirm-bookings.ts'
import type { CartProducts } from '../carts/cart-products.ts'
import type { SoldService } from '../carts/cart-store.ts'
import { availabilityOf, lineDescriptionOf } from '../carts/cart-wire.ts'
import { type CustomLine, hasMerchantOrigin } from '../carts/custom-line-item.ts'
import { type LinePrice, payNowOf } from '../carts/pricing/totals-estimate.ts'
import type { ProductRecord } from '../catalogue/products/product-store.ts'
import { type StockCounter, stockCounterKey } from '../catalogue/products/stock-store.ts'
import type { Db } from '../db/db.ts'
import type { EventIdentity } from '../events/event-outbox.ts'
import { type PaymentStatus, paymentStatusOf } from '../orders/order-state.ts'
import { findOrderByCheckout, type OrderLineCustom, type OrderPayment } from '../orders/order-store.ts'
import { physicalPropertiesOf } from '../orders/order-wire.ts'
import { membershipSelectionProblem } from '../plans/membership-selection.ts'
import { unusableMembershipReason } from '../plans/plan-rules.ts'
import { confirmReservationsForOrder } from '../ticketed-events/confirm-reservations.ts'
import { enqueueTicketsMail } from '../ticketed-events/tickets-mail.ts'
import { priceCheckout } from './checkout-pricing.ts'
import {
  type CheckoutForOrder,
  type CheckoutRow,
  lockCheckoutForOrder,
  lockPaymentCheckoutForOrder,
} from './checkout-store.ts'
import { claimOrderNeeds, writePlacedOrder } from './place-order-store.ts'
import { coverableLinesOf, lineNamesOf } from './price-cart.ts'
import { toWireTotals, type WireTotals } from './totals-wire.ts'

/** Why an order was not placed; nothing was changed. */
export type PlaceOrderRefusal =
  | 'CHECKOUT_NOT_FOUND'
  | 'CHECKOUT_CLOSED'
  | 'DETAILS_MISSING'
  | 'CART_EMPTY'
  | 'OUT_OF_STOCK'
  | 'CUSTOM_LINE_NOT_FROM_MERCHANT'
  | 'NOT_PURCHASABLE'
  | 'COUPON_USED_UP'
  | 'MEMBERSHIP_NOT_USABLE'
  | 'SLOT_TAKEN'
  | 'TICKETS_SOLD_OUT'

/** Placing the order was refused; the transaction was rolled back, so stock, coupon and cart are as they were. */
export class PlaceOrderRefused extends Error {
  override name = 'PlaceOrderRefused'
  constructor(
    readonly code: PlaceOrderRefusal,
    message: string,
  ) {
    super(message)
  }
}

export interface PlaceOrderInput {
  checkoutId: string
  /** The total (minor units) the buyer saw when they clicked: a different total now needs their confirmation. */
  expectedTotalMinor: number
  /** The payment as confirmed by its provider (paid), or pay-later (not paid): decided before the order. */
  payment: OrderPayment
  /** One more write of the order's statement (`writePlacedOrder`): the payment's outcome, decision 112. */
  alsoWrite?: ((first: number) => { sql: string; params: unknown[] }) | undefined
  now: Date
  /** The platform's origin: the order's lines keep their pictures' addresses under it (decision 058). */
  publicUrl: string
  /**
   * The signed link to the page of a paid order's downloads, for its confirmation mail when it bought a
   * digital product (decision 047); left out, the mail has none.
   */
  downloadsLink?: ((orderId: string, now: Date) => string) | undefined
  /**
   * The signed link to the page where a booking is cancelled, for its confirmation mail and calendar
   * file (decision 069); left out, they have none.
   */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
  /**
   * The products this process keeps per catalogue version (`carts/cart-products.ts`): the cart's are
   * taken from them at the version its locked read saw (decision 089); left out, they are read.
   */
  cartProducts?: CartProducts | undefined
}

export type PlaceOrderResult =
  | {
      kind: 'placed'
      orderId: string
      orderNumber: string
      checkout: CheckoutRow
      isReplay: boolean
      /** The payment the order was placed with (a replay may name another attempt's). */
      paymentId: string | undefined
    }
  | { kind: 'price-changed'; totalMinor: number }

export function identityOfCheckout(checkout: CheckoutRow): EventIdentity {
  return checkout.owner_kind === 'member'
    ? { identityType: 'MEMBER', memberId: checkout.owner_id }
    : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: checkout.owner_id }
}

/** What an order takes from one stock counter: a product's, or a variant's when the product manages variants. */
interface StockTake {
  counter: StockCounter
  quantity: number
  name: string
}

function stockTakes(
  lines: readonly { catalog_item_id: string | null; variant_id: string | null; quantity: number }[],
  products: ReadonlyMap<string, ProductRecord>,
): StockTake[] {
  const takes = new Map<string, StockTake>()
  for (const line of lines) {
    const record = line.catalog_item_id ? products.get(line.catalog_item_id) : undefined
    const variant = record?.variants.find((v) => v.id === line.variant_id)
    if (!record || !variant) continue
    const counter: StockCounter | undefined = record.product.manage_variants
      ? variant.track_quantity
        ? { kind: 'variant', id: variant.id }
        : undefined
      : record.product.track_inventory
        ? { kind: 'product', id: record.product.id }
        : undefined
    if (!counter) continue
    const take: StockTake = { counter, quantity: 0, name: record.product.name }
    const key = `${counter.kind}:${counter.id}`
    const existing = takes.get(key) ?? take
    existing.quantity += line.quantity
    takes.set(key, existing)
  }
  // One order for every order, so the first counter named in a refusal is always the same one.
  const keyOf = (take: StockTake) => stockCounterKey(take.counter)
  return [...takes.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)))
}

/** Sessions each membership pays with: one per unit it pays for (decision 046). */
function sessionsUsed(lines: readonly LinePrice[]): { membershipId: string; sessions: number }[] {
  const counts = new Map<string, number>()
  for (const line of lines) {
    if (line.paidByMembershipId !== undefined)
      counts.set(
        line.paidByMembershipId,
        (counts.get(line.paidByMembershipId) ?? 0) + (line.membershipQuantity ?? line.quantity),
      )
  }
  return [...counts].map(([membershipId, sessions]) => ({ membershipId, sessions }))
}

/** What an order line keeps of a cart's custom line: who added it. */
/**
 * How a booked slot's placed line is paid, for its confirmation's words (decision 093): the plan by its name
 * alone, its sessions not re-read (the order's statements are counted, decision 038).
 */
function bookingPaymentOfPlacedLine(
  line:
    | {
        payment_option?: string | undefined
        membership: { name: string } | null
        totalMinor: number
        quantity: number
      }
    | undefined,
  order: { payment_status: PaymentStatus; currency: string; paid_minor: number },
  service: SoldService,
) {
  return bookingPaymentOf({
    order,
    line: line && {
      payment_option: line.payment_option ?? 'FULL_PAYMENT_ONLINE',
      membership: line.membership,
      total_minor: line.totalMinor,
      quantity: line.quantity,
      refunded_quantity: 0,
    },
    service: { rateType: service.rateType ?? 'FIXED', kind: service.kind ?? 'APPOINTMENT' },
    isCancelled: false,
  })
}

function customOf(custom: CustomLine | null | undefined): OrderLineCustom | null {
  if (!custom) return null
  return custom.addedBy ? { addedBy: custom.addedBy } : {}
}

/** Wire totals whose line ids (the cart's) are the order lines' ids instead. */
function withOrderLineIds(totals: WireTotals, orderLineIds: ReadonlyMap<string, string>): WireTotals {
  const id = (cartLineId: string) => orderLineIds.get(cartLineId) ?? cartLineId
  return {
    ...totals,
    calculatedLineItems: totals.calculatedLineItems.map((line) => ({
      ...line,
      lineItemId: id(line.lineItemId),
    })),
    appliedDiscounts: totals.appliedDiscounts.map((discount) => ({
      ...discount,
      lineItems: discount.lineItems.map((share) => ({ ...share, lineItemId: id(share.lineItemId) })),
    })),
    violations: totals.violations.map((violation) =>
      violation.lineItemId === undefined ? violation : { ...violation, lineItemId: id(violation.lineItemId) },
    ),
  }
}

async function placeOnce(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  return db.transaction(async (tx) => {
    // The checkout, its site and its cart, locked in one statement: orders of one site queue on the site
    // row (stock changes bump its stock version) instead of deadlocking on it after each took stock.
    const locked = await lockCheckoutForOrder(tx, input.checkoutId)
    if (!locked) throw new PlaceOrderRefused('CHECKOUT_NOT_FOUND', 'There is no such checkout')
    return placeLocked(tx, locked, input)
  })
}

/** Places the order of a checkout locked with its site and cart, in the transaction that locked them. */
async function placeLocked(
  tx: Db,
  locked: CheckoutForOrder,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  const { checkout, site, shop } = locked
  if (checkout.status === 'COMPLETED') {
    const order = await findOrderByCheckout(tx, checkout.id)
    if (order)
      return {
        kind: 'placed',
        orderId: order.id,
        orderNumber: String(order.number),
        checkout,
        isReplay: true,
        paymentId: order.payment.paymentId,
      }
  }
  if (checkout.status !== 'OPEN') throw new PlaceOrderRefused('CHECKOUT_CLOSED', 'This checkout is closed')
  if (!checkout.email) throw new PlaceOrderRefused('DETAILS_MISSING', 'Enter your e-mail and addresses first')
  // The cart as the lock read it, locked.
  const priced = await priceCheckout(tx, checkout, {
    currency: site.currency,
    now: input.now,
    read: { cart: locked.cart },
    cartProducts: input.cartProducts,
  })
  if (!priced || priced.cart.lines.length === 0)
    throw new PlaceOrderRefused('CART_EMPTY', 'The cart is empty')
  const { cart, products, totals } = priced
  // Booked slots are neither shipped nor billed to an address: an order of them only needs the e-mail.
  const isOnlyServices = cart.lines.every((line) => line.service_properties || line.ticket_properties)
  if (!isOnlyServices && (!checkout.shipping_address || !checkout.billing_address))
    throw new PlaceOrderRefused('DETAILS_MISSING', 'Enter your e-mail and addresses first')
  for (const line of cart.lines) {
    if (line.ticket_properties) {
      if (!line.catalog_item_id || !priced.services.has(line.catalog_item_id))
        throw new PlaceOrderRefused('NOT_PURCHASABLE', 'These tickets are no longer offered')
      // Its reservation is confirmed below, under its event's lock.
      continue
    }
    if (line.service_properties) {
      const service = line.catalog_item_id ? priced.services.get(line.catalog_item_id) : undefined
      if (!service) throw new PlaceOrderRefused('NOT_PURCHASABLE', 'This service is no longer offered')
      // The way it is paid must be one the service takes now (decision 085), checked on every path.
      const option = line.service_properties.paymentOption ?? 'FULL_PAYMENT_ONLINE'
      const allowed = service.paymentOptions ?? []
      // A slot of the current cart is sold in full: paid online, or later when the service takes that.
      const isRefused =
        option !== 'FULL_PAYMENT_ONLINE'
          ? !allowed.includes(option)
          : service.unitPriceMinor > 0 &&
            !allowed.includes(
              input.payment.status === 'PAID' ? 'FULL_PAYMENT_ONLINE' : 'FULL_PAYMENT_OFFLINE',
            )
      if (isRefused)
        throw new PlaceOrderRefused(
          'NOT_PURCHASABLE',
          `${service.name} cannot be paid that way: ${allowed.includes('FULL_PAYMENT_ONLINE') ? 'pay for it online' : 'book it on its own to pay in person'}`,
        )
      // A deposit is paid online (decision 092): a booking by deposit is never placed unpaid.
      if (option === 'DEPOSIT_ONLINE' && input.payment.status !== 'PAID')
        throw new PlaceOrderRefused('NOT_PURCHASABLE', `The deposit for ${service.name} is paid online`)
      // Its slot is confirmed below, under its calendar's lock.
      continue
    }
    // A custom line is the merchant's price, not the catalogue's: it is taken only with the merchant's
    // mark (decision 019; none without it should exist, this is the second lock on that door).
    if (line.custom && !hasMerchantOrigin(line.custom))
      throw new PlaceOrderRefused(
        'CUSTOM_LINE_NOT_FROM_MERCHANT',
        `"${line.custom.productName.original}" was not added by the shop: remove it from your cart to place the order`,
      )
    if (line.custom) continue
    const record = line.catalog_item_id ? products.get(line.catalog_item_id) : undefined
    if (availabilityOf(line, record).status !== 'AVAILABLE')
      throw new PlaceOrderRefused(
        'OUT_OF_STOCK',
        `${record?.product.name ?? 'An item'} is no longer available in the quantity in your cart`,
      )
  }
  // The buyer's choice of plans, kept on the checkout, is honoured or refused: never replaced (decision 051).
  const selection = checkout.selected_memberships ?? []
  const selectionProblem = membershipSelectionProblem(
    selection,
    priced.memberships,
    coverableLinesOf(priced),
    input.now,
  )
  if (selectionProblem) throw new PlaceOrderRefused('MEMBERSHIP_NOT_USABLE', selectionProblem.message)
  const blocking = totals.violations.find((violation) => violation.severity === 'ERROR')
  if (blocking) {
    // A booking to be paid with a plan that expired or ran out meanwhile (decision 085): say which.
    const unpaidPlanLine = totals.lineItems.some(
      (line) => line.paymentOption === 'MEMBERSHIP' && line.paidByMembershipId === undefined,
    )
    const unusable =
      unpaidPlanLine && unusableMembershipReason(priced.memberships, coverableLinesOf(priced), input.now)
    if (unusable) throw new PlaceOrderRefused('MEMBERSHIP_NOT_USABLE', unusable)
    throw new PlaceOrderRefused('NOT_PURCHASABLE', blocking.description)
  }
  const totalMinor = totals.priceSummary.total
  // The payment covers what is paid now: the total, or less the rest after a deposit (decision 092).
  const payNowMinor = payNowOf(totals)
  if (payNowMinor !== input.expectedTotalMinor) {
    // A plan that expired or ran out of sessions since the buyer saw the total: say so, not "prices changed".
    const unusable = unusableMembershipReason(priced.memberships, coverableLinesOf(priced), input.now)
    if (unusable) throw new PlaceOrderRefused('MEMBERSHIP_NOT_USABLE', unusable)
    return { kind: 'price-changed', totalMinor: payNowMinor }
  }

  const takes = stockTakes(cart.lines, products)
  const coupon = totals.appliedDiscounts.find((discount) => discount.coupon)?.coupon
  const membershipUses = sessionsUsed(totals.lineItems)
  const claim = await claimOrderNeeds(tx, {
    takes,
    couponId: coupon?.id,
    memberships:
      membershipUses.length > 0 && checkout.owner_kind === 'member'
        ? { memberId: checkout.owner_id, uses: membershipUses }
        : undefined,
    now: input.now,
  })
  const missing = takes.find((take) => !claim.taken.has(stockCounterKey(take.counter)))
  if (missing)
    throw new PlaceOrderRefused('OUT_OF_STOCK', `${missing.name} is no longer available in that quantity`)
  if (coupon && !claim.couponCounted)
    throw new PlaceOrderRefused(
      'COUPON_USED_UP',
      `Coupon "${coupon.code}" can no longer be used: remove it from the cart`,
    )
  // The second lock on the door: the sessions are taken under the membership's row lock.
  const unused = membershipUses.find((use) => !claim.membershipsUsed.has(use.membershipId))
  if (unused) {
    const name = priced.memberships.find((held) => held.id === unused.membershipId)?.name ?? 'Your plan'
    throw new PlaceOrderRefused(
      'MEMBERSHIP_NOT_USABLE',
      `Your plan "${name}" has no sessions left or has expired: the items it covered are now at full price`,
    )
  }
  const orderId = randomUUID()
  const bookingIds = cart.lines.flatMap((line) =>
    line.service_properties ? [line.service_properties.bookingId] : [],
  )
  if (
    bookingIds.length > 0 &&
    (await confirmBookingsForOrder(tx, checkout.site_id, bookingIds, orderId, input.now)) !== undefined
  )
    throw new PlaceOrderRefused(
      'SLOT_TAKEN',
      'The time you chose was booked by someone else while you paid: choose another time',
    )
  const reservationIds = [
    ...new Set(
      cart.lines.flatMap((line) => (line.ticket_properties ? [line.ticket_properties.reservationId] : [])),
    ),
  ]
  if (
    reservationIds.length > 0 &&
    (await confirmReservationsForOrder(tx, checkout.site_id, reservationIds, orderId, input.now)) !==
      undefined
  )
    throw new PlaceOrderRefused(
      'TICKETS_SOLD_OUT',
      'Your tickets were released while you paid and others took them: choose your tickets again',
    )
  const membershipNames = new Map(priced.memberships.map((held) => [held.id, held.name]))
  const { payment } = input
  const paidMinor = payment.status === 'PAID' ? payNowMinor : 0
  const names = lineNamesOf(priced)
  const byId = new Map(cart.lines.map((line) => [line.id, line]))
  const lines = totals.lineItems.map((line, index) => {
    // The units a plan paid cost nothing; the unit price is what each charged unit cost (0 when none was).
    const charged = line.quantity - (line.membershipQuantity ?? 0)
    const cartLine = byId.get(line.id)
    // What was sold, as the cart showed it now: kept, never read again from a catalogue that changes.
    const sold = cartLine && lineDescriptionOf(cartLine, products, input.publicUrl)
    return {
      id: randomUUID(),
      cartLineId: line.id,
      position: index + 1,
      catalog_item_id: byId.get(line.id)?.catalog_item_id ?? null,
      variant_id: byId.get(line.id)?.variant_id ?? null,
      name: names.get(line.id) ?? '',
      quantity: line.quantity,
      unitPriceMinor: charged > 0 ? Math.round(line.price / charged) : 0,
      totalMinor: line.discountedPrice,
      custom: customOf(byId.get(line.id)?.custom),
      payment_option: line.paymentOption,
      membership:
        line.paidByMembershipId === undefined
          ? null
          : {
              id: line.paidByMembershipId,
              name: membershipNames.get(line.paidByMembershipId) ?? '',
              quantity: line.membershipQuantity ?? line.quantity,
            },
      description_lines: sold?.descriptionLines ?? [],
      sku: sold?.physicalProperties.sku || null,
      image: sold?.image ?? null,
      weight: sold?.physicalProperties.weight ?? null,
      shippable: sold?.physicalProperties.shippable ?? null,
    }
  })
  // The order keeps its totals with its own line ids: its discounts name the order's lines, not the cart's.
  const orderLineIds = new Map(lines.map((line) => [line.cartLineId, line.id]))
  const wireTotals = withOrderLineIds(toWireTotals(totals, site), orderLineIds)
  const selected = totals.shippingInfo.selectedCarrierServiceOption
  const boughtDigital = lines.some(
    (line) => line.catalog_item_id && products.get(line.catalog_item_id)?.product.product_type === 'digital',
  )
  const orderNumber = claim.number
  const identity = identityOfCheckout(checkout)
  // Each booked slot: its words and calendar file for the confirmation, and its `booking.confirmed`.
  const booked = cart.lines.flatMap((line) => {
    const slot = line.service_properties
    const service = line.catalog_item_id ? priced.services.get(line.catalog_item_id) : undefined
    if (!slot || !service) return []
    const booking = {
      siteId: checkout.site_id,
      id: slot.bookingId,
      serviceId: service.id,
      serviceName: service.name,
      location: service.location,
      start: new Date(slot.scheduledDate),
      end: new Date(slot.endDate),
      timeZone: slot.timeZone,
      orderId,
      checkoutId: checkout.id,
      cancelUrl: input.bookingCancelLink?.(slot.bookingId, new Date(slot.scheduledDate)),
      payment: bookingPaymentOfPlacedLine(
        lines.find((one) => one.cartLineId === line.id),
        {
          payment_status: payment.status === 'PAID' ? paymentStatusOf(paidMinor, totalMinor) : 'NOT_PAID',
          currency: site.currency,
          paid_minor: paidMinor,
        },
        service,
      ),
    }
    return [
      {
        mail: bookedSlotForMail(booking, shop, input.now),
        event: bookingEvent('booking.confirmed', booking, identity),
      },
    ]
  })
  await writePlacedOrder(tx, {
    order: {
      id: orderId,
      site_id: checkout.site_id,
      checkout_id: checkout.id,
      owner_kind: checkout.owner_kind,
      owner_id: checkout.owner_id,
      email: checkout.email,
      status: 'APPROVED',
      payment_status: payment.status === 'PAID' ? paymentStatusOf(paidMinor, totalMinor) : 'NOT_PAID',
      paidMinor,
      payment,
      currency: site.currency,
      shipping_address: checkout.shipping_address,
      billing_address: checkout.billing_address,
      shipping_contact: checkout.shipping_contact,
      billing_contact: checkout.billing_contact,
      shipping_option: selected
        ? { code: selected.code, carrierId: selected.carrierId, title: selected.title }
        : null,
      coupon_code: coupon?.code ?? null,
      subtotalMinor: totals.priceSummary.subtotal,
      totalMinor,
      totals: wireTotals,
      created_date: input.now,
      number: orderNumber,
      lines,
      downloadsUrl:
        boughtDigital && payment.status === 'PAID' ? input.downloadsLink?.(orderId, input.now) : undefined,
      bookedSlots: booked.map((one) => one.mail.slot),
      attachments: booked.map((one) => one.mail.file),
    },
    shop,
    checkoutId: checkout.id,
    cartId: cart.cart.id,
    alsoWrite: input.alsoWrite,
    events: [
      {
        siteId: checkout.site_id,
        type: 'order.created',
        entityId: orderId,
        payload: {
          orderId,
          number: orderNumber,
          checkoutId: checkout.id,
          priceSummary: wireTotals.priceSummary,
          // What was sold, as the order keeps it: a warehouse can pack from the webhook alone (decision 058).
          lineItems: lines.map((line) => ({
            id: line.id,
            productName: line.name,
            quantity: line.quantity,
            descriptionLines: line.description_lines,
            sku: line.sku ?? undefined,
            image: line.image ?? undefined,
            physicalProperties: physicalPropertiesOf(line),
          })),
        },
        identity,
      },
      {
        siteId: checkout.site_id,
        type: 'cart.deleted',
        entityId: cart.cart.id,
        payload: { cartId: cart.cart.id },
        identity,
      },
      ...booked.map((one) => one.event),
    ],
    now: input.now,
  })
  // Tickets come in a mail of their own, with each ticket's code (decision 070).
  if (reservationIds.length > 0)
    await enqueueTicketsMail(tx, shop, { id: orderId, number: orderNumber, email: checkout.email }, input.now)
  return { kind: 'placed', orderId, orderNumber, checkout, isReplay: false, paymentId: payment.paymentId }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  // deadlock_detected, serialization_failure, unique_violation (two first orders of one checkout)
  return code === '40P01' || code === '40001' || code === '23505'
}

/**
 * Places the order of an open checkout in one transaction: locks the checkout, re-prices the cart from
 * the catalogue now, takes the stock (never below zero) and a use of the coupon (within its limit),
 * stores the order with its confirmed payment (decision 033: the provider confirms first), completes the checkout, deletes the cart and records the
 * events. A completed checkout answers its order again, so a second click or a replay never places a
 * second order. When the total differs from the one the buyer saw, nothing happens: `price-changed`.
 *
 * @throws PlaceOrderRefused when the order cannot be placed (nothing changed).
 */
export function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  return withRetries(() => placeOnce(db, input))
}

/** `place` again, up to 3 times in all, while it fails in a way a new transaction may not (`isRetryable`). */
async function withRetries<T>(place: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await place()
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error
    }
  }
}

/** What placing the order of a checkout's payment needs: the payment instead of the checkout and its total. */
export interface PaymentOrderInput
  extends Omit<PlaceOrderInput, 'checkoutId' | 'expectedTotalMinor' | 'payment'> {
  paymentId: string
  /**
   * What the payment, as stored and locked (its row as JSON), places: the total to expect, the payment the
   * order is placed with and the write of the payment's outcome beside the order's; undefined when it places
   * nothing this way (not pending, not the provider's).
   */
  decide: (
    payment: unknown,
  ) => Pick<PlaceOrderInput, 'expectedTotalMinor' | 'payment' | 'alsoWrite'> | undefined
}

/**
 * Places the order of a payment's open checkout with the payment's outcome written in the order's own
 * statement (decision 112): the payment, checkout, site and cart locked in one statement, one round trip and
 * one commit fewer than recording the outcome first. Undefined when that does not apply (no such payment of a
 * checkout, its cart gone, the checkout not open, a payment `decide` refuses, a total that changed, a
 * refusal): nothing was written, and the caller records the outcome first and places the order as before.
 */
export async function placeOrderOfPayment(
  db: Db,
  input: PaymentOrderInput,
): Promise<Extract<PlaceOrderResult, { kind: 'placed' }> | undefined> {
  try {
    return await withRetries(() =>
      db.transaction(async (tx) => {
        const locked = await lockPaymentCheckoutForOrder(tx, input.paymentId)
        if (locked?.checkout.status !== 'OPEN') return undefined
        const decided = input.decide(locked.payment)
        if (!decided) return undefined
        const result = await placeLocked(tx, locked, { ...input, ...decided, checkoutId: locked.checkout.id })
        return result.kind === 'placed' ? result : undefined
      }),
    )
  } catch (error) {
    if (error instanceof PlaceOrderRefused) return undefined
    throw error
  }
}
