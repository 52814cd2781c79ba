import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { CurrencyCode, type DisplayCurrency } from '../sites/display-currencies/display-currencies.ts'
import { listDisplayCurrencies } from '../sites/display-currencies/display-currency-store.ts'
import type { Site } from '../sites/site-store.ts'

/** The request header a caller names the currency it wants prices shown in by, as Wix's clients do. */
export const CURRENCY_HEADER = 'x-wix-currency'

/**
 * The display currency a catalogue read converts its prices to: the one the caller asks for, when the
 * site offers it (its own currency at rate 1 always). A currency the site does not offer gets no
 * conversion: the shopper sees the store's prices, not an error page, after the merchant drops it.
 *
 * @throws ValidationError when the header is not a currency code.
 */
export async function resolveDisplayCurrency(
  db: Db,
  site: Site,
  requested: string | undefined,
): Promise<DisplayCurrency | undefined> {
  if (requested === undefined || requested.trim() === '') return undefined
  const code = CurrencyCode.safeParse(requested)
  if (!code.success) {
    throw new ValidationError([
      { field: CURRENCY_HEADER, description: 'must be an ISO-4217 code such as EUR', violatedRule: 'FORMAT' },
    ])
  }
  if (code.data === site.currency) return { currency: site.currency, rate: 1 }
  return (await listDisplayCurrencies(db, site.id)).find((offered) => offered.currency === code.data)
}
