import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_COOKIE_NAME } from './platform/aisle.server'
import { callRoute } from './platform/testing/route-call'
import { loader } from './root'

// The real root loader inside the root's middleware, with the real SDK clients; the platform is a scripted
// global `fetch`. The process's public reader and its shared reads live for the whole file, as in a server.

let calls: string[]
let shopName: string
/** The grant types of the token requests the platform received. */
let grants: string[]
/** Whether the platform refuses every refresh token (one it revoked, or expired beyond refresh). */
let refusesRefresh: boolean

beforeEach(() => {
  calls = []
  grants = []
  refusesRefresh = false
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const key = `${request.method} ${new URL(request.url).pathname}`
    calls.push(key)
    if (key === 'POST /oauth2/token') {
      const { grantType } = (await request.json()) as { grantType: string }
      grants.push(grantType)
      if (grantType === 'refresh_token' && refusesRefresh)
        return Response.json(
          { error: 'invalid_grant', error_description: 'refresh token revoked' },
          { status: 400 },
        )
    }
    if (key === 'POST /oauth2/token')
      return Response.json({
        access_token: 'visitor-access',
        refresh_token: 'visitor-refresh',
        expires_in: 3600,
      })
    if (key === 'GET /ecom/v1/shop-info')
      return Response.json({ name: shopName, currency: 'USD', shipping: { regions: [], pickup: [] } })
    if (key === 'GET /stores/v2/collections/query')
      return Response.json({
        collections: [
          { id: 'bags', slug: 'bags', name: 'Bags', numberOfProducts: 2, visible: true },
          { id: 'empty', slug: 'empty', name: 'Empty', numberOfProducts: 0, visible: true },
          { id: 'sale', slug: 'sale', name: 'Sale', numberOfProducts: 1, visible: true },
        ],
        metadata: { count: 3, offset: 0, total: 3 },
      })
    if (key === 'GET /stores/v1/products/query-platformized')
      return Response.json({
        products: [
          { id: 'tote', name: 'Tote', slug: 'tote', collectionIds: ['bags'] },
          { id: 'pouch', name: 'Pouch', slug: 'pouch', collectionIds: ['bags', 'sale'] },
        ],
        metadata: { count: 2, offset: 0, total: 2 },
      })
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

  it('lists the featured collections for the menu, curated first, reading them once for many pages', async () => {
    const first = await callRoute(loader, new Request('http://shop.test/'))
    expect(first.body).toMatchObject({
      menuCollections: [
        { slug: 'sale', name: 'Sale' },
        { slug: 'bags', name: 'Bags' },
      ],
    })
    await callRoute(loader, new Request('http://shop.test/products'))
    // The process keeps them (an earlier story may have read them already): never a read per page.
    expect(calls.filter((call) => call === 'GET /stores/v2/collections/query').length).toBeLessThanOrEqual(1)
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

/** Sends `count` GETs of the home page with `cookie`, replacing it with each answer's, as a browser would. */
async function browse(count: number, cookie: string, options: { keepsCookies: boolean }) {
  let sent = cookie
  const answers: Awaited<ReturnType<typeof callRoute>>[] = []
  for (let index = 0; index < count; index++) {
    const answer = await callRoute(loader, new Request('http://shop.test/', { headers: { cookie: sent } }))
    answers.push(answer)
    const set = answer.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`))
    if (set && options.keepsCookies) sent = /Max-Age=0/.test(set) ? '' : (set.split(';')[0] ?? '')
  }
  return answers
}

const visitorGrants = () => grants.filter((grant) => grant === 'anonymous')

describe('a session cookie that holds no tokens', () => {
  // The process's public reader gets its own tokens once (the shop info): not the visitor's.
  beforeEach(async () => {
    await callRoute(loader, new Request('http://shop.test/'))
    grants = []
    calls = []
  })

  const garbage = [
    `${SESSION_COOKIE_NAME}=garbage`,
    `${SESSION_COOKIE_NAME}=${Buffer.from('["a",1]').toString('base64url')}`,
    `${SESSION_COOKIE_NAME}=${Buffer.from(JSON.stringify(['access', 'soon', 'refresh', 'admin'])).toString('base64url')}`,
    `${SESSION_COOKIE_NAME}=%E0%A4%A`,
    `${SESSION_COOKIE_NAME}=`,
  ]

  it.each(garbage)('counts as none, and the first answer expires it (%s)', async (cookie) => {
    const [first, ...rest] = await browse(5, cookie, { keepsCookies: true })
    expect(first?.response.status).toBe(200)
    expect(first?.setCookies).toContain(`${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
    expect(rest.flatMap((answer) => answer.setCookies)).toEqual([])
    // A catalogue page needs no token of the visitor's: none is minted, and no cart is asked for.
    expect(visitorGrants()).toEqual([])
    expect(calls).not.toContain('GET /ecom/v1/carts/current')
  })

  it('mints no token for a client that keeps sending it and never takes the answer’s cookie', async () => {
    const answers = await browse(70, `${SESSION_COOKIE_NAME}=garbage`, { keepsCookies: false })
    expect(answers.every((answer) => answer.response.status === 200)).toBe(true)
    expect(visitorGrants()).toEqual([])
  })

  it('replaces tokens the platform refuses to refresh: a browser that takes the new cookie costs one token', async () => {
    refusesRefresh = true
    const expired = `${SESSION_COOKIE_NAME}=${Buffer.from(
      JSON.stringify(['access-1', Math.floor(Date.now() / 1000) - 60, 'revoked-refresh', 'visitor']),
    ).toString('base64url')}`
    const [first, ...rest] = await browse(10, expired, { keepsCookies: true })
    expect(first?.setCookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=[^;]+; Path=/; Max-Age=2592000`))
    expect(rest.flatMap((answer) => answer.setCookies)).toEqual([])
    expect(grants).toEqual(['refresh_token', 'anonymous'])
  })
})
