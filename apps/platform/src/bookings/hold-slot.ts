import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { findScheduleCalendar, insertHold, type ScheduleCalendar, type ServiceRow } from './booking-store.ts'
import { getServiceWithCalendar, type ServiceSlot, slotsOf } from './service-slots.ts'

/** A slot held for a shopper while they pay. */
export interface Hold {
  bookingId: string
  service: ServiceRow
  start: Date
  end: Date
  heldUntil: Date
  timeZone: string
  /** The places it holds: 1 for an appointment. */
  participants: number
}

/**
 * Holds a free slot of a service for the calendar's hold time, in the caller's transaction: the
 * calendar's row is locked first, so holds and confirmations on one calendar take turns, and the slot is
 * checked free under that lock (decision 065). Of any number of shoppers asking for one slot at once,
 * exactly one gets it. A class's session is held for `participants` places (1 when not said), and of
 * shoppers asking at once for more places than are left, only those that fit get them (decision 083).
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND; SLOT_NOT_AVAILABLE when the slot is not one of the
 * service's free slots now (taken, held, closed, too soon or too far ahead), or a class's session has
 * fewer places left than asked; TOO_MANY_PARTICIPANTS when more are asked than the service takes at once.
 */
export async function holdSlot(
  tx: Db,
  request: { siteId: string; serviceId: string; start: Date; now: Date; participants?: number },
): Promise<Hold> {
  const participants = request.participants ?? 1
  const { service } = await getServiceWithCalendar(tx, request.siteId, request.serviceId)
  const calendar = await findScheduleCalendar(tx, service.schedule_id, { lock: true })
  if (!calendar) throw new ApplicationError('SERVICE_NOT_FOUND', 'The service has no calendar', {})
  const slot = await freeSlotAt(tx, calendar, service, request.start, request.now, { participants })
  const hold: Hold = {
    bookingId: randomUUID(),
    service,
    start: slot.start,
    end: slot.end,
    heldUntil: new Date(request.now.getTime() + calendar.holdMinutes * 60_000),
    timeZone: calendar.timeZone,
    participants,
  }
  await insertHold(tx, {
    id: hold.bookingId,
    siteId: request.siteId,
    scheduleId: calendar.id,
    serviceId: service.id,
    start: slot.start,
    end: slot.end,
    blockedUntil: new Date(slot.end.getTime() + calendar.bufferMinutes * 60_000),
    heldUntil: hold.heldUntil,
    participants,
    now: request.now,
  })
  return hold
}

/**
 * The free slot of a service that starts at `start` now, read under the calendar's lock the caller holds
 * (decision 065); with `exceptBookingId`, that booking's own time (or places) counts as free (a booking
 * moved to a slot that overlaps where it was). A class's session must have `participants` places left.
 *
 * @throws {ApplicationError} SLOT_NOT_AVAILABLE when there is none: taken, held, closed, too soon or too
 * far, or a session with too few places left; TOO_MANY_PARTICIPANTS when `participants` is more than the
 * service takes at once.
 */
export async function freeSlotAt(
  tx: Db,
  calendar: ScheduleCalendar,
  service: ServiceRow,
  start: Date,
  now: Date,
  options: { exceptBookingId?: string; participants?: number } = {},
): Promise<ServiceSlot> {
  const participants = options.participants ?? 1
  if (!Number.isInteger(participants) || participants < 1 || participants > service.capacity)
    throw new ApplicationError(
      'TOO_MANY_PARTICIPANTS',
      service.type === 'CLASS'
        ? `A session of this class takes at most ${service.capacity} participants`
        : 'An appointment is for one participant',
      { serviceId: service.id, participants, capacity: service.capacity },
    )
  const [slot] = await slotsOf(
    tx,
    { service, calendar },
    { from: start, to: new Date(start.getTime() + 1), now },
    { exceptBookingId: options.exceptBookingId },
  )
  if (!slot || slot.start.getTime() !== start.getTime() || slot.openSpots < participants)
    throw new ApplicationError(
      'SLOT_NOT_AVAILABLE',
      slot && slot.start.getTime() === start.getTime() && slot.openSpots > 0
        ? `Only ${slot.openSpots} places are left in that session`
        : 'That time is no longer free: choose another',
      {
        serviceId: service.id,
        startDate: start.toISOString(),
        ...(slot && service.type === 'CLASS' ? { openSpots: slot.openSpots } : {}),
      },
    )
  return slot
}
