import { describe, expect, it } from 'vitest'
import { calendarFile, foldIcsLine, icsDateTime, icsText } from './booking-ics.ts'

const event = {
  uid: '6f1c0b9e-2f7a-4c1e-9a4b-0d2b8c1e5f00@bookings.aisle',
  stamp: new Date('2026-03-01T10:00:00.123Z'),
  start: new Date('2026-03-29T00:30:00Z'),
  end: new Date('2026-03-29T01:15:00Z'),
  summary: 'Fitting; long, with \\ backslash',
}

describe('calendarFile', () => {
  it('writes one VEVENT in UTC with CRLF lines', () => {
    const file = calendarFile({ ...event, location: '1 High St, Leeds', description: 'Line one\nLine two' })
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = file.split('\r\n')
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Aisle//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ])
    expect(lines).toContain('UID:6f1c0b9e-2f7a-4c1e-9a4b-0d2b8c1e5f00@bookings.aisle')
    expect(lines).toContain('DTSTAMP:20260301T100000Z')
    expect(lines).toContain('DTSTART:20260329T003000Z')
    expect(lines).toContain('DTEND:20260329T011500Z')
    expect(lines).toContain('SUMMARY:Fitting\\; long\\, with \\\\ backslash')
    expect(lines).toContain('LOCATION:1 High St\\, Leeds')
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two')
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', ''])
  })

  it('leaves LOCATION out when there is none', () => {
    expect(calendarFile(event)).not.toContain('LOCATION')
  })

  it('folds long lines at 75 octets without splitting a character', () => {
    const summary = `${'é'.repeat(60)} ${'x'.repeat(100)}`
    const file = calendarFile({ ...event, summary })
    const encoder = new TextEncoder()
    for (const line of file.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    // Unfolding (CRLF and one space removed) gives the line back whole.
    const unfolded = file.replace(/\r\n /g, '')
    expect(unfolded).toContain(`SUMMARY:${summary}`)
    expect(file).toMatch(/\r\n [^ ]/)
  })
})

describe('the parts', () => {
  it('formats instants as UTC DATE-TIME', () => {
    expect(icsDateTime(new Date('2026-10-25T01:30:00+01:00'))).toBe('20261025T003000Z')
  })
  it('escapes text', () => {
    expect(icsText('a,b;c\\d\r\ne')).toBe('a\\,b\\;c\\\\d\\ne')
  })
  it('keeps a short line whole', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short')
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75))
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
  })
})
