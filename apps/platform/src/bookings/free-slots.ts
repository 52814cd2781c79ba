import { addDays, instantOfLocalDateTime, toLocalDate, weekdayOf } from './zoned-time.ts'

/** Working hours on one weekday (Monday is 1), local `HH:MM` times; `end` may be `24:00`. */
export interface WeeklyHours {
  weekday: number
  start: string
  end: string
}

/** A day that differs from the week: closed all day, or open for extra hours (local times). */
export type ScheduleException =
  | { localDate: string; kind: 'CLOSED' }
  | { localDate: string; kind: 'EXTRA_HOURS'; start: string; end: string }

/** What a booking calendar says of when appointments may be: the rules of free slots. */
export interface BookingCalendar {
  timeZone: string
  weeklyHours: readonly WeeklyHours[]
  exceptions: readonly ScheduleException[]
  /** Time kept free after each appointment. */
  bufferMinutes: number
  /** How late a booking may be made: a slot starts at least this long after now. */
  minNoticeMinutes: number
  /** How far ahead a booking may be made: a slot starts at most this many days after now. */
  maxAheadDays: number
}

/** Time the calendar is taken: a confirmed booking or a live hold, from its start to its end plus buffer. */
export interface BusyTime {
  start: Date
  blockedUntil: Date
}

/** A bookable appointment: its start and end instants. */
export interface FreeSlot {
  start: Date
  end: Date
}

const MINUTE = 60_000

/** The instant a local time of a local date names; `24:00` is the next day's midnight. */
function instantOf(localDate: string, time: string, timeZone: string): Date {
  if (time === '24:00') return instantOfLocalDateTime(`${addDays(localDate, 1)}T00:00`, timeZone)
  return instantOfLocalDateTime(`${localDate}T${time}`, timeZone)
}

/** The opening hours of one local date: the week's, unless closed; extra hours are added either way. */
function openingsOf(calendar: BookingCalendar, localDate: string): { start: Date; end: Date }[] {
  const exceptions = calendar.exceptions.filter((exception) => exception.localDate === localDate)
  const isClosed = exceptions.some((exception) => exception.kind === 'CLOSED')
  const weekday = weekdayOf(localDate)
  const hours = [
    ...(isClosed ? [] : calendar.weeklyHours.filter((hours) => hours.weekday === weekday)),
    ...exceptions.flatMap((exception) => (exception.kind === 'EXTRA_HOURS' ? [exception] : [])),
  ]
  return hours
    .map((hours) => ({
      start: instantOf(localDate, hours.start, calendar.timeZone),
      end: instantOf(localDate, hours.end, calendar.timeZone),
    }))
    .filter((opening) => opening.end > opening.start)
}

/** Whether an appointment from `start` to `end` (and the buffer after it) would meet a busy time. */
export function overlapsBusy(slot: FreeSlot, bufferMinutes: number, busy: readonly BusyTime[]): boolean {
  const blockedUntil = slot.end.getTime() + bufferMinutes * MINUTE
  return busy.some((taken) => slot.start < taken.blockedUntil && taken.start.getTime() < blockedUntil)
}

/**
 * The free slots of an appointment of `durationMinutes` that start in `[from, to)`: each opening is cut
 * into appointments one after another with the buffer between them (in real minutes, so an opening over
 * a daylight-saving change holds an hour more or less), less those that meet a booking or hold (with
 * the buffer on either side), start sooner than the notice or further ahead than the calendar allows.
 * Sorted by start; a slot in two openings appears once.
 */
export function freeSlots(
  calendar: BookingCalendar,
  durationMinutes: number,
  busy: readonly BusyTime[],
  range: { from: Date; to: Date; now: Date },
): FreeSlot[] {
  const earliest = range.now.getTime() + calendar.minNoticeMinutes * MINUTE
  const latest = range.now.getTime() + calendar.maxAheadDays * 1440 * MINUTE
  const from = Math.max(range.from.getTime(), earliest)
  const to = Math.min(range.to.getTime(), latest + 1)
  if (from >= to) return []
  const step = (durationMinutes + calendar.bufferMinutes) * MINUTE
  const slots = new Map<number, FreeSlot>()
  // A local date's openings may start the evening before in UTC terms: a day either side is looked at.
  const last = addDays(toLocalDate(new Date(to), calendar.timeZone), 1)
  for (
    let date = addDays(toLocalDate(new Date(from), calendar.timeZone), -1);
    date <= last;
    date = addDays(date, 1)
  ) {
    for (const opening of openingsOf(calendar, date)) {
      for (
        let start = opening.start.getTime();
        start + durationMinutes * MINUTE <= opening.end.getTime();
        start += step
      ) {
        if (start < from || start >= to || slots.has(start)) continue
        const slot = { start: new Date(start), end: new Date(start + durationMinutes * MINUTE) }
        if (!overlapsBusy(slot, calendar.bufferMinutes, busy)) slots.set(start, slot)
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.start.getTime() - b.start.getTime())
}
