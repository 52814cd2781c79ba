import { AsyncLocalStorage } from 'node:async_hooks'
import { dateFormatOf, zoneNameAt } from '../../time-zones/zone-words.ts'

/**
 * How the dashboard writes counts and times, once for every page (decisions 071 and 087): "1 session", "3
 * sessions"; "1 Jan 2026, 00:00 UTC" for a moment, "1 Jan 2026" for a day, each in the shop's time zone.
 */

/**
 * The shop's time zone for the request being answered: `createDashboardRoutes` runs every page and form of
 * a signed-in owner in their shop's zone (`inShopTimeZone`), so every time a page writes is in it without
 * each page passing it on (decision 087). Outside a dashboard request it is UTC.
 */
const shopTimeZones = new AsyncLocalStorage<string>()

/** Runs `work` with `timeZone` as the shop's time zone of `timeText`, `dayText` and `clockText`. */
export function inShopTimeZone<T>(timeZone: string, work: () => T): T {
  return shopTimeZones.run(timeZone, work)
}

/** The IANA time zone of the shop whose dashboard page is being answered; UTC outside one. */
export function shopTimeZone(): string {
  return shopTimeZones.getStore() ?? 'UTC'
}

/**
 * The shop's time zone as a merchant reads it beside a field: "New York time" for America/New_York,
 * "UTC" for UTC.
 */
export function timeZoneText(timeZone = shopTimeZone()): string {
  if (timeZone === 'UTC') return 'UTC'
  return `${(timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')} time`
}

/** A count with its noun, singular or plural as the count needs: `countText(1, 'session')` is "1 session". */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

/** How a time is written, per zone and precision. */
function formatOf(timeZone: string, precision: 'day' | 'minute' | 'second'): Intl.DateTimeFormat {
  return dateFormatOf('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
    ...(precision === 'day'
      ? {}
      : {
          hour: '2-digit',
          minute: '2-digit',
          ...(precision === 'second' ? { second: '2-digit' } : {}),
          hourCycle: 'h23',
        }),
  })
}

/**
 * A moment to the minute with its zone: "1 Jan 2026, 00:00 UTC" (to the second where seconds matter, as
 * a webhook's next attempt: "1 Jan 2026, 00:00:30 UTC"); "—" for none.
 */
export function timeText(
  value: Date | string | null | undefined,
  options: { timeZone?: string; seconds?: boolean } = {},
): string {
  if (value === null || value === undefined) return '—'
  const timeZone = options.timeZone ?? shopTimeZone()
  const instant = new Date(value)
  return `${formatOf(timeZone, options.seconds ? 'second' : 'minute').format(instant)} ${zoneNameAt(instant, timeZone)}`
}

/** The day of a moment: "1 Jan 2026"; "—" for none. */
export function dayText(value: Date | string | null | undefined, timeZone = shopTimeZone()): string {
  if (value === null || value === undefined) return '—'
  return formatOf(timeZone, 'day').format(new Date(value))
}

/** The time of day of a moment in a zone, 24-hour: "09:00" (a calendar's rows, under their day). */
export function clockText(value: Date | string, timeZone = shopTimeZone()): string {
  return dateFormatOf('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(value),
  )
}

/** A local date (`YYYY-MM-DD`) with its weekday: "Mon 7 Dec 2026". */
export function weekdayDateText(localDate: string): string {
  return weekdayFormatOf('UTC').format(new Date(`${localDate}T12:00:00Z`))
}

/** A day with its weekday in a zone ("Thu, 3 Dec 2026"). */
function weekdayFormatOf(timeZone: string): Intl.DateTimeFormat {
  return dateFormatOf('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  })
}

/**
 * A span of time in one zone, the dashboard's way: "Thu, 3 Dec 2026, 16:00–16:45 EST" within a day (a
 * booking, in its calendar's zone), "Sat, 16 Oct 2027, 18:00 – Sun, 17 Oct 2027, 02:00 EDT" across days (an
 * event, in its own); the zone's short name as `timeText` writes it, never its IANA id.
 */
export function spanText(start: Date | string, end: Date | string, timeZone = shopTimeZone()): string {
  const dayOf = (value: Date | string) => weekdayFormatOf(timeZone).format(new Date(value))
  const zoneName = zoneText(start, timeZone)
  const [startDay, endDay] = [dayOf(start), dayOf(end)]
  if (startDay !== endDay)
    return `${startDay}, ${clockText(start, timeZone)} – ${endDay}, ${clockText(end, timeZone)} ${zoneName}`
  return `${startDay}, ${clockText(start, timeZone)}–${clockText(end, timeZone)} ${zoneName}`
}

/** A day with its weekday, without its year ("Sat 18 Sept"), or with it ("Sat 18 Sept 2027"), in a zone. */
function shortDayOf(value: Date | string, timeZone: string, withYear: boolean): string {
  return dateFormatOf('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  })
    .format(new Date(value))
    .replace(',', '')
}

/**
 * A span of time the short way, for a list that has a phone's width (decision 100), in two lines a cell
 * may break between and never inside: ["Sat 18 Sept", "18:00–21:00 EDT"] within a day, ["Sat 16 Oct, 18:00
 * –", "Sun 17 Oct, 02:00 EDT"] across days; the year only when it is not `now`'s (in that zone). `spanText`
 * is the same span the long way, for a page about one thing.
 */
export function spanLines(
  start: Date | string,
  end: Date | string,
  timeZone = shopTimeZone(),
  now: Date = new Date(),
): [string, string] {
  const year = (value: Date | string) => toYear(value, timeZone)
  const withYear = year(start) !== year(now) || year(end) !== year(now)
  const [startDay, endDay] = [shortDayOf(start, timeZone, withYear), shortDayOf(end, timeZone, withYear)]
  const zoneName = zoneText(start, timeZone)
  if (startDay !== endDay)
    return [
      `${startDay}, ${clockText(start, timeZone)} –`,
      `${endDay}, ${clockText(end, timeZone)} ${zoneName}`,
    ]
  return [startDay, `${clockText(start, timeZone)}–${clockText(end, timeZone)} ${zoneName}`]
}

/** The year of a moment in a zone ("2027"). */
function toYear(value: Date | string, timeZone: string): string {
  return dateFormatOf('en-GB', { year: 'numeric', timeZone }).format(new Date(value))
}

/** A zone's short name at a moment, as `timeText` writes it after a time: "EST", "CET", "UTC" (`zoneNameAt`). */
export function zoneText(at: Date | string, timeZone = shopTimeZone()): string {
  return zoneNameAt(at, timeZone)
}

/** One zone in a picker: its IANA id as the value, the words a merchant knows it by as the label. */
export interface TimeZoneOption {
  value: string
  label: string
}

/** The instants a zone's standard offset is read at: a northern and a southern winter's day. */
const OFFSET_DAYS = [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')]

/** A zone's offset from UTC in minutes at an instant ("GMT-05:00" is -300; "GMT" is 0). */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name)
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/** "(GMT-05:00)": an offset the way zone pickers write it. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const whole = Math.abs(minutes)
  return `(GMT${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')})`
}

/**
 * A zone as a picker lists it: "(GMT-05:00) Eastern Time — New York", its standard (winter) offset, the
 * name Intl gives the zone all year (`longGeneric`, left out where it is only an offset) and its city
 * (unless the name says it: "(GMT+04:00) Mauritius Standard Time");
 * "(GMT+00:00) UTC" for UTC. Never the IANA id (decision 100).
 */
function timeZoneOptionOf(timeZone: string): TimeZoneOption & { offset: number } {
  const offset = Math.min(...OFFSET_DAYS.map((day) => offsetMinutesAt(day, timeZone)))
  if (timeZone === 'UTC') return { value: timeZone, label: `${offsetText(0)} UTC`, offset }
  const generic =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(OFFSET_DAYS[0])
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  const city = (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')
  const label =
    /^GMT/.test(generic) || generic === '' ? city : generic.includes(city) ? generic : `${generic} — ${city}`
  return { value: timeZone, label: `${offsetText(offset)} ${label}`, offset }
}

let allTimeZoneOptions: readonly TimeZoneOption[] | undefined

/**
 * Every time zone a shop, a calendar or an event may be in (UTC and the runtime's IANA zones), as a picker
 * lists them: by offset, west to east, then by name; `current` kept first when it is a zone the list lacks
 * (an alias a calendar was saved with). The value sent is the IANA id, which the server validates.
 */
export function timeZoneOptions(current = ''): readonly TimeZoneOption[] {
  allTimeZoneOptions ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
    .map(timeZoneOptionOf)
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, 'en'))
    .map(({ value, label }) => ({ value, label }))
  if (current === '' || allTimeZoneOptions.some((option) => option.value === current))
    return allTimeZoneOptions
  try {
    const { value, label } = timeZoneOptionOf(current)
    return [{ value, label }, ...allTimeZoneOptions]
  } catch {
    return allTimeZoneOptions
  }
}
