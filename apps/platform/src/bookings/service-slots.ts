import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  findBusyTimes,
  findScheduleCalendar,
  findServices,
  type ScheduleCalendar,
  type ServiceRow,
} from './booking-store.ts'
import { type FreeSlot, freeSlots } from './free-slots.ts'

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
 * The free slots of a service that start in `[from, to)`: from its calendar's hours and exceptions, less
 * its bookings and live holds (decision 065). The range is cut to {@link MAX_SLOT_RANGE_DAYS}.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND when the site offers no such service.
 */
export async function listServiceSlots(
  db: Db,
  siteId: string,
  serviceId: string,
  range: { from: Date; to: Date; now: Date },
): Promise<ServiceWithCalendar & { slots: FreeSlot[] }> {
  const found = await getServiceWithCalendar(db, siteId, serviceId)
  const to = new Date(Math.min(range.to.getTime(), range.from.getTime() + MAX_SLOT_RANGE_DAYS * 86_400_000))
  // A booking that starts up to a day before the range may still reach into it.
  const busy = await findBusyTimes(db, found.calendar.id, {
    from: new Date(range.from.getTime() - 86_400_000),
    to: new Date(to.getTime() + found.service.duration_minutes * 60_000),
    now: range.now,
  })
  return {
    ...found,
    slots: freeSlots(found.calendar, found.service.duration_minutes, busy, { ...range, to }),
  }
}
