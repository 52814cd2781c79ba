/**
 * Local wall-clock times in an IANA time zone and the instants they name, with the platform's own
 * `Intl` (no time-zone library): a shop's hours are local, its slots are instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether the platform knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    formatterOf(name)
    return true
  } catch {
    return false
  }
}

/** The wall-clock fields of an instant in a zone. */
export function localPartsOf(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** Minutes the zone is ahead of UTC at this instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = localPartsOf(instant, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
}

/** `YYYY-MM-DDThh:mm:ss` of an instant in a zone (the Time Slots API's local dates). */
export function toLocalDateTime(instant: Date, timeZone: string): string {
  const p = localPartsOf(instant, timeZone)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}`
}

/**
 * An instant as its local date and time in a zone with that zone's offset then (`Z` at none):
 * `2026-06-02T09:00:00-04:00`. Read as an instant or as a local time of the zone, it names the same moment.
 */
export function toZonedDateTime(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone)
  if (offset === 0) return `${toLocalDateTime(instant, timeZone)}Z`
  const two = (n: number) => String(n).padStart(2, '0')
  const size = Math.abs(offset)
  return `${toLocalDateTime(instant, timeZone)}${offset < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function toLocalDate(instant: Date, timeZone: string): string {
  return toLocalDateTime(instant, timeZone).slice(0, 10)
}

/**
 * The instant a local date and time names in a zone, or `undefined` when the clocks skip it (the hour a
 * daylight-saving change jumps over). A time the clocks pass twice names its first instant.
 */
export function instantOfLocal(localDate: string, time: string, timeZone: string): Date | undefined {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The offset a day earlier and a day later bracket the change; the earlier one that fits wins.
  const candidates = [
    offsetMinutes(new Date(asUtc - 86_400_000), timeZone),
    offsetMinutes(new Date(asUtc + 86_400_000), timeZone),
  ].map((offset) => new Date(asUtc - offset * 60_000))
  return candidates
    .sort((a, b) => a.getTime() - b.getTime())
    .find((candidate) => toLocalDateTime(candidate, timeZone).slice(0, 16) === `${localDate}T${time}`)
}

/**
 * The instant of a local `YYYY-MM-DDThh:mm[:ss]` in a zone; a skipped time is read with the offset
 * before the change (as a clock that was not moved would show it).
 */
export function instantOfLocalDateTime(local: string, timeZone: string): Date {
  const date = local.slice(0, 10)
  const time = local.slice(11, 16)
  const found = instantOfLocal(date, time, timeZone)
  if (found) return found
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  return new Date(asUtc - offsetMinutes(new Date(asUtc - 86_400_000), timeZone) * 60_000)
}

/** The local date a number of days after another (calendar days, whatever the zone does). */
export function addDays(localDate: string, days: number): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** ISO weekday of a local date: Monday is 1, Sunday 7. */
export function weekdayOf(localDate: string): number {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number]
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1
}

/**
 * The instant a slot's `startDate` names as the Wix Bookings client sends it: with a valid `zone`, a local
 * date and time of that zone whose offset, if any, is ignored (as upstream reads it); without, an ISO-8601
 * instant. `undefined` when it reads as no date.
 */
export function instantOfSlotDate(startDate: string, zone: string | undefined): Date | undefined {
  const start =
    zone && isTimeZone(zone) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(startDate)
      ? instantOfLocalDateTime(startDate.slice(0, 19), zone)
      : new Date(startDate)
  return Number.isNaN(start.getTime()) ? undefined : start
}
