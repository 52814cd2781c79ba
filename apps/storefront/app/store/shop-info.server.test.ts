import { describe, expect, it } from 'vitest'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import { findShopInfo, parseShopInfo } from './shop-info.server'

const answer = {
  name: 'Aisle Demo Store',
  currency: 'USD',
  locale: 'en-US',
  shipping: {
    regions: [
      {
        name: 'United States',
        countries: ['US'],
        options: [
          {
            title: 'Standard',
            rate: { type: 'FLAT', amount: '5.99' },
            freeOverSubtotal: '75.00',
            deliveryTime: '3-5 business days',
          },
        ],
      },
    ],
    pickup: [
      {
        title: 'Pick up in Brooklyn',
        rate: { type: 'FLAT', amount: '0.00' },
        method: 'STORE_PICKUP',
        address: { country: 'US', city: 'Brooklyn', addressLine: '1 Front St' },
        instructions: 'At the counter.',
      },
    ],
  },
}

describe('the shop’s own setup', () => {
  it('is read from the platform’s shop info', async () => {
    const { client, calls } = createScriptedClient({ 'GET /ecom/v1/shop-info': { body: answer } })
    const shop = await findShopInfo(client)
    expect(shop?.name).toBe('Aisle Demo Store')
    expect(shop?.regions[0]?.options[0]).toEqual({
      title: 'Standard',
      rate: { type: 'FLAT', amount: '5.99' },
      freeOverSubtotal: '75.00',
      deliveryTime: '3-5 business days',
    })
    expect(shop?.pickup[0]?.address.city).toBe('Brooklyn')
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /ecom/v1/shop-info'])
  })

  it('keeps only the parts that have the expected shape', () => {
    const shop = parseShopInfo({
      ...answer,
      shipping: {
        regions: [
          {
            name: 'Nowhere',
            countries: [],
            options: [{ title: 'Odd', rate: { type: 'GUESS', amount: '1' } }],
          },
          answer.shipping.regions[0],
        ],
        pickup: [{ title: 'No rate' }],
      },
    })
    expect(shop?.regions.map((region) => region.name)).toEqual(['United States'])
    expect(shop?.pickup).toEqual([])
    expect(parseShopInfo({ ...answer, name: 42 })).toBeUndefined()
  })

  it.each([
    ['a refusal', applicationError(404, 'ROUTE_NOT_FOUND')],
    ['no answer', 'network-error' as const],
  ])('is nothing after %s', async (_, failure) => {
    const { client } = createScriptedClient({ 'GET /ecom/v1/shop-info': failure })
    expect(await findShopInfo(client)).toBeUndefined()
  })
})
