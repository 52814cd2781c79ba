import { z } from 'zod'

/**
 * Money is kept as integer minor units (cents) and turned into decimal strings or major-unit numbers
 * only at the wire: no binary float ever carries an amount through arithmetic.
 */

/**
 * The most a cart's lines may add up to, in minor units: 2^50 (11,258,999,068,426.24 in a currency of
 * two decimals). Tax and fees of up to 100 % each and any shipping still leave the total below 2^53,
 * so every sum of an estimate or order is an exact integer; a cart past it is refused when written.
 */
export const MAX_CART_AMOUNT_MINOR = 2 ** 50

const digitsCache = new Map<string, number>()

/** How many minor-unit digits a currency has (2 for USD, 0 for JPY, 3 for KWD). */
export function fractionDigits(currency: string): number {
  let digits = digitsCache.get(currency)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    digitsCache.set(currency, digits)
  }
  return digits
}

/** `1250, 'USD'` -> `'12.50'`. Exact, for any integer. */
export function toDecimalString(minor: number, currency: string): string {
  const digits = fractionDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** `1250, 'USD'` -> `12.5`: the number form the catalogue's wire uses. */
export function toMajorNumber(minor: number, currency: string): number {
  return Number(toDecimalString(minor, currency))
}

/** `12.5, 'USD'` -> `1250`, rounding half away from zero on the decimal text, not on a float product. */
export function toMinor(major: number, currency: string): number {
  const digits = fractionDigits(currency)
  const [whole = '0', fraction = ''] = Math.abs(major)
    .toFixed(digits + 1)
    .split('.')
  const kept = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'))
  const roundUp = Number(fraction[digits] ?? '0') >= 5 ? 1 : 0
  return (major < 0 ? -1 : 1) * (kept + roundUp)
}

/** A currency's formatter in one locale, with the texts it made: the same prices are shown again and again. */
interface MoneyWords {
  format: Intl.NumberFormat
  texts: Map<number, string>
}

const moneyWords = new Map<string, Map<string, MoneyWords>>()
/** Texts kept per locale and currency; past it they are forgotten and made again. */
const MAX_KEPT_TEXTS = 5_000

/** `1250, 'USD', 'en-US'` -> `'$12.50'`. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  let byCurrency = moneyWords.get(locale)
  if (!byCurrency) {
    byCurrency = new Map()
    moneyWords.set(locale, byCurrency)
  }
  let words = byCurrency.get(currency)
  if (!words) {
    words = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), texts: new Map() }
    byCurrency.set(currency, words)
  }
  // Every cart, checkout and order answer formats each of its amounts: kept, a text costs a lookup
  // instead of the decimal text, the number and ICU's formatting (decision 097).
  let text = words.texts.get(minor)
  if (text === undefined) {
    text = words.format.format(toMajorNumber(minor, currency))
    if (words.texts.size >= MAX_KEPT_TEXTS) words.texts.clear()
    words.texts.set(minor, text)
  }
  return text
}

/** The price after a product discount; never below zero. */
export function applyDiscount(
  priceMinor: number,
  type: 'NONE' | 'AMOUNT' | 'PERCENT',
  value: number,
): number {
  if (type === 'AMOUNT') return Math.max(0, priceMinor - value)
  // PERCENT values are hundredths of a percent; round half up on integers.
  if (type === 'PERCENT') return Math.max(0, priceMinor - Math.floor((priceMinor * value + 5_000) / 10_000))
  return priceMinor
}

/** The wire's money object: exact decimal amount and its formatted text (no conversion: the same currency). */
export const WireMoneySchema = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
})

/** Money as the wire shows it: `WireMoneySchema`'s shape (a type test holds them together). */
export type WireMoney = ReturnType<typeof toWireMoney>

/** The wire form of an amount in minor units (see {@link WireMoneySchema}). */
export function toWireMoney(minor: number, currency: string, locale: string) {
  const amount = toDecimalString(minor, currency)
  const formatted = formatMoney(minor, currency, locale)
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted }
}
