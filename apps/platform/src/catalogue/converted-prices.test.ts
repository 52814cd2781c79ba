import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { setDisplayCurrencies } from './set-display-currencies.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe.each(databaseKinds())('converted prices on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let site: Site
  let token: string
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    site = await getSite(db, DEMO_SITE_ID)
    await setDisplayCurrencies(db, site, [
      { currency: 'EUR', rate: 0.92 },
      { currency: 'JPY', rate: 150 },
    ])
    token = (await platform.visitorTokens()).access_token
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  const get = (path: string, currency?: string) =>
    platform.call('GET', path, { token, headers: currency ? { 'x-wix-currency': currency } : {} })
  const post = (path: string, body: unknown, currency?: string) =>
    platform.call('POST', path, { token, body, headers: currency ? { 'x-wix-currency': currency } : {} })

  it('answers convertedPriceData in the currency the header asks for, beside the store’s priceData', async () => {
    const { status, json } = await get(`/stores/v1/products/${tee}`, 'EUR')
    expect(status).toBe(200)
    const { priceData, convertedPriceData } = json.product
    expect(priceData.currency).toBe('USD')
    expect(convertedPriceData.currency).toBe('EUR')
    expect(convertedPriceData.price).toBe(Math.round(priceData.price * 92) / 100)
    expect(convertedPriceData.discountedPrice).toBe(Math.round(priceData.discountedPrice * 92) / 100)
    expect(convertedPriceData.formatted.price).toMatch(/^€/)
    for (const entry of json.product.variants) {
      expect(entry.variant.convertedPriceData.price).toBe(
        Math.round(entry.variant.priceData.price * 92) / 100,
      )
    }
  })

  it('converts to a currency without minor units in whole units', async () => {
    const { json } = await get(`/stores/v1/products/${tee}`, 'jpy')
    expect(json.product.convertedPriceData).toMatchObject({
      currency: 'JPY',
      price: Math.round(json.product.priceData.price * 150),
    })
    expect(Number.isInteger(json.product.convertedPriceData.price)).toBe(true)
  })

  it('converts in every catalogue read: the products query, a product’s variants, options availability, store variants', async () => {
    const query = { query: { filter: { slug: 'classic-tee' } } }
    const posted = await post('/stores/v1/products/query-platformized', query, 'EUR')
    const got = await get(`/stores/v1/products/query-platformized?q=${encode(query)}`, 'EUR')
    const variants = await post(`/stores/v1/products/${tee}/variants/query`, {}, 'EUR')
    const picked = await post(
      `/stores/v1/products/${tee}/productOptionsAvailability`,
      { options: { Size: 'M', Color: 'Blue' } },
      'EUR',
    )
    const store = await post('/stores/v1/variants/query', { query: { filter: { productId: tee } } }, 'EUR')
    const one = await get(`/stores/v1/variants/${store.json.variants[0].id}`, 'EUR')
    expect(posted.json.products[0].convertedPriceData.currency).toBe('EUR')
    expect(got.json.products[0].convertedPriceData.currency).toBe('EUR')
    expect(variants.json.variants[0].variant.convertedPriceData.currency).toBe('EUR')
    expect(picked.json.selectedVariant.convertedPriceData.currency).toBe('EUR')
    expect(store.json.variants[0].convertedPriceData.currency).toBe('EUR')
    expect(one.json.variant.convertedPriceData.currency).toBe('EUR')
  })

  it('converts over GraphQL too, for the currency the same header asks for', async () => {
    const query = `{ products(query: { filter: { slug: "classic-tee" } }) {
      products { priceData { price } convertedPriceData { currency price formatted { price } }
        variants { variant { priceData { price } convertedPriceData { currency price } } } } } }`
    const { status, json } = await post('/graphql/alpha', { query }, 'EUR')
    expect(status).toBe(200)
    const [product] = json.data.products.products
    expect(product.convertedPriceData).toMatchObject({
      currency: 'EUR',
      price: Math.round(product.priceData.price * 92) / 100,
    })
    expect(product.convertedPriceData.formatted.price).toMatch(/^€/)
    expect(product.variants[0].variant.convertedPriceData.currency).toBe('EUR')
    const plain = await post('/graphql/alpha', { query })
    expect(plain.json.data.products.products[0].convertedPriceData).toBeNull()
    const refused = await post('/graphql/alpha', { query }, 'euro')
    expect(refused.status).toBe(400)
    expect(refused.json.details.validationError.fieldViolations[0].field).toBe('x-wix-currency')
  })

  it('answers no conversion without the header or for a currency the site does not offer', async () => {
    expect((await get(`/stores/v1/products/${tee}`)).json.product.convertedPriceData).toBeUndefined()
    const gbp = await get(`/stores/v1/products/${tee}`, 'GBP')
    expect(gbp.status).toBe(200)
    expect(gbp.json.product.convertedPriceData).toBeUndefined()
  })

  it('refuses a header that is no currency code with the normalised error', async () => {
    for (const bad of ['euro', 'E1R', 'XYZ']) {
      const refused = await get(`/stores/v1/products/${tee}`, bad)
      expect(refused.status, bad).toBe(400)
      expect(refused.json.details.validationError.fieldViolations[0].field).toBe('x-wix-currency')
    }
  })

  it('follows a new rate at once, though the reads are cached', async () => {
    const before = (await get(`/stores/v1/products/${tee}`, 'EUR')).json.product
    await setDisplayCurrencies(db, site, [{ currency: 'EUR', rate: 0.5 }])
    const after = (await get(`/stores/v1/products/${tee}`, 'EUR')).json.product
    expect(after.convertedPriceData.price).toBe(Math.round(before.priceData.price * 50) / 100)
    expect((await get(`/stores/v1/products/${tee}`, 'JPY')).json.product.convertedPriceData).toBeUndefined()
    await setDisplayCurrencies(db, site, [
      { currency: 'EUR', rate: 0.92 },
      { currency: 'JPY', rate: 150 },
    ])
  })

  it('tells any shopper the currencies offered and their rates in the shop info', async () => {
    const { json } = await get('/ecom/v1/shop-info')
    expect(json.currency).toBe('USD')
    expect(json.displayCurrencies).toEqual([
      { currency: 'EUR', rate: 0.92 },
      { currency: 'JPY', rate: 150 },
    ])
  })

  it('refuses a repeated currency, the store’s own, an unknown code and a rate of zero, storing nothing', async () => {
    for (const [rows, field] of [
      [
        [
          { currency: 'EUR', rate: 1 },
          { currency: 'EUR', rate: 2 },
        ],
        'currencies[1].currency',
      ],
      [[{ currency: 'USD', rate: 1 }], 'currencies[0].currency'],
      [[{ currency: 'QQQ', rate: 1 }], 'currencies[0].currency'],
      [[{ currency: 'GBP', rate: 0 }], 'currencies[0].rate'],
    ] as const) {
      const refused = await setDisplayCurrencies(db, site, rows).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ValidationError)
      expect((refused as ValidationError).fieldViolations.map((v) => v.field)).toContain(field)
    }
    expect((await get('/ecom/v1/shop-info')).json.displayCurrencies).toHaveLength(2)
  })
})
