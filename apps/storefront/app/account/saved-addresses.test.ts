import type { Identity } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toSavedAddresses } from './saved-addresses'

describe('the member’s saved addresses', () => {
  it('are label lines with the tag the member gave them', () => {
    const identity: Identity = {
      identityProfile: {
        addresses: [
          {
            _id: 'a1',
            tag: 'HOME',
            address: {
              country: 'US',
              subdivision: 'US-NY',
              city: 'Brooklyn',
              postalCode: '11201',
              addressLine: '1 Front St',
            },
          },
          {
            _id: 'a2',
            address: {
              country: 'DE',
              city: 'Berlin',
              streetAddress: { number: '5', name: 'Unter den Linden' },
            },
          },
          { _id: 'a3', tag: 'WORK', address: {} },
        ],
      },
    }
    expect(toSavedAddresses(identity)).toEqual([
      { key: 'a1', label: 'Home', lines: ['1 Front St', 'Brooklyn, NY 11201', 'United States'] },
      { key: 'a2', label: 'Address', lines: ['5 Unter den Linden', 'Berlin', 'Germany'] },
    ])
  })

  it('are none for a member without any, or when the profile could not be read', () => {
    expect(toSavedAddresses({ identityProfile: {} })).toEqual([])
    expect(toSavedAddresses(undefined)).toEqual([])
  })
})
