import { describe, expect, it } from 'vitest'
import { toWireFieldPath, toWireQuery } from './to-wire-query.js'

describe('toWireFieldPath', () => {
  it('renames each segment of a dotted path', () => {
    expect(toWireFieldPath('variants._id')).toBe('variants.id')
    expect(toWireFieldPath('_createdDate')).toBe('createdDate')
    expect(toWireFieldPath('price.discountedPrice')).toBe('price.discountedPrice')
  })

  it('refuses an empty field', () => {
    expect(() => toWireFieldPath('')).toThrowError('"field" must be a non-empty string')
  })
})

describe('toWireQuery', () => {
  it('renames filter fields at every depth and sort fields, and keeps the rest as it is', () => {
    const query = {
      filter: {
        _id: { $ne: 'x' },
        $and: [{ _updatedDate: { $gt: '2025-01-01' } }, { $not: { 'media._id': { $exists: true } } }],
        $or: [{ slug: 'a' }],
      },
      sort: [{ fieldName: '_createdDate', order: 'ASC' as const }],
      paging: { limit: 3 },
      search: { expression: '_id' },
    }
    expect(toWireQuery(query)).toEqual({
      filter: {
        id: { $ne: 'x' },
        $and: [{ updatedDate: { $gt: '2025-01-01' } }, { $not: { 'media.id': { $exists: true } } }],
        $or: [{ slug: 'a' }],
      },
      sort: [{ fieldName: 'createdDate', order: 'ASC' }],
      paging: { limit: 3 },
      search: { expression: '_id' },
    })
    expect(query.filter._id).toEqual({ $ne: 'x' })
  })

  it('leaves an empty query empty', () => {
    expect(toWireQuery({})).toEqual({})
  })
})
