import { describe, expect, it } from 'vitest'
import { checkAddress } from './address-rules.ts'
import { countryOptions } from './countries.ts'
import { checkPostalCode } from './postal-codes.ts'

describe('address rules', () => {
  it('lists every ISO 3166-1 country, named and sorted in the shopper’s language', () => {
    const english = countryOptions('en-US')
    expect(english).toHaveLength(249)
    expect(english.find((country) => country.code === 'DE')?.name).toBe('Germany')
    const german = countryOptions('de-DE')
    expect(german.find((country) => country.code === 'DE')?.name).toBe('Deutschland')
    expect(german.findIndex((c) => c.code === 'EG')).toBeLessThan(german.findIndex((c) => c.code === 'AL'))
    expect(countryOptions('not a locale')).toHaveLength(249)
  })

  it('writes postal codes the country’s way and refuses ones of another shape', () => {
    expect(checkPostalCode('CA', 'k1a0b1')).toEqual({ postalCode: 'K1A 0B1' })
    expect(checkPostalCode('GB', 'sw1a1aa')).toEqual({ postalCode: 'SW1A 1AA' })
    expect(checkPostalCode('NL', '1012ab')).toEqual({ postalCode: '1012 AB' })
    expect(checkPostalCode('US', '11201-1234')).toEqual({ postalCode: '11201-1234' })
    expect(checkPostalCode('US', '1120')).toEqual({
      error: 'This is not a postal code of that country (for example 11201 or 11201-1234).',
    })
    expect(checkPostalCode('DE', '1011')).toHaveProperty('error')
    expect(checkPostalCode('BR', 'anything')).toEqual({ postalCode: 'ANYTHING' })
  })

  it('names each problem of an address next to its field, in plain words', () => {
    const { violations } = checkAddress({ country: 'US', subdivision: 'US-ZZ', postalCode: 'x' }, 'shipping')
    expect(Object.fromEntries(violations.map((v) => [v.field, v.description]))).toEqual({
      'shipping.city': 'Enter the city or town.',
      'shipping.addressLine': 'Enter the street and number.',
      'shipping.subdivision': 'Choose a state or region from the list.',
      'shipping.postalCode': 'This is not a postal code of that country (for example 11201 or 11201-1234).',
    })
    expect(checkAddress({ country: 'XX' }, 'billing').violations.map((v) => v.description)).toContain(
      'Choose a country from the list.',
    )
    const canada = checkAddress(
      { country: 'CA', city: 'Ottawa', addressLine: '1 Wellington St', postalCode: 'k1a0b1' },
      'shipping',
    )
    expect(canada.violations.map((v) => v.field)).toEqual(['shipping.subdivision'])
    expect(canada.address.postalCode).toBe('K1A 0B1')
    expect(
      checkAddress({ country: 'FR', city: 'Paris', addressLine: '1 rue de Rivoli', postalCode: '75001' }, 's')
        .violations,
    ).toEqual([])
  })
})
