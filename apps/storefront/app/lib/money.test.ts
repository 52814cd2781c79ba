import { describe, expect, it } from 'vitest'
import { formatPrice } from './money'

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
