import { describe, expect, it } from 'vitest'
import {
  catalogueCacheMiddleware,
  isSharedPage,
  isVisitorIndependentRequest,
  SHARED_CATALOGUE_CACHE_CONTROL,
  VISITOR_PAGE_CACHE_CONTROL,
} from './cache-control'

const origin = 'http://127.0.0.1:3000'

describe('isVisitorIndependentRequest', () => {
  it('is true for route data that leaves out the root loader', () => {
    expect(
      isVisitorIndependentRequest(new Request(`${origin}/products.data?sort=name&_routes=routes/products`)),
    ).toBe(true)
    expect(
      isVisitorIndependentRequest(
        new Request(`${origin}/products/classic-tee.data?Size=M&_routes=routes/product`),
      ),
    ).toBe(true)
  })

  it('is true for a document without the visitor’s cookies, false with any of them', () => {
    expect(isVisitorIndependentRequest(new Request(`${origin}/products?sort=name`))).toBe(true)
    expect(
      isVisitorIndependentRequest(new Request(`${origin}/`, { headers: { Cookie: 'theme=dark' } })),
    ).toBe(true)
    for (const cookie of [
      'aisle_session=x',
      '__Host-aisle_session=x',
      'a=1; aisle_currency=EUR',
      'aisle_session=',
    ]) {
      const request = new Request(`${origin}/products?sort=name`, { headers: { Cookie: cookie } })
      expect(isVisitorIndependentRequest(request)).toBe(false)
      expect(isSharedPage(request)).toBe(false)
    }
    expect(isSharedPage(new Request(`${origin}/products/classic-tee`))).toBe(true)
  })

  it('is false for data that includes the root loader, or prices in a chosen currency', () => {
    expect(isVisitorIndependentRequest(new Request(`${origin}/products.data`))).toBe(false)
    expect(
      isVisitorIndependentRequest(new Request(`${origin}/products.data?_routes=root,routes/products`)),
    ).toBe(false)
    const converted = new Request(`${origin}/products.data?_routes=routes/products`, {
      headers: { Cookie: 'aisle_currency=EUR' },
    })
    expect(isVisitorIndependentRequest(converted)).toBe(false)
    // Route data that leaves out the root reads no visitor: the session cookie does not matter to it.
    const withSession = new Request(`${origin}/products.data?_routes=routes/products`, {
      headers: { Cookie: 'aisle_session=x' },
    })
    expect(isVisitorIndependentRequest(withSession)).toBe(true)
    expect(isSharedPage(withSession)).toBe(false)
  })

  it('is false for anything but a read', () => {
    const post = new Request(`${origin}/products/classic-tee.data?_routes=routes/product`, { method: 'POST' })
    expect(isVisitorIndependentRequest(post)).toBe(false)
  })
})

describe('catalogueCacheMiddleware', () => {
  const run = async (url: string, status = 200, cookie?: string) => {
    const response = new Response('{}', { status, headers: { 'Cache-Control': VISITOR_PAGE_CACHE_CONTROL } })
    const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
    const args = { request: new Request(url, { headers }) } as Parameters<typeof catalogueCacheMiddleware>[0]
    const answered = await catalogueCacheMiddleware(args, async () => response)
    return (answered as Response).headers.get('Cache-Control')
  }

  it('lets shared caches keep catalogue data that loaded fine', async () => {
    expect(await run(`${origin}/collections/bags.data?_routes=routes/collection`)).toBe(
      SHARED_CATALOGUE_CACHE_CONTROL,
    )
  })

  it('lets shared caches keep a document asked for without the visitor’s cookies', async () => {
    expect(await run(`${origin}/collections/bags`)).toBe(SHARED_CATALOGUE_CACHE_CONTROL)
  })

  it('keeps documents with the visitor’s cookies and failed loads private', async () => {
    expect(await run(`${origin}/collections/bags`, 200, 'aisle_session=x')).toBe(VISITOR_PAGE_CACHE_CONTROL)
    expect(await run(`${origin}/collections/nope.data?_routes=routes/collection`, 404)).toBe(
      VISITOR_PAGE_CACHE_CONTROL,
    )
  })
})
