import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toProductCard } from '../catalogue/product-view'
import { storefrontBuildForTests } from '../platform/testing/storefront-build'
import { parseShopInfo } from '../store/shop-info.server'

// The real storefront build (routes, root middleware, server entry) on a scripted platform: a shop in USD
// that offers EUR, and that refuses a currency header naming a code it does not know, as the platform does
// (apps/platform/src/catalogue/display-currency.ts).

const storefront = storefrontBuildForTests()
/** The `x-wix-currency` of each catalogue read the platform received ('' for none). */
let currencyHeaders: string[]

const tee = {
  _id: 'p1',
  id: 'p1',
  slug: 'classic-tee',
  name: 'Classic Tee',
  visible: true,
  priceData: { currency: 'USD', price: 20, discountedPrice: 20, formatted: { price: '$20.00' } },
  price: { currency: 'USD', price: 20, discountedPrice: 20, formatted: { price: '$20.00' } },
  stock: { inStock: true, inventoryStatus: 'IN_STOCK' },
  collectionIds: ['c1'],
  productOptions: [],
  variants: [],
  media: { items: [] },
}
const tees = { _id: 'c1', id: 'c1', slug: 'tees', name: 'Tees', visible: true, numberOfProducts: 1 }

function answerAsPlatform(request: Request): Response {
  const url = new URL(request.url)
  const key = `${request.method} ${url.pathname}`
  if (key === 'POST /oauth2/token') {
    return Response.json({
      access_token: 'visitor-access',
      refresh_token: 'visitor-refresh',
      expires_in: 3600,
    })
  }
  if (key === 'GET /ecom/v1/shop-info') {
    return Response.json({
      name: 'Harbor Goods',
      currency: 'USD',
      displayCurrencies: [{ currency: 'EUR', rate: 0.5 }],
      shipping: { regions: [], pickup: [] },
    })
  }
  const currency = request.headers.get('x-wix-currency') ?? ''
  currencyHeaders.push(currency)
  if (currency !== '' && !['USD', 'EUR'].includes(currency)) {
    return Response.json(
      { message: 'x-wix-currency must be an ISO-4217 code', details: { validationError: {} } },
      { status: 400 },
    )
  }
  if (url.pathname === '/stores/v1/products/query-platformized') {
    return Response.json({ products: [tee], metadata: { count: 1, offset: 0, total: 1 } })
  }
  if (url.pathname === '/stores/v2/collections/query') {
    return Response.json({ collections: [tees], metadata: { count: 1, offset: 0, total: 1 } })
  }
  return Response.json({ message: `unscripted ${key}` }, { status: 404 })
}

beforeEach(() => {
  currencyHeaders = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    answerAsPlatform(new Request(input, init)),
  )
})

/** The picker's form post, from a page of the storefront unless `headers` say otherwise. */
function pick(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return storefront().handle(
    new Request('http://shop.test/currency', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://shop.test', ...headers },
    }),
  )
}

describe('the display currency picker', () => {
  it('keeps a currency the shop offers in a cookie and goes back to the page', async () => {
    const response = await pick({ currency: 'eur', returnTo: '/products?q=tee' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/products?q=tee')
    expect(response.headers.get('set-cookie')).toMatch(/^aisle_currency=EUR; Path=\/; Max-Age=31536000/)
  })

  it.each(['XXX', 'JPY', '<script>', '', 'USD'])(
    'clears the cookie for %j, a code the shop does not offer or its own currency',
    async (currency) => {
      const response = await pick({ currency, returnTo: '/products' })
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/products')
      expect(response.headers.get('set-cookie')).toMatch(/^aisle_currency=; Path=\/; Max-Age=0/)
    },
  )

  it.each([
    '/\\evil.example/phish',
    '/%09/evil.example',
    '/\t/evil.example',
    '//evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%2F/evil.example',
    '%2F%2Fevil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('goes back home, never to another site, for returnTo %j', async (returnTo) => {
    const response = await pick({ currency: 'EUR', returnTo })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
  })

  it.each([
    { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    { 'Sec-Fetch-Site': 'same-site', Origin: 'https://evil.shop.test' },
    { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' },
  ])('refuses a post from another site, setting no cookie (%j)', async (headers) => {
    const request = new Request('http://shop.test/currency', {
      method: 'POST',
      body: new URLSearchParams({ currency: 'XXX', returnTo: '/\\evil.example/phish' }),
      headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
    })
    const response = await storefront().handle(request)
    expect(response.status).toBe(403)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/aisle_currency/)
  })

  it.each(['/', '/products', '/collections/tees', '/products/classic-tee'])(
    'shows %s in the shop’s currency to a shopper whose cookie names a currency it does not offer',
    async (path) => {
      const response = await storefront().handle(
        new Request(`http://shop.test${path}`, { headers: { Cookie: 'aisle_currency=XXX' } }),
      )
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('$20.00')
      expect(currencyHeaders.length).toBeGreaterThan(0)
      expect(currencyHeaders.every((currency) => currency === '')).toBe(true)
    },
  )

  it('converts the catalogue to a currency the shop offers', async () => {
    const response = await storefront().handle(
      new Request('http://shop.test/products', { headers: { Cookie: 'aisle_currency=EUR' } }),
    )
    expect(response.status).toBe(200)
    expect(currencyHeaders).toContain('EUR')
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
