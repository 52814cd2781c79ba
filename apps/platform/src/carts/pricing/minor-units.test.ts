import { describe, expect, it } from 'vitest'
import {
  distributeByLargestRemainder,
  divideRounded,
  parseMinorUnits,
  percentOf,
  percentToBasisPoints,
} from './minor-units.ts'
import { PricingInputError } from './pricing-input-error.ts'

describe('divideRounded', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [0n, 7n, 0n],
    [14n, 4n, 4n],
  ])('rounds %i / %i half away from zero to %i', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected)
  })

  it('refuses a zero denominator', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError)
  })
})

describe('percentOf', () => {
  it.each([
    // [amount, basis points, expected, what it shows]
    [1005, 1000, 101, 'USD: 10 % of 10.05 is 1.005, rounded up to 1.01'],
    [1004, 1000, 100, 'USD: 10 % of 10.04 is 1.004, rounded down to 1.00'],
    [105, 1000, 11, 'JPY: 10 % of ¥105 is ¥10.5, rounded up to ¥11'],
    [104, 1000, 10, 'JPY: 10 % of ¥104 is ¥10.4, rounded down to ¥10'],
    [1235, 1000, 124, 'KWD: 10 % of 1.235 KWD is 0.1235, rounded up to 0.124'],
    [1234, 1000, 123, 'KWD: 10 % of 1.234 KWD is 0.1234, rounded down to 0.123'],
    [1999, 825, 165, 'USD: 8.25 % of 19.99 is 1.649175, rounded to 1.65'],
    [1000, 10_000, 1000, 'all of it'],
    [1000, 0, 0, 'none of it'],
  ])('takes %i bp of %i: %s', (amount, basisPoints, expected) => {
    expect(percentOf(amount, basisPoints)).toBe(expected)
  })

  it('stays exact where a float product would not', () => {
    // 4,503,599,627,370,497 * 3 overflows 2^53 as a float; BigInt keeps it exact.
    expect(percentOf(4_503_599_627_370_497, 3)).toBe(1_351_079_888_211)
  })
})

describe('distributeByLargestRemainder', () => {
  it.each([
    [100, [500, 500, 500], [34, 33, 33], 'the first of equal remainders gets the extra unit'],
    [100, [300, 300, 100], [43, 43, 14], 'shares follow the weights'],
    [10, [1000, 500, 250], [6, 3, 1], 'exact shares need no remainder'],
    [5, [333, 333, 334], [2, 1, 2], 'the largest remainders win: 1.665, 1.665, 1.67'],
    [0, [10, 20], [0, 0], 'nothing to share'],
    [30, [10, 20], [10, 20], 'all of every weight'],
    [7, [0, 10, 0], [0, 7, 0], 'zero weights get nothing'],
  ])('splits %i over %j into %j: %s', (total, weights, expected) => {
    const shares = distributeByLargestRemainder(total, weights)
    expect(shares).toEqual(expected)
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total)
  })

  it('never gives a share above its weight', () => {
    for (let total = 0; total <= 45; total++) {
      const weights = [1, 7, 13, 24]
      const shares = distributeByLargestRemainder(total, weights)
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total)
      shares.forEach((share, index) => {
        expect(share).toBeLessThanOrEqual(weights[index] ?? 0)
      })
    }
  })

  it('refuses a total above the weights or below zero', () => {
    expect(() => distributeByLargestRemainder(31, [10, 20])).toThrow(RangeError)
    expect(() => distributeByLargestRemainder(-1, [10, 20])).toThrow(RangeError)
  })
})

describe('parseMinorUnits', () => {
  it.each([
    ['12.34', 'USD', 1234],
    ['12.345', 'USD', 1235],
    ['12.344', 'USD', 1234],
    ['-12.345', 'USD', -1235],
    ['0.005', 'USD', 1],
    ['12', 'USD', 1200],
    ['105', 'JPY', 105],
    ['105.5', 'JPY', 106],
    ['105.49', 'JPY', 105],
    ['1.2345', 'KWD', 1235],
    ['1.2344', 'KWD', 1234],
    ['0.1', 'KWD', 100],
    [' 7.5 ', 'USD', 750],
  ])('reads %s %s as %i minor units', (decimal, currency, expected) => {
    expect(parseMinorUnits(decimal, currency)).toBe(expected)
  })

  it.each(['', '1e3', '1,50', 'NaN', '.5', '12.'])('refuses %j', (decimal) => {
    expect(() => parseMinorUnits(decimal, 'USD')).toThrow(PricingInputError)
  })
})

describe('percentToBasisPoints', () => {
  it.each([
    [12.5, 1250],
    ['12.5', 1250],
    [10, 1000],
    [0.125, 13],
    [33.333, 3333],
  ])('reads %j % as %i bp', (percent, expected) => {
    expect(percentToBasisPoints(percent)).toBe(expected)
  })
})
