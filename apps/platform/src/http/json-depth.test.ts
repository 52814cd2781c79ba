import { describe, expect, it } from 'vitest'
import { isNestedDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts'

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, and allows exactly the limit', () => {
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(isNestedDeeperThan(`${'{"a":'.repeat(3)}1${'}'.repeat(3)}`, 3)).toBe(false)
    expect(isNestedDeeperThan(`${'{"a":['.repeat(2)}1${']}'.repeat(2)}`, 3)).toBe(true)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isNestedDeeperThan(JSON.stringify({ a: '[[[[[[[[' }), 1)).toBe(false)
    expect(isNestedDeeperThan(JSON.stringify({ a: 'x\\"[[[[' }), 1)).toBe(false)
    expect(isNestedDeeperThan(JSON.stringify(['"', ['[']]), 2)).toBe(false)
  })

  it('stops at the first level past the limit of a huge input', () => {
    expect(isNestedDeeperThan(`${'['.repeat(1_000_000)}`)).toBe(true)
  })

  it('leaves broken JSON to the parser', () => {
    expect(isNestedDeeperThan('{"a": [1, 2', 5)).toBe(false)
    expect(isNestedDeeperThan(']]]]', 1)).toBe(false)
  })
})
