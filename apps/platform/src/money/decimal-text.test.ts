import { describe, expect, it } from 'vitest'
import { formatPercent, formatScaledDecimal, parseScaledDecimal } from './decimal-text.ts'

describe('parseScaledDecimal', () => {
  it.each([
    ['12.50', 2, 1250],
    ['12.5', 2, 1250],
    ['0.1', 2, 10],
    ['.05', 2, 5],
    ['7.', 2, 700],
    ['19.99', 2, 1999],
    ['1.005', 3, 1005],
    [' 42 ', 0, 42],
    ['0', 2, 0],
    ['-0.30', 2, -30],
    ['007.25', 2, 725],
    ['90071992547.40', 2, 9_007_199_254_740],
  ])('reads %j at scale %i as %i, digit for digit', (text, scale, value) => {
    expect(parseScaledDecimal(text, scale)).toEqual({ value })
  })

  it('reads an empty field as nothing', () => {
    expect(parseScaledDecimal('  ', 2)).toEqual({ value: undefined })
  })

  it.each([
    ['1.005', 2, 'must have at most 2 digits after the point'],
    ['1.5', 0, 'must be a whole number'],
    ['1,000', 2, 'must be a number such as 12.50'],
    ['12 50', 2, 'must be a number such as 12.50'],
    ['1e3', 2, 'must be a number such as 12.50'],
    ['.', 2, 'must be a number such as 12.50'],
    ['Infinity', 2, 'must be a number such as 12.50'],
    ['9999999999999999', 2, 'is too large'],
  ])('refuses %j at scale %i: %s', (text, scale, problem) => {
    expect(parseScaledDecimal(text, scale)).toEqual({ problem })
  })
})

describe('formatScaledDecimal and formatPercent', () => {
  it('write integers back as the decimal text a field shows', () => {
    expect(formatScaledDecimal(1250, 2)).toBe('12.50')
    expect(formatScaledDecimal(5, 2)).toBe('0.05')
    expect(formatScaledDecimal(-30, 2)).toBe('-0.30')
    expect(formatScaledDecimal(1005, 3)).toBe('1.005')
    expect(formatScaledDecimal(42, 0)).toBe('42')
    expect([1000, 725, 450, 10_000, 5, 0].map(formatPercent)).toEqual([
      '10',
      '7.25',
      '4.5',
      '100',
      '0.05',
      '0',
    ])
  })

  it('round-trips every amount from 0 to 100.00 exactly', () => {
    for (let minor = 0; minor <= 10_000; minor++)
      expect(parseScaledDecimal(formatScaledDecimal(minor, 2), 2)).toEqual({ value: minor })
  })
})
