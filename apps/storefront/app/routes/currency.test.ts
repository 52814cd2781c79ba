import { describe, expect, it } from 'vitest'
import { toProductCard } from '../catalogue/product-view'
import { parseShopInfo } from '../store/shop-info.server'
import { action } from './currency'

const post = (fields: Record<string, string>) => {
  const body = new URLSearchParams(fields)
  const request = new Request('http://shop.test/currency', { method: 'POST', body })
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]) as Promise<Response>
}

describe('the display currency picker', () => {
  it('keeps the picked currency in a cookie and goes back to the page', async () => {
    const response = await post({ currency: 'eur', returnTo: '/products?q=tee' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/products?q=tee')
    expect(response.headers.get('set-cookie')).toMatch(/^aisle_currency=EUR; Path=\/; Max-Age=31536000/)
  })

  it('clears the cookie for anything but a code, and goes back only to a path of this site', async () => {
    const response = await post({ currency: '<script>', returnTo: '//evil.test/' })
    expect(response.headers.get('location')).toBe('/')
    expect(response.headers.get('set-cookie')).toMatch(/^aisle_currency=; Path=\/; Max-Age=0/)
  })

  it('reads the currencies the shop offers from its shop info', () => {
    const shop = parseShopInfo({
      name: 'Shop',
      currency: 'USD',
      displayCurrencies: [{ currency: 'EUR', rate: 0.92 }, { currency: 'nope' }],
      shipping: { regions: [], pickup: [] },
    })
    expect(shop?.displayCurrencies).toEqual(['EUR'])
  })

  it('shows a product card in the converted currency when the platform converted it', () => {
    const card = toProductCard(
      {
        _id: 'p1',
        slug: 'tee',
        name: 'Tee',
        priceData: { currency: 'USD', price: 20, discountedPrice: 20 },
        convertedPriceData: { currency: 'EUR', price: 18.4, discountedPrice: 18.4 },
      },
      'http://platform.test',
    )
    expect(card.price).toEqual({ amount: 18.4, currency: 'EUR', formatted: '€18.40' })
  })
})
