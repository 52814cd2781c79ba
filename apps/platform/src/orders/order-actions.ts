import { randomUUID } from 'node:crypto'
import { returnStock } from '../catalogue/products/stock-store.ts'
import type { Db } from '../db/db.ts'
import { type EventIdentity, identityOf, recordEvent } from '../events/event-outbox.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { formatMoney } from '../money/money.ts'
import { lockSite } from '../sites/site-store.ts'
import { lineNameWithOptions, orderLineSummary } from './line-summary.tsx'
import {
  findRefundByKey,
  insertFulfillment,
  insertOrderEvent,
  insertRefund,
  lockOrder,
  saveOrderChange,
  saveOrderPaid,
} from './order-desk-store.ts'
import { cancellationMail, type MailOrder, type MailShop, refundMail, shipmentMail } from './order-mails.ts'
import { type OrderRefunds, refundWorthOf } from './order-refunds.ts'
import {
  balanceDueOf,
  cancellingState,
  fulfillmentStatusOf,
  hasShippableLines,
  needsShipping,
  nextOrderState,
  type OrderAction,
  type OrderState,
  refundableOf,
  unitsLeftToShip,
  withCountedFulfillment,
} from './order-state.ts'
import type { FulfillmentRow, OrderLineRow, OrderRow, OrderWithLines, RefundRow } from './order-store.ts'
import { breakdownOfOrder } from './totals-breakdown.ts'

/**
 * What a line's own catalogue does with the units a refund took back, in the refund's transaction: ticket lines
 * void as many of their tickets (decision 075). `all` when nothing of the order is left paid. The app wires it
 * (`voidRefundedTickets`), so the order desk names no vertical.
 */
export type LinesRefunded = (
  tx: Db,
  refunded: { orderId: string; all: boolean; lines: readonly { catalogItemId: string; quantity: number }[] },
  now: Date,
) => Promise<void>

/**
 * What the catalogues of a cancelled order's lines undo, in the cancel's transaction (decision 101): its
 * still-confirmed bookings cancelled, their times free again, and its tickets void. The app wires it
 * (`freeCanceledOrder`), so the order desk names no vertical; `identity` is who cancelled, for their events.
 */
export type OrderCanceled = (
  tx: Db,
  canceled: { siteId: string; orderId: string; lines: readonly OrderLineRow[]; identity: EventIdentity },
  now: Date,
) => Promise<void>

/** What the order desk's actions need. */
export interface OrderDeskDeps {
  db: Db
  refunds: OrderRefunds
  linesRefunded: LinesRefunded
  orderCanceled: OrderCanceled
}

const stateOf = (order: OrderRow): OrderState => ({
  status: order.status,
  paymentStatus: order.payment_status,
  fulfillmentStatus: order.fulfillment_status,
})

/** What a buyer's mail tells of a locked order, its totals drawn by the one breakdown. */
export function mailOrder({
  order,
  lines,
  refunds,
  shop,
}: Pick<OrderWithLines, 'order' | 'lines' | 'refunds'> & { shop: MailShop }): MailOrder {
  return {
    number: String(order.number),
    email: order.email,
    currency: order.currency,
    breakdown: breakdownOfOrder({ order, lines, refunds }, shop.locale),
    lines: lines.map((line) => ({
      ...orderLineSummary(line),
      quantity: line.quantity,
      totalMinor: Number(line.total_minor),
    })),
    shippingAddress: order.shipping_address,
    shippingContact: order.shipping_contact,
  }
}

/** Moves the order by `action` (from `from`, its stored state unless told), or refuses with the machine's code (decision 034). */
function transition(order: OrderRow, action: OrderAction, from: OrderState = stateOf(order)): OrderState {
  const next = nextOrderState(from, action)
  if (!next.ok) throw new ApplicationError(next.code, next.message, { orderId: order.id, action })
  return next.state
}

async function lockedOrder(tx: Db, caller: MerchantCaller, orderId: string) {
  const locked = await lockOrder(tx, caller.siteId, orderId)
  if (!locked) throw new ApplicationError('ORDER_NOT_FOUND', `There is no order ${orderId}`, { id: orderId })
  return locked
}

const violation = (
  field: string,
  description: string,
  rule: FieldViolation['violatedRule'] = 'VALIDATION',
) => ({
  field,
  description,
  violatedRule: rule,
})

function lineOf(lines: readonly OrderLineRow[], lineId: string, field: string): OrderLineRow {
  const line = lines.find((candidate) => candidate.id === lineId)
  if (!line) throw new ValidationError([violation(field, 'is not a line of this order')])
  return line
}

function trimmed(
  value: string | undefined,
  field: string,
  max: number,
  required: boolean,
): string | undefined {
  const text = value?.trim() ?? ''
  if (!text && required) throw new ValidationError([violation(field, 'must not be empty', 'REQUIRED_FIELD')])
  if (text.length > max)
    throw new ValidationError([violation(field, `must be at most ${max} characters`, 'MAX_LENGTH')])
  return text || undefined
}

/** A shipment to record: the units of each line that left (every unshipped unit when `lines` is left out). */
export interface ShipInput {
  orderId: string
  carrier: string
  trackingNumber: string
  /** The carrier's tracking page, `https://` (or `http://`). */
  trackingUrl?: string | undefined
  lines?: readonly { lineId: string; quantity: number }[] | undefined
}

/**
 * Records a shipment of an order: the units that left with their carrier and tracking number, the
 * order's fulfilment moved by the state machine, a timeline entry, `order.fulfilled` for webhooks and
 * the buyer's shipment mail, in one transaction.
 *
 * @throws ValidationError for a missing carrier or tracking number, an unknown line, nothing to ship,
 * or more units than are left to ship; ApplicationError `ORDER_NOT_FOUND`, `ORDER_CANCELED`,
 * `ORDER_ALREADY_FULFILLED`.
 */
export async function shipOrder(deps: OrderDeskDeps, caller: MerchantCaller, input: ShipInput, now: Date) {
  const carrier = trimmed(input.carrier, 'carrier', 60, true) as string
  const trackingNumber = trimmed(input.trackingNumber, 'trackingNumber', 100, true) as string
  const trackingUrl = trimmed(input.trackingUrl, 'trackingUrl', 500, false)
  if (trackingUrl && !/^https?:\/\/[^\s]+$/i.test(trackingUrl))
    throw new ValidationError([violation('trackingUrl', 'must be an http(s) address', 'FORMAT')])
  return deps.db.transaction(async (tx) => {
    const locked = await lockedOrder(tx, caller, input.orderId)
    const { order, lines } = locked
    const shipped = new Map<string, number>()
    if (input.lines) {
      input.lines.forEach((requested, index) => {
        const field = `lines[${index}].quantity`
        const line = lineOf(lines, requested.lineId, `lines[${index}].lineId`)
        if (!Number.isInteger(requested.quantity) || requested.quantity < 0)
          throw new ValidationError([violation(field, 'must be a whole number of 0 or more', 'MIN')])
        // A booking, a ticket or a download is never shipped (decision 101).
        if (requested.quantity > 0 && !needsShipping(line))
          throw new ValidationError([
            violation(
              `lines[${index}].lineId`,
              `"${lineNameWithOptions(orderLineSummary(line))}" is not shipped: a booking, a ticket or a download has nothing to send`,
            ),
          ])
        const left = unitsLeftToShip(line) - (shipped.get(line.id) ?? 0)
        if (requested.quantity > left)
          throw new ValidationError([
            violation(
              field,
              `only ${left} of "${lineNameWithOptions(orderLineSummary(line))}" are left to ship`,
              'MAX',
            ),
          ])
        if (requested.quantity > 0) shipped.set(line.id, (shipped.get(line.id) ?? 0) + requested.quantity)
      })
    } else
      for (const line of lines) if (unitsLeftToShip(line) > 0) shipped.set(line.id, unitsLeftToShip(line))
    // An order of bookings, tickets or downloads alone is fulfilled as placed: there is nothing to send (decision 101).
    if (order.status === 'APPROVED' && !hasShippableLines(lines))
      throw new ValidationError([
        violation(
          'lines',
          'this order has nothing to ship: bookings, tickets and downloads are not sent',
          'MIN_SIZE',
        ),
      ])
    const after = lines.map((line) => ({
      ...line,
      shipped_quantity: line.shipped_quantity + (shipped.get(line.id) ?? 0),
    }))
    // The state comes first: a canceled or fulfilled order is refused for what it is, not for its lines.
    const isComplete = fulfillmentStatusOf(after) === 'FULFILLED'
    const state = transition(order, isComplete ? 'SHIP_REST' : 'SHIP_SOME')
    if (shipped.size === 0)
      throw new ValidationError([violation('lines', 'choose at least one item to ship', 'MIN_SIZE')])
    const fulfillment: FulfillmentRow = {
      id: randomUUID(),
      order_id: order.id,
      carrier,
      tracking_number: trackingNumber,
      tracking_url: trackingUrl ?? null,
      lines: [...shipped].map(([lineId, quantity]) => ({ lineId, quantity })),
      created_date: now,
    }
    await insertFulfillment(tx, fulfillment)
    await saveOrderChange(tx, order.id, state, Number(order.refunded_minor), after)
    const identity = identityOf(caller)
    const trackingInfo = { trackingNumber, shippingProvider: carrier, trackingLink: trackingUrl }
    await insertOrderEvent(
      tx,
      {
        orderId: order.id,
        siteId: order.site_id,
        kind: 'SHIPPED',
        data: {
          fulfillmentId: fulfillment.id,
          lines: fulfillment.lines,
          trackingInfo,
          fulfillmentStatus: state.fulfillmentStatus,
        },
        actor: identity,
      },
      now,
    )
    await recordEvent(
      tx,
      {
        siteId: order.site_id,
        type: 'order.fulfilled',
        entityId: order.id,
        payload: {
          orderId: order.id,
          number: String(order.number),
          fulfillmentStatus: state.fulfillmentStatus,
          fulfillment: {
            id: fulfillment.id,
            lineItems: fulfillment.lines.map((line) => ({ id: line.lineId, quantity: line.quantity })),
            trackingInfo,
          },
        },
        identity,
      },
      now,
    )
    await enqueueMail(
      tx,
      shipmentMail(locked.shop, mailOrder(locked), {
        carrier,
        trackingNumber,
        trackingUrl,
        isComplete,
        lines: fulfillment.lines.map((shippedLine) => ({
          ...orderLineSummary(lines.find((line) => line.id === shippedLine.lineId)),
          quantity: shippedLine.quantity,
        })),
      }),
      now,
    )
    return { fulfillmentId: fulfillment.id, state }
  })
}

/**
 * Cancels an order nothing of which has shipped: every unit not yet back in stock goes back, its bookings
 * are cancelled and its tickets voided (the `orderCanceled` hook), a timeline entry, `order.canceled` for
 * webhooks and the buyer's cancellation mail, in one transaction. The
 * payment is not refunded by this: the merchant refunds it (the page offers it next).
 *
 * @throws ApplicationError `ORDER_NOT_FOUND`, `ORDER_CANCELED`, `ORDER_ALREADY_SHIPPED`.
 */
export async function cancelOrder(
  deps: OrderDeskDeps,
  caller: MerchantCaller,
  input: { orderId: string; reason?: string | undefined },
  now: Date,
) {
  const reason = trimmed(input.reason, 'reason', 500, false)
  return deps.db.transaction(async (tx) => {
    const locked = await lockedOrder(tx, caller, input.orderId)
    const { order, lines } = locked
    // An order with nothing to ship is fulfilled as placed, and canceled as one nothing of which left (decision 101).
    const canceled = transition(order, 'CANCEL', cancellingState(stateOf(order), lines))
    const state = { ...canceled, fulfillmentStatus: order.fulfillment_status }
    // Stock changes bump the site's catalogue version: the site row first, as placing an order takes it.
    await lockSite(tx, order.site_id)
    const identity = identityOf(caller)
    // Its bookings and tickets go with it: calendars are locked after the site, as placing an order locks them.
    await deps.orderCanceled(tx, { siteId: order.site_id, orderId: order.id, lines, identity }, now)
    const units = await returnStock(
      tx,
      lines.map((line) => ({
        productId: line.catalog_item_id,
        variantId: line.variant_id,
        quantity: line.quantity - line.restocked_quantity,
      })),
    )
    await saveOrderChange(
      tx,
      order.id,
      state,
      Number(order.refunded_minor),
      lines.map((line) => ({ ...line, restocked_quantity: line.quantity })),
    )
    await insertOrderEvent(
      tx,
      {
        orderId: order.id,
        siteId: order.site_id,
        kind: 'CANCELED',
        data: { reason, unitsRestocked: units },
        actor: identity,
      },
      now,
    )
    await recordEvent(
      tx,
      {
        siteId: order.site_id,
        type: 'order.canceled',
        entityId: order.id,
        payload: { orderId: order.id, number: String(order.number), status: state.status, reason },
        identity,
      },
      now,
    )
    await enqueueMail(tx, cancellationMail(locked.shop, mailOrder(locked), reason), now)
    return { state, unitsRestocked: units }
  })
}

/** A refund to make: its amount (what the buyer paid for the chosen units, tax included, when left out), and per line the units refunded and whether they go back in stock. */
export interface RefundInput {
  orderId: string
  /** One per refund the merchant asked for (the form carries it): a second post is the same refund. */
  idempotencyKey: string
  amountMinor?: number | undefined
  lines?: readonly { lineId: string; quantity: number; restock: boolean }[] | undefined
  reason?: string | undefined
}

/**
 * Refunds an order in full or in part through its payment provider, with the same idempotency key on
 * every retry: the refund record, each line's refunded and restocked units (stock back where the
 * merchant said), the payment status by the state machine, a timeline entry, `order.refunded` for
 * webhooks and the buyer's refund mail, in one transaction, which the provider's refusal rolls back.
 * A post with a key already used answers that refund again and changes nothing.
 *
 * @throws ValidationError for an amount of 0 or more than what is left to refund, an unknown line, more
 * units than are left; ApplicationError `ORDER_NOT_FOUND`, `ORDER_NOT_PAID`, `ORDER_FULLY_REFUNDED`,
 * `REFUND_NOT_SUPPORTED`, `REFUND_DECLINED`.
 */
export async function refundOrder(
  deps: OrderDeskDeps,
  caller: MerchantCaller,
  input: RefundInput,
  now: Date,
) {
  const key = trimmed(input.idempotencyKey, 'idempotencyKey', 100, true) as string
  const reason = trimmed(input.reason, 'reason', 500, false)
  /** Reads the order under its lock and works out the refund: its amount, lines and the state after. */
  const plan = async (tx: Db) => {
    const locked = await lockedOrder(tx, caller, input.orderId)
    const { order, lines } = locked
    const earlier = await findRefundByKey(tx, order.id, key)
    if (earlier) return { replay: { refund: earlier, state: stateOf(order), isReplay: true as const } }
    const refunded = new Map<string, { quantity: number; restock: number }>()
    let linesWorth = 0
    ;(input.lines ?? []).forEach((requested, index) => {
      const line = lineOf(lines, requested.lineId, `lines[${index}].lineId`)
      const field = `lines[${index}].quantity`
      if (!Number.isInteger(requested.quantity) || requested.quantity < 0)
        throw new ValidationError([violation(field, 'must be a whole number of 0 or more', 'MIN')])
      const before = refunded.get(line.id) ?? { quantity: 0, restock: 0 }
      const left = line.quantity - line.refunded_quantity - before.quantity
      if (requested.quantity > left)
        throw new ValidationError([
          violation(
            field,
            `only ${left} of "${lineNameWithOptions(orderLineSummary(line))}" are left to refund`,
            'MAX',
          ),
        ])
      if (requested.quantity === 0) return
      const restockLeft = line.quantity - line.restocked_quantity - before.restock
      const restock = requested.restock ? Math.min(requested.quantity, restockLeft) : 0
      refunded.set(line.id, {
        quantity: before.quantity + requested.quantity,
        restock: before.restock + restock,
      })
      linesWorth += refundWorthOf(
        order,
        { ...line, refunded_quantity: line.refunded_quantity + before.quantity },
        requested.quantity,
      )
    })
    // Only what the provider took goes back through it: never a deposit's rest or money paid in person.
    const left = refundableOf(order)
    const amount = input.amountMinor ?? linesWorth
    // All that was taken given back is the whole refund, also of an order whose rest was never paid.
    const action: OrderAction = amount >= left ? 'REFUND_REST' : 'REFUND_SOME'
    const after = lines.map((line) => ({
      ...line,
      refunded_quantity: line.refunded_quantity + (refunded.get(line.id)?.quantity ?? 0),
      restocked_quantity: line.restocked_quantity + (refunded.get(line.id)?.restock ?? 0),
    }))
    // Refunded units are no longer to ship: the fulfilment follows the counts (issue 35).
    const state = withCountedFulfillment(transition(order, action), after)
    if (!Number.isInteger(amount) || amount <= 0)
      throw new ValidationError([
        violation('amount', 'must be more than 0: choose items or type an amount', 'DECIMAL_GT'),
      ])
    if (amount > left) {
      const provider = deps.refunds.providerTitle(order.payment.provider)
      throw new ValidationError([
        violation(
          'amount',
          left === 0
            ? `must be nothing: nothing paid through ${provider} is left to refund (give money paid in person back the way it was paid)`
            : `must be at most ${formatMoney(left, order.currency, locked.shop.locale)}: what was paid through ${provider} and is not yet refunded`,
          'DECIMAL_LTE',
        ),
      ])
    }
    return { locked, order, lines, refunded, amount, state, after }
  }
  // The provider is asked outside any transaction (it may be a network call, or the test provider's own
  // books in this database): the key makes a retry the same refund. Then the order is read again under
  // its lock and the refund recorded; a concurrent refund that took what was left fails the second plan.
  const first = await deps.db.transaction(plan)
  if (first.replay) return first.replay
  const result = await deps.refunds.refund({
    orderId: first.order.id,
    payment: first.order.payment,
    amountMinor: first.amount,
    currency: first.order.currency,
    idempotencyKey: key,
  })
  if (result.status !== 'REFUNDED')
    throw new ApplicationError(
      result.status === 'NOT_SUPPORTED' ? 'REFUND_NOT_SUPPORTED' : 'REFUND_DECLINED',
      result.reason,
      {
        orderId: first.order.id,
      },
    )
  return deps.db.transaction(async (tx) => {
    const planned = await plan(tx)
    if (planned.replay) return planned.replay
    const { locked, order, lines, refunded, amount, state, after } = planned
    const refund: RefundRow = {
      id: randomUUID(),
      order_id: order.id,
      idempotency_key: key,
      amount_minor: String(amount),
      provider_refund_id: result.refundId,
      lines: [...refunded].map(([lineId, counts]) => ({
        lineId,
        quantity: counts.quantity,
        restock: counts.restock > 0,
      })),
      reason: reason ?? null,
      created_date: now,
    }
    await insertRefund(tx, refund)
    const restocks = lines
      .map((line) => ({ line, units: refunded.get(line.id)?.restock ?? 0 }))
      .filter((entry) => entry.units > 0)
    let unitsRestocked = 0
    if (restocks.length > 0) {
      await lockSite(tx, order.site_id)
      unitsRestocked = await returnStock(
        tx,
        restocks.map(({ line, units }) => ({
          productId: line.catalog_item_id,
          variantId: line.variant_id,
          quantity: units,
        })),
      )
    }
    await saveOrderChange(tx, order.id, state, Number(order.refunded_minor) + amount, after)
    // What the refunded lines' own catalogues do with the units taken back (a ticket passes the door no more).
    await deps.linesRefunded(
      tx,
      {
        orderId: order.id,
        all: state.paymentStatus === 'FULLY_REFUNDED',
        lines: refund.lines.flatMap((refunded) => {
          const catalogItemId = lines.find((line) => line.id === refunded.lineId)?.catalog_item_id
          return catalogItemId ? [{ catalogItemId, quantity: refunded.quantity }] : []
        }),
      },
      now,
    )
    const identity = identityOf(caller)
    await insertOrderEvent(
      tx,
      {
        orderId: order.id,
        siteId: order.site_id,
        kind: 'REFUNDED',
        data: { refundId: refund.id, amountMinor: amount, lines: refund.lines, reason, unitsRestocked },
        actor: identity,
      },
      now,
    )
    await recordEvent(
      tx,
      {
        siteId: order.site_id,
        type: 'order.refunded',
        entityId: order.id,
        payload: {
          orderId: order.id,
          number: String(order.number),
          paymentStatus: state.paymentStatus,
          refund: { id: refund.id, amount: amount, currency: order.currency, lineItems: refund.lines },
        },
        identity,
      },
      now,
    )
    await enqueueMail(
      tx,
      refundMail(locked.shop, mailOrder({ ...locked, refunds: [...locked.refunds, refund] }), {
        amountMinor: amount,
        isFull: state.paymentStatus === 'FULLY_REFUNDED',
        reason,
      }),
      now,
    )
    return { refund, state, isReplay: false }
  })
}

/**
 * Marks an order paid in full: an order placed to pay in person, or the rest after a deposit (decision 092),
 * paid outside Aisle. In one transaction: what was paid becomes the total, the payment status PAID by the
 * state machine, a timeline entry naming the amount received and `order.paid` for webhooks. An order
 * already paid in full is left as it is (`changed: false`): a second press changes nothing.
 *
 * @throws ApplicationError `ORDER_NOT_FOUND`, `ORDER_CANCELED` (an unpaid canceled order is not to be paid),
 * `ORDER_REFUNDED` (money of it was given back).
 */
export async function markOrderPaid(
  deps: Pick<OrderDeskDeps, 'db'>,
  caller: MerchantCaller,
  input: { orderId: string },
  now: Date,
): Promise<{ state: OrderState; receivedMinor: number; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const { order } = await lockedOrder(tx, caller, input.orderId)
    if (order.payment_status === 'PAID') return { state: stateOf(order), receivedMinor: 0, changed: false }
    const received = balanceDueOf(order)
    const state = transition(order, 'MARK_PAID')
    await saveOrderPaid(tx, order.id, state, Number(order.total_minor))
    const identity = identityOf(caller)
    await insertOrderEvent(
      tx,
      {
        orderId: order.id,
        siteId: order.site_id,
        kind: 'PAID',
        data: { amountMinor: received },
        actor: identity,
      },
      now,
    )
    await recordEvent(
      tx,
      {
        siteId: order.site_id,
        type: 'order.paid',
        entityId: order.id,
        payload: {
          orderId: order.id,
          number: String(order.number),
          paymentStatus: state.paymentStatus,
          amountReceived: { amount: received, currency: order.currency },
        },
        identity,
      },
      now,
    )
    return { state, receivedMinor: received, changed: true }
  })
}

/**
 * Adds the merchant's note to the order's timeline (the buyer never sees it).
 *
 * @throws ValidationError for an empty note or one over 2000 characters; ApplicationError `ORDER_NOT_FOUND`.
 */
export async function addOrderNote(
  deps: OrderDeskDeps,
  caller: MerchantCaller,
  input: { orderId: string; text: string },
  now: Date,
): Promise<void> {
  const text = trimmed(input.text, 'note', 2000, true) as string
  await deps.db.transaction(async (tx) => {
    const { order } = await lockedOrder(tx, caller, input.orderId)
    await insertOrderEvent(
      tx,
      { orderId: order.id, siteId: order.site_id, kind: 'NOTE', data: { text }, actor: identityOf(caller) },
      now,
    )
  })
}
