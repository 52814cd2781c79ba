import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { MAX_JSON_DEPTH } from './json-depth.ts'

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const encode = (text: string) => Buffer.from(text).toString('base64url')

describe('request limits', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
    token = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  describe('JSON nesting depth', () => {
    it('refuses a body nested past the limit with a MAX violation on $body, before walking it', async () => {
      // 400,000 levels fit in the body limit; walking them recursively used to overflow the stack (500).
      for (const body of [
        `{"lineItems":${deepArray(MAX_JSON_DEPTH + 1)}}`,
        `{"lineItems":${deepArray(400_000)}}`,
      ]) {
        const response = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', { token, body })
        expect(response.status).toBe(400)
        expect(response.json.details.validationError.fieldViolations).toEqual([
          {
            field: '$body',
            description: `is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
            violatedRule: 'MAX',
            data: { maxDepth: MAX_JSON_DEPTH },
          },
        ])
      }
    })

    it('lets a body nested exactly to the limit through to the schema', async () => {
      const response = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: `{"lineItems":${deepArray(MAX_JSON_DEPTH - 1)}}`,
      })
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0].field).not.toBe('$body')
    })

    it('refuses a query parameter `q` nested past the limit, naming q', async () => {
      const q = encode(`{"query":{"filter":${'{"$and":['.repeat(200)}{}${']}'.repeat(200)}}}`)
      const response = await platform.call('GET', `/stores/v1/products/query-platformized?q=${q}`, { token })
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'q',
        violatedRule: 'MAX',
      })
    })

    it('answers the token endpoint in RFC 6749 form for a body nested past the limit', async () => {
      const response = await platform.call('POST', '/oauth2/token', {
        body: `{"clientId":"${DEMO_CLIENT_ID}","grantType":${deepArray(100_000)}}`,
      })
      expect(response.status).toBe(400)
      expect(response.json.error).toBe('invalid_request')
    })
  })

  describe('text PostgreSQL cannot store', () => {
    it('refuses unpaired surrogates in a body with a FORMAT violation, where jsonb columns used to fail with 500', async () => {
      for (const [path, body, field] of [
        ['/ecom/v1/carts/current', '{"cartInfo":{"buyerNote":"a\\ud800b"}}', 'cartInfo.buyerNote'],
        [
          '/identity/v2/register',
          '{"loginId":{"email":"x@example.com"},"password":"correct horse battery","profile":{"nickname":"\\udc00"}}',
          'profile.nickname',
        ],
        [
          '/stores/v1/products/query-platformized',
          '{"query":{"search":{"expression":"\\udfff\\ud800"}}}',
          'query.search.expression',
        ],
      ] as const) {
        const method = path === '/ecom/v1/carts/current' ? 'PATCH' : 'POST'
        const response = await platform.call(method, path, { token, body })
        expect(response.status, path).toBe(400)
        expect(response.json.details.validationError.fieldViolations).toEqual([
          {
            field,
            description: 'must not contain an unpaired surrogate (U+D800 to U+DFFF alone)',
            violatedRule: 'FORMAT',
          },
        ])
      }
    })

    it('refuses an unpaired surrogate in a key and keeps surrogate pairs (emoji) as they are', async () => {
      const key = await platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: '{"query":{"filter":{"\\ud800":1}}}',
      })
      expect(key.status).toBe(400)
      expect(key.json.details.validationError.fieldViolations[0].violatedRule).toBe('FORMAT')
      const emoji = await platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: { query: { search: { expression: '😀 tee' } } },
      })
      expect(emoji.status).toBe(200)
    })
  })

  describe('array lengths', () => {
    it('bounds every array of every request schema with a maximum (a route added without one fails here)', () => {
      const unbounded: string[] = []
      const visit = (schema: unknown, where: string) => {
        if (typeof schema !== 'object' || schema === null) return
        const node = schema as Record<string, unknown>
        if (node.type === 'array' && node.maxItems === undefined && !node.prefixItems) unbounded.push(where)
        for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`)
      }
      const paths = platform.app.openApi.paths as Record<string, Record<string, Record<string, unknown>>>
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          visit(operation.requestBody, `${method.toUpperCase()} ${path} body`)
          visit(operation.parameters, `${method.toUpperCase()} ${path} parameters`)
        }
      }
      expect(unbounded).toEqual([])
    })

    it('refuses an array past its maximum with MAX_SIZE', async () => {
      const lineItemIds = Array.from({ length: 1_000 }, () => '3f2504e0-4f89-41d3-9a0c-0305e82c3301')
      const response = await platform.call('POST', '/ecom/v1/carts/current/remove-line-items', {
        token,
        body: { lineItemIds },
      })
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'lineItemIds',
        violatedRule: 'MAX_SIZE',
      })
    })
  })
})
