import { describe, expect, it } from 'vitest'
import type { AuthStrategy } from '../auth/auth-strategy.js'
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.js'
import { isAisleError } from './aisle-error.js'
import { createHttpClient, type RequestOptions } from './create-http-client.js'
import { toHosts } from './hosts.js'

function createTestHttp(auth: AuthStrategy = { getAuthHeaders: async () => ({ authorization: 'token' }) }) {
  const fake = createFakeFetch()
  const http = createHttpClient({
    hosts: toHosts('http://api.test', 'http://read.test'),
    fetch: fake.fetch,
    auth,
  })
  return { fake, http }
}

function queryWithLength(length: number): RequestOptions {
  // `q=` plus the value makes the whole query string `length` characters long.
  return {
    method: 'GET',
    api: 'stores',
    path: '/v1/products/query-platformized',
    params: { q: 'x'.repeat(length - 2) },
    fallback: { method: 'POST', api: 'stores', path: '/v1/products/query-platformized', body: { query: {} } },
  }
}

describe('createHttpClient', () => {
  it('keeps a GET whose query string is exactly 4000 characters', async () => {
    const { fake, http } = createTestHttp()
    fake.on('GET /stores/v1/products/query-platformized', () => jsonResponse({ products: [] }))
    await http.request(queryWithLength(4000))
    expect(fake.requests[0]?.url.search.length).toBe(4001)
  })

  it('sends the fallback POST to baseUrl when the query string passes 4000 characters', async () => {
    const { fake, http } = createTestHttp()
    fake.on('POST /stores/v1/products/query-platformized', () => jsonResponse({ products: [] }))
    await http.request(queryWithLength(4001))
    const [request] = fake.requests
    expect(request?.host).toBe('http://api.test')
    expect(request?.url.search).toBe('')
    expect(request?.body).toEqual({ query: {} })
    expect(request?.headers.get('content-type')).toBe('application/json')
  })

  it('maps the body to the wire and the answer from it, at the given number fields', async () => {
    const { fake, http } = createTestHttp()
    fake.on('POST /ecom/v1/carts/current/add-to-cart', () =>
      jsonResponse({
        cart: {
          id: 'c',
          lineItems: [{ id: 'l', quantity: 'NaN', physicalProperties: { weight: 'Infinity', sku: 'NaN' } }],
        },
      }),
    )
    const answer = await http.request({
      method: 'POST',
      api: 'ecom',
      path: '/v1/carts/current/add-to-cart',
      body: { lineItems: [{ _id: 'l', quantity: Number.NaN }] },
      numberFields: new Set(['quantity', 'weight']),
    })
    expect(fake.requests[0]?.body).toEqual({ lineItems: [{ id: 'l', quantity: 'NaN' }] })
    expect(answer).toEqual({
      cart: {
        _id: 'c',
        lineItems: [
          {
            _id: 'l',
            quantity: Number.NaN,
            physicalProperties: { weight: Number.POSITIVE_INFINITY, sku: 'NaN' },
          },
        ],
      },
    })
  })

  it('rejects a non-200 answer with a normalised AisleError naming method and URL', async () => {
    const { fake, http } = createTestHttp()
    fake.on('GET /ecom/v1/carts/current', () =>
      jsonResponse(
        {
          message: 'Cart not found',
          details: { applicationError: { description: 'No cart', code: 'OWNED_CART_NOT_FOUND', data: {} } },
        },
        { status: 404, requestId: 'req-9' },
      ),
    )
    const error = await http
      .request({ method: 'GET', api: 'ecom', path: '/v1/carts/current' })
      .catch((caught: unknown) => caught)
    expect(isAisleError(error)).toBe(true)
    expect(error).toMatchObject({
      name: 'AisleError',
      code: 'OWNED_CART_NOT_FOUND',
      message: 'Cart not found: No cart',
      status: 404,
      requestId: 'req-9',
      request: { method: 'GET', url: 'http://api.test/ecom/v1/carts/current' },
    })
  })

  it('turns a 5xx without a JSON body into System error occurred with the request id', async () => {
    const { fake, http } = createTestHttp()
    fake.on(
      'GET /stores/v2/collections/c1',
      () => new Response('<html>oops</html>', { status: 502, headers: { 'x-request-id': 'abc' } }),
    )
    const error = await http
      .request({ method: 'GET', api: 'stores', path: '/v2/collections/c1' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      message: 'System error occurred, request-id: abc',
      code: 'BAD_GATEWAY',
      status: 502,
    })
  })

  it('turns a dropped connection into a NETWORK_ERROR system error', async () => {
    const { fake, http } = createTestHttp()
    const cause = new TypeError('fetch failed')
    fake.on('GET /stores/v2/collections/c1', () => cause)
    const error = await http
      .request({ method: 'GET', api: 'stores', path: '/v2/collections/c1' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ message: 'System error occurred', code: 'NETWORK_ERROR', cause })
  })

  it('lets an abort through as it is', async () => {
    const { fake, http } = createTestHttp()
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    fake.on('GET /stores/v2/collections/c1', () => abort)
    await expect(http.request({ method: 'GET', api: 'stores', path: '/v2/collections/c1' })).rejects.toBe(
      abort,
    )
  })

  it('rejects a 200 answer that is not JSON', async () => {
    const { fake, http } = createTestHttp()
    fake.on('GET /stores/v2/collections/c1', () => new Response('not json', { status: 200 }))
    const error = await http
      .request({ method: 'GET', api: 'stores', path: '/v2/collections/c1' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', message: 'System error occurred' })
  })

  it('rejects any success status other than 200', async () => {
    const { fake, http } = createTestHttp()
    fake.on('DELETE /ecom/v1/carts/current', () => new Response(null, { status: 204 }))
    const error = await http
      .request({ method: 'DELETE', api: 'ecom', path: '/v1/carts/current' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      name: 'AisleError',
      message: 'System error occurred',
      code: 'NO_CONTENT',
      status: 204,
    })
  })

  it('replays a call once after a 401 when the strategy renews, with the new headers', async () => {
    let token = 'old'
    let renewals = 0
    const { fake, http } = createTestHttp({
      getAuthHeaders: async () => ({ authorization: token }),
      renewAfterUnauthorized: async () => {
        renewals++
        token = 'new'
        return true
      },
    })
    fake.on('GET /ecom/v1/carts/current', (request) =>
      request.headers.get('authorization') === 'new'
        ? jsonResponse({ cart: {} })
        : jsonResponse({}, { status: 401 }),
    )
    await http.request({ method: 'GET', api: 'ecom', path: '/v1/carts/current' })
    expect(renewals).toBe(1)
    expect(fake.requests.map((request) => request.headers.get('authorization'))).toEqual(['old', 'new'])
  })

  it('gives up after one replay when the second answer is a 401 too', async () => {
    const { fake, http } = createTestHttp({
      getAuthHeaders: async () => ({ authorization: 'token' }),
      renewAfterUnauthorized: async () => true,
    })
    fake.on('GET /ecom/v1/carts/current', () => jsonResponse({}, { status: 401 }))
    const error = await http
      .request({ method: 'GET', api: 'ecom', path: '/v1/carts/current' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(fake.requests).toHaveLength(2)
  })
})
