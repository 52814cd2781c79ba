import { COUNTRY_CODES } from '../addresses/countries.ts'
import type { CommerceSettings } from './commerce-settings.ts'

/**
 * The countries the shop's shipping regions deliver to, in code order: every country when a region
 * names `*`. Pickup-only shops ship nowhere (their buyers still give a billing address).
 */
export function shipToCountries(settings: Pick<CommerceSettings, 'shipping'>): string[] {
  const named = new Set<string>()
  for (const region of settings.shipping.regions)
    for (const destination of region.destinations) {
      if (destination.country === '*') return [...COUNTRY_CODES]
      named.add(destination.country)
    }
  return [...named].sort()
}
