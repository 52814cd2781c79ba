import { describe, expect, it } from 'vitest'
import { collectionsKeptTo } from './product-query-fields.ts'

describe('collectionsKeptTo', () => {
  it('names the collections a filter keeps its products to, beside anything else it asks', () => {
    expect(collectionsKeptTo({ collectionIds: { $hasSome: ['a', 'b'] }, 'stock.inStock': true })).toEqual([
      'a',
      'b',
    ])
    expect(collectionsKeptTo({ collectionIds: { $hasAll: ['a'] }, $or: [{ name: 'x' }] })).toEqual(['a'])
  })

  it('answers any when the filter keeps to no collection it can name', () => {
    expect(collectionsKeptTo(undefined)).toBe('any')
    expect(collectionsKeptTo({ 'stock.inStock': true })).toBe('any')
    // Every product is or is not in some collection: neither keeps to one.
    expect(collectionsKeptTo({ collectionIds: { $exists: true } })).toBe('any')
    expect(collectionsKeptTo({ collectionIds: { $hasAll: [] } })).toBe('any')
    // Nested under $and, $or or $not, a condition on collections does not bound the whole filter here.
    expect(collectionsKeptTo({ $and: [{ collectionIds: { $hasSome: ['a'] } }] })).toBe('any')
    expect(collectionsKeptTo({ collectionIds: 'a' })).toBe('any')
  })
})
