import { createClient, OAuthStrategy, products } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { GetProductResponse } from './product-routes.ts'

const rice = {
  name: 'Arborio Rice',
  priceData: { price: 6 },
  discount: { type: 'PERCENT', value: 20 },
  pricePerUnitData: {
    totalQuantity: 1,
    totalMeasurementUnit: 'KG',
    baseQuantity: 100,
    baseMeasurementUnit: 'G',
  },
  productOptions: [
    {
      name: 'Bag',
      choices: [
        { value: 'Paper', description: 'Paper' },
        { value: 'Cloth', description: 'Cloth' },
      ],
    },
  ],
}

describe.each(databaseKinds())('unit prices on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let merchant: Record<string, string>
  let visitor: string
  let riceId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'unit prices', permissions: ['catalogue'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    visitor = (await platform.visitorTokens()).access_token
    const created = await platform.call('POST', '/stores/v1/products', {
      headers: merchant,
      body: { product: rice },
    })
    expect(created.status).toBe(200)
    riceId = created.json.product.id
  })
  afterAll(() => db.close())

  it('answers a shopper the unit price of what they pay beside the price, and the data it comes from', async () => {
    const { status, json } = await platform.call('GET', `/stores/v1/products/${riceId}`, { token: visitor })
    expect(status).toBe(200)
    const { product } = GetProductResponse.parse(json)
    expect(product.pricePerUnitData).toEqual(rice.pricePerUnitData)
    // 6.00 less 20 % is 4.80 a kilo: 0.48 per 100 g.
    expect(product.price).toMatchObject({
      discountedPrice: 4.8,
      pricePerUnit: 0.48,
      formatted: { pricePerUnit: '$0.48' },
    })
    expect(product.priceData.pricePerUnit).toBe(0.48)
    expect(product.variants.map((v) => v.variant.priceData.pricePerUnit)).toEqual([0.48, 0.48])
  })

  it('works out a variant’s unit price from its own price', async () => {
    const variants = await platform.call('POST', `/stores/v1/products/${riceId}/variants/query`, {
      token: visitor,
      body: {},
    })
    const cloth = variants.json.variants.find((v: { choices: { Bag: string } }) => v.choices.Bag === 'Cloth')
    const changed = await platform.call('PATCH', `/stores/v1/products/${riceId}/variants`, {
      headers: merchant,
      body: { variants: [{ variantIds: [cloth.id], price: 10 }] },
    })
    expect(changed.status).toBe(200)
    const picked = await platform.call('POST', `/stores/v1/products/${riceId}/productOptionsAvailability`, {
      token: visitor,
      body: { options: { Bag: 'Cloth' } },
    })
    expect(picked.json.selectedVariant.priceData).toMatchObject({ discountedPrice: 8, pricePerUnit: 0.8 })
    const one = await platform.call('GET', `/stores/v1/variants/${cloth.id}`, { token: visitor })
    expect(one.json.variant.priceData.pricePerUnit).toBe(0.8)
  })

  it('refuses units that measure different things, an unknown unit and a zero quantity, and changes nothing', async () => {
    const before = await platform.call('GET', `/stores/v1/products/${riceId}`, { headers: merchant })
    for (const [pricePerUnitData, field] of [
      [
        { ...rice.pricePerUnitData, baseMeasurementUnit: 'ML' },
        'product.pricePerUnitData.baseMeasurementUnit',
      ],
      [
        { ...rice.pricePerUnitData, totalMeasurementUnit: 'STONE' },
        'product.pricePerUnitData.totalMeasurementUnit',
      ],
      [{ ...rice.pricePerUnitData, totalQuantity: 0 }, 'product.pricePerUnitData.totalQuantity'],
      [{ ...rice.pricePerUnitData, baseQuantity: 'lots' }, 'product.pricePerUnitData.baseQuantity'],
    ] as const) {
      const refused = await platform.call('PATCH', `/stores/v1/products/${riceId}`, {
        headers: merchant,
        body: { product: { pricePerUnitData } },
      })
      expect(refused.status, JSON.stringify(pricePerUnitData)).toBe(400)
      expect(
        refused.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain(field)
    }
    const after = await platform.call('GET', `/stores/v1/products/${riceId}`, { headers: merchant })
    expect(after.json.product.pricePerUnitData).toEqual(before.json.product.pricePerUnitData)
  })

  it('drops the unit price when the merchant sets the data to null', async () => {
    const cleared = await platform.call('PATCH', `/stores/v1/products/${riceId}`, {
      headers: merchant,
      body: { product: { pricePerUnitData: null } },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.json.product.pricePerUnitData).toBeUndefined()
    expect(cleared.json.product.price.pricePerUnit).toBeUndefined()
    expect(cleared.json.product.price.formatted.pricePerUnit).toBeUndefined()
  })

  it('reach the SDK’s caller on the demo store’s carafe', async () => {
    const client = createClient({
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }),
      modules: { products },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    const { items } = await client.products.queryProducts().eq('slug', 'coastal-carafe').find()
    const carafe = items[0]
    expect(carafe?.pricePerUnitData).toEqual({
      totalQuantity: 1,
      totalMeasurementUnit: 'L',
      baseQuantity: 100,
      baseMeasurementUnit: 'ML',
    })
    expect(carafe?.priceData?.pricePerUnit).toBe(
      Math.round((carafe?.priceData?.discountedPrice ?? 0) * 10) / 100,
    )
  })
})
