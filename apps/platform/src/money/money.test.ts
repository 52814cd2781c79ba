import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { FieldPaths } from '../testing/wire-types.ts'
import {
  applyDiscount,
  formatMoney,
  fractionDigits,
  toDecimalString,
  toMajorNumber,
  toMinor,
  type WireMoney,
  type WireMoneySchema,
} from './money.ts'

describe('money', () => {
  it('knows each currency’s minor digits', () => {
    expect([fractionDigits('USD'), fractionDigits('JPY'), fractionDigits('KWD')]).toEqual([2, 0, 3])
  })

  it('writes minor units as exact decimal strings', () => {
    expect(toDecimalString(1250, 'USD')).toBe('12.50')
    expect(toDecimalString(5, 'USD')).toBe('0.05')
    expect(toDecimalString(-5, 'USD')).toBe('-0.05')
    expect(toDecimalString(1250, 'JPY')).toBe('1250')
    expect(toDecimalString(1, 'KWD')).toBe('0.001')
    expect(toDecimalString(9_007_199_254_740_991, 'USD')).toBe('90071992547409.91')
  })

  it('reads major units without binary float drift', () => {
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30)
    expect(toMinor(1.005, 'USD')).toBe(101)
    expect(toMinor(19.99, 'USD')).toBe(1999)
    expect(toMinor(-2.5, 'JPY')).toBe(-3)
    expect(toMajorNumber(1999, 'USD')).toBe(19.99)
  })

  it('formats for a locale', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56')
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
  })

  it('formats an amount it formatted before alike, and apart for another currency or locale', () => {
    expect(formatMoney(5000, 'USD', 'en-US')).toBe('$50.00')
    expect(formatMoney(5000, 'USD', 'en-US')).toBe('$50.00')
    expect(formatMoney(5000, 'JPY', 'en-US')).toBe('¥5,000')
    expect(formatMoney(5000, 'USD', 'de-DE')).toBe('50,00\u00a0$')
    expect(formatMoney(-5000, 'USD', 'en-US')).toBe('-$50.00')
    expect(formatMoney(-0, 'USD', 'en-US')).toBe(formatMoney(0, 'USD', 'en-US'))
    // Past the texts it keeps, it forgets them and still answers each amount rightly.
    for (let minor = 0; minor < 6_000; minor++) formatMoney(minor, 'CHF', 'de-CH')
    expect(formatMoney(1, 'CHF', 'de-CH')).toBe('CHF\u00a00.01')
  })

  it('applies product discounts in integers and never goes below zero', () => {
    expect(applyDiscount(2400, 'PERCENT', 2000)).toBe(1920)
    expect(applyDiscount(999, 'PERCENT', 1250)).toBe(874)
    expect(applyDiscount(400, 'AMOUNT', 500)).toBe(0)
    expect(applyDiscount(400, 'NONE', 500)).toBe(400)
  })
})

// Checked by the type checker (`npm run typecheck`): a mapper that drifts from the schema fails to compile.
describe('WireMoney', () => {
  it('is the money schema, with the same fields', () => {
    expectTypeOf<WireMoney>().toEqualTypeOf<z.output<typeof WireMoneySchema>>()
    expectTypeOf<FieldPaths<WireMoney>>().toEqualTypeOf<FieldPaths<z.output<typeof WireMoneySchema>>>()
  })
})
