import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import {
  CollectionSchema,
  ProductSchema,
  SelectedVariantSchema,
  StoreVariantSchema,
  VariantSchema,
} from './catalogue-schemas.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe.each(databaseKinds())('catalogue reads beyond products on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  let merchant: Record<string, string>
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    token = (await platform.visitorTokens()).access_token
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'test', permissions: ['catalogue'] },
      new Date(),
    )
    merchant = { 'aisle-site-id': DEMO_SITE_ID }
    merchant.authorization = key
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    platform.call('POST', path, headers ? { body, headers } : { token, body })

  describe('full-text search in POST /stores/v1/products/query-platformized', () => {
    it('finds by words in the name, description and sku, most relevant first', async () => {
      const shoes = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: 'boot' } },
      })
      expect(shoes.status).toBe(200)
      expect(shoes.json.products.map((p: { name: string }) => p.name)).toContain('Classic Hiking Boot')
      const stemmed = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: 'jackets' } },
      })
      expect(stemmed.json.metadata.total).toBeGreaterThan(0)
      const bySku = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: 'SKU-0001' } },
      })
      expect(bySku.json.products[0].sku).toBe('SKU-0001')
      const ranked = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: 'tee' } },
      })
      expect(ranked.json.products[0].name).toMatch(/Tee/)
    })

    it('combines search with filters and sorts, and finds nothing for nonsense', async () => {
      const combined = await post('/stores/v1/products/query-platformized', {
        query: {
          search: { expression: 'tee' },
          filter: { price: { $lt: 22 } },
          sort: [{ fieldName: 'price', order: 'ASC' }],
        },
      })
      const prices = combined.json.products.map(
        (p: { price: { discountedPrice: number } }) => p.price.discountedPrice,
      )
      expect(prices.every((p: number) => p < 22)).toBe(true)
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
      const none = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: 'zzqxv' } },
      })
      expect(none.json.metadata.total).toBe(0)
      const hostile = await post('/stores/v1/products/query-platformized', {
        query: { search: { expression: '\'"):*!&|<-> \\' } },
      })
      expect(hostile.status).toBe(200)
    })
  })

  describe('collections', () => {
    it('answers by slug in v1 and v2 alike, and 404 for an unknown slug', async () => {
      const v2 = await platform.call('GET', '/stores/v2/collections/slug/footwear', { token })
      const v1 = await platform.call('GET', '/stores/v1/collections/slug/footwear', { token })
      expect(v2.status).toBe(200)
      expect(CollectionSchema.parse(v2.json.collection).slug).toBe('footwear')
      expect(v1.json).toEqual(v2.json)
      const missing = await platform.call('GET', '/stores/v2/collections/slug/nope', { token })
      expect(missing.json.details.applicationError.code).toBe('COLLECTION_NOT_FOUND')
    })

    it('queries collections by name order with paging, by GET and POST alike', async () => {
      const query = { paging: { limit: 4, offset: 1 } }
      const [viaPost, viaGet] = await Promise.all([
        post('/stores/v2/collections/query', { query }),
        platform.call('GET', `/stores/v2/collections/query?q=${encode({ query })}`, { token }),
      ])
      expect(viaPost.json).toEqual(viaGet.json)
      expect(viaPost.json.metadata).toEqual({ count: 4, offset: 1, total: 9 })
      const names = viaPost.json.collections.map((c: { name: string }) => c.name)
      expect(names).toEqual([...names].sort())
      const filtered = await post('/stores/v2/collections/query', {
        query: { filter: { slug: { $startsWith: 'foot' } } },
      })
      expect(filtered.json.collections.map((c: { slug: string }) => c.slug)).toEqual(['footwear'])
    })
  })

  describe('POST /stores/v1/products/:id/productOptionsAvailability', () => {
    it('narrows choices as options are picked and names the variant once all are', async () => {
      const none = await post(`/stores/v1/products/${tee}/productOptionsAvailability`, { options: {} })
      expect(none.status).toBe(200)
      expect(none.json.selectedVariant).toBeUndefined()
      expect(none.json.availableForPurchase).toBe(false)
      expect(none.json.variants).toHaveLength(16)
      const color = none.json.productOptions.find((o: { name: string }) => o.name === 'Color')
      expect(color.choices.find((c: { description: string }) => c.description === 'Black').inStock).toBe(
        false,
      )
      expect(color.choices.find((c: { description: string }) => c.description === 'Red').inStock).toBe(true)

      const red = await post(`/stores/v1/products/${tee}/productOptionsAvailability`, {
        options: { Size: 'M', Color: 'Red' },
      })
      const selected = SelectedVariantSchema.parse(red.json.selectedVariant)
      const [redVariant] = none.json.variants.filter(
        (v: { choices: Record<string, string> }) => v.choices.Size === 'M' && v.choices.Color === 'Red',
      )
      expect(selected.variantId).toBe(redVariant.id)
      expect(selected.inStock).toBe(true)
      expect(red.json.availableForPurchase).toBe(true)
      expect(red.json.media.mainMedia.title).toMatch(/Red/)

      const black = await post(`/stores/v1/products/${tee}/productOptionsAvailability`, {
        options: { Size: 'M', Color: 'Black' },
      })
      expect(black.json.selectedVariant.inStock).toBe(false)
      expect(black.json.availableForPurchase).toBe(false)
    })

    it('names an option or choice the product lacks', async () => {
      const response = await post(`/stores/v1/products/${tee}/productOptionsAvailability`, {
        options: { Size: 'XXL', Flavour: 'Mint' },
      })
      expect(response.status).toBe(400)
      expect(
        response.json.details.validationError.fieldViolations.map(
          (v: { field: string; violatedRule: string }) => [v.field, v.violatedRule],
        ),
      ).toEqual([
        ['options.Flavour', 'FIELD_NOT_ALLOWED'],
        ['options.Size', 'INVALID_ENUM_VALUE'],
      ])
    })
  })

  describe('variants', () => {
    it('queries a product’s variants by choices and by ids, with paging', async () => {
      const bySize = await post(`/stores/v1/products/${tee}/variants/query`, { choices: { Size: 'L' } })
      expect(bySize.json.metadata).toEqual({ count: 4, offset: 0, total: 4 })
      for (const variant of bySize.json.variants) expect(VariantSchema.parse(variant).choices.Size).toBe('L')
      const ids = bySize.json.variants.slice(0, 2).map((v: { id: string }) => v.id)
      const byIds = await post(`/stores/v1/products/${tee}/variants/query`, {
        variantIds: ids,
        paging: { limit: 1 },
      })
      expect(byIds.json.metadata).toEqual({ count: 1, offset: 0, total: 2 })
    })

    it('queries variants across products and reads one by id', async () => {
      const soldOut = await post('/stores/v1/variants/query', {
        query: { filter: { 'stock.inStock': false }, paging: { limit: 100 } },
      })
      expect(soldOut.status).toBe(200)
      expect(soldOut.json.metadata.total).toBeGreaterThan(0)
      expect(soldOut.json.variants.every((v: { stock: { inStock: boolean } }) => !v.stock.inStock)).toBe(true)
      for (const variant of soldOut.json.variants) StoreVariantSchema.strict().parse(variant)
      expect(soldOut.json.variants[0].cost).toBeUndefined()
      const cheap = await post('/stores/v1/variants/query', {
        query: { filter: { price: { $lte: 20 } }, sort: [{ fieldName: 'price', order: 'DESC' }] },
      })
      const prices = cheap.json.variants.map((v: { price: number }) => v.price)
      expect(prices.length).toBeGreaterThan(0)
      expect(prices.every((p: number) => p <= 20)).toBe(true)
      expect(prices).toEqual([...prices].sort((a, b) => b - a))
      const one = await platform.call('GET', `/stores/v1/variants/${soldOut.json.variants[0].id}`, { token })
      expect(one.json.variant).toEqual(soldOut.json.variants[0])
      const missing = await platform.call('GET', '/stores/v1/variants/00000000-0000-4000-8000-000000000000', {
        token,
      })
      expect(missing.status).toBe(404)
    })
  })

  describe('merchant API keys', () => {
    it('show cost and profit to a merchant who asks, never to a shopper', async () => {
      const asMerchant = await platform.call(
        'GET',
        `/stores/v1/products/${tee}?includeMerchantSpecificData=true`,
        { headers: merchant },
      )
      expect(asMerchant.status).toBe(200)
      const product = ProductSchema.parse(asMerchant.json.product)
      expect(product.costAndProfitData).toMatchObject({ itemCost: 10.8, profit: 8.4, profitMargin: 43.75 })
      expect(product.costRange).toEqual({ minValue: 10.8, maxValue: 10.8 })
      const asShopper = await platform.call(
        'GET',
        `/stores/v1/products/${tee}?includeMerchantSpecificData=true`,
        { token },
      )
      expect(asShopper.json.product.costAndProfitData).toBeUndefined()
      expect(asShopper.json.product.costRange).toBeUndefined()
      const notAsked = await platform.call('GET', `/stores/v1/products/${tee}`, { headers: merchant })
      expect(notAsked.json.product.costAndProfitData).toBeUndefined()
    })

    it('show a store variant’s cost to a merchant (the spec’s variant calls have no flag for it)', async () => {
      const query = { query: { filter: { productId: tee }, paging: { limit: 1 } } }
      const asMerchant = await platform.call('POST', '/stores/v1/variants/query', {
        headers: merchant,
        body: query,
      })
      const variant = StoreVariantSchema.strict().parse(asMerchant.json.variants[0])
      expect(variant.cost).toBe(10.8)
      expect(variant.costAndProfitData?.itemCost).toBe(10.8)
      expect(variant.price).toBe(variant.priceData.discountedPrice)
      const asShopper = await post('/stores/v1/variants/query', query)
      expect(asShopper.json.variants[0].cost).toBeUndefined()
      expect(asShopper.json.variants[0].costAndProfitData).toBeUndefined()
    })

    it('let a merchant see hidden products', async () => {
      await db.query("update products set visible = false where slug = 'meadow-tote'")
      const hidden = (
        await db.query<{ id: string }>("select id from products where slug = 'meadow-tote'")
      )[0]!.id
      expect(
        (await platform.call('GET', `/stores/v1/products/${hidden}`, { headers: merchant })).status,
      ).toBe(200)
      expect((await platform.call('GET', `/stores/v1/products/${hidden}`, { token })).status).toBe(404)
      await db.query("update products set visible = true where slug = 'meadow-tote'")
    })

    it.each([
      ['no site header', (key: string) => ({ authorization: key })],
      [
        'another site',
        (key: string) => ({ authorization: key, 'aisle-site-id': '11111111-1111-4111-8111-111111111111' }),
      ],
      ['a forged key', () => ({ authorization: 'aisle_key_forged', 'aisle-site-id': DEMO_SITE_ID })],
    ])('refuse %s with 401', async (_name, headers) => {
      const response = await platform.call('GET', `/stores/v1/products/${tee}`, {
        headers: headers(merchant.authorization!),
      })
      expect(response.status).toBe(401)
    })

    it('refuse a revoked key, and keep a merchant off the shopper’s current cart with 403', async () => {
      const cart = await platform.call('GET', '/ecom/v1/carts/current', { headers: merchant })
      expect(cart.status).toBe(403)
      expect(cart.json.details.applicationError.code).toBe('FORBIDDEN')
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'old', permissions: ['catalogue'] },
        new Date(),
      )
      await db.query('update api_keys set revoked_date = now() where name = $1', ['old'])
      const response = await platform.call('GET', `/stores/v1/products/${tee}`, {
        headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID },
      })
      expect(response.status).toBe(401)
    })

    it('store only a hash of each key', async () => {
      const stored = await db.query<{ key_hash: string }>('select key_hash from api_keys')
      expect(stored.map((row) => row.key_hash)).not.toContain(merchant.authorization)
    })
  })
})
