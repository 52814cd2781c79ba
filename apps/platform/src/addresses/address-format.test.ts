import { describe, expect, it } from 'vitest'
import { countryNameOf, formatAddress, formattedAddressOf } from './address-format.ts'
import { checkContactDetails } from './contact-details.ts'

const ada = { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd' }

describe('formatAddress', () => {
  it.each([
    [
      'US',
      {
        country: 'US',
        subdivision: 'US-CA',
        city: 'San Francisco',
        postalCode: '94111',
        addressLine: '1 Pine St',
      },
      ['1 Pine St', 'San Francisco, CA 94111', 'United States'],
    ],
    [
      'CA',
      {
        country: 'CA',
        subdivision: 'CA-ON',
        city: 'Toronto',
        postalCode: 'M5V 2T6',
        addressLine: '290 Bremner Blvd',
      },
      ['290 Bremner Blvd', 'Toronto ON M5V 2T6', 'Canada'],
    ],
    [
      'GB',
      {
        country: 'GB',
        subdivision: 'GB-ENG',
        city: 'London',
        postalCode: 'SW1A 1AA',
        addressLine: '10 Downing St',
      },
      ['10 Downing St', 'London', 'SW1A 1AA', 'United Kingdom'],
    ],
    [
      'DE',
      {
        country: 'DE',
        subdivision: 'DE-BE',
        city: 'Berlin',
        postalCode: '10115',
        streetAddress: { name: 'Invalidenstraße', number: '117' },
      },
      ['Invalidenstraße 117', '10115 Berlin', 'Germany'],
    ],
    [
      'FR',
      {
        country: 'FR',
        city: 'Paris',
        postalCode: '75001',
        streetAddress: { name: 'rue de Rivoli', number: '99' },
      },
      ['99 rue de Rivoli', '75001 Paris', 'France'],
    ],
    [
      'JP',
      {
        country: 'JP',
        subdivision: 'JP-13',
        city: 'Chiyoda-ku',
        postalCode: '100-0001',
        addressLine: '1-1 Chiyoda',
      },
      ['〒100-0001', 'Tokyo Chiyoda-ku', '1-1 Chiyoda', 'Japan'],
    ],
    [
      'AU',
      {
        country: 'AU',
        subdivision: 'AU-NSW',
        city: 'Sydney',
        postalCode: '2000',
        addressLine: '1 Macquarie St',
      },
      ['1 Macquarie St', 'Sydney NSW 2000', 'Australia'],
    ],
    [
      'a country without a layout (Brazil)',
      {
        country: 'BR',
        subdivision: 'SP',
        city: 'São Paulo',
        postalCode: '01310-100',
        addressLine: 'Av. Paulista 1578',
      },
      ['Av. Paulista 1578', 'São Paulo, SP 01310-100', 'Brazil'],
    ],
  ])('writes an address of %s the way that country does', (_country, address, lines) => {
    expect(formatAddress(address)).toEqual(lines)
  })

  it('puts the person and their company first, and names the country in the given language', () => {
    const address = { country: 'DE', city: 'Berlin', postalCode: '10115', addressLine: 'Invalidenstraße 117' }
    expect(formatAddress(address, { contactDetails: ada, locale: 'de' })).toEqual([
      'Ada Lovelace',
      'Engines Ltd',
      'Invalidenstraße 117',
      '10115 Berlin',
      'Deutschland',
    ])
  })

  it('writes a region by its name where the country names it, never by its code', () => {
    const lines = formatAddress({
      country: 'JP',
      subdivision: 'JP-27',
      city: 'Osaka',
      postalCode: '530-0001',
    })
    expect(lines.join('\n')).toContain('Osaka')
    expect(lines.join('\n')).not.toContain('JP-27')
  })

  it('gives the wire the lines without the person, one per text line', () => {
    expect(
      formattedAddressOf({
        country: 'US',
        subdivision: 'US-NY',
        city: 'Brooklyn',
        postalCode: '11201',
        addressLine: '5 Main St',
      }),
    ).toBe('5 Main St\nBrooklyn, NY 11201\nUnited States')
  })
})

describe('checkContactDetails', () => {
  const check = (
    phoneRule: 'HIDDEN' | 'OPTIONAL' | 'REQUIRED',
    contact: Record<string, string>,
    isComplete = true,
  ) => checkContactDetails(contact, { prefix: 'shipping', phoneRule, isComplete })

  it('asks for a first and a last name', () => {
    expect(
      check('OPTIONAL', {}).violations.map((violation) => [violation.field, violation.violatedRule]),
    ).toEqual([
      ['shipping.firstName', 'REQUIRED_FIELD'],
      ['shipping.lastName', 'REQUIRED_FIELD'],
    ])
  })

  it('asks for a phone only where the shop requires one', () => {
    expect(check('REQUIRED', ada).violations.map((violation) => violation.field)).toEqual(['shipping.phone'])
    expect(check('OPTIONAL', ada).violations).toEqual([])
    expect(check('REQUIRED', { ...ada, phone: '+1 415 555 0100' }).violations).toEqual([])
  })

  it('drops a phone the shop does not ask for, and refuses one that is not a phone', () => {
    expect(check('HIDDEN', { ...ada, phone: '+1 415 555 0100' }).contactDetails).not.toHaveProperty('phone')
    expect(check('OPTIONAL', { ...ada, phone: 'call me' }).violations).toEqual([
      expect.objectContaining({ field: 'shipping.phone', violatedRule: 'FORMAT' }),
    ])
  })

  it('checks only what is given when the details need not be complete yet', () => {
    expect(check('REQUIRED', { firstName: 'Ada' }, false).violations).toEqual([])
  })
})

describe('countryNameOf', () => {
  it('names a country in the locale asked for, the same each time, and its code when ICU has no name', () => {
    for (let round = 0; round < 2; round++) {
      expect(countryNameOf('DE')).toBe('Germany')
      expect(countryNameOf('DE', 'de')).toBe('Deutschland')
      expect(countryNameOf('not a code')).toBe('not a code')
    }
  })

  it('answers as well past the locales and names it keeps', () => {
    // A shopper's browser names the locale: hundreds of made-up ones fall back to English, as the first did.
    for (let n = 0; n < 120; n++)
      expect(countryNameOf('FR', `en-x${String(n).padStart(3, '0')}`)).toBe('France')
    for (let n = 0; n < 1100; n++) countryNameOf(`Q${n}`, 'fr')
    expect(countryNameOf('FR', 'fr')).toBe('France')
    expect(countryNameOf('DE', 'fr')).toBe('Allemagne')
  })
})
