import { describe, expect, it } from 'vitest'
import { parseByteRange } from './byte-ranges.ts'

describe('parseByteRange', () => {
  it('reads a first-last range, an open one and a suffix, cut to the object', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
  })

  it('finds ranges wholly past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=1000-2000', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
  })

  it('ignores what it may ignore: no header, other units, malformed and multiple ranges', () => {
    for (const header of [
      undefined,
      'items=0-1',
      'bytes=5-1',
      'bytes=-',
      'bytes=a-b',
      'bytes=0-1,5-6',
      'bytes=99999999999999999-',
    ])
      expect(parseByteRange(header, 1000)).toBeUndefined()
  })
})
