import type { RateType, ScheduleCalendar, ServiceRow, ServiceType } from '../../bookings/booking-store.ts'
import type { ClassTimetable } from '../../bookings/class-sessions.ts'
import type { ScheduleException, WeeklyHours } from '../../bookings/free-slots.ts'
import { exceptionsText, hoursField, hoursText, type ServiceInput } from '../../bookings/service-editor.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { readNumber, readScaled } from '../form-text.ts'
import { shopTimeZone } from '../kit/dashboard-words.ts'

/** The spec's PaymentOptionType names the editor offers: those the bookings checkout takes today. */
export const paymentOptionChoices = [
  { value: 'FULL_PAYMENT_ONLINE', label: 'Full payment online' },
  { value: 'FULL_PAYMENT_OFFLINE', label: 'Full payment in person' },
  { value: 'DEPOSIT_ONLINE', label: 'Deposit online, the rest at the appointment' },
  { value: 'MEMBERSHIP', label: 'With a paid plan that covers it (one session a booking)' },
] as const

/** What the services editor shows: each field's text, as stored or as submitted. */
export interface ServiceFormValues {
  /** An appointment or a class (decision 083). */
  type: ServiceType
  /** A class's places per session. */
  capacity: string
  /** A class's weekly sessions, one a line: `Tuesday 18:00`. */
  weeklySessions: string
  /** One-off sessions and cancelled weekly ones, one a line: `2026-12-24 18:00`. */
  oneOffSessions: string
  cancelledSessions: string
  name: string
  description: string
  pictureUrl: string
  location: string
  durationMinutes: string
  rateType: RateType
  price: string
  priceText: string
  paymentOptions: string[]
  /** The deposit paid online with "Deposit online" (decision 092), as a decimal. */
  deposit: string
  cancelNoticeHours: string
  reminderHours: string
  offered: boolean
  timeZone: string
  /** `hours-1` (Monday) to `hours-7` (Sunday): `09:00-12:00, 13:00-17:00`, empty when closed. */
  hours: Record<string, string>
  exceptions: string
  bufferMinutes: string
  minNoticeHours: string
  maxAheadDays: string
}

const weekdays = [1, 2, 3, 4, 5, 6, 7]

/** A new service's form: on the shop's calendar's rules when it has one, else open weekdays 09:00-17:00. */
export function newServiceForm(calendar: ScheduleCalendar | undefined): ServiceFormValues {
  const hours =
    calendar?.weeklyHours ?? [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }))
  return {
    type: 'APPOINTMENT',
    capacity: '10',
    weeklySessions: '',
    oneOffSessions: '',
    cancelledSessions: '',
    name: '',
    description: '',
    pictureUrl: '',
    location: '',
    durationMinutes: '60',
    rateType: 'FIXED',
    price: '',
    priceText: '',
    paymentOptions: ['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE'],
    deposit: '',
    cancelNoticeHours: '24',
    reminderHours: '24',
    offered: true,
    timeZone: calendar?.timeZone ?? shopTimeZone(),
    hours: Object.fromEntries(weekdays.map((weekday) => [hoursField(weekday), hoursText(hours, weekday)])),
    exceptions: exceptionsText(calendar?.exceptions ?? []),
    bufferMinutes: String(calendar?.bufferMinutes ?? 0),
    minNoticeHours: hoursOf(calendar?.minNoticeMinutes ?? 60),
    maxAheadDays: String(calendar?.maxAheadDays ?? 60),
  }
}

const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100)

/** The form's text of a stored service and its calendar. */
export function toServiceFormValues(
  service: ServiceRow,
  calendar: ScheduleCalendar,
  currency: string,
): ServiceFormValues {
  return {
    ...newServiceForm(calendar),
    type: service.type,
    capacity: String(service.capacity),
    weeklySessions: service.timetable.weekly
      .map((session) => `${weekdayNames[session.weekday - 1] ?? session.weekday} ${session.start}`)
      .join('\n'),
    oneOffSessions: service.timetable.oneOff.map((local) => local.replace('T', ' ')).join('\n'),
    cancelledSessions: service.timetable.cancelled.map((local) => local.replace('T', ' ')).join('\n'),
    name: service.name,
    description: service.description,
    pictureUrl: service.picture_url,
    location: service.location,
    durationMinutes: String(service.duration_minutes),
    rateType: service.rate_type,
    price:
      service.rate_type === 'FIXED'
        ? formatScaledDecimal(Number(service.price_minor), fractionDigits(currency))
        : '',
    priceText: service.price_text,
    paymentOptions: [
      ...(service.pay_online ? ['FULL_PAYMENT_ONLINE'] : []),
      ...(service.pay_in_person ? ['FULL_PAYMENT_OFFLINE'] : []),
      ...(service.deposit_minor !== null ? ['DEPOSIT_ONLINE'] : []),
      ...(service.pay_with_plan ? ['MEMBERSHIP'] : []),
    ],
    deposit:
      service.deposit_minor === null
        ? ''
        : formatScaledDecimal(Number(service.deposit_minor), fractionDigits(currency)),
    cancelNoticeHours: hoursOf(service.cancel_notice_minutes),
    reminderHours: hoursOf(service.reminder_minutes),
    offered: !service.hidden,
  }
}

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** `Tuesday 18:00` (or `Tue 18:00`) a line as weekly sessions; the first bad line is named. */
function readWeeklySessions(text: string, violations: FieldViolation[]): ClassTimetable['weekly'] {
  const sessions: ClassTimetable['weekly'] = []
  for (const line of lines(text)) {
    const match = /^([a-z]+)\s+(\d{1,2}):(\d{2})$/i.exec(line)
    const weekday = match
      ? weekdayNames.findIndex((name) => name.toLowerCase().startsWith(match[1]!.toLowerCase().slice(0, 3))) +
        1
      : 0
    if (!match || weekday === 0 || match[1]!.length < 3) {
      violations.push({
        field: 'weeklySessions',
        description: `must be a weekday and a time a line, such as "Tuesday 18:00" (not "${line.slice(0, 40)}")`,
        violatedRule: 'FORMAT',
      })
      return sessions
    }
    sessions.push({ weekday, start: `${two(match[2]!)}:${match[3]}` })
  }
  return sessions
}

/** `2026-12-24 18:00` a line as local session starts (`2026-12-24T18:00`); the first bad line is named. */
function readLocalStarts(text: string, field: string, violations: FieldViolation[]): string[] {
  const starts: string[] = []
  for (const line of lines(text)) {
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/.exec(line)
    if (!match) {
      violations.push({
        field,
        description: `must be a date and time a line, such as "2026-12-24 18:00" (not "${line.slice(0, 40)}")`,
        violatedRule: 'FORMAT',
      })
      return starts
    }
    starts.push(`${match[1]}T${two(match[2]!)}:${match[3]}`)
  }
  return starts
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((each) => each.trim())
    .filter((each) => each !== '')

const SPAN = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/
const two = (text: string) => text.padStart(2, '0')

/** `9:00-17:00, 18:00-20:00` as spans of a weekday; `undefined` when the text is not in that shape. */
function readSpans(text: string, weekday: number): WeeklyHours[] | undefined {
  const spans: WeeklyHours[] = []
  for (const part of text.split(',').map((piece) => piece.trim())) {
    if (part === '') continue
    const match = SPAN.exec(part)
    if (!match) return undefined
    spans.push({ weekday, start: `${two(match[1]!)}:${match[2]}`, end: `${two(match[3]!)}:${match[4]}` })
  }
  return spans
}

/** One exception a line: `2026-12-24 closed` or `2026-12-27 10:00-14:00`; the bad lines are named. */
function readExceptions(text: string, violations: FieldViolation[]): ScheduleException[] {
  const exceptions: ScheduleException[] = []
  const bad: string[] = []
  for (const line of text.split(/\r?\n/).map((each) => each.trim())) {
    if (line === '') continue
    const match = /^(\S+)\s+(.+)$/.exec(line)
    const span = match && SPAN.exec(match[2]!.trim())
    if (match && /^closed$/i.test(match[2]!.trim())) exceptions.push({ localDate: match[1]!, kind: 'CLOSED' })
    else if (match && span)
      exceptions.push({
        localDate: match[1]!,
        kind: 'EXTRA_HOURS',
        start: `${two(span[1]!)}:${span[2]}`,
        end: `${two(span[3]!)}:${span[4]}`,
      })
    else bad.push(line.slice(0, 40))
  }
  if (bad.length > 0)
    violations.push({
      field: 'exceptions',
      description: `must be one day a line, such as "2026-12-24 closed" or "2026-12-27 10:00-14:00" (not "${bad[0]}")`,
      violatedRule: 'FORMAT',
    })
  return exceptions
}

/** A number of hours as minutes, named by its field when it is not a number. */
function readHours(text: string, field: string, violations: FieldViolation[]): number {
  const hours = readNumber(text, field, violations)
  return hours === undefined ? (text.trim() === '' ? 0 : Number.NaN) : Math.round(hours * 60)
}

function readWhole(text: string, field: string, violations: FieldViolation[]): number {
  const trimmed = text.trim()
  if (!/^\d{1,7}$/.test(trimmed)) {
    violations.push({ field, description: 'must be a whole number', violatedRule: 'FORMAT' })
    return Number.NaN
  }
  return Number(trimmed)
}

/** The form's field of a rule the domain names by its minutes. */
export const formFieldOf: Record<string, string> = {
  minNoticeMinutes: 'minNoticeHours',
  cancelNoticeMinutes: 'cancelNoticeHours',
  reminderMinutes: 'reminderHours',
  payOnline: 'paymentOptions',
}

/**
 * The service a submitted editor describes, or what is not even in shape (a word for a number, hours
 * that are not times): the rules themselves are the domain's (`serviceInputProblems`), checked on save.
 */
export function readServiceForm(
  form: FormFields,
  currency: string,
): { values: ServiceFormValues; input: ServiceInput | undefined; violations: FieldViolation[] } {
  const rateType = form.text('rateType')
  const values: ServiceFormValues = {
    type: form.text('type') === 'CLASS' ? 'CLASS' : 'APPOINTMENT',
    capacity: form.text('capacity').trim(),
    weeklySessions: form.text('weeklySessions').slice(0, 5_000),
    oneOffSessions: form.text('oneOffSessions').slice(0, 20_000),
    cancelledSessions: form.text('cancelledSessions').slice(0, 20_000),
    name: form.text('name').trim(),
    description: form.text('description').trim(),
    pictureUrl: form.text('pictureUrl').trim(),
    location: form.text('location').trim(),
    durationMinutes: form.text('durationMinutes').trim(),
    rateType: rateType === 'NO_FEE' || rateType === 'CUSTOM' ? rateType : 'FIXED',
    price: form.text('price').trim(),
    priceText: form.text('priceText').trim(),
    deposit: form.text('deposit').trim(),
    paymentOptions: form
      .texts('paymentOptions')
      .filter((option) => paymentOptionChoices.some((choice) => choice.value === option)),
    cancelNoticeHours: form.text('cancelNoticeHours').trim(),
    reminderHours: form.text('reminderHours').trim(),
    offered: form.text('offered') === 'on',
    timeZone: form.text('timeZone').trim(),
    hours: Object.fromEntries(
      weekdays.map((weekday) => [hoursField(weekday), form.text(hoursField(weekday)).trim()]),
    ),
    exceptions: form.text('exceptions').slice(0, 20_000),
    bufferMinutes: form.text('bufferMinutes').trim(),
    minNoticeHours: form.text('minNoticeHours').trim(),
    maxAheadDays: form.text('maxAheadDays').trim(),
  }
  const violations: FieldViolation[] = []
  const weeklyHours: WeeklyHours[] = []
  for (const weekday of weekdays) {
    const spans = readSpans(values.hours[hoursField(weekday)] ?? '', weekday)
    if (spans) weeklyHours.push(...spans)
    else
      violations.push({
        field: hoursField(weekday),
        description: 'must be times such as 09:00-17:00, or 09:00-12:00, 13:00-17:00 (empty when closed)',
        violatedRule: 'FORMAT',
      })
  }
  const exceptions = readExceptions(values.exceptions, violations)
  const priceMinor =
    values.price === '' ? 0 : readScaled(values.price, fractionDigits(currency), 'price', violations)
  // "Deposit online" with no amount is a deposit of nothing, which the domain names (decision 092).
  const depositMinor = values.paymentOptions.includes('DEPOSIT_ONLINE')
    ? values.deposit === ''
      ? 0
      : readScaled(values.deposit, fractionDigits(currency), 'deposit', violations)
    : null
  const isClass = values.type === 'CLASS'
  const timetable: ClassTimetable = isClass
    ? {
        weekly: readWeeklySessions(values.weeklySessions, violations),
        oneOff: readLocalStarts(values.oneOffSessions, 'oneOffSessions', violations),
        cancelled: readLocalStarts(values.cancelledSessions, 'cancelledSessions', violations),
      }
    : { weekly: [], oneOff: [], cancelled: [] }
  const input: ServiceInput = {
    service: {
      type: values.type,
      capacity: isClass ? readWhole(values.capacity, 'capacity', violations) : 1,
      timetable,
      name: values.name,
      description: values.description,
      pictureUrl: values.pictureUrl,
      location: values.location,
      durationMinutes: readWhole(values.durationMinutes, 'durationMinutes', violations),
      rateType: values.rateType,
      priceMinor: priceMinor ?? Number.NaN,
      depositMinor: depositMinor === undefined ? Number.NaN : depositMinor,
      priceText: values.rateType === 'CUSTOM' ? values.priceText : '',
      payOnline: values.paymentOptions.includes('FULL_PAYMENT_ONLINE'),
      payInPerson: values.paymentOptions.includes('FULL_PAYMENT_OFFLINE'),
      payWithPlan: values.paymentOptions.includes('MEMBERSHIP'),
      cancelNoticeMinutes: readHours(values.cancelNoticeHours, 'cancelNoticeHours', violations),
      reminderMinutes: readHours(values.reminderHours, 'reminderHours', violations),
      hidden: !values.offered,
    },
    calendar: {
      timeZone: values.timeZone,
      weeklyHours,
      exceptions,
      bufferMinutes: readWhole(values.bufferMinutes, 'bufferMinutes', violations),
      minNoticeMinutes: readHours(values.minNoticeHours, 'minNoticeHours', violations),
      maxAheadDays: readWhole(values.maxAheadDays, 'maxAheadDays', violations),
    },
  }
  return { values, input: violations.length > 0 ? undefined : input, violations }
}
