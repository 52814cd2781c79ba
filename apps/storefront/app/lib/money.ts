const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Formats an amount of money in its currency, e.g. `formatPrice(20, 'USD')` is `$20.00`.
 * Amounts may come as numbers (catalogue) or decimal strings (cart); an unknown currency code falls back
 * to the plain amount and code rather than failing the page.
 */
export function formatPrice(amount: number | string, currency: string, locale = 'en-US'): string {
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
