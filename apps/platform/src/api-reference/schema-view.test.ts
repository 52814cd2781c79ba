import { describe, expect, it } from 'vitest'
import { constraintsOf, typeLabel } from './schema-view.tsx'

describe('typeLabel', () => {
  it('names scalars, arrays, maps, enums, references and nullable unions as the reference shows them', () => {
    expect(typeLabel({ type: 'string' })).toBe('string')
    expect(typeLabel({ type: 'array', items: { type: 'object', properties: {} } })).toBe('array of object')
    expect(typeLabel({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('map of integer')
    expect(typeLabel({ type: 'string', enum: ['KG', 'LB'] })).toBe('"KG" | "LB"')
    expect(typeLabel({ $ref: '#/components/schemas/Error' })).toBe('Error')
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null')
    expect(typeLabel({})).toBe('any')
  })
})

describe('constraintsOf', () => {
  it('says the limits in words, leaving out the safe-integer bounds and a format’s own pattern', () => {
    expect(constraintsOf({ type: 'string', minLength: 1, maxLength: 200 })).toEqual(['1 to 200 characters'])
    expect(constraintsOf({ type: 'array', maxItems: 100 })).toEqual(['at most 100 items'])
    expect(
      constraintsOf({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991, default: 20 }),
    ).toEqual(['default 20'])
    expect(constraintsOf({ type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' })).toEqual(['uuid'])
    expect(constraintsOf({ type: 'string', pattern: '^\\d+$' })).toEqual(['matches ^\\d+$'])
  })
})
