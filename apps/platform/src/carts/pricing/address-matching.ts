import type { Address } from './pricing-input.ts'

/*
 * How shipping regions and tax jurisdictions compare addresses: codes upper case, subdivisions as
 * ISO-3166-2 (`NY` in `US` reads as `US-NY`), postal codes without spaces or dashes, cities without
 * case.
 */

/** `' us '` -> `'US'`. */
export function normaliseCountry(country: string | undefined): string {
  return (country ?? '').trim().toUpperCase()
}

/** Whether an address names a country: the least any region or jurisdiction needs. */
export function hasCountry(address: Address | undefined): address is Address {
  return normaliseCountry(address?.country) !== ''
}

/** `NY` with country `US` and `us-ny` both read as `US-NY`. */
export function normaliseSubdivision(subdivision: string | undefined, country: string | undefined): string {
  const code = (subdivision ?? '').trim().toUpperCase()
  if (code === '' || code.includes('-')) return code
  return `${normaliseCountry(country)}-${code}`
}

/** Whether an address's postal code starts with one of the prefixes: `sw1a 1aa` starts with `SW1A`. */
export function hasPostalCodePrefix(address: Address, prefixes: readonly string[]): boolean {
  const postalCode = normalisePostalCode(address.postalCode)
  return postalCode !== '' && prefixes.some((prefix) => postalCode.startsWith(normalisePostalCode(prefix)))
}

function normalisePostalCode(postalCode: string | undefined): string {
  return (postalCode ?? '').replace(/[\s-]/g, '').toUpperCase()
}

/** Whether two city names are the same city: `'New York '` and `'new york'` are. */
export function isSameCity(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()
}
