import { randomUUID } from 'node:crypto'
import { slugify } from '../catalogue/products/product-input.ts'
import type { Db } from '../db/db.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import {
  type CalendarFields,
  findScheduleCalendar,
  findServices,
  findSiteCalendars,
  insertService,
  type ServiceFields,
  saveCalendar,
  updateService,
} from './booking-store.ts'
import type { ScheduleException, WeeklyHours } from './free-slots.ts'
import { isTimeZone, weekdayOf } from './zoned-time.ts'

/** What the services editor sets of a service's calendar (its name and hold time stay as they are). */
export type CalendarRules = Pick<
  CalendarFields,
  'timeZone' | 'weeklyHours' | 'exceptions' | 'bufferMinutes' | 'minNoticeMinutes' | 'maxAheadDays'
>

/** A service and the rules of the calendar it is booked on, as the merchant sets them (decision 074). */
export interface ServiceInput {
  service: ServiceFields
  calendar: CalendarRules
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/

/** Field names of the rules, as the editor's fields are named: `hours-1` (Monday) … `hours-7` (Sunday). */
export const hoursField = (weekday: number) => `hours-${weekday}`

/** Whether a list of spans of one day has each start before its end and none overlapping. */
function spanProblem(spans: readonly { start: string; end: string }[]): string | undefined {
  for (const span of spans) {
    if (!TIME.test(span.start) || !TIME.test(span.end) || span.start === '24:00')
      return 'must be times such as 09:00-17:00'
    if (span.start >= span.end) return `must start before they end (${span.start}-${span.end})`
  }
  const sorted = [...spans].sort((a, b) => (a.start < b.start ? -1 : 1))
  for (let index = 1; index < sorted.length; index++)
    if (sorted[index]!.start < sorted[index - 1]!.end)
      return `must not overlap (${sorted[index - 1]!.start}-${sorted[index - 1]!.end} and ${sorted[index]!.start}-${sorted[index]!.end})`
  return undefined
}

/**
 * What is wrong with a service and its calendar's rules, by field (empty when nothing is): every entry
 * point that saves a service checks it here, so a rule is never only a page's.
 */
export function serviceInputProblems(input: ServiceInput): FieldViolation[] {
  const { service: s, calendar: c } = input
  const problems: FieldViolation[] = []
  const add = (field: string, description: string, violatedRule: FieldViolation['violatedRule']) =>
    problems.push({ field, description, violatedRule })
  const range = (field: string, value: number, min: number, max: number, unit: string) => {
    if (!Number.isInteger(value) || value < min || value > max)
      add(field, `must be a whole number of ${unit} from ${min} to ${max}`, 'FORMAT')
  }
  if (s.name.length < 1 || s.name.length > 200) add('name', 'must be 1 to 200 characters', 'MAX_LENGTH')
  if (s.description.length > 5000) add('description', 'must be at most 5000 characters', 'MAX_LENGTH')
  if (s.location.length > 500) add('location', 'must be at most 500 characters', 'MAX_LENGTH')
  if (s.pictureUrl !== '') {
    let url: URL | undefined
    try {
      url = new URL(s.pictureUrl)
    } catch {}
    if (url?.protocol !== 'https:' || s.pictureUrl.length > 2000)
      add('pictureUrl', 'must be an https:// address of a picture (or empty)', 'FORMAT')
  }
  range('durationMinutes', s.durationMinutes, 5, 1440, 'minutes')
  if (s.rateType === 'FIXED' && !(s.priceMinor > 0))
    add('price', 'must be more than 0 for a fixed price (or choose free)', 'DECIMAL_GT')
  if (s.rateType !== 'FIXED' && s.priceMinor !== 0)
    add('price', 'must be empty unless the service has a fixed price', 'FIELD_NOT_ALLOWED')
  if (s.priceMinor > 100_000_000_00) add('price', 'is too large', 'DECIMAL_LTE')
  if (s.rateType === 'CUSTOM' && (s.priceText.length < 1 || s.priceText.length > 100))
    add('priceText', 'must say in 1 to 100 characters what the price depends on', 'REQUIRED_FIELD')
  if (!s.payOnline && !s.payInPerson && s.depositMinor === null)
    add(
      'paymentOptions',
      'must include at least one way to pay online or in person (a plan may pay besides)',
      'REQUIRED_FIELD',
    )
  problems.push(...depositProblems(s))
  range('cancelNoticeMinutes', s.cancelNoticeMinutes, 0, 525_600, 'minutes')
  range('reminderMinutes', s.reminderMinutes, 0, 20_160, 'minutes')
  problems.push(...classProblems(s))
  if (!isTimeZone(c.timeZone)) add('timeZone', 'must be a time zone such as Europe/London', 'FORMAT')
  for (let weekday = 1; weekday <= 7; weekday++) {
    const problem = spanProblem(c.weeklyHours.filter((hours) => hours.weekday === weekday))
    if (problem) add(hoursField(weekday), problem, 'FORMAT')
  }
  if (
    c.weeklyHours.some((hours) => !Number.isInteger(hours.weekday) || hours.weekday < 1 || hours.weekday > 7)
  )
    add('hours', 'weekdays are 1 (Monday) to 7 (Sunday)', 'FORMAT')
  if (c.exceptions.length > 366) add('exceptions', 'must be at most 366 days', 'MAX_SIZE')
  const dates = new Set<string>()
  for (const exception of c.exceptions) {
    if (!DATE.test(exception.localDate)) {
      add('exceptions', `${exception.localDate}: must be a date such as 2026-12-24`, 'FORMAT')
      continue
    }
    if (exception.kind === 'CLOSED' && dates.has(`${exception.localDate} CLOSED`))
      add('exceptions', `${exception.localDate}: is closed twice`, 'FORMAT')
    dates.add(`${exception.localDate} ${exception.kind}`)
    if (exception.kind === 'EXTRA_HOURS') {
      const problem = spanProblem([exception])
      if (problem) add('exceptions', `${exception.localDate}: ${problem}`, 'FORMAT')
    }
  }
  range('bufferMinutes', c.bufferMinutes, 0, 1440, 'minutes')
  range('minNoticeMinutes', c.minNoticeMinutes, 0, 525_600, 'minutes')
  range('maxAheadDays', c.maxAheadDays, 1, 730, 'days')
  return problems
}

/**
 * What is wrong with a service's deposit (decision 092): one is taken only on a service with a fixed price,
 * and is more than nothing and less than the price (a deposit of the whole price is full payment online).
 */
function depositProblems(s: ServiceFields): FieldViolation[] {
  if (s.depositMinor === null) return []
  if (s.rateType !== 'FIXED')
    return [
      {
        field: 'deposit',
        description: 'is only taken on a service with a fixed price: choose a price, or no deposit',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
    ]
  if (!Number.isInteger(s.depositMinor) || s.depositMinor <= 0)
    return [{ field: 'deposit', description: 'must be an amount more than 0', violatedRule: 'DECIMAL_GT' }]
  if (s.depositMinor >= s.priceMinor)
    return [
      {
        field: 'deposit',
        description:
          'must be less than the price (to take the whole price online, choose full payment online)',
        violatedRule: 'DECIMAL_LT',
      },
    ]
  return []
}

const LOCAL_START = /^(\d{4}-\d{2}-\d{2})T((?:[01]\d|2[0-3]):[0-5]\d)$/

/**
 * What is wrong with a service's kind, places and timetable (decision 083): an appointment takes one
 * customer and has no timetable; a class takes 1 to 500 per session and meets at least once, its weekly
 * times on weekdays 1 to 7, its one-off and cancelled sessions real local dates and times, a cancelled one
 * a session of the week.
 */
function classProblems(s: ServiceFields): FieldViolation[] {
  const problems: FieldViolation[] = []
  const add = (field: string, description: string, violatedRule: FieldViolation['violatedRule']) =>
    problems.push({ field, description, violatedRule })
  const { weekly, oneOff, cancelled } = s.timetable
  if (s.type === 'APPOINTMENT') {
    if (s.capacity !== 1) add('capacity', 'must be 1 for an appointment: one customer at a time', 'OTHER')
    if (weekly.length + oneOff.length + cancelled.length > 0)
      add(
        'timetable',
        'is for classes: an appointment is booked in the calendar’s hours',
        'FIELD_NOT_ALLOWED',
      )
    return problems
  }
  if (!Number.isInteger(s.capacity) || s.capacity < 1 || s.capacity > 500)
    add('capacity', 'must be a whole number of places from 1 to 500', 'FORMAT')
  if (weekly.length > 50) add('weeklySessions', 'must be at most 50 a week', 'MAX_SIZE')
  for (const session of weekly)
    if (
      !Number.isInteger(session.weekday) ||
      session.weekday < 1 ||
      session.weekday > 7 ||
      !/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(session.start)
    )
      add('weeklySessions', 'must be a weekday and a time such as Tuesday 18:00', 'FORMAT')
  const keys = weekly.map((session) => `${session.weekday} ${session.start}`)
  if (new Set(keys).size !== keys.length) add('weeklySessions', 'must not name one time twice', 'FORMAT')
  const localProblem = (field: string, list: readonly string[]) => {
    if (list.length > 366) add(field, 'must be at most 366 sessions', 'MAX_SIZE')
    const bad = list.find((local) => {
      const match = LOCAL_START.exec(local)
      return !match || !DATE.test(match[1]!)
    })
    if (bad !== undefined)
      add(field, `must be a date and time such as 2026-12-24 18:00 (not "${bad.slice(0, 40)}")`, 'FORMAT')
  }
  localProblem('oneOffSessions', oneOff)
  localProblem('cancelledSessions', cancelled)
  const notWeekly = cancelled.find((local) => {
    const match = LOCAL_START.exec(local)
    return (
      match &&
      DATE.test(match[1]!) &&
      !weekly.some((session) => session.weekday === weekdayOf(match[1]!) && session.start === match[2])
    )
  })
  if (notWeekly !== undefined)
    add('cancelledSessions', `${notWeekly.replace('T', ' ')}: is not a weekly session`, 'OTHER')
  if (weekly.length === 0 && oneOff.length === 0)
    add('weeklySessions', 'must have at least one session: a weekly time or a one-off date', 'REQUIRED_FIELD')
  return problems
}

/** A new shop's calendar: its rules, named for the shop, holding a slot 15 minutes while the shopper pays. */
function newCalendar(rules: CalendarRules): CalendarFields {
  return { ...rules, name: 'Bookings', holdMinutes: 15 }
}

/**
 * Saves a service and its calendar's rules (decision 074), or creates one (no `serviceId`) on the shop's
 * first calendar, made when there is none. The calendar's row is locked first, the lock every hold and
 * confirmation takes (decision 065), so free slots are never read half-changed. Bookings made keep their
 * times; the new rules apply to slots offered from now on. Every service of a calendar shares its hours.
 *
 * @throws {ValidationError} with each field's problem; nothing is saved.
 * @returns the service's id, or `undefined` when the site has no such service.
 */
export async function saveBookableService(
  db: Db,
  request: { siteId: string; serviceId?: string | undefined; input: ServiceInput; now: Date },
): Promise<string | undefined> {
  const problems = serviceInputProblems(request.input)
  if (problems.length > 0) throw new ValidationError(problems)
  const { siteId, input, now } = request
  return db.transaction(async (tx) => {
    if (request.serviceId) {
      const [service] = await findServices(tx, siteId, { ids: [request.serviceId], includeHidden: true })
      if (!service) return undefined
      const calendar = await findScheduleCalendar(tx, service.schedule_id, { lock: true })
      if (!calendar) return undefined
      await saveCalendar(tx, {
        id: calendar.id,
        siteId,
        isNew: false,
        fields: { ...input.calendar, name: calendar.name, holdMinutes: calendar.holdMinutes },
        now,
      })
      await updateService(tx, siteId, service.id, input.service)
      return service.id
    }
    const [first] = await findSiteCalendars(tx, siteId)
    const calendar = first && (await findScheduleCalendar(tx, first.id, { lock: true }))
    const calendarId = calendar?.id ?? randomUUID()
    await saveCalendar(tx, {
      id: calendarId,
      siteId,
      isNew: !calendar,
      fields: calendar
        ? { ...input.calendar, name: calendar.name, holdMinutes: calendar.holdMinutes }
        : newCalendar(input.calendar),
      now,
    })
    const id = randomUUID()
    await insertService(tx, {
      id,
      siteId,
      scheduleId: calendarId,
      slug: slugify(input.service.name),
      fields: input.service,
      now,
    })
    return id
  })
}

/** A weekday's hours as the editor writes them: `09:00-12:00, 13:00-17:00`, empty when closed. */
export function hoursText(hours: readonly WeeklyHours[], weekday: number): string {
  return hours
    .filter((span) => span.weekday === weekday)
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .map((span) => `${span.start}-${span.end}`)
    .join(', ')
}

/** Exceptions as the editor writes them, one a line: `2026-12-24 closed`, `2026-12-27 10:00-14:00`. */
export function exceptionsText(exceptions: readonly ScheduleException[]): string {
  return exceptions
    .map((exception) =>
      exception.kind === 'CLOSED'
        ? `${exception.localDate} closed`
        : `${exception.localDate} ${exception.start}-${exception.end}`,
    )
    .join('\n')
}
