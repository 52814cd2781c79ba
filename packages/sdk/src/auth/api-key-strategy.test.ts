import { describe, expect, it } from 'vitest'
import { createClient } from '../client.js'
import { products } from '../modules/products.js'
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.js'
import { ApiKeyStrategy } from './api-key-strategy.js'

describe('ApiKeyStrategy', () => {
  it('sends the API key as Authorization and the site id as aisle-site-id, with no token request', async () => {
    const fake = createFakeFetch().on('POST /stores/v1/products/p1/remove-ribbon', () => jsonResponse({}))
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'key-1', siteId: 'site-1' }),
      modules: { products },
      baseUrl: 'http://api.test',
      fetch: fake.fetch,
    })
    await client.products.removeRibbon('p1')
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.headers.get('authorization')).toBe('key-1')
    expect(fake.requests[0]?.headers.get('aisle-site-id')).toBe('site-1')
    expect(client.auth.siteId).toBe('site-1')
  })

  it('does not replay a call refused with 401', async () => {
    const fake = createFakeFetch().on('DELETE /stores/v1/products/p1', () =>
      jsonResponse({}, { status: 401 }),
    )
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'revoked', siteId: 'site-1' }),
      modules: { products },
      baseUrl: 'http://api.test',
      fetch: fake.fetch,
    })
    await expect(client.products.deleteProduct('p1')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    })
    expect(fake.requests).toHaveLength(1)
  })

  it.each([
    [{ apiKey: '', siteId: 's' }, '"apiKey" must be a non-empty string'],
    [{ apiKey: 'k', siteId: '' }, '"siteId" must be a non-empty string'],
  ])('refuses %o', (options, message) => {
    expect(() => ApiKeyStrategy(options)).toThrowError(message)
  })
})
