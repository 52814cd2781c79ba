import { describe, expect, it } from 'vitest'
import { type ClassTimetable, classSessions, localSessionStart } from './class-sessions.ts'

const calendar = (timeZone: string) => ({ timeZone, minNoticeMinutes: 60, maxAheadDays: 365 })
const tuesdaysAndThursdays: ClassTimetable = {
  weekly: [
    { weekday: 2, start: '18:00' },
    { weekday: 4, start: '18:00' },
  ],
  oneOff: [],
  cancelled: [],
}
const iso = (sessions: { start: Date }[]) => sessions.map((session) => session.start.toISOString())

describe('classSessions', () => {
  it('keeps a weekly 18:00 at 18:00 on the clock across the autumn change in New York', () => {
    // Clocks go back on Sunday 1 November 2026: Thursday is EDT (UTC-4), the Tuesday after EST (UTC-5).
    const sessions = classSessions(
      calendar('America/New_York'),
      { timetable: tuesdaysAndThursdays, durationMinutes: 60, capacity: 12 },
      new Map(),
      {
        from: new Date('2026-10-26T00:00:00Z'),
        to: new Date('2026-11-06T00:00:00Z'),
        now: new Date('2026-10-01T00:00:00Z'),
      },
    )
    expect(iso(sessions)).toEqual([
      '2026-10-27T22:00:00.000Z',
      '2026-10-29T22:00:00.000Z',
      '2026-11-03T23:00:00.000Z',
      '2026-11-05T23:00:00.000Z',
    ])
    expect(sessions.map((session) => localSessionStart(session.start, 'America/New_York'))).toEqual([
      '2026-10-27T18:00',
      '2026-10-29T18:00',
      '2026-11-03T18:00',
      '2026-11-05T18:00',
    ])
    expect(sessions[2]).toMatchObject({
      end: new Date('2026-11-04T00:00:00Z'),
      totalSpots: 12,
      openSpots: 12,
    })
  })

  it('reads the London week of the change and a time the spring change skips', () => {
    // Clocks go back in London on Sunday 25 October 2026; a Saturday and a Sunday 10:00 class.
    const weekend: ClassTimetable = {
      weekly: [
        { weekday: 6, start: '10:00' },
        { weekday: 7, start: '10:00' },
      ],
      oneOff: ['2026-03-29T01:30'],
      cancelled: [],
    }
    const autumn = classSessions(
      calendar('Europe/London'),
      { timetable: weekend, durationMinutes: 45, capacity: 5 },
      new Map(),
      {
        from: new Date('2026-10-24T00:00:00Z'),
        to: new Date('2026-10-26T00:00:00Z'),
        now: new Date('2026-03-01T00:00:00Z'),
      },
    )
    expect(iso(autumn)).toEqual(['2026-10-24T09:00:00.000Z', '2026-10-25T10:00:00.000Z'])
    // 01:30 on 29 March does not exist in London: read as a clock that was not moved shows it (GMT).
    const spring = classSessions(
      calendar('Europe/London'),
      { timetable: { ...weekend, weekly: [] }, durationMinutes: 45, capacity: 5 },
      new Map(),
      {
        from: new Date('2026-03-29T00:00:00Z'),
        to: new Date('2026-03-30T00:00:00Z'),
        now: new Date('2026-03-01T00:00:00Z'),
      },
    )
    expect(iso(spring)).toEqual(['2026-03-29T01:30:00.000Z'])
  })

  it('counts places taken, answers a full session with none open, and keeps cancelled dates out', () => {
    const timetable: ClassTimetable = {
      ...tuesdaysAndThursdays,
      oneOff: ['2026-06-06T10:00'],
      cancelled: ['2026-06-04T18:00'],
    }
    const sessions = classSessions(
      calendar('America/New_York'),
      { timetable, durationMinutes: 90, capacity: 8 },
      new Map([
        [Date.parse('2026-06-02T22:00:00Z'), 8],
        [Date.parse('2026-06-06T14:00:00Z'), 3],
      ]),
      {
        from: new Date('2026-06-01T00:00:00Z'),
        to: new Date('2026-06-08T00:00:00Z'),
        now: new Date('2026-06-01T12:00:00Z'),
      },
    )
    expect(sessions.map((session) => [session.start.toISOString(), session.openSpots])).toEqual([
      ['2026-06-02T22:00:00.000Z', 0],
      ['2026-06-06T14:00:00.000Z', 5],
    ])
  })

  it('offers no session sooner than the notice or further ahead than the calendar books', () => {
    const sessions = classSessions(
      { timeZone: 'America/New_York', minNoticeMinutes: 24 * 60, maxAheadDays: 7 },
      { timetable: tuesdaysAndThursdays, durationMinutes: 60, capacity: 4 },
      new Map(),
      {
        from: new Date('2026-06-01T00:00:00Z'),
        to: new Date('2026-06-30T00:00:00Z'),
        // Tuesday 2 June 12:00 New York: that evening is within a day,
        // the next Tuesday's session more than a week away.
        now: new Date('2026-06-02T16:00:00Z'),
      },
    )
    expect(iso(sessions)).toEqual(['2026-06-04T22:00:00.000Z'])
  })
})
