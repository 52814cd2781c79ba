import type { Db } from '../db/db.ts'
import { type EventIdentity, recordEvent } from '../events/event-outbox.ts'
import { ApplicationError } from '../http/errors.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { mailOrder } from '../orders/order-actions.ts'
import { lockOrder } from '../orders/order-desk-store.ts'
import { bookingMovedMail } from '../orders/order-mails.ts'
import { bookedSlotForMail } from './booked-slot-mail.ts'
import { bookingEvent } from './booking-events.ts'
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
 * Moves a confirmed booking to another free slot of its service (decision 074). Under its calendar's lock,
 * the one every hold and confirmation takes (decision 065), the new start is checked to be a free slot now
 * (its own old time counting as free), so a move can never double-book; then, in the same transaction,
 * the booking is moved, `booking.rescheduled` recorded for webhooks and the customer mailed the new time
 * with its calendar file (the same `UID`, so their calendar moves the event). The order keeps what it
 * sold; whether the customer came is cleared, as it was said of the old time.
 *
 * @throws {ApplicationError} `BOOKING_NOT_FOUND`, `BOOKING_NOT_CONFIRMED` (cancelled), `SLOT_NOT_AVAILABLE`;
 * nothing changed.
 */
export async function rescheduleBooking(
  deps: { db: Db; bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined },
  request: { siteId: string; bookingId: string; start: Date; now: Date; identity: EventIdentity },
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
