import { describe, expect, it } from 'vitest'
import { clockText } from '../kit/dashboard-words.ts'
import { byLocalDay, calendarRange } from './booking-calendar.ts'

const HOUR = 3_600_000

describe('the bookings calendar’s days in the shop’s zone', () => {
  const now = new Date('2026-06-01T12:00:00Z')

  it('spans a week from its Monday, 169 hours in New York’s week of the autumn change', () => {
    const week = calendarRange('week', '2026-10-28', 'America/New_York', now)
    expect(week.days).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ])
    expect(week.from.toISOString()).toBe('2026-10-26T04:00:00.000Z')
    expect(week.to.toISOString()).toBe('2026-11-02T05:00:00.000Z')
    expect((week.to.getTime() - week.from.getTime()) / HOUR).toBe(169)
    expect([week.previous, week.next]).toEqual(['2026-10-21', '2026-11-04'])
  })

  it('spans 167 hours in London’s week of the spring change, and a day of 23 hours', () => {
    const week = calendarRange('week', '2026-03-29', 'Europe/London', now)
    expect(week.days[0]).toBe('2026-03-23')
    expect((week.to.getTime() - week.from.getTime()) / HOUR).toBe(167)
    const day = calendarRange('day', '2026-03-29', 'Europe/London', now)
    expect(day.days).toEqual(['2026-03-29'])
    expect(day.from.toISOString()).toBe('2026-03-29T00:00:00.000Z')
    expect(day.to.toISOString()).toBe('2026-03-29T23:00:00.000Z')
  })

  it('puts each booking under the local day it starts on, at its local time, either side of a change', () => {
    const bookings = [
      { id: 'before', start_date: new Date('2026-10-31T13:00:00Z') }, // Sat 09:00 EDT
      { id: 'late', start_date: new Date('2026-11-02T03:30:00Z') }, // Sun 22:30 EST
      { id: 'after', start_date: new Date('2026-11-02T14:00:00Z') }, // Mon 09:00 EST
    ]
    const days = byLocalDay(bookings, 'America/New_York')
    expect([...days.keys()]).toEqual(['2026-10-31', '2026-11-01', '2026-11-02'])
    expect(days.get('2026-11-01')?.map((booking) => booking.id)).toEqual(['late'])
    expect(clockText(bookings[0]!.start_date, 'America/New_York')).toBe('09:00')
    expect(clockText(bookings[2]!.start_date, 'America/New_York')).toBe('09:00')
  })

  it('opens on today’s week in the zone when no date is asked', () => {
    // 23:00 UTC on Monday 1 June is still Monday in Honolulu, already Tuesday in Kiritimati.
    expect(calendarRange('day', undefined, 'Pacific/Honolulu', new Date('2026-06-01T23:00:00Z')).date).toBe(
      '2026-06-01',
    )
    expect(calendarRange('day', undefined, 'Pacific/Kiritimati', new Date('2026-06-01T23:00:00Z')).date).toBe(
      '2026-06-02',
    )
  })
})
