import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  findBusyTimes,
  findScheduleCalendar,
  insertHold,
  type ScheduleCalendar,
  type ServiceRow,
} from './booking-store.ts'
import { type FreeSlot, freeSlots } from './free-slots.ts'
import { getServiceWithCalendar } from './service-slots.ts'

/** A slot held for a shopper while they pay. */
export interface Hold {
  bookingId: string
  service: ServiceRow
  start: Date
  end: Date
  heldUntil: Date
  timeZone: string
}

/**
 * Holds a free slot of a service for the calendar's hold time, in the caller's transaction: the
 * calendar's row is locked first, so holds and confirmations on one calendar take turns, and the slot is
 * checked free under that lock (decision 065). Of any number of shoppers asking for one slot at once,
 * exactly one gets it.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND; SLOT_NOT_AVAILABLE when the slot is not one of the
 * service's free slots now (taken, held, closed, too soon or too far ahead).
 */
export async function holdSlot(
  tx: Db,
  request: { siteId: string; serviceId: string; start: Date; now: Date },
): Promise<Hold> {
  const { service } = await getServiceWithCalendar(tx, request.siteId, request.serviceId)
  const calendar = await findScheduleCalendar(tx, service.schedule_id, { lock: true })
  if (!calendar) throw new ApplicationError('SERVICE_NOT_FOUND', 'The service has no calendar', {})
  const slot = await freeSlotAt(tx, calendar, service, request.start, request.now)
  const hold: Hold = {
    bookingId: randomUUID(),
    service,
    start: slot.start,
    end: slot.end,
    heldUntil: new Date(request.now.getTime() + calendar.holdMinutes * 60_000),
    timeZone: calendar.timeZone,
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
    now: request.now,
  })
  return hold
}

/**
 * The free slot of a service that starts at `start` now, read under the calendar's lock the caller holds
 * (decision 065); with `exceptBookingId`, that booking's own time counts as free (a booking moved to a slot
 * that overlaps where it was).
 *
 * @throws {ApplicationError} SLOT_NOT_AVAILABLE when there is none: taken, held, closed, too soon or too far.
 */
export async function freeSlotAt(
  tx: Db,
  calendar: ScheduleCalendar,
  service: ServiceRow,
  start: Date,
  now: Date,
  options: { exceptBookingId?: string } = {},
): Promise<FreeSlot> {
  const duration = service.duration_minutes * 60_000
  const busy = await findBusyTimes(
    tx,
    calendar.id,
    {
      from: new Date(start.getTime() - 86_400_000),
      to: new Date(start.getTime() + duration + calendar.bufferMinutes * 60_000),
      now,
    },
    options,
  )
  const [slot] = freeSlots(calendar, service.duration_minutes, busy, {
    from: start,
    to: new Date(start.getTime() + 1),
    now,
  })
  if (!slot || slot.start.getTime() !== start.getTime())
    throw new ApplicationError('SLOT_NOT_AVAILABLE', 'That time is no longer free: choose another', {
      serviceId: service.id,
      startDate: start.toISOString(),
    })
  return slot
}
