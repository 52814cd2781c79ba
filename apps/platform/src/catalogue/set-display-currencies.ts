import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { parseWith } from '../http/validation.ts'
import {
  DisplayCurrenciesInput,
  type DisplayCurrency,
} from '../sites/display-currencies/display-currencies.ts'
import { replaceDisplayCurrencies } from '../sites/display-currencies/display-currency-store.ts'
import type { Site } from '../sites/site-store.ts'

/**
 * Sets the currencies a site's shoppers may see prices in, with their rates, in this order; the store's
 * own currency is always offered and is not one of them.
 *
 * @throws ValidationError naming each bad row (`currencies[2].rate`); nothing is stored then.
 */
export async function setDisplayCurrencies(db: Db, site: Site, input: unknown): Promise<DisplayCurrency[]> {
  const currencies = parseWith(DisplayCurrenciesInput, input, 'currencies')
  const own = currencies.findIndex((row) => row.currency === site.currency)
  if (own >= 0) {
    throw new ValidationError([
      {
        field: `currencies[${own}].currency`,
        description: `is the store's own currency, always shown`,
        violatedRule: 'VALIDATION',
      },
    ])
  }
  await replaceDisplayCurrencies(db, site.id, currencies)
  return currencies
}
