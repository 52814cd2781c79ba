import type { Db } from '../db/db.ts'
import {
  confirmHeldReservations,
  countTakenTickets,
  findTicketedEvent,
  findTicketsOfReservations,
  findTicketTypes,
  lockReservationsWithEvents,
} from './ticketed-event-store.ts'

/**
 * Confirms the reservations an order pays, in the order's transaction, under their events' row locks
 * (decision 070): a live hold is the buyer's; a lapsed one is confirmed only when its tickets are still
 * left (each type's quantity and the event's capacity, counting confirmed reservations and live holds).
 * Answers the id of a reservation that cannot be confirmed (nothing is written then, and the caller
 * refuses the order), or `undefined` when all were.
 */
export async function confirmReservationsForOrder(
  tx: Db,
  siteId: string,
  reservationIds: readonly string[],
  orderId: string,
  now: Date,
): Promise<string | undefined> {
  const reservations = await lockReservationsWithEvents(tx, siteId, reservationIds)
  for (const id of reservationIds) {
    const reservation = reservations.find((row) => row.id === id)
    if (!reservation || reservation.status !== 'HELD') return id
    const event = await findTicketedEvent(tx, siteId, { id: reservation.event_id })
    if (!event || event.status !== 'PUBLISHED') return id
    if (reservation.held_until && reservation.held_until > now) continue
    // A lapsed hold counts no more: its tickets are confirmed only if they fit beside everyone else's.
    const [taken, types, tickets] = await Promise.all([
      countTakenTickets(tx, event.id, now),
      findTicketTypes(tx, siteId, { eventIds: [event.id] }),
      findTicketsOfReservations(tx, [id]),
    ])
    const asked = new Map<string, number>()
    for (const ticket of tickets)
      asked.set(ticket.ticket_type_id, (asked.get(ticket.ticket_type_id) ?? 0) + 1)
    for (const [typeId, count] of asked) {
      const type = types.find((row) => row.id === typeId)
      if (!type || (taken.get(typeId) ?? 0) + count > type.quantity) return id
    }
    const seated = [...taken.values()].reduce((sum, count) => sum + count, 0)
    if (event.capacity !== null && seated + tickets.length > event.capacity) return id
  }
  await confirmHeldReservations(tx, reservationIds, orderId)
  return undefined
}
