import { type DescriptionLine, serviceLineDescription } from '../carts/cart-wire.ts'
import type { Db } from '../db/db.ts'
import { type EventIdentity, recordEvent } from '../events/event-outbox.ts'
import { ApplicationError } from '../http/errors.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { mailOrder } from '../orders/order-actions.ts'
import { lockOrder, setOrderLineDescription } from '../orders/order-desk-store.ts'
import { bookingMovedMail } from '../orders/order-mails.ts'
import { bookedSlotForMail } from './booked-slot-mail.ts'
import { bookingEvent } from './booking-events.ts'
import { mayShopperCancel } from './booking-policy.ts'
import {
  type BookingRow,
  findScheduleCalendar,
  findServices,
  lockBookingsWithCalendars,
  moveBooking,
} from './booking-store.ts'
import { freeSlotAt } from './hold-slot.ts'

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The refusal of a booking the site does not have (or a hold, which is not yet a booking). */
export const bookingNotFound = (bookingId: string) =>
  new ApplicationError('BOOKING_NOT_FOUND', 'There is no such booking', { bookingId })

/** Whether a text is a booking's id at all (anything else is refused before it reaches a query). */
export const isBookingId = (text: string) => BOOKING_ID.test(text)

/**
 * The order line that sold a booking: the line of its service whose "When" is the booking's time before the
 * move (an order may book one service twice), else the order's only line of that service (one whose words
 * were not kept up to date before decision 084).
 */
function movedBookingLine<
  Line extends { catalog_item_id: string | null; description_lines: DescriptionLine[] | null },
>(
  lines: readonly Line[],
  serviceId: string,
  before: { scheduledDate: string; endDate: string; timeZone: string },
): Line | undefined {
  const ofService = lines.filter((line) => line.catalog_item_id === serviceId)
  const [when] = serviceLineDescription(before).descriptionLines
  const saysBefore = ofService.find((line) =>
    line.description_lines?.some(
      (said) =>
        said.lineType === 'PLAIN_TEXT' &&
        when?.lineType === 'PLAIN_TEXT' &&
        said.plainText.original === when.plainText.original,
    ),
  )
  return saysBefore ?? (ofService.length === 1 ? ofService[0] : undefined)
}

/**
 * Moves a confirmed booking to another free slot of its service (decision 074). Under its calendar's lock,
 * the one every hold and confirmation takes (decision 065), the new start is checked to be a free slot now
 * (its own old time counting as free), so a move can never double-book; then, in the same transaction,
 * the booking is moved, `booking.rescheduled` recorded for webhooks and the customer mailed the new time
 * with its calendar file (the same `UID`, so their calendar moves the event). The order line that sold it
 * says the new time (decision 084), so the order pages, packing slip, account and wire follow; whether the
 * customer came is cleared, as it was said of the old time.
 *
 * The shopper (`by: 'shopper'`, decision 084) moves it under the rule that lets them cancel: before the
 * service's notice; the new time is any free slot, which `freeSlotAt` checks against the service's own
 * notice and reach.
 *
 * @throws {ApplicationError} `BOOKING_NOT_FOUND`, `BOOKING_NOT_CONFIRMED` (cancelled), `SLOT_NOT_AVAILABLE`,
 * `BOOKING_RESCHEDULE_TOO_LATE` (a shopper past the notice); nothing changed.
 */
export async function rescheduleBooking(
  deps: { db: Db; bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined },
  request: {
    siteId: string
    bookingId: string
    start: Date
    now: Date
    identity: EventIdentity
    /** The shopper (through their signed link) may move it only within the service's notice; the merchant always. */
    by?: 'shopper' | 'merchant'
  },
): Promise<BookingRow> {
  const { siteId, bookingId, start, now } = request
  if (!isBookingId(bookingId)) throw bookingNotFound(bookingId)
  return deps.db.transaction(async (tx) => {
    const [booking] = await lockBookingsWithCalendars(tx, siteId, [bookingId])
    if (!booking?.order_id) throw bookingNotFound(bookingId)
    if (booking.status !== 'CONFIRMED')
      throw new ApplicationError('BOOKING_NOT_CONFIRMED', 'A cancelled booking cannot be moved', {
        bookingId,
      })
    const [service] = await findServices(tx, siteId, { ids: [booking.service_id], includeHidden: true })
    const calendar = await findScheduleCalendar(tx, booking.schedule_id)
    if (!service || !calendar) throw bookingNotFound(bookingId)
    const policy = { ...booking, cancel_notice_minutes: service.cancel_notice_minutes }
    if (request.by === 'shopper' && !mayShopperCancel(policy, now))
      throw new ApplicationError(
        'BOOKING_RESCHEDULE_TOO_LATE',
        `${service.name} can be moved online only until ${service.cancel_notice_minutes / 60} hours before it starts: contact the shop`,
        { bookingId },
      )
    const slot = await freeSlotAt(tx, calendar, service, start, now, {
      exceptBookingId: bookingId,
      participants: booking.participants,
    })
    await moveBooking(tx, {
      id: bookingId,
      start: slot.start,
      end: slot.end,
      blockedUntil: new Date(slot.end.getTime() + calendar.bufferMinutes * 60_000),
      now,
    })
    const moved = {
      siteId,
      id: bookingId,
      serviceId: service.id,
      start: slot.start,
      end: slot.end,
      timeZone: calendar.timeZone,
      orderId: booking.order_id,
      checkoutId: booking.checkout_id ?? undefined,
    }
    await recordEvent(tx, bookingEvent('booking.rescheduled', moved, request.identity), now)
    const order = await lockOrder(tx, siteId, booking.order_id)
    if (order) {
      const line = movedBookingLine(order.lines, service.id, {
        scheduledDate: new Date(booking.start_date).toISOString(),
        endDate: new Date(booking.end_date).toISOString(),
        timeZone: calendar.timeZone,
      })
      if (line)
        await setOrderLineDescription(
          tx,
          line.id,
          serviceLineDescription({
            scheduledDate: slot.start.toISOString(),
            endDate: slot.end.toISOString(),
            timeZone: calendar.timeZone,
          }).descriptionLines,
        )
      const { slot: mailSlot, file } = bookedSlotForMail(
        {
          id: bookingId,
          serviceName: service.name,
          location: service.location,
          start: slot.start,
          end: slot.end,
          timeZone: calendar.timeZone,
          cancelUrl: deps.bookingCancelLink?.(bookingId, slot.start),
        },
        order.shop,
        now,
      )
      await enqueueMail(
        tx,
        bookingMovedMail(order.shop, { ...mailOrder(order), attachments: [file] }, mailSlot),
        now,
      )
    }
    return {
      ...booking,
      start_date: slot.start,
      end_date: slot.end,
      rescheduled_date: now,
      attendance: null,
      attendance_date: null,
    }
  })
}
