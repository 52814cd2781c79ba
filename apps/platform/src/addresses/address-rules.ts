import type { Address } from '../carts/pricing/pricing-input.ts'
import type { FieldViolation } from '../http/errors.ts'
import { isCountryCode } from './countries.ts'
import { checkPostalCode } from './postal-codes.ts'
import { REGION_REQUIRED, subdivisionsOf } from './subdivisions.ts'

const requiredWords: Record<string, string> = {
  country: 'Choose a country.',
  city: 'Enter the city or town.',
  postalCode: 'Enter the postal code.',
  addressLine: 'Enter the street and number.',
}

/**
 * The rules of a postal address beyond its shape, in plain words by field (`prefix.field`): a country
 * from the list, a region from the country's list (required where addresses name one), the postal
 * code of that country. Answers the address with its postal code written the country's way.
 */
export function checkAddress(
  address: Partial<Address>,
  prefix: string,
): { address: Partial<Address>; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const fail = (
    field: string,
    description: string,
    violatedRule: FieldViolation['violatedRule'] = 'FORMAT',
  ) => violations.push({ field: `${prefix}.${field}`, description, violatedRule })
  for (const field of Object.keys(requiredWords))
    if (!address[field as keyof Address]) fail(field, requiredWords[field] as string, 'REQUIRED_FIELD')
  const { country } = address
  const next = { ...address }
  if (country && !isCountryCode(country)) fail('country', 'Choose a country from the list.')
  if (country && isCountryCode(country)) {
    const regions = subdivisionsOf(country)
    if (regions.length > 0 && address.subdivision && !regions.some(([code]) => code === address.subdivision))
      fail('subdivision', 'Choose a state or region from the list.')
    else if (!address.subdivision && REGION_REQUIRED.has(country))
      fail('subdivision', 'Choose the state, province or territory.', 'REQUIRED_FIELD')
    if (address.postalCode) {
      const checked = checkPostalCode(country, address.postalCode)
      if ('error' in checked) fail('postalCode', checked.error)
      else next.postalCode = checked.postalCode
    }
  }
  return { address: next, violations }
}
