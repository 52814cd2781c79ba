import { STORE_LOCALE } from './store'

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Formats an amount of money in its currency with `Intl`, in the store's locale unless told otherwise, e.g.
 * `formatPrice(20, 'USD')` is `$20.00`.
 * Amounts may come as numbers (catalogue) or decimal strings (cart); an unknown currency code falls back
 * to the plain amount and code rather than failing the page.
 */
export function formatPrice(amount: number | string, currency: string, locale = STORE_LOCALE): string {
  const value = typeof amount === 'number' ? amount : Number(amount)
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      return `${String(amount)} ${currency}`.trim()
    }
    formatters.set(key, formatter)
  }
  return formatter.format(value)
}

const fractionDigits = new Map<string, number>()

/**
 * Digits after the decimal point in a currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. Asked of
 * `Intl` once per currency: building a number format costs more than a page's other money work.
 */
export function toFractionDigits(currency: string): number {
  let digits = fractionDigits.get(currency)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits as number
    } catch {
      digits = 2
    }
    fractionDigits.set(currency, digits)
  }
  return digits
}

/**
 * Reads a decimal amount (`"19.20"`, as the cart carries it) as an integer count of the currency's minor
 * units (`1920`), by its digits rather than through a binary float, so sums of cart lines stay exact.
 * Anything that is not a plain decimal reads as 0.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount.trim())
  if (!match) return 0
  const [, sign = '', whole = '0', fraction = ''] = match
  const digits = toFractionDigits(currency)
  // Digits past the currency's precision are dropped: the platform never sends them.
  const minor = Number(whole) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, '0') || '0')
  return sign === '-' && minor !== 0 ? -minor : minor
}

/** Writes an integer count of minor units as the decimal amount it stands for: `1920` in USD is `"19.20"`. */
export function fromMinorUnits(minor: number, currency: string): string {
  const digits = toFractionDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** Formats an integer count of minor units in its currency: `formatMinorUnits(1920, 'USD')` is `$19.20`. */
export function formatMinorUnits(minor: number, currency: string, locale = STORE_LOCALE): string {
  return formatPrice(fromMinorUnits(minor, currency), currency, locale)
}
