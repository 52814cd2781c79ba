import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config.ts'
import { MAX_DRAIN_DELAY_MS, parseDrainDelay } from './readiness.ts'

describe('parseDrainDelay', () => {
  it('closes at once when DRAIN_DELAY_MS is unset or empty', () => {
    expect(parseDrainDelay(undefined)).toBe(0)
    expect(parseDrainDelay('  ')).toBe(0)
  })

  it('reads whole milliseconds up to a minute', () => {
    expect(parseDrainDelay('0')).toBe(0)
    expect(parseDrainDelay(' 5000 ')).toBe(5_000)
    expect(parseDrainDelay(String(MAX_DRAIN_DELAY_MS))).toBe(MAX_DRAIN_DELAY_MS)
  })

  it.each(['-1', '1.5', '5s', '1e3', String(MAX_DRAIN_DELAY_MS + 1), 'Infinity'])(
    'refuses %s with a ConfigError naming the variable',
    (value) => {
      expect(() => parseDrainDelay(value)).toThrow(ConfigError)
      expect(() => parseDrainDelay(value)).toThrow(/DRAIN_DELAY_MS/)
    },
  )
})
