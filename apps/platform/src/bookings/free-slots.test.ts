import { describe, expect, it } from 'vitest'
import { type BookingCalendar, freeSlots } from './free-slots.ts'
import { toLocalDateTime } from './zoned-time.ts'

const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }))

function calendar(more: Partial<BookingCalendar>): BookingCalendar {
  return {
    timeZone: 'Europe/London',
    weeklyHours: everyDay('09:00', '12:00'),
    exceptions: [],
    bufferMinutes: 15,
    minNoticeMinutes: 0,
    maxAheadDays: 365,
    ...more,
  }
}

const now = new Date('2026-01-01T00:00:00Z')
const iso = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString())

describe('freeSlots', () => {
  it('keeps the local opening hours over the week London moves its clocks forward', () => {
    const slots = freeSlots(calendar({}), 45, [], {
      from: new Date('2026-03-28T00:00:00Z'),
      to: new Date('2026-03-31T00:00:00Z'),
      now,
    })
    // Saturday is GMT, Monday is BST: 09:00 local is 09:00Z, then 08:00Z.
    expect(iso(slots)).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-28T10:00:00.000Z',
      '2026-03-28T11:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-29T09:00:00.000Z',
      '2026-03-29T10:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
      '2026-03-30T10:00:00.000Z',
    ])
    expect(slots.map((slot) => toLocalDateTime(slot.start, 'Europe/London').slice(11, 16))).toEqual(
      Array(3).fill(['09:00', '10:00', '11:00']).flat(),
    )
  })

  it('gives a night opening in New York an hour less when the clocks skip 02:00', () => {
    const slots = freeSlots(
      calendar({
        timeZone: 'America/New_York',
        weeklyHours: [{ weekday: 7, start: '00:00', end: '04:00' }],
        bufferMinutes: 0,
      }),
      60,
      [],
      { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z'), now },
    )
    // Sunday 1 March is EST (four slots); Sunday 8 March skips 02:00-03:00 (three).
    expect(iso(slots)).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ])
    expect(slots.map((slot) => toLocalDateTime(slot.start, 'America/New_York').slice(11, 16))).toEqual([
      '00:00',
      '01:00',
      '03:00',
    ])
  })

  it('gives a night opening in New York an hour more when the clocks pass 01:00 twice', () => {
    const slots = freeSlots(
      calendar({
        timeZone: 'America/New_York',
        weeklyHours: [{ weekday: 7, start: '00:00', end: '04:00' }],
        bufferMinutes: 0,
      }),
      60,
      [],
      { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z'), now },
    )
    expect(slots.map((slot) => toLocalDateTime(slot.start, 'America/New_York').slice(11, 16))).toEqual([
      '00:00',
      '01:00',
      '01:00',
      '02:00',
      '03:00',
    ])
    expect(iso(slots)[0]).toBe('2026-11-01T04:00:00.000Z')
  })

  it('keeps London hours local over the week the clocks go back', () => {
    const slots = freeSlots(calendar({ weeklyHours: everyDay('09:00', '10:00') }), 45, [], {
      from: new Date('2026-10-24T00:00:00Z'),
      to: new Date('2026-10-27T00:00:00Z'),
      now,
    })
    expect(iso(slots)).toEqual([
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
    ])
  })

  it('leaves out slots that meet a booking or its buffer', () => {
    const day = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-02T00:00:00Z'), now }
    // 09:00 BST is 08:00Z. A booking 09:00-09:45 with its buffer blocks until 10:00: 10:00 stays free.
    const atNine = freeSlots(
      calendar({}),
      45,
      [{ start: new Date('2026-06-01T08:00:00Z'), blockedUntil: new Date('2026-06-01T09:00:00Z') }],
      day,
    )
    expect(iso(atNine)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T10:00:00.000Z'])
    // One at 10:30 local (off the grid) blocks 10:00 (its buffer would reach it) and 11:00.
    const offGrid = freeSlots(
      calendar({}),
      45,
      [{ start: new Date('2026-06-01T09:30:00Z'), blockedUntil: new Date('2026-06-01T10:30:00Z') }],
      day,
    )
    expect(iso(offGrid)).toEqual(['2026-06-01T08:00:00.000Z'])
  })

  it('follows closed days and extra hours', () => {
    const slots = freeSlots(
      calendar({
        exceptions: [
          { localDate: '2026-06-01', kind: 'CLOSED' },
          { localDate: '2026-06-02', kind: 'EXTRA_HOURS', start: '18:00', end: '19:00' },
        ],
        weeklyHours: everyDay('09:00', '10:00'),
      }),
      45,
      [],
      { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-03T00:00:00Z'), now },
    )
    expect(iso(slots)).toEqual(['2026-06-02T08:00:00.000Z', '2026-06-02T17:00:00.000Z'])
  })

  it('offers nothing sooner than the notice or further ahead than allowed', () => {
    const slots = freeSlots(calendar({ minNoticeMinutes: 90, maxAheadDays: 1 }), 45, [], {
      from: new Date('2026-06-01T00:00:00Z'),
      to: new Date('2026-06-05T00:00:00Z'),
      now: new Date('2026-06-01T08:00:00Z'),
    })
    expect(iso(slots)).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-02T08:00:00.000Z'])
  })
})
