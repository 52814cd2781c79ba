import { describe, expect, it } from 'vitest'
import { slotWhenText } from '../carts/cart-wire.ts'
import { zoneNameAt } from './zone-words.ts'

describe('zoneNameAt', () => {
  it.each([
    ['2026-12-03T16:00:00Z', 'America/New_York', 'EST'],
    ['2026-06-02T13:00:00Z', 'America/New_York', 'EDT'],
    ['2026-06-02T13:00:00Z', 'Europe/London', 'BST'],
    ['2026-12-03T16:00:00Z', 'Europe/Paris', 'CET'],
    ['2026-12-03T16:00:00Z', 'UTC', 'UTC'],
    ['2026-12-03T16:00:00Z', 'Asia/Tokyo', 'GMT+9'],
  ])('names %s in %s as %s, never by its IANA id', (at, zone, words) => {
    expect(zoneNameAt(at, zone)).toBe(words)
  })
})

describe('slotWhenText, a booked slot as its cart and order line sell it', () => {
  it('writes the zone as people know it, winter and summer', () => {
    const slot = (start: string, end: string) => ({
      scheduledDate: start,
      endDate: end,
      timeZone: 'America/New_York',
    })
    expect(slotWhenText(slot('2026-12-03T15:00:00Z', '2026-12-03T15:45:00Z'))).toBe(
      'Thu, 3 Dec 2026, 10:00–10:45 EST',
    )
    expect(slotWhenText(slot('2026-06-02T13:00:00Z', '2026-06-02T13:45:00Z'))).toBe(
      'Tue, 2 Jun 2026, 09:00–09:45 EDT',
    )
  })
})
