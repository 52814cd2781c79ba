import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { errorAnswerSchemaFor } from './error-answer.ts'
import { type FuzzRoute, listFuzzRoutes, type OpenApiDocument } from './fuzz-routes.ts'
import { generateRequest } from './fuzz-run.ts'
import { createFuzzObject, parseFuzzJson, RawJson, toJsonText } from './json-text.ts'
import { buildRequest, encodeSegment, type FuzzCredentials, REQUEST_FAMILIES } from './request-families.ts'
import { createRandom, requestSeed } from './seeded-random.ts'

const credentials: FuzzCredentials = {
  visitor: 'visitor-token',
  member: 'member-token',
  merchant: { key: 'aisle_key_x', siteId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' },
  owner: { cookie: 'aisle_dashboard=x', csrf: 'csrf-token' },
}

describe('request generation', () => {
  let db: Db
  let routes: FuzzRoute[]
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    const app = createApp({ db, publicUrl: TEST_PUBLIC_URL })
    routes = listFuzzRoutes(app.routeDefinitions, app.openApi as unknown as OpenApiDocument)
  })
  afterAll(() => db.close())

  const options = (seed: number) => ({ seed, routes, credentials, knownIds: {}, publicUrl: TEST_PUBLIC_URL })

  it('reads every registered route with its schemas from the registry and the OpenAPI document', () => {
    const addToCart = routes.find((route) => route.path === '/ecom/v1/carts/current/add-to-cart')
    expect(addToCart).toMatchObject({ method: 'POST', auth: 'shopperToken' })
    expect(addToCart?.body?.type).toBe('object')
    const product = routes.find((route) => route.method === 'GET' && route.path === '/stores/v1/products/:id')
    expect(product?.params.map((parameter) => parameter.name)).toEqual(['id'])
    expect(routes.length).toBeGreaterThan(100)
  })

  it('generates the same request from the same seed and index, and another from the next index', () => {
    const first = generateRequest(options(42), 7)
    expect(generateRequest(options(42), 7)).toEqual(first)
    expect(generateRequest(options(42), 8)).not.toEqual(first)
    expect(generateRequest(options(43), 7)).not.toEqual(first)
    expect(requestSeed(42, 7)).toBe(requestSeed(42, 7))
  })

  it('builds a request of every family for every route, sendable as a fetch Request', () => {
    const random = createRandom(1)
    for (const route of routes) {
      for (const family of REQUEST_FAMILIES) {
        const request = buildRequest(family, {
          route,
          routes,
          random,
          knownIds: {},
          credentials,
          credential: 'visitor',
          acceptedBodies: [],
        })
        expect(request.family).toBe(family.name)
        expect(request.target.startsWith('/')).toBe(true)
        expect(
          () =>
            new Request(`${TEST_PUBLIC_URL}${request.target}`, {
              method: request.method,
              headers: request.headers,
            }),
        ).not.toThrow()
      }
    }
    // Every family for every route (some 6,000 requests) takes 10 s of CPU on a quiet machine, and more
    // with each route added: the default 30 s ran out on a loaded one.
  }, 120_000)

  it('visits every route within one cycle of the schedule', () => {
    const visited = new Set<string>()
    for (let index = 0; index < routes.length * 4; index++)
      visited.add(generateRequest(options(5), index).route)
    expect(visited.size).toBe(routes.length)
  })
})

describe('fuzz values', () => {
  it('writes prototype keys as own keys and raw JSON as is', () => {
    const value = createFuzzObject([
      ['__proto__', createFuzzObject([['isAdmin', true]])],
      ['n', new RawJson('1e309')],
    ])
    expect(toJsonText(value)).toBe('{"__proto__":{"isAdmin":true},"n":1e309}')
    expect(Object.keys(parseFuzzJson('{"__proto__":{"a":1}}') as object)).toEqual(['__proto__'])
  })

  it('percent-encodes a lone surrogate as the bytes UTF-8 has no use for', () => {
    expect(encodeSegment('a\ud800b')).toBe('a%ED%A0%80b')
    expect(encodeSegment('😀 /')).toBe('%F0%9F%98%80%20%2F')
  })
})

describe('the normalised error answer', () => {
  it('accepts the platform’s validation and application errors', () => {
    const schema = errorAnswerSchemaFor('POST /stores/v1/products')
    const invalid = new ValidationError([{ field: 'a', description: 'is bad', violatedRule: 'FORMAT' }])
    expect(schema.safeParse(invalid.toBody()).success).toBe(true)
    expect(schema.safeParse(new ApplicationError('FORBIDDEN', 'No').toBody()).success).toBe(true)
  })

  it('refuses other shapes, and standard formats outside their own routes', () => {
    const schema = errorAnswerSchemaFor('POST /stores/v1/products')
    expect(schema.safeParse({ message: 'x' }).success).toBe(false)
    expect(schema.safeParse({ error: 'invalid_request' }).success).toBe(false)
    expect(schema.safeParse({ message: 'Internal', details: {}, stack: 'at x' }).success).toBe(false)
    expect(errorAnswerSchemaFor('POST /oauth2/token').safeParse({ error: 'invalid_grant' }).success).toBe(
      true,
    )
    expect(
      errorAnswerSchemaFor('POST /graphql/:version').safeParse({ errors: [{ message: 'x' }] }).success,
    ).toBe(true)
  })
})
