import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

describe('the HTTP edge', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  it('answers an unknown route with a normalised 404, not HTML', async () => {
    const response = await platform.call('GET', '/no/such/route')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.json.details.applicationError).toMatchObject({ code: 'ROUTE_NOT_FOUND' })
    expect(response.json.message).toContain('GET /no/such/route')
  })

  it('answers an unsupported method on a known path with a normalised 404', async () => {
    const response = await platform.call('DELETE', '/oauth2/token')
    expect(response.status).toBe(404)
    expect(response.json.details.applicationError.code).toBe('ROUTE_NOT_FOUND')
  })

  it('puts an x-request-id on every response and keeps a plain one the caller sent', async () => {
    const generated = await platform.call('GET', '/health')
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await platform.call('GET', '/nowhere', { headers: { 'x-request-id': 'abc-123' } })
    expect(kept.headers.get('x-request-id')).toBe('abc-123')
    const replaced = await platform.call('GET', '/health', { headers: { 'x-request-id': '<script>' } })
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>')
  })

  it('answers malformed JSON with a FORMAT violation on $body', async () => {
    const { access_token } = await platform.visitorTokens()
    const response = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: access_token,
      body: '{"lineItems": [',
    })
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: '$body', violatedRule: 'FORMAT' }),
    ])
    expect(response.json.message).toMatch(/^INVALID_ARGUMENT: /)
  })

  it('refuses a body over the size limit with 413', async () => {
    const { access_token } = await platform.visitorTokens()
    const response = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: access_token,
      body: JSON.stringify({ lineItems: [], padding: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect(response.status).toBe(413)
    expect(response.json.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers broken percent-encoding in the query string with 400', async () => {
    const { access_token } = await platform.visitorTokens()
    const response = await platform.call('GET', '/stores/v1/products/query-platformized?q=%E0%A4%A', {
      token: access_token,
    })
    expect(response.status).toBe(400)
    expect(response.json.details.validationError).toBeDefined()
  })

  it('asks for a token on calls that need one, with 401', async () => {
    for (const token of [undefined, 'not-a-token', `Bearer ${'x'.repeat(600)}`]) {
      const response = await platform.call('GET', '/ecom/v1/carts/current', { token })
      expect(response.status).toBe(401)
      expect(response.json.details.applicationError.code).toBe('UNAUTHENTICATED')
    }
  })

  it('sorts field violations by field and names each rule', async () => {
    const { access_token } = await platform.visitorTokens()
    const response = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: access_token,
      body: { lineItems: [{ quantity: 0, catalogReference: { catalogItemId: 'nope', appId: 'other' } }] },
    })
    expect(response.status).toBe(400)
    const violations = response.json.details.validationError.fieldViolations
    expect(violations.map((v: { field: string }) => v.field)).toEqual([
      'lineItems[0].catalogReference.appId',
      'lineItems[0].catalogReference.catalogItemId',
      'lineItems[0].quantity',
    ])
    expect(violations.map((v: { violatedRule: string }) => v.violatedRule)).toEqual([
      'INVALID_ENUM_VALUE',
      'FORMAT',
      'MIN',
    ])
  })

  it('reports a missing required field as REQUIRED_FIELD', async () => {
    const { access_token } = await platform.visitorTokens()
    const response = await platform.call('POST', '/ecom/v1/carts/current/remove-line-items', {
      token: access_token,
      body: {},
    })
    expect(response.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'lineItemIds', violatedRule: 'REQUIRED_FIELD' }),
    ])
    const empty = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: access_token,
      body: {},
    })
    expect(empty.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'lineItems', violatedRule: 'MIN_SIZE' }),
    ])
  })
})

describe('GET /openapi.json', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  it('documents every route the app serves, so no route goes without a schema', () => {
    const served = platform.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '/openapi.json')
      .map((route) => `${route.method} ${route.path}`)
    const documented = platform.app.routeDefinitions.map(
      (route) => `${route.method.toUpperCase()} ${route.path}`,
    )
    expect(served.length).toBeGreaterThan(5)
    expect(new Set(served)).toEqual(new Set(documented))
  })

  it('serves an OpenAPI 3.1 document with request and response schemas', async () => {
    const response = await platform.call('GET', '/openapi.json')
    expect(response.status).toBe(200)
    expect(response.json.openapi).toBe('3.1.0')
    const addToCart = response.json.paths['/ecom/v1/carts/current/add-to-cart'].post
    expect(addToCart.requestBody.content['application/json'].schema.properties.lineItems.type).toBe('array')
    expect(addToCart.responses['200'].content['application/json'].schema.properties.cart).toBeDefined()
    expect(response.json.paths['/stores/v1/products/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    })
  })
})

describe('text the database cannot store', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  it('refuses U+0000 in a body, a query string and an encoded query with a FORMAT violation, not a 500', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const body = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token,
      body: { query: { filter: { name: 'a\u0000b' } } },
    })
    expect(body.status).toBe(400)
    expect(body.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter.name',
      violatedRule: 'FORMAT',
    })
    const q = Buffer.from(JSON.stringify({ query: { search: { expression: '\u0000' } } })).toString(
      'base64url',
    )
    const encoded = await platform.call('GET', `/stores/v1/products/query-platformized?q=${q}`, { token })
    expect(encoded.status).toBe(400)
    const raw = await platform.call('GET', '/stores/v1/products/query-platformized?q=%00', { token })
    expect(raw.status).toBe(400)
  })
})
