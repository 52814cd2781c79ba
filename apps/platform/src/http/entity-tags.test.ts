import { describe, expect, it } from 'vitest'
import { matchesETag } from './entity-tags.ts'

describe('matchesETag', () => {
  it('compares weakly, in lists and with *', () => {
    expect(matchesETag('"a-1"', '"a-1"')).toBe(true)
    expect(matchesETag('W/"a-1"', '"a-1"')).toBe(true)
    expect(matchesETag('"a-1"', 'W/"a-1"')).toBe(true)
    expect(matchesETag('W/"a-1"', 'W/"a-1"')).toBe(true)
    expect(matchesETag('"x", "a-1"', '"a-1"')).toBe(true)
    expect(matchesETag(' * ', '"a-1"')).toBe(true)
    expect(matchesETag('"a-2"', '"a-1"')).toBe(false)
    expect(matchesETag('W/"a-2", "a-11"', 'W/"a-1"')).toBe(false)
    expect(matchesETag(undefined, '"a-1"')).toBe(false)
    expect(matchesETag('', '"a-1"')).toBe(false)
  })
})
