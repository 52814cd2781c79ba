import { fractionDigits } from '../../money/money.ts'
import { PricingInputError } from './pricing-input-error.ts'

/*
 * Integer arithmetic on minor units. Products such as `amount * basisPoints` go through BigInt, so
 * no intermediate ever leaves the safe-integer range or touches a binary fraction.
 */

/** Basis points in a whole: 10,000 bp = 100 %. */
export const BASIS_POINTS = 10_000

function toSafeNumber(value: bigint): number {
  const result = Number(value)
  if (!Number.isSafeInteger(result)) throw new PricingInputError(`${value} is beyond the safe integer range`)
  return result
}

/** `numerator / denominator` rounded half away from zero, on integers. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('"denominator" must not be 0')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const rounded = (2n * n + d) / (2n * d)
  return negative ? -rounded : rounded
}

/**
 * `basisPoints` of `amount`, rounded half away from zero to a whole minor unit.
 *
 * @example percentOf(1005, 1000) // 101: 10 % of $10.05 is $1.005, rounded away from zero
 */
export function percentOf(amount: number, basisPoints: number): number {
  return toSafeNumber(divideRounded(BigInt(amount) * BigInt(basisPoints), BigInt(BASIS_POINTS)))
}

/**
 * Splits `total` over `weights` in proportion, in whole minor units that sum exactly to `total`:
 * each share is first rounded down, then the units left over go one each to the largest
 * remainders, ties to the earlier weight. With `0 <= total <= sum(weights)` no share exceeds its
 * weight.
 *
 * @throws RangeError when `total` is negative or more than the weights add up to.
 * @example distributeByLargestRemainder(100, [1, 1, 1]) // [34, 33, 33]
 */
export function distributeByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n)
  const whole = BigInt(total)
  if (whole < 0n || whole > sum) {
    throw new RangeError(`"total" must be between 0 and the sum of the weights (${sum}), got ${total}`)
  }
  if (whole === 0n) return weights.map(() => 0)
  const products = weights.map((weight) => whole * BigInt(weight))
  const shares = products.map((product) => product / sum)
  let left = whole - shares.reduce((acc, share) => acc + share, 0n)
  const order = products
    .map((product, index) => ({ index, remainder: product % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of order) {
    if (left === 0n) break
    shares[index] = (shares[index] ?? 0n) + 1n
    left -= 1n
  }
  return shares.map(toSafeNumber)
}

const decimalPattern = /^([+-])?(\d+)(?:\.(\d+))?$/

/** A decimal text as an integer count of `10^-digits`, rounded half away from zero past `digits`. */
function parseScaled(text: string, digits: number, what: string): number {
  const match = decimalPattern.exec(text.trim())
  if (!match) throw new PricingInputError(`${what} must be a decimal number such as "12.50", got "${text}"`)
  const [, sign, whole = '0', fraction = ''] = match
  const kept = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'))
  // Half away from zero needs only the first dropped digit: later ones can only add to the magnitude.
  const roundedUp = Number(fraction[digits] ?? '0') >= 5 ? kept + 1n : kept
  return toSafeNumber(sign === '-' ? -roundedUp : roundedUp)
}

/**
 * A decimal amount such as the wire's `"12.345"` as minor units of `currency`, rounded half away
 * from zero to the currency's digits (2 for USD, 0 for JPY, 3 for KWD).
 *
 * @throws PricingInputError when `decimal` is not a plain decimal number.
 * @example parseMinorUnits('12.345', 'USD') // 1235
 */
export function parseMinorUnits(decimal: string, currency: string): number {
  return parseScaled(decimal, fractionDigits(currency), '"amount"')
}

/**
 * A percentage such as `12.5` or `"12.5"` as basis points (1250), rounded half away from zero.
 *
 * @throws PricingInputError when `percent` is not a plain decimal number.
 */
export function percentToBasisPoints(percent: number | string): number {
  return parseScaled(String(percent), 2, '"percentage"')
}
