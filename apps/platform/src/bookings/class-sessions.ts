import type { BookingCalendar } from './free-slots.ts'
import { addDays, instantOfLocalDateTime, toLocalDate, toLocalDateTime, weekdayOf } from './zoned-time.ts'

/**
 * When a class meets (decision 083), in local times of its calendar's zone: weekly sessions (Monday is 1,
 * `HH:MM`), one-off sessions (`YYYY-MM-DDTHH:MM`) and the weekly sessions that do not take place
 * (`YYYY-MM-DDTHH:MM`, the local start of a weekly session).
 */
export interface ClassTimetable {
  weekly: { weekday: number; start: string }[]
  oneOff: string[]
  cancelled: string[]
}

/** A timetable with no sessions: what an appointment has. */
export const EMPTY_TIMETABLE: ClassTimetable = { weekly: [], oneOff: [], cancelled: [] }

/** A class's session: its start and end instants and its places (all of them, and those still free). */
export interface ClassSession {
  start: Date
  end: Date
  totalSpots: number
  openSpots: number
}

const MINUTE = 60_000

/**
 * The sessions of a class that start in `[from, to)`, within the calendar's notice and how far ahead it
 * books, soonest first; each with its places left: `capacity` less the participants of its bookings and
 * live holds (`taken`, by start instant). A full session is answered too, with no places open, so a page
 * can say "Full". Local times are read in the calendar's zone on each date, so a weekly 18:00 session
 * stays at 18:00 across a daylight-saving change; a time the clocks skip is read as a clock that was not
 * moved would show it.
 */
export function classSessions(
  calendar: Pick<BookingCalendar, 'timeZone' | 'minNoticeMinutes' | 'maxAheadDays'>,
  klass: { timetable: ClassTimetable; durationMinutes: number; capacity: number },
  taken: ReadonlyMap<number, number>,
  range: { from: Date; to: Date; now: Date },
): ClassSession[] {
  const earliest = range.now.getTime() + calendar.minNoticeMinutes * MINUTE
  const latest = range.now.getTime() + calendar.maxAheadDays * 1440 * MINUTE
  const from = Math.max(range.from.getTime(), earliest)
  const to = Math.min(range.to.getTime(), latest + 1)
  if (from >= to) return []
  const { timeZone } = calendar
  const cancelled = new Set(klass.timetable.cancelled)
  const starts = new Set<number>()
  const last = addDays(toLocalDate(new Date(to), timeZone), 1)
  for (let date = addDays(toLocalDate(new Date(from), timeZone), -1); date <= last; date = addDays(date, 1)) {
    const weekday = weekdayOf(date)
    for (const session of klass.timetable.weekly) {
      const local = `${date}T${session.start}`
      if (session.weekday === weekday && !cancelled.has(local))
        starts.add(instantOfLocalDateTime(local, timeZone).getTime())
    }
  }
  for (const local of klass.timetable.oneOff) starts.add(instantOfLocalDateTime(local, timeZone).getTime())
  return [...starts]
    .filter((start) => start >= from && start < to)
    .sort((a, b) => a - b)
    .map((start) => ({
      start: new Date(start),
      end: new Date(start + klass.durationMinutes * MINUTE),
      totalSpots: klass.capacity,
      openSpots: Math.max(0, klass.capacity - (taken.get(start) ?? 0)),
    }))
}

/** The local `YYYY-MM-DDTHH:MM` a session starts at in a zone: how a timetable names a cancelled session. */
export function localSessionStart(start: Date, timeZone: string): string {
  return toLocalDateTime(start, timeZone).slice(0, 16)
}
