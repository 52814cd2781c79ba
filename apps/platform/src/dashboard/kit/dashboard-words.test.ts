import { describe, expect, it } from 'vitest'
import {
  clockText,
  countText,
  dayText,
  inShopTimeZone,
  shopTimeZone,
  spanLines,
  spanText,
  timeText,
  timeZoneOptions,
  timeZoneText,
} from './dashboard-words.ts'

describe('the dashboard words', () => {
  it('writes a count with its noun in the singular or plural', () => {
    expect(countText(1, 'session')).toBe('1 session')
    expect(countText(0, 'session')).toBe('0 sessions')
    expect(countText(3, 'session')).toBe('3 sessions')
    expect(countText(2, 'delivery', 'deliveries')).toBe('2 deliveries')
    expect(countText(1200, 'order')).toBe('1,200 orders')
  })

  it('writes a moment in one format with its zone, and its day', () => {
    expect(timeText('2026-01-01T00:00:00Z')).toBe('1 Jan 2026, 00:00 UTC')
    expect(timeText(new Date('2026-12-31T23:59:59Z'))).toBe('31 Dec 2026, 23:59 UTC')
    expect(dayText('2026-12-31T23:59:59Z')).toBe('31 Dec 2026')
    expect(timeText('2026-01-01T00:00:30Z', { seconds: true })).toBe('1 Jan 2026, 00:00:30 UTC')
    expect(timeText(null)).toBe('—')
  })

  it('writes a moment in another zone when given one, by the name its merchants know it by', () => {
    expect(timeText('2026-01-01T00:00:00Z', { timeZone: 'America/New_York' })).toBe('31 Dec 2025, 19:00 EST')
    expect(timeText('2026-07-01T00:00:00Z', { timeZone: 'America/New_York' })).toBe('30 Jun 2026, 20:00 EDT')
    expect(timeText('2026-07-01T00:00:00Z', { timeZone: 'Europe/London' })).toBe('1 Jul 2026, 01:00 BST')
    // A zone neither British nor American English names keeps its offset.
    expect(timeText('2026-07-01T00:00:00Z', { timeZone: 'Asia/Tokyo' })).toBe('1 Jul 2026, 09:00 GMT+9')
    expect(timeZoneText('America/New_York')).toBe('New York time')
    expect(timeZoneText('UTC')).toBe('UTC')
    expect(dayText('2026-01-01T00:00:00Z', 'America/New_York')).toBe('31 Dec 2025')
  })

  it('writes every time in the shop’s zone inside its request, across a change to summer time, and UTC outside', async () => {
    // Europe/Berlin moves from CET to CEST at 01:00 UTC on 29 March 2026.
    const written = await inShopTimeZone('Europe/Berlin', async () => {
      await Promise.resolve() // still the request's zone after an await, as a route's page is drawn
      return [
        shopTimeZone(),
        timeText('2026-03-29T00:59:00Z'),
        timeText('2026-03-29T01:00:00Z'),
        dayText('2026-03-28T23:30:00Z'),
        clockText('2026-07-01T12:00:00Z'),
      ]
    })
    expect(written).toEqual([
      'Europe/Berlin',
      '29 Mar 2026, 01:59 CET',
      '29 Mar 2026, 03:00 CEST',
      '29 Mar 2026',
      '14:00',
    ])
    expect(shopTimeZone()).toBe('UTC')
    expect(timeText('2026-03-29T01:00:00Z')).toBe('29 Mar 2026, 01:00 UTC')
  })

  it('writes a span of time in its zone by the zone’s short name, both days when it crosses midnight', () => {
    expect(spanText('2026-12-03T21:00:00Z', '2026-12-03T21:45:00Z', 'America/New_York')).toBe(
      'Thu, 3 Dec 2026, 16:00–16:45 EST',
    )
    expect(spanText('2027-10-16T22:00:00Z', '2027-10-17T06:00:00Z', 'America/New_York')).toBe(
      'Sat, 16 Oct 2027, 18:00 – Sun, 17 Oct 2027, 02:00 EDT',
    )
    expect(
      inShopTimeZone('Europe/Berlin', () => spanText('2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z')),
    ).toBe('Mon, 5 Jan 2026, 10:00–11:00 CET')
  })

  it('lists time zones as a merchant knows them, by offset, with the IANA id only as the value (decision 100)', () => {
    const options = timeZoneOptions()
    const labelOf = (zone: string) => options.find((option) => option.value === zone)?.label
    expect(labelOf('America/New_York')).toBe('(GMT-05:00) Eastern Time — New York')
    expect(labelOf('Europe/Berlin')).toBe('(GMT+01:00) Central European Time — Berlin')
    expect(labelOf('Asia/Tokyo')).toBe('(GMT+09:00) Japan Standard Time — Tokyo')
    expect(labelOf('UTC')).toBe('(GMT+00:00) UTC')
    // West to east by the standard offset (a zone's summer time does not move it).
    const offsets = options.map((option) => {
      const [, sign, hours, minutes] = /^\(GMT([+-])(\d{2}):(\d{2})\)/.exec(option.label) ?? []
      return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes))
    })
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
    expect(offsets.every(Number.isFinite)).toBe(true)
    // No label is an IANA id or has one inside it.
    expect(options.filter((option) => /[A-Za-z]\/[A-Za-z]|_/.test(option.label))).toEqual([])
    // A zone the runtime does not list (an alias a calendar kept) stays chosen, first; a bad one is dropped.
    expect(timeZoneOptions('US/Eastern')[0]).toEqual({
      value: 'US/Eastern',
      label: '(GMT-05:00) Eastern Time',
    })
    expect(timeZoneOptions('Nowhere/Else')).toBe(options)
  })

  it('writes a span short for a list on a phone: the day and the hours apart, the year only when not this one', () => {
    const now = new Date('2026-06-01T12:00:00Z')
    expect(spanLines('2026-12-12T00:00:00Z', '2026-12-12T03:00:00Z', 'America/New_York', now)).toEqual([
      'Fri 11 Dec',
      '19:00–22:00 EST',
    ])
    expect(spanLines('2027-10-16T22:00:00Z', '2027-10-17T06:00:00Z', 'America/New_York', now)).toEqual([
      'Sat 16 Oct 2027, 18:00 –',
      'Sun 17 Oct 2027, 02:00 EDT',
    ])
  })
})
