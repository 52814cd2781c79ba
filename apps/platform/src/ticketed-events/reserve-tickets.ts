import { randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  countTakenTickets,
  findTicketedEvent,
  findTicketTypes,
  insertReservation,
  type TicketedEventRow,
  type TicketTypeRow,
} from './ticketed-event-store.ts'

/** Tickets of one type a buyer asks for. */
export interface TicketQuantity {
  ticketTypeId: string
  quantity: number
}

/** Tickets held for a buyer while they pay. */
export interface TicketReservation {
  id: string
  event: TicketedEventRow
  heldUntil: Date
  lines: { ticketType: TicketTypeRow; quantity: number }[]
}

// No 0/O or 1/I: a code read aloud at the door or typed from paper is not mistaken.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A ticket's code: 10 characters of a 32-letter alphabet (50 random bits), what the door types or scans. */
export function newTicketCode(): string {
  const bytes = randomBytes(10)
  let code = ''
  for (const byte of bytes) code += CODE_ALPHABET[byte & 31]
  return code
}

/** Whether registration for the event is open at `now`: published, inside its window, not over. */
export function registrationProblem(event: TicketedEventRow, now: Date): string | undefined {
  if (event.status === 'CANCELLED') return 'This event was cancelled'
  if (event.registration_opens && event.registration_opens > now) return 'Registration has not opened yet'
  const closes = event.registration_closes ?? event.end_date
  if (closes <= now) return 'Registration is closed'
  return undefined
}

/** Whether a ticket type is on sale at `now` (its own sales window). */
export function saleProblem(type: TicketTypeRow, now: Date): string | undefined {
  if (type.sale_starts && type.sale_starts > now) return `"${type.name}" is not on sale yet`
  if (type.sale_ends && type.sale_ends <= now) return `"${type.name}" is no longer on sale`
  return undefined
}

/**
 * Reserves tickets of one or more types of a published event for the event's hold time, in one
 * transaction (decision 070). The event's row is locked first, so every reservation of one event takes
 * its turn there: the tickets left (each type's quantity and the event's capacity, less the tickets of
 * confirmed reservations and of holds that have not lapsed) are counted and taken under that lock, and
 * no two buyers are given the same last ticket. Each ticket gets its code now; it is the buyer's once
 * the order that pays the reservation is placed.
 *
 * @throws {ApplicationError} EVENT_NOT_FOUND, TICKET_TYPE_NOT_FOUND, REGISTRATION_CLOSED,
 * TICKET_LIMIT_EXCEEDED, TICKETS_SOLD_OUT (nothing is stored).
 */
export async function reserveTickets(
  db: Db,
  request: { siteId: string; eventId: string; tickets: readonly TicketQuantity[]; now: Date },
): Promise<TicketReservation> {
  const wanted = new Map<string, number>()
  for (const ask of request.tickets)
    wanted.set(ask.ticketTypeId, (wanted.get(ask.ticketTypeId) ?? 0) + ask.quantity)
  for (const [id, quantity] of wanted) if (quantity === 0) wanted.delete(id)
  if (wanted.size === 0)
    throw new ApplicationError('TICKET_TYPE_NOT_FOUND', 'Choose at least one ticket', {
      eventId: request.eventId,
    })
  return db.transaction(async (tx) => {
    const event = await findTicketedEvent(tx, request.siteId, { id: request.eventId }, { lock: true })
    if (!event || event.status === 'DRAFT')
      throw new ApplicationError('EVENT_NOT_FOUND', 'There is no such event', { eventId: request.eventId })
    const closed = registrationProblem(event, request.now)
    if (closed) throw new ApplicationError('REGISTRATION_CLOSED', closed, { eventId: event.id })
    const types = await findTicketTypes(tx, request.siteId, { eventIds: [event.id] })
    const lines: TicketReservation['lines'] = []
    for (const [ticketTypeId, quantity] of wanted) {
      const ticketType = types.find((type) => type.id === ticketTypeId)
      if (!ticketType)
        throw new ApplicationError('TICKET_TYPE_NOT_FOUND', 'The event has no such ticket', { ticketTypeId })
      const notOnSale = saleProblem(ticketType, request.now)
      if (notOnSale) throw new ApplicationError('REGISTRATION_CLOSED', notOnSale, { ticketTypeId })
      if (quantity > ticketType.limit_per_order)
        throw new ApplicationError(
          'TICKET_LIMIT_EXCEEDED',
          `At most ${ticketType.limit_per_order} "${ticketType.name}" tickets per order`,
          { ticketTypeId, limitPerCheckout: ticketType.limit_per_order },
        )
      lines.push({ ticketType, quantity })
    }
    const taken = await countTakenTickets(tx, event.id, request.now)
    for (const { ticketType, quantity } of lines) {
      const left = ticketType.quantity - (taken.get(ticketType.id) ?? 0)
      if (quantity > left)
        throw new ApplicationError(
          'TICKETS_SOLD_OUT',
          left > 0
            ? `Only ${left} "${ticketType.name}" tickets are left`
            : `"${ticketType.name}" is sold out`,
          { ticketTypeId: ticketType.id, available: Math.max(0, left) },
        )
    }
    if (event.capacity !== null) {
      const seated = [...taken.values()].reduce((sum, count) => sum + count, 0)
      const asked = lines.reduce((sum, line) => sum + line.quantity, 0)
      const left = event.capacity - seated
      if (asked > left)
        throw new ApplicationError(
          'TICKETS_SOLD_OUT',
          left > 0 ? `Only ${left} places are left at this event` : 'This event is sold out',
          { eventId: event.id, available: Math.max(0, left) },
        )
    }
    const reservation: TicketReservation = {
      id: randomUUID(),
      event,
      heldUntil: new Date(request.now.getTime() + event.hold_minutes * 60_000),
      lines,
    }
    await insertReservation(tx, {
      id: reservation.id,
      siteId: request.siteId,
      eventId: event.id,
      heldUntil: reservation.heldUntil,
      tickets: lines.flatMap(({ ticketType, quantity }) =>
        Array.from({ length: quantity }, () => ({
          id: randomUUID(),
          ticketTypeId: ticketType.id,
          code: newTicketCode(),
        })),
      ),
      now: request.now,
    })
    return reservation
  })
}
