import { z } from 'zod'
import { fractionDigits } from '../../money/money.ts'

/** At most this many display currencies a site offers: a picker, not a currency list. */
export const MAX_DISPLAY_CURRENCIES = 20

/** A currency a site's shoppers may see prices in, and how much one unit of the store's currency is in it. */
export interface DisplayCurrency {
  currency: string
  rate: number
}

// The ISO-4217 codes `Intl` can format (and knows the minor digits of).
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

/** An ISO-4217 code that `Intl` knows, in any case: `eur` is `EUR`. */
export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be an ISO-4217 code such as EUR')
  .refine((code) => KNOWN_CURRENCIES.has(code), 'is not a currency this platform knows')

/** The display currencies a merchant sets: distinct codes, each with a rate above zero. */
export const DisplayCurrenciesInput = z
  .array(
    z.object({
      currency: CurrencyCode,
      // The column keeps ten decimals: a smaller rate would be stored as zero.
      rate: z.number().min(0.000_001).max(1_000_000_000),
    }),
  )
  .max(MAX_DISPLAY_CURRENCIES)
  .superRefine((rows, context) => {
    const seen = new Set<string>()
    rows.forEach((row, index) => {
      if (seen.has(row.currency))
        context.addIssue({ code: 'custom', path: [index, 'currency'], message: `repeats ${row.currency}` })
      seen.add(row.currency)
    })
  })

/**
 * An amount in the store's minor units as minor units of the display currency at `rate`, rounded half up:
 * 1250 USD cents at 0.92 is 1150 EUR cents; at 150 it is 1875 yen (no minor digits).
 */
export function convertMinor(minor: number, from: string, to: DisplayCurrency): number {
  const shift = fractionDigits(to.currency) - fractionDigits(from)
  return Math.round(minor * to.rate * 10 ** shift)
}
