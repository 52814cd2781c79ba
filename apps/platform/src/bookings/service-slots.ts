import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  findBusyTimes,
  findScheduleCalendar,
  findServices,
  findTakenPlaces,
  type ScheduleCalendar,
  type ServiceRow,
} from './booking-store.ts'
import { classSessions } from './class-sessions.ts'
import { type FreeSlot, freeSlots } from './free-slots.ts'

/** A slot of a service with its places: an appointment's free slot has one; a class's session its own. */
export interface ServiceSlot extends FreeSlot {
  totalSpots: number
  /** Places still free: 0 for a full session (an appointment's taken slot is not answered at all). */
  openSpots: number
}

/** The longest range of one slots query: two months, so one answer stays small. */
export const MAX_SLOT_RANGE_DAYS = 62

/** An offered service with its calendar. */
export interface ServiceWithCalendar {
  service: ServiceRow
  calendar: ScheduleCalendar
}

/**
 * The offered service with this id and its calendar.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND when the site offers no such service.
 */
export async function getServiceWithCalendar(
  db: Db,
  siteId: string,
  serviceId: string,
): Promise<ServiceWithCalendar> {
  const [service] = await findServices(db, siteId, { ids: [serviceId] })
  const calendar = service && (await findScheduleCalendar(db, service.schedule_id))
  if (!service || !calendar)
    throw new ApplicationError('SERVICE_NOT_FOUND', `The site offers no service "${serviceId}"`, {
      serviceId,
    })
  return { service, calendar }
}

/**
 * The slots of a service that start in `[from, to)` (decision 065): an appointment's free slots from its
 * calendar's hours and exceptions, less its bookings and live holds, each with one place; a class's
 * sessions from its timetable, each with its places left, full ones included (decision 083). The range is
 * cut to {@link MAX_SLOT_RANGE_DAYS}.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND when the site offers no such service.
 */
export async function listServiceSlots(
  db: Db,
  siteId: string,
  serviceId: string,
  range: { from: Date; to: Date; now: Date },
): Promise<ServiceWithCalendar & { slots: ServiceSlot[] }> {
  const found = await getServiceWithCalendar(db, siteId, serviceId)
  const to = new Date(Math.min(range.to.getTime(), range.from.getTime() + MAX_SLOT_RANGE_DAYS * 86_400_000))
  return { ...found, slots: await slotsOf(db, found, { ...range, to }) }
}

/**
 * The slots of a service with its calendar in a range, read in the caller's transaction (under the
 * calendar's lock when a hold or confirmation checks one).
 */
export async function slotsOf(
  db: Db,
  { service, calendar }: ServiceWithCalendar,
  range: { from: Date; to: Date; now: Date },
  options: { exceptBookingId?: string } = {},
): Promise<ServiceSlot[]> {
  if (service.type === 'CLASS') {
    const taken = await findTakenPlaces(db, service.id, range, options)
    return classSessions(
      calendar,
      { timetable: service.timetable, durationMinutes: service.duration_minutes, capacity: service.capacity },
      taken,
      range,
    )
  }
  // A booking that starts up to a day before the range may still reach into it.
  const busy = await findBusyTimes(
    db,
    calendar.id,
    {
      from: new Date(range.from.getTime() - 86_400_000),
      to: new Date(range.to.getTime() + (service.duration_minutes + calendar.bufferMinutes) * 60_000),
      now: range.now,
    },
    options,
  )
  return freeSlots(calendar, service.duration_minutes, busy, range).map((slot) => ({
    ...slot,
    totalSpots: 1,
    openSpots: 1,
  }))
}
