import { describe, expect, it } from 'vitest'
import type { ShopInfo } from './shop-info.server'
import { toAddressLines, toCurrencyName, toDeliverySummary, toShippingPage } from './shop-pages'

const shop: ShopInfo = {
  name: 'Aisle Demo Store',
  currency: 'USD',
  displayCurrencies: [],
  regions: [
    {
      name: 'United States',
      countries: ['US'],
      options: [
        {
          title: 'Standard',
          rate: { type: 'FLAT', amount: '5.99' },
          freeOverSubtotal: '75.00',
          deliveryTime: '3-5 days',
        },
        { title: 'Express', rate: { type: 'WEIGHT_TIERS', amount: '14.99' } },
      ],
    },
    {
      name: 'Europe',
      countries: ['DE', 'FR'],
      options: [{ title: 'International', rate: { type: 'FLAT', amount: '19.99' } }],
    },
  ],
  pickup: [
    {
      title: 'Pick up in Brooklyn',
      rate: { type: 'FLAT', amount: '0.00' },
      address: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'Brooklyn',
        postalCode: '11201',
        addressLine: '1 Front St',
      },
    },
  ],
}

describe('the shop’s pages in words', () => {
  it('say each region’s countries and each option’s price, free threshold and delivery time', () => {
    const page = toShippingPage(shop)
    expect(page.regions[0]?.options).toEqual([
      { title: 'Standard', price: '$5.99', note: 'Free on orders over $75.00', deliveryTime: '3-5 days' },
      { title: 'Express', price: 'From $14.99, by weight', note: undefined, deliveryTime: undefined },
    ])
    expect(page.regions[1]?.countries).toBe('Germany and France')
    expect(page.pickup).toEqual([
      {
        title: 'Pick up in Brooklyn',
        price: 'Free',
        address: ['1 Front St', 'Brooklyn, NY 11201', 'United States'],
        instructions: undefined,
      },
    ])
  })

  it('count the countries the shop delivers to, and say so when it delivers nowhere', () => {
    expect(toDeliverySummary(shop)).toBe(
      'Aisle Demo Store delivers to 3 countries: United States, Germany, and France.',
    )
    expect(toDeliverySummary({ ...shop, regions: [] })).toBe(
      'Aisle Demo Store does not deliver at the moment.',
    )
  })

  it('write an address as label lines and a currency by its code and name', () => {
    expect(toAddressLines({ city: 'Paris', country: 'FR' })).toEqual(['Paris', 'France'])
    expect(toCurrencyName('EUR')).toBe('EUR (Euro)')
  })
})
