import { addDays, instantOfLocalDateTime, toLocalDate, weekdayOf } from '../../bookings/zoned-time.ts'

/** The calendar's two views: a day, or the week (Monday to Sunday) around a date. */
export type CalendarView = 'day' | 'week'

/** The local days a view shows and the instants they span, in the shop's zone. */
export interface CalendarRange {
  view: CalendarView
  /** The date asked for (`YYYY-MM-DD`, local). */
  date: string
  /** Each local date shown, in order. */
  days: string[]
  from: Date
  to: Date
  /** The dates of the view before and after, and today, for the calendar's links. */
  previous: string
  next: string
  today: string
}

/**
 * The range a calendar view shows in a zone (decision 074): the local day, or the local week from Monday,
 * from the first instant of its first day to the first instant of the day after its last. Days are
 * counted in the zone's calendar, so a week with a daylight-saving change spans 167 or 169 hours, and a
 * midnight the clocks skip starts its day at the first instant after it.
 */
export function calendarRange(
  view: CalendarView,
  date: string | undefined,
  timeZone: string,
  now: Date,
): CalendarRange {
  const today = toLocalDate(now, timeZone)
  const asked = date ?? today
  const first = view === 'week' ? addDays(asked, 1 - weekdayOf(asked)) : asked
  const count = view === 'week' ? 7 : 1
  const days = Array.from({ length: count }, (_, index) => addDays(first, index))
  return {
    view,
    date: asked,
    days,
    from: instantOfLocalDateTime(`${first}T00:00`, timeZone),
    to: instantOfLocalDateTime(`${addDays(first, count)}T00:00`, timeZone),
    previous: addDays(asked, -count),
    next: addDays(asked, count),
    today,
  }
}

/** Items by the local date of their start in a zone, each day's in the order given. */
export function byLocalDay<Item extends { start_date: Date }>(
  items: readonly Item[],
  timeZone: string,
): Map<string, Item[]> {
  const days = new Map<string, Item[]>()
  for (const item of items) {
    const day = toLocalDate(new Date(item.start_date), timeZone)
    days.set(day, [...(days.get(day) ?? []), item])
  }
  return days
}

/**
 * The places taken of each class session among bookings (decision 083): the participants of its confirmed
 * bookings, by `sessionKey`. A view shows a session's every booking, since they all start at its start.
 */
export function placesTakenBySession(
  bookings: readonly { service_id: string; start_date: Date; status: string; participants: number }[],
): Map<string, number> {
  const taken = new Map<string, number>()
  for (const booking of bookings) {
    if (booking.status !== 'CONFIRMED') continue
    const key = sessionKey(booking)
    taken.set(key, (taken.get(key) ?? 0) + booking.participants)
  }
  return taken
}

/** A class session's key: its service and start instant. */
export const sessionKey = (booking: { service_id: string; start_date: Date }) =>
  `${booking.service_id}@${new Date(booking.start_date).toISOString()}`
