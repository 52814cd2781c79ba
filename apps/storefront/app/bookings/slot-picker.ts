import type { RedirectSessionInput, Service, TimeSlot } from '@aisle/sdk'
import { STORE_LOCALE } from '../store/store'

/** How many days the picker offers, from today in the shop's time zone: the next two weeks. */
export const PICKER_DAYS = 14

/** A day of the picker: its date, its words, and how many free times it has. */
export interface PickerDay {
  /** `YYYY-MM-DD` in the shop's time zone. */
  date: string
  /** `Mon, Dec 7`. */
  label: string
  freeTimes: number
  isChosen: boolean
}

/** The slot picker of a service page: the days, the chosen day's free times, and the zone they are in. */
export interface SlotPicker {
  timeZone: string
  /** The zone in words, with its IANA name: `Eastern Time (America/New_York)`. */
  zoneWords: string
  days: PickerDay[]
  /** The chosen day in full: `Monday, December 7`. */
  chosenLabel: string
  chosenDate: string
  /**
   * The chosen day's times: `start` is the slot's local start, `label` its time (`9:00 AM`); a class's
   * session says its places left (`5 places left`, or `Full`, then `full` and not bookable).
   */
  slots: { start: string; label: string; places?: string; full: boolean }[]
  /** The first day after the chosen one with a free time, when the chosen day has none left. */
  nextFreeDay?: PickerDay
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/

/** `date` plus `days` days (`YYYY-MM-DD`, calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** Today's date (`YYYY-MM-DD`) in `timeZone` at `now`. */
export function toLocalDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/**
 * The local dates to ask free slots for before the shop's zone is known: from the day before today (UTC)
 * to the day after the picker's last, which holds the picker's days whatever the zone.
 */
export function toSlotWindow(now: Date): { fromLocalDate: string; toLocalDate: string } {
  const today = now.toISOString().slice(0, 10)
  return {
    fromLocalDate: `${addDays(today, -1)}T00:00:00`,
    toLocalDate: `${addDays(today, PICKER_DAYS + 1)}T00:00:00`,
  }
}

/** A local date and time's words without any zone arithmetic: it is read as UTC and shown as UTC. */
function formatLocal(local: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(STORE_LOCALE, { ...options, timeZone: 'UTC' }).format(new Date(`${local}Z`))
}

function zoneWords(timeZone: string, at: Date): string {
  const named = new Intl.DateTimeFormat(STORE_LOCALE, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  return named && named !== timeZone ? `${named} (${timeZone})` : timeZone
}

/**
 * The picker of the free slots answered for the shop's `timeZone`: the next two weeks from today there,
 * each with its count of free times, and the free times of the day asked for (`day`, `YYYY-MM-DD`), or
 * of the first day with any when none is asked or it is not one of the picker's.
 */
export function toSlotPicker(
  timeSlots: readonly TimeSlot[],
  timeZone: string,
  now: Date,
  day: string | undefined,
): SlotPicker {
  const today = toLocalDate(now, timeZone)
  // A class's full sessions are shown as full; an appointment's taken times are not answered at all.
  const shown = timeSlots.filter(
    (slot) => (slot.bookable && slot.remainingCapacity > 0) || slot.totalCapacity > 1,
  )
  const isFree = (slot: TimeSlot) => slot.bookable && slot.remainingCapacity > 0
  const byDay = new Map<string, TimeSlot[]>()
  for (const slot of shown) {
    const date = slot.localStartDate.slice(0, 10)
    byDay.set(date, [...(byDay.get(date) ?? []), slot])
  }
  const dates = Array.from({ length: PICKER_DAYS }, (_, n) => addDays(today, n))
  const asked = day && LOCAL_DATE.test(day) && dates.includes(day) ? day : undefined
  const chosenDate = asked ?? dates.find((date) => byDay.get(date)?.some(isFree)) ?? today
  const chosen = [...(byDay.get(chosenDate) ?? [])].sort((a, b) =>
    a.localStartDate.localeCompare(b.localStartDate),
  )
  const days = dates.map((date) => ({
    date,
    label: formatLocal(`${date}T12:00:00`, { weekday: 'short', month: 'short', day: 'numeric' }),
    freeTimes: byDay.get(date)?.filter(isFree).length ?? 0,
    isChosen: date === chosenDate,
  }))
  const nextFreeDay = chosen.some(isFree)
    ? undefined
    : days.find((candidate) => candidate.date > chosenDate && candidate.freeTimes > 0)
  return {
    timeZone,
    zoneWords: zoneWords(timeZone, now),
    days,
    chosenDate,
    chosenLabel: formatLocal(`${chosenDate}T12:00:00`, { weekday: 'long', month: 'long', day: 'numeric' }),
    slots: chosen.map((slot) => ({
      start: slot.localStartDate,
      label: formatLocal(slot.localStartDate, { hour: 'numeric', minute: '2-digit' }),
      ...(slot.totalCapacity > 1 ? { places: placesLeftWords(slot.remainingCapacity) } : {}),
      full: !isFree(slot),
    })),
    ...(nextFreeDay ? { nextFreeDay } : {}),
  }
}

/** A class session's places left in words: `5 places left`, `1 place left`, `Full`. */
export function placesLeftWords(remaining: number): string {
  if (remaining <= 0) return 'Full'
  return remaining === 1 ? '1 place left' : `${remaining} places left`
}

/**
 * The `bookingsCheckout` input of a free slot, as the real Wix client sends it (a queryAvailability entry,
 * `/work/shared/spec/wix-verticals-wire.md`): a Time Slots V2 slot rebuilt in the v1 shape, its dates the
 * slot's local times and `timezone` the zone they are in (the platform reads them as local times there).
 */
export function toBookingsCheckout(
  service: Pick<Service, '_id' | 'schedule'>,
  slot: TimeSlot,
  timeZone: string,
): NonNullable<RedirectSessionInput['bookingsCheckout']> {
  const resource = slot.availableResources[0]?.resources[0]
  return {
    slotAvailability: {
      slot: {
        serviceId: service._id,
        scheduleId: service.schedule._id,
        startDate: slot.localStartDate,
        endDate: slot.localEndDate,
        timezone: timeZone,
        ...(resource ? { resource: { id: resource._id, name: resource.name } } : {}),
        location: { locationType: 'OWNER_BUSINESS' },
      },
      bookable: slot.bookable,
      openSpots: slot.remainingCapacity,
      totalSpots: slot.totalCapacity,
    },
    timezone: timeZone,
  }
}
