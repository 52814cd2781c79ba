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

describe('createClient apiPrefixes', () => {
  it('sends every family under the prefixes of the environment, the token request and the cart rule included', async () => {
    const fake = createFakeFetch()
      .on('POST /auth/token', () => tokenResponse(1))
      .on('GET /shop/ecom/v1/carts/current', () => jsonResponse({ cart: { id: 'c' } }))
      .on('GET /catalog/v1/products/p1', () => jsonResponse({ product: { id: 'p1' } }))
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'client-1' }),
      modules: { currentCart, products },
      ...testHosts,
      fetch: fake.fetch,
      apiPrefixes: { oauth: '/auth', ecom: '/shop/ecom', stores: '/catalog' },
    })
    await client.currentCart.getCurrentCart()
    await client.products.getProduct('p1')
    expect(fake.requests.map((request) => `${request.method} ${request.host}${request.path}`)).toEqual([
      'POST http://api.test/auth/token',
      'GET http://api.test/shop/ecom/v1/carts/current',
      'GET http://read.test/catalog/v1/products/p1',
    ])
  })
})

describe('client.graphql', () => {
  it('POSTs { query, variables } to /graphql/alpha and resolves the answer as sent, without renaming', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /graphql/alpha', () => jsonResponse({ data: { product: { id: 'p1', createdDate: 'd' } } }))
    const answer = await client.graphql('query ($id: ID!) { product(id: $id) { id createdDate } }', {
      id: 'p1',
      _id: 'x',
    })
    expect(answer).toEqual({ data: { product: { id: 'p1', createdDate: 'd' } } })
    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://api.test')
    expect(request?.headers.get('authorization')).toBe('access-1')
    expect(request?.body).toEqual({
      query: 'query ($id: ID!) { product(id: $id) { id createdDate } }',
      variables: { id: 'p1', _id: 'x' },
    })
  })

  it('takes another version and resolves GraphQL errors inside a 200 as data', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /graphql/v2', () => jsonResponse({ errors: [{ message: 'Cannot query field "x"' }] }))
    expect(await client.graphql('{ x }', undefined, { version: 'v2' })).toEqual({
      errors: [{ message: 'Cannot query field "x"' }],
    })
  })

  it('rejects a non-200 answer with an AisleError', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /graphql/alpha', () => jsonResponse({ message: 'bad' }, { status: 400 }))
    await expect(client.graphql('{')).rejects.toMatchObject({ name: 'AisleError', status: 400 })
  })
})
