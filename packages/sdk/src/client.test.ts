import { describe, expect, it } from 'vitest'
import { OAuthStrategy } from './auth/oauth-strategy.js'
import { createClient } from './client.js'
import { isAisleError } from './http/aisle-error.js'
import { currentCart } from './modules/current-cart.js'
import { products } from './modules/products.js'
import { createTestClient, testHosts } from './testing/create-test-client.js'
import { createFakeFetch, jsonResponse, tokenResponse } from './testing/fake-fetch.js'

describe('createClient', () => {
  it('sends GETs to the read-only host and the current cart and writes to baseUrl, under their prefixes', async () => {
    const { client, fake } = createTestClient()
    fake
      .on('GET /stores/v1/products/p1', () => jsonResponse({ product: { id: 'p1' } }))
      .on('GET /stores/v2/collections/c1', () => jsonResponse({ collection: { id: 'c1' } }))
      .on('GET /ecom/v1/carts/current', () => jsonResponse({ cart: { id: 'cart-1' } }))
      .on('POST /ecom/v1/carts/current/add-to-cart', () => jsonResponse({ cart: { id: 'cart-1' } }))
      .on('PATCH /ecom/v1/carts/current', () => jsonResponse({ cart: { id: 'cart-1' } }))
      .on('DELETE /ecom/v1/carts/current', () => jsonResponse({}))

    await client.products.getProduct('p1')
    await client.collections.getCollection('c1')
    await client.currentCart.getCurrentCart()
    await client.currentCart.addToCurrentCart({ lineItems: [] })
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE' })
    await client.currentCart.deleteCurrentCart()

    expect(fake.requests.map((request) => `${request.method} ${request.host}${request.path}`)).toEqual([
      'POST http://api.test/oauth2/token',
      'GET http://read.test/stores/v1/products/p1',
      'GET http://read.test/stores/v2/collections/c1',
      'GET http://api.test/ecom/v1/carts/current',
      'POST http://api.test/ecom/v1/carts/current/add-to-cart',
      'PATCH http://api.test/ecom/v1/carts/current',
      'DELETE http://api.test/ecom/v1/carts/current',
    ])
  })

  it('sends every GET to baseUrl when no read-only host is given, and accepts a trailing slash', async () => {
    const fake = createFakeFetch()
      .on('POST /oauth2/token', () => tokenResponse(1))
      .on('GET /stores/v1/products/p1', () => jsonResponse({ product: {} }))
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'client-1' }),
      modules: { products },
      baseUrl: 'http://api.test/',
      fetch: fake.fetch,
    })
    await client.products.getProduct('p1')
    expect(fake.requestsTo('GET /stores/v1/products/p1')[0]?.host).toBe('http://api.test')
  })

  it('sends the extra headers on every call, the token request included', async () => {
    const fake = createFakeFetch()
      .on('POST /oauth2/token', () => tokenResponse(1))
      .on('GET /ecom/v1/carts/current', () => jsonResponse({ cart: {} }))
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'client-1' }),
      modules: { currentCart },
      baseUrl: testHosts.baseUrl,
      fetch: fake.fetch,
      headers: { 'x-site-locale': 'fr' },
    })
    await client.currentCart.getCurrentCart()
    expect(fake.requests.map((request) => request.headers.get('x-site-locale'))).toEqual(['fr', 'fr'])
  })

  it('sends the access token raw in the Authorization header', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', () => jsonResponse({ cart: {} }))
    await client.currentCart.getCurrentCart()
    const call = fake.requestsTo('GET /ecom/v1/carts/current')[0]
    expect(call?.headers.get('authorization')).toBe('access-1')
    expect(fake.requestsTo('POST /oauth2/token')[0]?.headers.get('authorization')).toBeNull()
  })

  it('calls an injected fetch with globalThis as this, so a bare window.fetch works', async () => {
    const receivers: unknown[] = []
    const fake = createFakeFetch()
      .on('POST /oauth2/token', () => tokenResponse(1))
      .on('GET /ecom/v1/carts/current', () => jsonResponse({ cart: {} }))
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'client-1' }),
      modules: { currentCart },
      baseUrl: testHosts.baseUrl,
      fetch(this: unknown, input: string, init?: RequestInit) {
        receivers.push(this)
        return fake.fetch(input, init)
      },
    })
    await client.currentCart.getCurrentCart()
    expect(receivers).toEqual([globalThis, globalThis])
  })

  it('exposes the strategy as client.auth', () => {
    const auth = OAuthStrategy({ clientId: 'client-1' })
    const client = createClient({ auth, modules: {}, baseUrl: testHosts.baseUrl })
    expect(client.auth).toBe(auth)
  })

  it('refuses a module named like a client property', () => {
    const attempt = () =>
      createClient({
        auth: OAuthStrategy({ clientId: 'c' }),
        modules: { auth: products },
        baseUrl: testHosts.baseUrl,
      })
    expect(attempt).toThrowError('"modules.auth" clashes with a client property: choose another name')
  })

  it('refuses a relative or non-http baseUrl', () => {
    for (const baseUrl of ['/api', 'ftp://api.test', '', 'http://api.test/?a=1']) {
      const attempt = () => createClient({ auth: OAuthStrategy({ clientId: 'c' }), modules: {}, baseUrl })
      expect(attempt).toThrowError(/"baseUrl" must be an absolute http\(s\) URL/)
    }
  })

  it('refuses to give one strategy to two clients', () => {
    const auth = OAuthStrategy({ clientId: 'c' })
    createClient({ auth, modules: {}, baseUrl: testHosts.baseUrl })
    expect(() => createClient({ auth, modules: {}, baseUrl: testHosts.baseUrl })).toThrowError(
      /one strategy per client/,
    )
  })
})

describe('client.fetchWithAuth', () => {
  it('authorises a raw call on the chosen host and answers the Response whatever its status', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/products/p1', () => jsonResponse({ message: 'gone' }, { status: 404 }))
    const response = await client.fetchWithAuth('/stores/v1/products/p1')
    expect(response.status).toBe(404)
    const call = fake.requestsTo('GET /stores/v1/products/p1')[0]
    expect(call?.host).toBe('http://read.test')
    expect(call?.headers.get('authorization')).toBe('access-1')
  })

  it('accepts a URL on the client hosts and refuses any other, so tokens never leave', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /ecom/v1/carts/current/remove-coupon', () => jsonResponse({ cart: {} }))
    const response = await client.fetchWithAuth('http://api.test/ecom/v1/carts/current/remove-coupon', {
      method: 'POST',
    })
    expect(response.status).toBe(200)
    const error = await client
      .fetchWithAuth('http://api.test.evil.example/steal')
      .catch((caught: unknown) => caught)
    expect(isAisleError(error) && error.code).toBe('INVALID_ARGUMENT')
    expect(fake.requests.some((request) => request.host.includes('evil'))).toBe(false)
  })
})
