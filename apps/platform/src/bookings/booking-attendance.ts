import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { type BookingRow, findBookingById, setBookingAttendance } from './booking-store.ts'
import { bookingNotFound, isBookingId } from './reschedule-booking.ts'

/** Whether a booked customer came, in words for people (the desk's badge and buttons). */
export const attendanceWords = { ATTENDED: 'Attended', NO_SHOW: 'No-show' } as const

/**
 * Marks whether the customer of a booking came (decision 074): attended or a no-show, once it has started;
 * marked again, the last word stands. A cancelled booking has nobody to come.
 *
 * @throws {ApplicationError} `BOOKING_NOT_FOUND`, `BOOKING_NOT_CONFIRMED`, `BOOKING_NOT_STARTED`; nothing changed.
 */
export async function markBookingAttendance(
  db: Db,
  request: { siteId: string; bookingId: string; attendance: 'ATTENDED' | 'NO_SHOW'; now: Date },
): Promise<BookingRow> {
  const { siteId, bookingId, now } = request
  if (!isBookingId(bookingId)) throw bookingNotFound(bookingId)
  const marked = await setBookingAttendance(db, siteId, bookingId, request.attendance, now)
  if (marked) return marked
  const booking = await findBookingById(db, bookingId)
  if (!booking?.order_id || booking.site_id !== siteId) throw bookingNotFound(bookingId)
  if (booking.status !== 'CONFIRMED')
    throw new ApplicationError('BOOKING_NOT_CONFIRMED', 'A cancelled booking has nobody to come', {
      bookingId,
    })
  throw new ApplicationError(
    'BOOKING_NOT_STARTED',
    'Whether the customer came can be marked once the booking has started',
    { bookingId },
  )
}
