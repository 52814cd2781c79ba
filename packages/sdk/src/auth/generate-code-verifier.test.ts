import { describe, expect, it } from 'vitest'
import { isAisleError } from '../http/aisle-error.js'
import { assertCodeVerifier, generateCodeVerifier } from './generate-code-verifier.js'

const unreserved = /^[A-Za-z0-9\-._~]+$/

describe('generateCodeVerifier', () => {
  it('makes 43 characters by default and any length from 43 to 128 of the unreserved characters', () => {
    expect(generateCodeVerifier()).toHaveLength(43)
    for (const length of [43, 44, 64, 127, 128]) {
      const verifier = generateCodeVerifier(length)
      expect(verifier).toHaveLength(length)
      expect(verifier).toMatch(unreserved)
    }
  })

  it.each([42, 129, 0, -43, 43.5, Number.NaN])('fails for a length of %s', (length) => {
    expect(() => generateCodeVerifier(length)).toThrowError('Expected a length between 43 and 128')
  })

  it('never repeats in 10,000 verifiers, each valid', () => {
    const verifiers = Array.from({ length: 10_000 }, () => generateCodeVerifier())
    expect(new Set(verifiers).size).toBe(10_000)
    expect(verifiers.every((verifier) => unreserved.test(verifier) && verifier.length === 43)).toBe(true)
  })

  it('uses its 64 characters evenly (chi-square over 10,000 verifiers, no modulo bias)', () => {
    const counts = new Map<string, number>()
    let total = 0
    for (let index = 0; index < 10_000; index++) {
      for (const character of generateCodeVerifier(128)) {
        counts.set(character, (counts.get(character) ?? 0) + 1)
        total++
      }
    }
    expect(counts.size).toBe(64)
    const expected = total / 64
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0)
    // 63 degrees of freedom: 119 is beyond the 99.99th percentile. A biased mapping such as `byte % 62`
    // over 62 characters would score about 8,000 at this sample size.
    expect(chiSquare).toBeLessThan(119)
  })
})

describe('assertCodeVerifier', () => {
  it('accepts 43 to 128 unreserved characters, dot and tilde included', () => {
    const verifier = `${'a'.repeat(40)}.~-_`
    expect(assertCodeVerifier(verifier)).toBe(verifier)
  })

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a space', `${'a'.repeat(42)} `],
    ['a plus sign', `${'a'.repeat(42)}+`],
    ['a non-ASCII letter', `${'a'.repeat(42)}é`],
  ])('refuses %s', (_name, verifier) => {
    let caught: unknown
    try {
      assertCodeVerifier(verifier)
    } catch (error) {
      caught = error
    }
    expect(isAisleError(caught) && caught.code).toBe('INVALID_ARGUMENT')
    expect((caught as Error).message).toBe('Expected a length between 43 and 128')
  })
})
