import { describe, expect, it } from 'vitest'
import { toAvailabilityNote, toLineAvailability, toPayableQuantity } from './line-availability'

describe('toAvailabilityNote', () => {
  it('says nothing about a line the shopper can buy in full', () => {
    expect(toAvailabilityNote({ status: 'available' }, 3)).toBeUndefined()
    expect(toAvailabilityNote({ status: 'partial', quantityAvailable: 3 }, 3)).toBeUndefined()
  })

  it('tells how many are left when fewer are in stock than the line holds', () => {
    expect(toAvailabilityNote({ status: 'partial', quantityAvailable: 2 }, 5)).toBe(
      'Only 2 left in stock, so your order will include just 2.',
    )
    expect(toAvailabilityNote({ status: 'partial', quantityAvailable: 1 }, 2)).toBe(
      'Only 1 left in stock, so your order will include just 1.',
    )
  })

  it('tells a sold-out line from one that is no longer sold', () => {
    expect(toAvailabilityNote({ status: 'sold-out' }, 1)).toBe(
      'Sold out. It won’t be included in your order.',
    )
    expect(toAvailabilityNote({ status: 'gone' }, 1)).toBe(
      'No longer available. Please remove it from your cart.',
    )
  })
})

describe('toLineAvailability', () => {
  it('reads every status of the platform, and a missing one as available', () => {
    expect(toLineAvailability({ status: 'AVAILABLE' })).toEqual({ status: 'available' })
    expect(toLineAvailability({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 4 })).toEqual({
      status: 'partial',
      quantityAvailable: 4,
    })
    expect(toLineAvailability({ status: 'NOT_AVAILABLE', quantityAvailable: 0 })).toEqual({
      status: 'sold-out',
    })
    expect(toLineAvailability({ status: 'NOT_FOUND' })).toEqual({ status: 'gone' })
    expect(toLineAvailability(undefined)).toEqual({ status: 'available' })
  })
})

describe('toPayableQuantity', () => {
  it('counts what the order would hold, as the platform’s subtotal does', () => {
    expect(toPayableQuantity({ status: 'available' }, 3)).toBe(3)
    expect(toPayableQuantity({ status: 'partial', quantityAvailable: 2 }, 3)).toBe(2)
    expect(toPayableQuantity({ status: 'partial', quantityAvailable: 2 }, 1)).toBe(1)
    expect(toPayableQuantity({ status: 'sold-out' }, 3)).toBe(0)
    expect(toPayableQuantity({ status: 'gone' }, 3)).toBe(0)
  })
})
