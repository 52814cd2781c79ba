import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { findSoldTicketByCode, markCheckedIn, type SoldTicket } from './ticketed-event-store.ts'

/** What the door learns of a code: checked in now, or used already (and when). */
export type CheckIn =
  | { kind: 'checked-in'; ticket: SoldTicket; at: Date }
  | { kind: 'already-used'; ticket: SoldTicket; at: Date }

/** A code as staff type it: spaces and dashes left out, capitals. */
export function normaliseTicketCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase()
}

/**
 * Checks a sold ticket in at the door (decision 070): once, under its row lock, so two doors scanning the
 * same code at once let one in and tell the other when it was used.
 *
 * @throws {ApplicationError} TICKET_NOT_FOUND when no paid ticket of the shop has the code;
 * TICKET_CANCELLED when its order was refunded or its event cancelled (decision 075).
 */
export async function checkInTicket(
  db: Db,
  request: { siteId: string; code: string; now: Date },
): Promise<CheckIn> {
  const code = normaliseTicketCode(request.code)
  return db.transaction(async (tx) => {
    const ticket = /^[A-Z0-9]{4,20}$/.test(code)
      ? await findSoldTicketByCode(tx, request.siteId, code, { lock: true })
      : undefined
    if (!ticket) throw new ApplicationError('TICKET_NOT_FOUND', `No ticket has the code "${code}"`, { code })
    if (ticket.cancelled_date)
      throw new ApplicationError(
        'TICKET_CANCELLED',
        `${ticket.code} was cancelled (refunded, or its event cancelled): it does not let anyone in`,
        { code: ticket.code, cancelledDate: new Date(ticket.cancelled_date).toISOString() },
      )
    if (ticket.checked_in_date) return { kind: 'already-used', ticket, at: new Date(ticket.checked_in_date) }
    await markCheckedIn(tx, ticket.id, request.now)
    return { kind: 'checked-in', ticket: { ...ticket, checked_in_date: request.now }, at: request.now }
  })
}
