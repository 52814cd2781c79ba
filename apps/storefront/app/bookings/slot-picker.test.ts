import type { TimeSlot } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { addDays, PICKER_DAYS, toBookingsCheckout, toSlotPicker, toSlotWindow } from './slot-picker'

const SERVICE_ID = '00000000-0000-4000-8000-000000000001'
const SCHEDULE_ID = '00000000-0000-4000-8000-000000000002'

function slot(localStartDate: string, patch: Partial<TimeSlot> = {}): TimeSlot {
  const end = new Date(new Date(`${localStartDate}Z`).getTime() + 45 * 60_000).toISOString().slice(0, 19)
  return {
    serviceId: SERVICE_ID,
    localStartDate,
    localEndDate: end,
    bookable: true,
    location: { locationType: 'BUSINESS' },
    totalCapacity: 1,
    remainingCapacity: 1,
    availableResources: [
      { resourceTypeId: 'schedule', resources: [{ _id: SCHEDULE_ID, name: 'The fitting room' }] },
    ],
    ...patch,
  }
}

// 02:00 UTC on Tuesday 8 December 2026 is still Monday 7 December in New York.
const NOW = new Date('2026-12-08T02:00:00Z')
const ZONE = 'America/New_York'

describe('toSlotPicker', () => {
  it('offers two weeks from today in the shop’s zone, not in UTC, and names the zone', () => {
    const picker = toSlotPicker([], ZONE, NOW, undefined)
    expect(picker.days).toHaveLength(PICKER_DAYS)
    expect(picker.days[0]).toMatchObject({ date: '2026-12-07', label: 'Mon, Dec 7' })
    expect(picker.days.at(-1)?.date).toBe('2026-12-20')
    expect(picker.zoneWords).toBe('Eastern Time (America/New_York)')
  })

  it('chooses the first day with free times, counts each day’s, and lists the chosen day’s in order', () => {
    const slots = [slot('2026-12-09T10:00:00'), slot('2026-12-09T09:00:00'), slot('2026-12-10T09:00:00')]
    const picker = toSlotPicker(slots, ZONE, NOW, undefined)
    expect(picker.chosenDate).toBe('2026-12-09')
    expect(picker.chosenLabel).toBe('Wednesday, December 9')
    expect(picker.days.filter((day) => day.isChosen).map((day) => day.date)).toEqual(['2026-12-09'])
    expect(picker.days.map((day) => day.freeTimes).slice(0, 4)).toEqual([0, 0, 2, 1])
    expect(picker.slots).toEqual([
      { start: '2026-12-09T09:00:00', label: '9:00 AM', full: false },
      { start: '2026-12-09T10:00:00', label: '10:00 AM', full: false },
    ])
  })

  it('shows the day asked for, even without free times, but not a day outside the two weeks', () => {
    const slots = [slot('2026-12-09T09:00:00')]
    expect(toSlotPicker(slots, ZONE, NOW, '2026-12-12')).toMatchObject({
      chosenDate: '2026-12-12',
      slots: [],
    })
    expect(toSlotPicker(slots, ZONE, NOW, '2027-03-01').chosenDate).toBe('2026-12-09')
    expect(toSlotPicker(slots, ZONE, NOW, 'tomorrow').chosenDate).toBe('2026-12-09')
  })

  it('leaves out slots that are not bookable or have no place left', () => {
    const slots = [
      slot('2026-12-09T09:00:00', { bookable: false }),
      slot('2026-12-09T10:00:00', { remainingCapacity: 0 }),
      slot('2026-12-09T11:00:00'),
    ]
    expect(toSlotPicker(slots, ZONE, NOW, '2026-12-09').slots.map((free) => free.start)).toEqual([
      '2026-12-09T11:00:00',
    ])
  })

  it('shows a class’s sessions with places left, a full one as Full, and counts only those with places', () => {
    const sessions = [
      slot('2026-12-08T18:00:00', { totalCapacity: 8, remainingCapacity: 0, bookable: false }),
      slot('2026-12-10T18:00:00', { totalCapacity: 8, remainingCapacity: 5 }),
      slot('2026-12-10T20:00:00', { totalCapacity: 8, remainingCapacity: 1 }),
    ]
    const picker = toSlotPicker(sessions, ZONE, NOW, undefined)
    // The first day with a place left is chosen; the 8th's full session does not count as free.
    expect(picker.chosenDate).toBe('2026-12-10')
    expect(picker.days.map((day) => day.freeTimes).slice(0, 4)).toEqual([0, 0, 0, 2])
    expect(picker.slots).toEqual([
      { start: '2026-12-10T18:00:00', label: '6:00 PM', places: '5 places left', full: false },
      { start: '2026-12-10T20:00:00', label: '8:00 PM', places: '1 place left', full: false },
    ])
    expect(toSlotPicker(sessions, ZONE, NOW, '2026-12-08').slots).toEqual([
      { start: '2026-12-08T18:00:00', label: '6:00 PM', places: 'Full', full: true },
    ])
  })

  it('chooses today when no day has free times', () => {
    const picker = toSlotPicker([], ZONE, NOW, undefined)
    expect(picker).toMatchObject({ chosenDate: '2026-12-07', slots: [] })
    expect(picker.nextFreeDay).toBeUndefined()
  })

  it('names the next day with a free time when the chosen day has none left', () => {
    const later = [slot('2026-12-10T11:00:00'), slot('2026-12-11T09:00:00')]
    expect(toSlotPicker(later, ZONE, NOW, '2026-12-08').nextFreeDay).toMatchObject({
      date: '2026-12-10',
      label: 'Thu, Dec 10',
      freeTimes: 1,
    })
    expect(toSlotPicker(later, ZONE, NOW, '2026-12-10').nextFreeDay).toBeUndefined()
    expect(toSlotPicker(later, ZONE, NOW, '2026-12-12').nextFreeDay).toBeUndefined()
  })
})

describe('toSlotWindow', () => {
  it('asks from the day before today (UTC) to past the picker’s last day, whatever the shop’s zone', () => {
    expect(toSlotWindow(NOW)).toEqual({
      fromLocalDate: '2026-12-07T00:00:00',
      toLocalDate: `${addDays('2026-12-08', PICKER_DAYS + 1)}T00:00:00`,
    })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})

describe('toBookingsCheckout', () => {
  it('builds the slot as the real Wix client sends it: local dates with their zone, the resource’s id', () => {
    const service = {
      _id: SERVICE_ID,
      schedule: {
        _id: SCHEDULE_ID,
        availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 },
      },
    }
    expect(toBookingsCheckout(service, slot('2026-12-09T09:00:00'), ZONE)).toEqual({
      slotAvailability: {
        slot: {
          serviceId: SERVICE_ID,
          scheduleId: SCHEDULE_ID,
          startDate: '2026-12-09T09:00:00',
          endDate: '2026-12-09T09:45:00',
          timezone: ZONE,
          resource: { id: SCHEDULE_ID, name: 'The fitting room' },
          location: { locationType: 'OWNER_BUSINESS' },
        },
        bookable: true,
        openSpots: 1,
        totalSpots: 1,
      },
      timezone: ZONE,
    })
  })
})
