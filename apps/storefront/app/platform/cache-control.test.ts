import { describe, expect, it } from 'vitest'
import {
  catalogueCacheMiddleware,
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

  it('is false for documents, which carry the cart count, and for data that includes the root loader', () => {
    expect(isVisitorIndependentRequest(new Request(`${origin}/products?sort=name`))).toBe(false)
    expect(isVisitorIndependentRequest(new Request(`${origin}/products.data`))).toBe(false)
    expect(
      isVisitorIndependentRequest(new Request(`${origin}/products.data?_routes=root,routes/products`)),
    ).toBe(false)
  })

  it('is false for anything but a read', () => {
    const post = new Request(`${origin}/products/classic-tee.data?_routes=routes/product`, { method: 'POST' })
    expect(isVisitorIndependentRequest(post)).toBe(false)
  })
})

describe('catalogueCacheMiddleware', () => {
  const run = async (url: string, status = 200) => {
    const response = new Response('{}', { status, headers: { 'Cache-Control': VISITOR_PAGE_CACHE_CONTROL } })
    const args = { request: new Request(url) } as Parameters<typeof catalogueCacheMiddleware>[0]
    const answered = await catalogueCacheMiddleware(args, async () => response)
    return (answered as Response).headers.get('Cache-Control')
  }

  it('lets shared caches keep catalogue data that loaded fine', async () => {
    expect(await run(`${origin}/collections/bags.data?_routes=routes/collection`)).toBe(
      SHARED_CATALOGUE_CACHE_CONTROL,
    )
  })

  it('keeps documents and failed loads private', async () => {
    expect(await run(`${origin}/collections/bags`)).toBe(VISITOR_PAGE_CACHE_CONTROL)
    expect(await run(`${origin}/collections/nope.data?_routes=routes/collection`, 404)).toBe(
      VISITOR_PAGE_CACHE_CONTROL,
    )
  })
})
