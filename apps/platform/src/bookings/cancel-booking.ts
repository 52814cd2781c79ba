import type { Db } from '../db/db.ts'
import { type EventIdentity, recordEvent } from '../events/event-outbox.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApiError, ApplicationError } from '../http/errors.ts'
import { cancelOrder, type OrderDeskDeps, refundOrder } from '../orders/order-actions.ts'
import { refundableOf } from '../orders/order-state.ts'
import { findOrder, type OrderLineRow } from '../orders/order-store.ts'
import { returnMembershipSession } from '../plans/membership-store.ts'
import { getSite } from '../sites/site-store.ts'
import { bookingEvent } from './booking-events.ts'
import { mayShopperCancel } from './booking-policy.ts'
import {
  type BookingRow,
  findBookingById,
  findBookingsOfOrders,
  findScheduleCalendar,
  findServices,
  lockBookingsWithCalendars,
  markBookingCancelled,
} from './booking-store.ts'

/** What cancelling a booking did. */
export interface CancelledBooking {
  booking: BookingRow
  /** It was cancelled before: nothing was done again. */
  wasCancelled: boolean
  /** The order was cancelled too, having nothing else left. */
  orderCancelled: boolean
  /** What was refunded (0 when the booking was not paid, or free). */
  refundedMinor: number
  /** Why a refund that was due could not be made: the booking stays cancelled, the shop refunds by hand. */
  refundProblem?: string | undefined
}

/** A booking of the site with its service and calendar; `undefined` when there is none, or it is only a hold. */
export async function findBookingWithPolicy(db: Db, bookingId: string, siteId?: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bookingId)) return undefined
  const booking = await findBookingById(db, bookingId)
  if (!booking?.order_id || (siteId !== undefined && booking.site_id !== siteId)) return undefined
  const [service] = await findServices(db, booking.site_id, {
    ids: [booking.service_id],
    includeHidden: true,
  })
  const calendar = await findScheduleCalendar(db, booking.schedule_id)
  if (!service || !calendar) return undefined
  return { booking, service, calendar }
}

/** Who acts when the buyer of an order acts through their booking's signed link: the order's owner. */
export function shopperIdentityOf(order: { owner_kind: string; owner_id: string }): EventIdentity {
  return order.owner_kind === 'member'
    ? { identityType: 'MEMBER', memberId: order.owner_id }
    : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: order.owner_id }
}

/**
 * Cancels a confirmed booking its caller locked under its calendar (`lockBookingsWithCalendars`), in the
 * caller's transaction: marked cancelled, which frees its slot; a booking a plan paid gives its session back
 * (decision 085: the booking is cancelled once, so the session comes back once); `booking.canceled` for
 * webhooks. `lines` are its order's, which tell the plan that paid.
 */
async function cancelLockedBooking(
  tx: Db,
  booking: BookingRow,
  context: {
    lines: readonly Pick<OrderLineRow, 'catalog_item_id' | 'membership'>[]
    timeZone: string
    identity: EventIdentity
  },
  now: Date,
): Promise<void> {
  await markBookingCancelled(tx, booking.id, now)
  const paidByPlan = context.lines.find(
    (line) => line.catalog_item_id === booking.service_id && line.membership !== null,
  )?.membership
  if (paidByPlan) await returnMembershipSession(tx, booking.site_id, paidByPlan.id)
  await recordEvent(
    tx,
    bookingEvent(
      'booking.canceled',
      {
        siteId: booking.site_id,
        id: booking.id,
        serviceId: booking.service_id,
        start: new Date(booking.start_date),
        end: new Date(booking.end_date),
        timeZone: context.timeZone,
        orderId: booking.order_id ?? undefined,
        checkoutId: booking.checkout_id ?? undefined,
      },
      context.identity,
    ),
    now,
  )
}

/**
 * Cancels an order's still-confirmed bookings as the order desk cancels the order, in its transaction (the
 * app hands this in through the desk's `orderCanceled` hook, decision 101): each locked under its calendar
 * and cancelled as `cancelBooking` cancels one, freeing its slot. A booking cancelled before (as
 * `cancelBooking` leaves it when it cancels the order it emptied) is skipped, so nothing happens twice.
 * Answers how many it cancelled.
 */
export async function cancelBookingsOfOrder(
  tx: Db,
  order: {
    siteId: string
    orderId: string
    lines: readonly Pick<OrderLineRow, 'catalog_item_id' | 'membership'>[]
    identity: EventIdentity
  },
  now: Date,
): Promise<number> {
  const confirmed = (await findBookingsOfOrders(tx, [order.orderId])).filter(
    (booking) => booking.site_id === order.siteId && booking.status === 'CONFIRMED',
  )
  if (confirmed.length === 0) return 0
  const locked = await lockBookingsWithCalendars(
    tx,
    order.siteId,
    confirmed.map((booking) => booking.id),
  )
  let cancelled = 0
  for (const booking of locked) {
    if (booking.status !== 'CONFIRMED' || booking.order_id !== order.orderId) continue
    const calendar = await findScheduleCalendar(tx, booking.schedule_id)
    if (!calendar) continue
    await cancelLockedBooking(
      tx,
      booking,
      { lines: order.lines, timeZone: calendar.timeZone, identity: order.identity },
      now,
    )
    cancelled += 1
  }
  return cancelled
}

/**
 * Cancels a confirmed booking (decision 069): under its calendar's lock it is checked and marked
 * cancelled, which frees its slot, with `booking.canceled` for webhooks; then the order desk's own
 * functions finish the money: an order left with nothing but cancelled bookings is cancelled
 * (`cancelOrder`, which mails the buyer), and a paid booking's line is refunded (`refundOrder`, under an
 * idempotency key of the booking, so a second press refunds nothing twice). A shopper may cancel only
 * within the service's policy; the merchant (`by: 'merchant'`) at any time.
 *
 * @throws ApplicationError `BOOKING_NOT_FOUND`, `BOOKING_CANCEL_TOO_LATE` (nothing changed).
 */
export async function cancelBooking(
  deps: OrderDeskDeps,
  request: { siteId: string; bookingId: string; by: 'shopper' | 'merchant'; now: Date },
): Promise<CancelledBooking> {
  const { siteId, bookingId, now } = request
  const found = await findBookingWithPolicy(deps.db, bookingId, siteId)
  if (!found) throw new ApplicationError('BOOKING_NOT_FOUND', 'There is no such booking', { bookingId })
  const orderId = found.booking.order_id as string
  const order = await findOrder(deps.db, { siteId }, orderId)
  if (!order) throw new ApplicationError('BOOKING_NOT_FOUND', 'There is no such booking', { bookingId })
  const identity: EventIdentity =
    request.by === 'merchant' ? { identityType: 'APP', appId: 'bookings' } : shopperIdentityOf(order.order)
  const cancelled = await deps.db.transaction(async (tx) => {
    const [booking] = await lockBookingsWithCalendars(tx, siteId, [bookingId])
    if (!booking) throw new ApplicationError('BOOKING_NOT_FOUND', 'There is no such booking', { bookingId })
    if (booking.status === 'CANCELLED') return { booking, wasCancelled: true }
    const policy = { ...booking, cancel_notice_minutes: found.service.cancel_notice_minutes }
    if (request.by === 'shopper' && !mayShopperCancel(policy, now))
      throw new ApplicationError(
        'BOOKING_CANCEL_TOO_LATE',
        `${found.service.name} can be cancelled online only until ${found.service.cancel_notice_minutes / 60} hours before it starts: contact the shop`,
        { bookingId },
      )
    await cancelLockedBooking(
      tx,
      booking,
      { lines: order.lines, timeZone: found.calendar.timeZone, identity },
      now,
    )
    return { booking: { ...booking, status: 'CANCELLED' as const, cancelled_date: now }, wasCancelled: false }
  })
  if (cancelled.wasCancelled)
    return { booking: cancelled.booking, wasCancelled: true, orderCancelled: false, refundedMinor: 0 }

  // The order desk acts as the site's bookings app: the timeline and the webhooks name it.
  const caller: MerchantCaller = {
    kind: 'merchant',
    siteId,
    site: await getSite(deps.db, siteId),
    apiKeyId: 'bookings',
    permissions: ['orders'],
  }
  const ofOrder = await findBookingsOfOrders(deps.db, [orderId])
  const serviceIds = new Set(ofOrder.map((one) => one.service_id))
  const onlyCancelledBookings =
    ofOrder.every((one) => one.status === 'CANCELLED') &&
    order.lines.every((line) => line.catalog_item_id !== null && serviceIds.has(line.catalog_item_id))
  let orderCancelled = false
  if (onlyCancelledBookings && order.order.status !== 'CANCELED') {
    await cancelOrder(deps, caller, { orderId, reason: 'The booking was cancelled' }, now)
    orderCancelled = true
  }
  const line = order.lines.find(
    (candidate) =>
      candidate.catalog_item_id === found.booking.service_id &&
      candidate.refunded_quantity < candidate.quantity &&
      Number(candidate.total_minor) > 0,
  )
  // What was paid online goes back, at most: a deposit's booking refunds its deposit (decision 092).
  const refundable = refundableOf(order.order)
  if (!line || refundable === 0)
    return { booking: cancelled.booking, wasCancelled: false, orderCancelled, refundedMinor: 0 }
  const places = Math.min(found.booking.participants, line.quantity - line.refunded_quantity)
  try {
    const refunded = await refundOrder(
      deps,
      caller,
      {
        orderId,
        idempotencyKey: `booking-cancel:${bookingId}`,
        amountMinor: Math.min(refundable, Math.round((Number(line.total_minor) * places) / line.quantity)),
        // A class booking's line sells its participants' places (decision 083): all of them are refunded.
        lines: [{ lineId: line.id, quantity: places, restock: false }],
        reason: 'The booking was cancelled',
      },
      now,
    )
    return {
      booking: cancelled.booking,
      wasCancelled: false,
      orderCancelled,
      refundedMinor: Number(refunded.refund.amount_minor),
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return {
      booking: cancelled.booking,
      wasCancelled: false,
      orderCancelled,
      refundedMinor: 0,
      refundProblem: error.message,
    }
  }
}
