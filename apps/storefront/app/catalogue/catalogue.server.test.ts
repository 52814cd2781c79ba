import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storefrontBuildForTests } from '../platform/testing/storefront-build'

// Decision 098: the product page's catalogue reads are the process's, shared by every visitor for 1 s, then
// read again once for the pages that ask. On the real storefront build and a scripted platform: each visitor
// still sees their own cart and name, each display currency its own prices, and a merchant's change shows
// once the second is over. Each test reads a product of its own, so no test sees another's kept reads.

const storefront = storefrontBuildForTests()

/** The product each slug's query answers (its price the test may change), and the reads of each slug. */
const prices = new Map<string, number>()
/** Slugs whose product the merchant has hidden: their query finds nothing. */
const hidden = new Set<string>()
let productReads: string[]

function product(slug: string, currency: string) {
  const price = prices.get(slug) ?? 20
  const priceData = { currency: 'USD', price, discountedPrice: price }
  return {
    _id: `id-${slug}`,
    id: `id-${slug}`,
    slug,
    name: `Tee ${slug}`,
    visible: true,
    priceData,
    price: priceData,
    // The platform converts at the shop's rate (0.5) for a display currency it offers.
    ...(currency === 'EUR'
      ? { convertedPriceData: { currency: 'EUR', price: price / 2, discountedPrice: price / 2 } }
      : {}),
    stock: { inStock: true, inventoryStatus: 'IN_STOCK' },
    collectionIds: ['c1'],
    productOptions: [],
    variants: [],
    media: { items: [] },
  }
}

/** A cart of `quantity` tees, as the platform answers the visitor whose token it is. */
function cartOf(quantity: number) {
  const money = (amount: string) => ({ amount, convertedAmount: amount, formattedAmount: `$${amount}` })
  return {
    cart: {
      id: `cart-${quantity}`,
      currency: 'USD',
      lineItems: [
        {
          id: '3f1c9a52-8d0e-4b7a-9c21-5e6f7a8b9c0d',
          quantity,
          productName: { original: 'Tee', translated: 'Tee' },
          price: money('20.00'),
          lineItemPrice: money(`${20 * quantity}.00`),
          availability: { status: 'AVAILABLE' },
        },
      ],
      subtotal: money(`${20 * quantity}.00`),
      cartInfo: {},
      appliedDiscounts: [],
    },
  }
}

/** Each shopper's token and what the platform holds for them: Ada a member with 2 tees, Bo a visitor with 5. */
const SHOPPERS = {
  ada: { token: 'ada-access', role: 'member', quantity: 2, firstName: 'Ada' },
  bo: { token: 'bo-access', role: 'visitor', quantity: 5, firstName: undefined },
} as const

function answerAsPlatform(request: Request): Response {
  const url = new URL(request.url)
  const key = `${request.method} ${url.pathname}`
  const shopper = Object.values(SHOPPERS).find(
    ({ token }) => request.headers.get('authorization')?.replace(/^Bearer /, '') === token,
  )
  if (key === 'POST /oauth2/token')
    return Response.json({ access_token: 'public-access', refresh_token: 'public-refresh', expires_in: 3600 })
  if (key === 'GET /ecom/v1/shop-info')
    return Response.json({
      name: 'Harbor Goods',
      currency: 'USD',
      displayCurrencies: [{ currency: 'EUR', rate: 0.5 }],
      shipping: { regions: [], pickup: [] },
    })
  if (key === 'GET /stores/v1/products/query-platformized') {
    const query = Buffer.from(url.searchParams.get('q') ?? '', 'base64url').toString()
    const slug = /"slug":\{"\$eq":"([^"]+)"\}/.exec(query)?.[1] ?? /"slug":"([^"]+)"/.exec(query)?.[1]
    const currency = request.headers.get('x-wix-currency') ?? 'USD'
    if (slug) productReads.push(`${slug} ${currency}`)
    const products = slug && !hidden.has(slug) ? [product(slug, currency)] : []
    return Response.json({
      products,
      metadata: { count: products.length, offset: 0, total: products.length },
    })
  }
  if (key === 'GET /stores/v2/collections/query')
    return Response.json({
      collections: [{ _id: 'c1', id: 'c1', slug: 'tees', name: 'Tees', visible: true, numberOfProducts: 1 }],
      metadata: { count: 1, offset: 0, total: 1 },
    })
  if (key === 'GET /ecom/v1/carts/current' && shopper) return Response.json(cartOf(shopper.quantity))
  if (key === 'GET /identity/v1/members/me' && shopper?.firstName)
    return Response.json({
      identity: {
        id: 'm1',
        email: { address: 'ada@example.com' },
        identityProfile: { firstName: shopper.firstName },
      },
    })
  return Response.json({ message: `unscripted ${key}` }, { status: 404 })
}

beforeEach(() => {
  productReads = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    answerAsPlatform(new Request(input, init)),
  )
})

afterEach(() => {
  vi.useRealTimers()
})

/** The session cookie of a shopper, as the SDK writes it (tokens that look valid). */
function sessionOf({ token, role }: { token: string; role: string }) {
  const tokens = [token, Math.floor(Date.now() / 1000) + 3600, `${token}-refresh`, role]
  return `aisle_session=${Buffer.from(JSON.stringify(tokens)).toString('base64url')}`
}

async function page(path: string, cookie?: string) {
  const response = await storefront().handle(
    new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
  )
  expect(response.status).toBe(200)
  return response.text()
}

describe('the product page’s shared catalogue reads', () => {
  it('give every visitor the one read of the product, and each their own cart and name', async () => {
    const path = '/products/visitors-tee'
    const ada = sessionOf(SHOPPERS.ada)
    const bo = sessionOf(SHOPPERS.bo)
    const pages = [await page(path, ada), await page(path), await page(path, bo), await page(path, ada)]
    expect(productReads).toEqual(['visitors-tee USD'])
    for (const html of pages) expect(html).toContain('Tee visitors-tee')
    const [adaFirst, firstView, boPage, adaAgain] = pages as [string, string, string, string]
    expect(adaFirst).toContain('Cart (2)')
    expect(adaFirst).toMatch(/Hi, (<!-- -->)?Ada/)
    expect(adaAgain).toContain('Cart (2)')
    expect(boPage).toContain('Cart (5)')
    expect(boPage).not.toContain('Ada')
    expect(firstView).toMatch(/class="cart-link"[^>]*>Cart<\/a>/)
    expect(firstView).not.toMatch(/Cart \(\d+\)|Ada/)
  })

  it('keep each display currency’s prices apart', async () => {
    const path = '/products/currency-tee'
    const euros = [
      await page(path, 'aisle_currency=EUR'),
      await page(path),
      await page(path, 'aisle_currency=EUR'),
    ]
    expect(euros[0]).toContain('€10.00')
    expect(euros[1]).toContain('$20.00')
    expect(euros[1]).not.toContain('€')
    expect(euros[2]).toContain('€10.00')
    expect(productReads.sort()).toEqual(['currency-tee EUR', 'currency-tee USD'])
  })

  it('show a merchant’s change once the second is over, the pages of that second sharing one read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const path = '/products/changed-tee'
    expect(await page(path)).toContain('$20.00')
    prices.set('changed-tee', 25)
    vi.advanceTimersByTime(900)
    expect(await page(path)).toContain('$20.00')
    expect(productReads).toHaveLength(1)
    vi.advanceTimersByTime(200)
    // Past the second: the page waits for the platform and shows the new price at once.
    const [first, second] = await Promise.all([page(path), page(path)])
    expect(first).toContain('$25.00')
    expect(second).toContain('$25.00')
    expect(productReads).toHaveLength(2)
  })

  it('stop showing a product the merchant hid once the second is over, though the page was kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const path = '/products/hidden-tee'
    expect(await page(path)).toContain('Tee hidden-tee')
    hidden.add('hidden-tee')
    vi.advanceTimersByTime(1_100)
    const response = await storefront().handle(new Request(`http://shop.test${path}`))
    expect(response.status).toBe(404)
  })
})
