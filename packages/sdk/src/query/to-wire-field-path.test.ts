import { describe, expect, it } from 'vitest'
import { toWireFieldPath } from './to-wire-field-path.js'

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
