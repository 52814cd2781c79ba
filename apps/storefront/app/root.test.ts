import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_COOKIE_NAME } from './platform/aisle.server'
import { callRoute } from './platform/testing/route-call'
import { loader } from './root'

// The real root loader inside the root's middleware, with the real SDK clients; the platform is a scripted
// global `fetch`. The process's public reader and its shared reads live for the whole file, as in a server.

let calls: string[]
let shopName: string

beforeEach(() => {
  calls = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const key = `${request.method} ${new URL(request.url).pathname}`
    calls.push(key)
    if (key === 'POST /oauth2/token')
      return Response.json({
        access_token: 'visitor-access',
        refresh_token: 'visitor-refresh',
        expires_in: 3600,
      })
    if (key === 'GET /ecom/v1/shop-info')
      return Response.json({ name: shopName, currency: 'USD', shipping: { regions: [], pickup: [] } })
    if (key === 'GET /ecom/v1/carts/current')
      return Response.json(
        { message: 'OWNED_CART_NOT_FOUND', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } },
        { status: 404 },
      )
    return Response.json({ message: `unscripted ${key}` }, { status: 500 })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A visitor's session cookie as the SDK writes it: tokens that look valid. */
const visitorCookie = `${SESSION_COOKIE_NAME}=${Buffer.from(
  JSON.stringify(['access-1', Math.floor(Date.now() / 1000) + 3600, 'refresh-1', 'visitor']),
).toString('base64url')}`

describe('the root loader', () => {
  it('names the shop as its setup does, reading the setup once for many pages', async () => {
    shopName = 'Harbor Goods'
    const first = await callRoute(loader, new Request('http://shop.test/'))
    expect(first.body).toMatchObject({ shopName: 'Harbor Goods', isMember: false })
    const second = await callRoute(loader, new Request('http://shop.test/products'))
    expect(second.body).toMatchObject({ shopName: 'Harbor Goods' })
    expect(calls.filter((call) => call === 'GET /ecom/v1/shop-info')).toHaveLength(1)
  })

  it('asks a visitor without a session for no cart and no member, and one with a session for no member', async () => {
    await callRoute(loader, new Request('http://shop.test/'))
    expect(calls).toEqual([])
    const answer = await callRoute(
      loader,
      new Request('http://shop.test/', { headers: { cookie: visitorCookie } }),
    )
    expect(answer.response.status).toBe(200)
    expect(calls).toEqual(['GET /ecom/v1/carts/current'])
  })
})
