import type { Db } from '../db/db.ts'
import {
  confirmHeldBookings,
  findBusyTimes,
  findServices,
  findTakenPlaces,
  lockBookingsWithCalendars,
} from './booking-store.ts'
import { overlapsBusy } from './free-slots.ts'

/**
 * Confirms the held bookings an order sells, in the order's transaction, under their calendars' row
 * locks (decision 065): a live hold is the shopper's; a lapsed one is confirmed only when no booking or
 * hold took its time meanwhile (for a class's session: while its places are still left, decision 083). Answers the id of a booking that cannot be confirmed (nothing is
 * written then, and the caller refuses the order), or `undefined` when all were.
 */
export async function confirmBookingsForOrder(
  tx: Db,
  siteId: string,
  bookingIds: readonly string[],
  orderId: string,
  now: Date,
): Promise<string | undefined> {
  const bookings = await lockBookingsWithCalendars(tx, siteId, bookingIds)
  for (const id of bookingIds) {
    const booking = bookings.find((row) => row.id === id)
    if (!booking || booking.status !== 'HELD') return id
    if (booking.held_until && booking.held_until > now) continue
    const start = new Date(booking.start_date)
    const [service] = await findServices(tx, siteId, { ids: [booking.service_id], includeHidden: true })
    if (service?.type === 'CLASS') {
      const taken = await findTakenPlaces(
        tx,
        service.id,
        { from: start, to: new Date(start.getTime() + 1), now },
        { exceptBookingId: booking.id },
      )
      if ((taken.get(start.getTime()) ?? 0) + booking.participants > service.capacity) return id
      continue
    }
    const busy = await findBusyTimes(
      tx,
      booking.schedule_id,
      { from: new Date(start.getTime() - 86_400_000), to: new Date(booking.blocked_until), now },
      { exceptBookingId: booking.id },
    )
    const bufferMinutes =
      (new Date(booking.blocked_until).getTime() - new Date(booking.end_date).getTime()) / 60_000
    if (overlapsBusy({ start, end: new Date(booking.end_date) }, bufferMinutes, busy)) return id
  }
  await confirmHeldBookings(tx, bookingIds, orderId)
  return undefined
}
