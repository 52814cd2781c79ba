import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../http/errors.ts'
import { planBulkChange } from './bulk-change.ts'

const products = [
  { id: 'a', price_minor: 1000, cost_minor: 400, weight: 1.5 },
  { id: 'b', price_minor: 2999, cost_minor: null, weight: null },
]

describe('planBulkChange', () => {
  it('sets properties in minor units and leaves the rest', () => {
    const changes = planBulkChange(products, { kind: 'update', set: { price: 12.34 } }, 'USD')
    expect(changes.map((c) => c.after)).toEqual([
      { price_minor: 1234, cost_minor: 400, weight: 1.5 },
      { price_minor: 1234, cost_minor: null, weight: null },
    ])
    expect(changes[1]!.before.price_minor).toBe(2999)
  })

  it('adjusts by a percentage, rounding each price to a whole minor unit', () => {
    const changes = planBulkChange(
      products,
      { kind: 'adjust', adjust: { price: { percentage: -15 } } },
      'USD',
    )
    expect(changes.map((c) => c.after.price_minor)).toEqual([850, 2549])
  })

  it('adjusts by an amount, weights to the gram', () => {
    const changes = planBulkChange(
      [products[0]!],
      { kind: 'adjust', adjust: { weight: { amount: 0.1234 }, price: { amount: 1 } } },
      'USD',
    )
    expect(changes[0]!.after).toEqual({ price_minor: 1100, cost_minor: 400, weight: 1.623 })
  })

  it('refuses the whole change when one product would go negative or has no cost to adjust', () => {
    expect(() =>
      planBulkChange(products, { kind: 'adjust', adjust: { price: { amount: -15 } } }, 'USD'),
    ).toThrow(ValidationError)
    try {
      planBulkChange(products, { kind: 'adjust', adjust: { cost: { percentage: 10 } } }, 'USD')
    } catch (error) {
      expect((error as ValidationError).fieldViolations).toEqual([
        expect.objectContaining({ field: 'adjust.cost', description: expect.stringContaining('product b') }),
      ])
    }
  })
})
