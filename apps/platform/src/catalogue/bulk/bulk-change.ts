import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { toMinor } from '../../money/money.ts'

/** The product properties a bulk change touches, as stored (money in minor units). */
export interface BulkValues {
  price_minor: number
  cost_minor: number | null
  weight: number | null
}

export type BulkProperty = 'price' | 'cost' | 'weight'

/** Either set each property to a value, or adjust it by an amount or a percentage. */
export type BulkRequest =
  | { kind: 'update'; set: Partial<Record<BulkProperty, number>> }
  | { kind: 'adjust'; adjust: Partial<Record<BulkProperty, { amount?: number; percentage?: number }>> }

export interface BulkChange {
  productId: string
  before: BulkValues
  after: BulkValues
}

const column = { price: 'price_minor', cost: 'cost_minor', weight: 'weight' } as const

function adjusted(
  value: number,
  by: { amount?: number; percentage?: number },
  toUnits: (n: number) => number,
): number {
  if (by.percentage !== undefined) return value + Math.round((value * by.percentage) / 100)
  return value + toUnits(by.amount ?? 0)
}

/**
 * Plans a bulk change: the new values of every product, or a `ValidationError` naming each product a
 * change would break (a negative price, an adjusted cost the product does not have). Pure: nothing is
 * written until every product passes, so a bulk change is never half applied.
 */
export function planBulkChange(
  products: readonly ({ id: string } & BulkValues)[],
  request: BulkRequest,
  currency: string,
): BulkChange[] {
  const violations: FieldViolation[] = []
  const changes = products.map((product) => {
    const before: BulkValues = {
      price_minor: product.price_minor,
      cost_minor: product.cost_minor,
      weight: product.weight,
    }
    const after: BulkValues = { ...before }
    for (const property of ['price', 'cost', 'weight'] as const) {
      const toUnits = property === 'weight' ? (n: number) => n : (n: number) => toMinor(n, currency)
      const key = column[property]
      let next: number | undefined
      if (request.kind === 'update') {
        const value = request.set[property]
        if (value === undefined) continue
        next = toUnits(value)
      } else {
        const by = request.adjust[property]
        if (!by) continue
        const current = before[key]
        if (current === null) {
          violations.push({
            field: `adjust.${property}`,
            description: `cannot be adjusted for product ${product.id}, which has none`,
            violatedRule: 'VALIDATION',
          })
          continue
        }
        next = adjusted(current, by, toUnits)
      }
      if (next < 0) {
        violations.push({
          field: `${request.kind === 'update' ? 'set' : 'adjust'}.${property}`,
          description: `would be negative for product ${product.id}`,
          violatedRule: 'MIN',
        })
        continue
      }
      after[key] = property === 'weight' ? Math.round(next * 1000) / 1000 : next
    }
    return { productId: product.id, before, after }
  })
  if (violations.length > 0) throw new ValidationError(violations)
  return changes
}
