import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  NO_STORE_CACHE_CONTROL,
  SHARED_CATALOGUE_CACHE_CONTROL,
  VISITOR_PAGE_CACHE_CONTROL,
} from './cache-control'
import { storefrontBuildForTests } from './testing/storefront-build'

// Decision 088: the real storefront build (routes, root middleware, server entry) on a scripted platform.
// A catalogue page asked for without the visitor's cookies is drawn for everyone and says a shared cache may
// keep it; with a session (a cart, a member) it is the visitor's own, with their count and name.

const storefront = storefrontBuildForTests()
/** The platform calls the storefront made, as `METHOD /path`. */
let calls: string[]

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
const money = (amount: string) => ({
  amount,
  convertedAmount: amount,
  formattedAmount: `$${amount}`,
  formattedConvertedAmount: `$${amount}`,
})
/** The visitor's cart: one line of three tees. */
const cart = {
  cart: {
    id: 'cart-1',
    currency: 'USD',
    lineItems: [
      {
        id: '3f1c9a52-8d0e-4b7a-9c21-5e6f7a8b9c0d',
        quantity: 3,
        productName: { original: 'Classic Tee', translated: 'Classic Tee' },
        price: money('20.00'),
        lineItemPrice: money('60.00'),
        availability: { status: 'AVAILABLE' },
      },
    ],
    subtotal: money('60.00'),
    cartInfo: {},
    appliedDiscounts: [],
  },
}

function answerAsPlatform(request: Request): Response {
  const url = new URL(request.url)
  const key = `${request.method} ${url.pathname}`
  calls.push(key)
  if (key === 'POST /oauth2/token')
    return Response.json({
      access_token: 'visitor-access',
      refresh_token: 'visitor-refresh',
      expires_in: 3600,
    })
  if (key === 'GET /ecom/v1/shop-info')
    return Response.json({ name: 'Harbor Goods', currency: 'USD', shipping: { regions: [], pickup: [] } })
  if (key === 'GET /stores/v1/products/query-platformized')
    return Response.json({ products: [tee], metadata: { count: 1, offset: 0, total: 1 } })
  if (key === 'GET /stores/v2/collections/query')
    return Response.json({ collections: [tees], metadata: { count: 1, offset: 0, total: 1 } })
  if (key === 'GET /ecom/v1/carts/current' || key === 'POST /ecom/v1/carts/current/add-to-cart')
    return Response.json(cart)
  if (key === 'GET /identity/v1/members/me')
    return Response.json({
      identity: { id: 'm1', email: { address: 'ada@example.com' }, identityProfile: { firstName: 'Ada' } },
    })
  return Response.json({ message: `unscripted ${key}` }, { status: 404 })
}

beforeEach(() => {
  calls = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    answerAsPlatform(new Request(input, init)),
  )
})

/** A session cookie as the SDK writes it: tokens that look valid, of a visitor or a member. */
function sessionCookie(role: 'visitor' | 'member') {
  const tokens = [`${role}-access`, Math.floor(Date.now() / 1000) + 3600, `${role}-refresh`, role]
  return `aisle_session=${Buffer.from(JSON.stringify(tokens)).toString('base64url')}`
}

function get(path: string, headers: Record<string, string> = {}) {
  return storefront().handle(new Request(`http://shop.test${path}`, { headers }))
}

const CATALOGUE_PAGES = ['/', '/products', '/products?q=tee', '/collections/tees', '/products/classic-tee']

describe('a catalogue page without the visitor’s cookies', () => {
  it.each(CATALOGUE_PAGES)(
    '%s is public for shared caches, sets no cookie and varies on nothing personal',
    async (path) => {
      const response = await get(path)
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe(SHARED_CATALOGUE_CACHE_CONTROL)
      expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('vary') ?? '').not.toMatch(/cookie|authorization/i)
      // The cart without a number, no greeting, no token: nothing one visitor could show another.
      expect(html).toMatch(/class="cart-link"[^>]*>Cart<\/a>/)
      expect(html).not.toMatch(/Cart \(\d+\)/)
      expect(html).not.toContain('member-greeting')
      expect(html).not.toContain('visitor-access')
      expect(html).not.toContain('visitor-refresh')
      // No visitor tokens were minted and no cart was asked for.
      expect(calls).not.toContain('GET /ecom/v1/carts/current')
    },
  )

  it('is drawn the same for every visitor, but for the page’s nonce', async () => {
    const withoutNonce = async () =>
      (await (await get('/products/classic-tee')).text()).replace(/nonce="[^"]+"/g, '')
    expect(await withoutNonce()).toBe(await withoutNonce())
  })

  it('stays private when it failed: an unknown collection is no page to share', async () => {
    const response = await get('/collections/nope')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).not.toMatch(/public/)
  })
})

describe('a catalogue page with the visitor’s cookies', () => {
  it.each(CATALOGUE_PAGES)(
    '%s shows a visitor with a cart their count, for their browser alone',
    async (path) => {
      const response = await get(path, { Cookie: sessionCookie('visitor') })
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe(VISITOR_PAGE_CACHE_CONTROL)
      expect(html).toContain('Cart (3)')
      expect(calls).toContain('GET /ecom/v1/carts/current')
    },
  )

  it('greets a signed-in member by name and counts their cart', async () => {
    const response = await get('/products/classic-tee', { Cookie: sessionCookie('member') })
    const html = await response.text()
    expect(response.headers.get('cache-control')).toBe(VISITOR_PAGE_CACHE_CONTROL)
    expect(html).toMatch(/Hi, (<!-- -->)?Ada/)
    expect(html).toContain('Cart (3)')
  })

  it('keeps a page in a chosen display currency out of shared caches', async () => {
    const response = await get('/products', { Cookie: 'aisle_currency=EUR' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(VISITOR_PAGE_CACHE_CONTROL)
  })

  it('answers a cookie it cannot use with a page no cache may store, expiring the cookie', async () => {
    const response = await get('/products/classic-tee', { Cookie: 'aisle_session=garbage' })
    expect(response.headers.get('cache-control')).toBe(NO_STORE_CACHE_CONTROL)
    expect(response.headers.get('set-cookie')).toMatch(/^aisle_session=; Path=\/; Max-Age=0/)
  })
})

describe('a catalogue page after a form post without script', () => {
  it('shows the visitor the cart their first add made, on a page no cache keeps', async () => {
    const response = await storefront().handle(
      new Request('http://shop.test/products/classic-tee', {
        method: 'POST',
        body: new URLSearchParams({ quantity: '3' }),
        headers: { Origin: 'http://shop.test', 'Sec-Fetch-Site': 'same-origin' },
      }),
    )
    const html = await response.text()
    expect(calls).toContain('POST /ecom/v1/carts/current/add-to-cart')
    expect(response.headers.get('set-cookie')).toMatch(/^aisle_session=/)
    expect(response.headers.get('cache-control')).toBe(NO_STORE_CACHE_CONTROL)
    expect(html).toContain('Cart (3)')
  })
})

describe('personal pages', () => {
  it.each(['/cart', '/account', '/checkout'])(
    '%s is never kept by a cache, with or without cookies',
    async (path) => {
      const visits: Record<string, string>[] = [
        {},
        { Cookie: sessionCookie('visitor') },
        { Cookie: sessionCookie('member') },
      ]
      for (const headers of visits) {
        const response = await get(path, headers)
        const cacheControl = response.headers.get('cache-control') ?? ''
        expect(cacheControl).not.toMatch(/public|s-maxage/)
        // A page is `no-store`; a visitor without an account is sent to sign in (a redirect no cache keeps).
        if (response.status === 200) expect(cacheControl).toBe(NO_STORE_CACHE_CONTROL)
        else expect([302, 303]).toContain(response.status)
      }
    },
  )
})
