import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { CollectionSchema, ProductSchema } from './catalogue-schemas.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe.each(databaseKinds())('catalogue reads on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    token = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const queryGet = (query: unknown) =>
    platform.call('GET', `/stores/v1/products/query-platformized?q=${encode({ query })}`, { token })
  const queryPost = (query: unknown) =>
    platform.call('POST', '/stores/v1/products/query-platformized', { token, body: { query } })

  describe('POST /stores/v1/products/query-platformized', () => {
    it('pages the demo store newest first, 50 by default, with paging metadata', async () => {
      const response = await queryPost({})
      expect(response.status).toBe(200)
      expect(response.json.metadata).toEqual({ count: 42, offset: 0, total: 42 })
      const dates = response.json.products.map((p: { createdDate: string }) => p.createdDate)
      expect(dates).toEqual([...dates].sort().reverse())
      for (const product of response.json.products) ProductSchema.parse(product)
    })

    it('answers the GET with q the same as the POST', async () => {
      const query = {
        filter: { price: { $gte: 20, $lt: 60 } },
        sort: [{ fieldName: 'price', order: 'DESC' }],
        paging: { limit: 5, offset: 2 },
      }
      const [get, post] = await Promise.all([queryGet(query), queryPost(query)])
      expect(get.status).toBe(200)
      expect(get.json).toEqual(post.json)
      const prices = get.json.products.map(
        (p: { price: { discountedPrice: number } }) => p.price.discountedPrice,
      )
      expect(prices.every((p: number) => p >= 20 && p < 60)).toBe(true)
      expect(prices).toEqual([...prices].sort((a, b) => b - a))
      expect(get.json.metadata).toMatchObject({ count: 5, offset: 2 })
    })

    it('keeps pages stable: consecutive pages neither repeat nor skip', async () => {
      const ids: string[] = []
      for (let offset = 0; offset < 42; offset += 10) {
        const page = await queryPost({ paging: { limit: 10, offset } })
        ids.push(...page.json.products.map((p: { id: string }) => p.id))
      }
      expect(ids).toHaveLength(42)
      expect(new Set(ids).size).toBe(42)
    })

    it('filters with $and, $or, $not, $in, $startsWith, $contains, $hasSome and $exists', async () => {
      const collections = await db.query<{ id: string; slug: string }>(
        'select id, slug from collections order by slug',
      )
      const footwear = collections.find((c) => c.slug === 'footwear')!.id
      const bags = collections.find((c) => c.slug === 'bags')!.id
      const cases: [unknown, (p: Record<string, any>) => boolean][] = [
        [
          { collectionIds: { $hasSome: [footwear, bags] } },
          (p) => p.collectionIds.includes(footwear) || p.collectionIds.includes(bags),
        ],
        [
          { collectionIds: { $hasAll: [footwear, bags] } },
          (p) => p.collectionIds.includes(footwear) && p.collectionIds.includes(bags),
        ],
        [{ name: { $startsWith: 'classic' } }, (p) => p.name.toLowerCase().startsWith('classic')],
        [{ description: { $contains: 'WEATHER' } }, (p) => p.description.toLowerCase().includes('weather')],
        [
          { $or: [{ ribbon: 'Sale' }, { 'stock.inStock': false }] },
          (p) => p.ribbon === 'Sale' || !p.stock.inStock,
        ],
        [{ $not: { ribbon: { $exists: true } } }, (p) => p.ribbon === undefined],
        [
          { slug: { $in: ['classic-tee', 'meadow-tote', 'nope'] } },
          (p) => ['classic-tee', 'meadow-tote'].includes(p.slug),
        ],
        [
          { $and: [{ price: { $gt: 50 } }, { 'price.price': { $lte: 100 } }] },
          (p) => p.price.discountedPrice > 50 && p.price.price <= 100,
        ],
      ]
      const all = (await queryPost({ paging: { limit: 100 } })).json.products as Record<string, any>[]
      for (const [filter, predicate] of cases) {
        const response = await queryPost({ filter, paging: { limit: 100 } })
        expect(response.status, JSON.stringify(filter)).toBe(200)
        const expected = all
          .filter(predicate)
          .map((p) => p.id)
          .sort()
        expect(
          response.json.products.map((p: { id: string }) => p.id).sort(),
          JSON.stringify(filter),
        ).toEqual(expected)
        expect(response.json.metadata.total).toBe(expected.length)
      }
    })

    it.each([
      [{ filter: { password: 'x' } }, 'query.filter.password', 'FIELD_NOT_ALLOWED'],
      [{ filter: { price: { $regex: '.*' } } }, 'query.filter.price.$regex', 'FIELD_NOT_ALLOWED'],
      [{ filter: { price: { $gt: 'ten' } } }, 'query.filter.price.$gt', 'VALIDATION'],
      [{ filter: { id: 'not-a-uuid' } }, 'query.filter.id.$eq', 'FORMAT'],
      [{ filter: { $where: {} } }, 'query.filter.$where', 'FIELD_NOT_ALLOWED'],
      [{ sort: [{ fieldName: 'description' }] }, 'query.sort[0].fieldName', 'FIELD_NOT_ALLOWED'],
      [{ paging: { limit: 101 } }, 'query.paging.limit', 'MAX'],
      [{ paging: { offset: -1 } }, 'query.paging.offset', 'MIN'],
    ])('rejects %j naming %s', async (query, field, rule) => {
      const response = await queryPost(query)
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field, violatedRule: rule }),
      ])
    })

    it('rejects a q that is not base64url JSON', async () => {
      const response = await platform.call('GET', '/stores/v1/products/query-platformized?q=%%%', { token })
      expect(response.status).toBe(400)
      const notJson = await platform.call(
        'GET',
        `/stores/v1/products/query-platformized?q=${Buffer.from('{oops').toString('base64url')}`,
        { token },
      )
      expect(notJson.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'q',
        violatedRule: 'FORMAT',
      })
    })

    it('hides products the merchant made invisible', async () => {
      const [hidden] = await db.query<{ id: string }>(
        "update products set visible = false where slug = 'classic-tee' returning id",
      )
      const response = await queryPost({ paging: { limit: 100 } })
      expect(response.json.metadata.total).toBe(41)
      expect((await platform.call('GET', `/stores/v1/products/${hidden!.id}`, { token })).status).toBe(404)
      await db.query("update products set visible = true where slug = 'classic-tee'")
    })
  })

  describe('GET /stores/v1/products/:id', () => {
    it('answers a product with options, variants, prices, stock and media', async () => {
      const [row] = await db.query<{ id: string }>("select id from products where slug = 'classic-tee'")
      const response = await platform.call('GET', `/stores/v1/products/${row!.id}`, { token })
      expect(response.status).toBe(200)
      const product = ProductSchema.parse(response.json.product)
      expect(product.productOptions.map((o) => o.name)).toEqual(['Size', 'Color'])
      expect(product.variants).toHaveLength(16)
      expect(product.media.mainMedia?.image?.url).toMatch(/^http:\/\/platform\.test\/media\/[0-9a-f-]{36}$/)
      const image = await platform.app.request(product.media.mainMedia!.image!.url)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      expect(await image.text()).toContain('<svg')
    })

    it('answers an unknown id with PRODUCT_NOT_FOUND and a malformed one with a FORMAT violation', async () => {
      const missing = await platform.call('GET', '/stores/v1/products/00000000-0000-4000-8000-000000000000', {
        token,
      })
      expect(missing.status).toBe(404)
      expect(missing.json.details.applicationError.code).toBe('PRODUCT_NOT_FOUND')
      const malformed = await platform.call('GET', "/stores/v1/products/1'%20or%201=1", { token })
      expect(malformed.status).toBe(400)
      expect(malformed.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'id',
        violatedRule: 'FORMAT',
      })
    })

    it('never shows another site’s product', async () => {
      await db.query("insert into sites (id, name) values ('11111111-1111-4111-8111-111111111111', 'Other')")
      await db.query(
        `insert into oauth_clients (id, site_id, name) values ('other-site-client', '11111111-1111-4111-8111-111111111111', 'Other')`,
      )
      const other = await platform.visitorTokens('other-site-client')
      const [row] = await db.query<{ id: string }>("select id from products where slug = 'classic-tee'")
      const response = await platform.call('GET', `/stores/v1/products/${row!.id}`, {
        token: other.access_token,
      })
      expect(response.status).toBe(404)
      const query = await platform.call('POST', '/stores/v1/products/query-platformized', {
        token: other.access_token,
        body: {},
      })
      expect(query.json.metadata.total).toBe(0)
    })
  })

  describe('GET /stores/v2/collections/:id', () => {
    it('answers a collection with its visible product count', async () => {
      const [row] = await db.query<{ id: string }>("select id from collections where slug = 'footwear'")
      const response = await platform.call('GET', `/stores/v2/collections/${row!.id}`, { token })
      expect(response.status).toBe(200)
      const collection = CollectionSchema.parse(response.json.collection)
      expect(collection).toMatchObject({ slug: 'footwear', name: 'Footwear' })
      expect(collection.numberOfProducts).toBeGreaterThanOrEqual(7)
    })

    it('answers an unknown collection with COLLECTION_NOT_FOUND', async () => {
      const response = await platform.call(
        'GET',
        '/stores/v2/collections/00000000-0000-4000-8000-000000000000',
        { token },
      )
      expect(response.status).toBe(404)
      expect(response.json.details.applicationError.code).toBe('COLLECTION_NOT_FOUND')
    })
  })
})
