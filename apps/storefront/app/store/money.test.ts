import { describe, expect, it } from 'vitest'
import { formatMinorUnits, formatPrice, fromMinorUnits, toMinorUnits } from './money'

describe('formatPrice', () => {
  it('formats numbers and decimal strings in the currency', () => {
    expect(formatPrice(20, 'USD')).toBe('$20.00')
    expect(formatPrice('1234.5', 'USD')).toBe('$1,234.50')
  })

  it('follows the currency and locale', () => {
    expect(formatPrice(12.5, 'EUR', 'de-DE')).toBe('12,50\u00a0€')
    expect(formatPrice(1200, 'JPY', 'en-US')).toBe('¥1,200')
  })

  it('falls back to amount and code for a currency Intl does not know', () => {
    expect(formatPrice(3, 'NOT-A-CODE')).toBe('3 NOT-A-CODE')
  })
})

describe('toMinorUnits and fromMinorUnits', () => {
  it('reads decimal amounts as whole minor units of the currency, without float error', () => {
    expect(toMinorUnits('19.20', 'USD')).toBe(1920)
    expect(toMinorUnits('0.1', 'USD') + toMinorUnits('0.2', 'USD')).toBe(30)
    expect(toMinorUnits('1200', 'JPY')).toBe(1200)
    expect(toMinorUnits('1.005', 'KWD')).toBe(1005)
    expect(toMinorUnits('-2.50', 'USD')).toBe(-250)
    expect(toMinorUnits('not money', 'USD')).toBe(0)
  })

  it('writes minor units back as the decimal amount', () => {
    expect(fromMinorUnits(1920, 'USD')).toBe('19.20')
    expect(fromMinorUnits(5, 'USD')).toBe('0.05')
    expect(fromMinorUnits(-250, 'USD')).toBe('-2.50')
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200')
    expect(formatMinorUnits(5760, 'USD')).toBe('$57.60')
  })
})
