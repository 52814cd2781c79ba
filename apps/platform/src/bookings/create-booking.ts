import type { HeldSlot } from '../carts/booked-slot-lines.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { type EventIdentity, recordEvent } from '../events/event-outbox.ts'
import { bookingEvent } from './booking-events.ts'
import { findLiveHolds } from './booking-store.ts'
import { type Hold, holdSlot } from './hold-slot.ts'

/**
 * Holds a free slot of a service for the calendar's hold time and records `booking.created`, in one
 * transaction: the booking a headless site then adds to the current cart by its id, beside products, as
 * the Wix Bookings client does (`bookings.createBooking`, then `addToCurrentCart` with the services
 * catalogue's app id; decision 082), for `participants` places of a class's session (decision 083). The order placed from that cart confirms it, as a bookings checkout's.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND, SLOT_NOT_AVAILABLE (nothing is stored).
 */
export async function createBooking(
  deps: { db: Db; clock: Clock },
  request: {
    siteId: string
    serviceId: string
    start: Date
    participants?: number
    identity: EventIdentity
  },
): Promise<Hold & { createdDate: Date }> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const hold = await holdSlot(tx, {
      siteId: request.siteId,
      serviceId: request.serviceId,
      start: request.start,
      participants: request.participants,
      now,
    })
    await recordEvent(
      tx,
      bookingEvent(
        'booking.created',
        {
          siteId: request.siteId,
          id: hold.bookingId,
          serviceId: hold.service.id,
          start: hold.start,
          end: hold.end,
          timeZone: hold.timeZone,
        },
        request.identity,
      ),
      now,
    )
    return { ...hold, createdDate: now }
  })
}

/** The site's live holds with these ids as current-cart lines sell them, by booking id. */
export async function findHeldSlots(
  db: Db,
  siteId: string,
  bookingIds: readonly string[],
  now: Date,
): Promise<Map<string, HeldSlot>> {
  const rows = await findLiveHolds(db, siteId, bookingIds, now)
  return new Map(
    rows.map((row) => [
      row.id,
      {
        serviceId: row.service_id,
        properties: {
          bookingId: row.id,
          scheduledDate: new Date(row.start_date).toISOString(),
          endDate: new Date(row.end_date).toISOString(),
          timeZone: row.time_zone,
          numberOfParticipants: row.participants,
        },
      },
    ]),
  )
}
