import { describe, expect, it } from 'vitest'
import {
  parseShippingAddress,
  parseShippingChoice,
  parseShippingOptionValue,
  ShippingAddressError,
  serializeShippingChoice,
  toShippingAddressValues,
  toShippingOptionValue,
} from './shipping-choice'

const blank = { country: '', subdivision: '', city: '', postalCode: '' }

function fieldErrorsOf(values: Partial<typeof blank>) {
  try {
    parseShippingAddress({ ...blank, ...values })
  } catch (error) {
    if (error instanceof ShippingAddressError) return error.fieldErrors
    throw error
  }
  throw new Error('expected the address to be refused')
}

describe('parseShippingAddress', () => {
  it('reads the form as the platform takes an address: codes in capitals, the region with its country', () => {
    expect(
      parseShippingAddress({
        country: 'us',
        subdivision: ' ny ',
        city: '  New   York ',
        postalCode: ' 10001 ',
      }),
    ).toEqual({ country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' })
    expect(parseShippingAddress({ ...blank, country: 'GB', postalCode: 'sw1a 1aa' })).toEqual({
      country: 'GB',
      postalCode: 'SW1A 1AA',
    })
  })

  it('keeps a region written with its own country’s code', () => {
    expect(parseShippingAddress({ ...blank, country: 'US', subdivision: 'US-CA' }).subdivision).toBe('US-CA')
  })

  it('refuses each wrong field in the shopper’s words', () => {
    expect(fieldErrorsOf({})).toEqual({ country: 'Please choose your country.' })
    expect(fieldErrorsOf({ country: 'XX' })).toEqual({ country: 'Please choose a country from the list.' })
    expect(fieldErrorsOf({ country: 'USA' })).toEqual({ country: 'Please choose a country from the list.' })
    expect(
      fieldErrorsOf({ country: 'US', subdivision: 'CA-ON', postalCode: '10001!', city: 'x'.repeat(101) }),
    ).toEqual({
      subdivision: 'Please enter the state or region as its short code, such as NY.',
      postalCode: 'Please check the postal code: letters, digits, spaces and hyphens only.',
      city: 'Please keep the city to 100 characters.',
    })
  })
})

describe('toShippingAddressValues', () => {
  it('writes a saved address back as the form shows it, and blanks for none', () => {
    const address = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }
    const values = toShippingAddressValues(address)
    expect(values).toEqual({ country: 'US', subdivision: 'NY', city: 'New York', postalCode: '10001' })
    expect(parseShippingAddress(values)).toEqual(address)
    expect(toShippingAddressValues(undefined)).toEqual(blank)
  })
})

describe('shipping option values', () => {
  it('round-trip through a radio button’s value, whatever the codes hold', () => {
    for (const option of [
      { code: 'standard', carrierId: 'aisle-post' },
      { code: 'a/b c:d', carrierId: 'x/y' },
      { code: 'pickup' },
    ]) {
      expect(parseShippingOptionValue(toShippingOptionValue(option))).toEqual(option)
    }
  })

  it('reads anything else as no option', () => {
    for (const value of [
      undefined,
      null,
      '',
      'standard',
      'a/',
      'a/b/c',
      `post/${'x'.repeat(51)}`,
      'post/%E0%A4%A',
    ]) {
      expect(parseShippingOptionValue(value)).toBeUndefined()
    }
  })
})

describe('parseShippingChoice', () => {
  const choice = {
    address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
    option: { code: 'standard', carrierId: 'aisle-post' },
  }

  it('reads back the choice it wrote', () => {
    expect(parseShippingChoice(serializeShippingChoice(choice))).toEqual(choice)
    expect(parseShippingChoice(serializeShippingChoice({ address: { country: 'DE' } }))).toEqual({
      address: { country: 'DE' },
    })
  })

  it('reads a cookie the shopper changed as no choice, or drops the option that is wrong', () => {
    expect(parseShippingChoice(undefined)).toBeUndefined()
    expect(parseShippingChoice('not json')).toBeUndefined()
    expect(parseShippingChoice('null')).toBeUndefined()
    expect(parseShippingChoice('{"address":{"country":"ZZ"}}')).toBeUndefined()
    expect(parseShippingChoice('{"address":{"country":"US","postalCode":"<script>"}}')).toBeUndefined()
    expect(parseShippingChoice('{"address":{"country":"US"},"option":{"code":""}}')).toEqual({
      address: { country: 'US' },
    })
    expect(parseShippingChoice('{"address":{"country":"US"},"option":null}')).toEqual({
      address: { country: 'US' },
    })
  })
})
