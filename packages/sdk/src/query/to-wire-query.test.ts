import { describe, expect, it } from 'vitest'
import { toWireFieldPath } from './to-wire-field-path.js'
import { toWireQuery } from './to-wire-query.js'

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
    expect(toWireQuery(query, toWireFieldPath)).toEqual({
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
    expect(toWireQuery({}, toWireFieldPath)).toEqual({})
  })
})
