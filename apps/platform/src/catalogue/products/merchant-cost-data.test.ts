import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { memberTokens } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Every cost field of an answer, at any depth: what must never reach a shopper. */
function costFields(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => costFields(item, `${path}[${index}]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, inner]) =>
    ['costRange', 'costAndProfitData', 'cost'].includes(key) && inner !== undefined
      ? [`${path}.${key}`]
      : costFields(inner, `${path}.${key}`),
  )
}

describe.each(databaseKinds())('merchant cost data on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let merchant: Record<string, string>
  let cartsOnly: Record<string, string>
  let visitor: string
  let member: string
  let jacketId: string
  let variantId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const key = async (permissions: ('catalogue' | 'carts')[]) =>
      (await createApiKey(db, { siteId: DEMO_SITE_ID, name: permissions.join(), permissions }, new Date()))
        .key
    merchant = { authorization: await key(['catalogue']), 'aisle-site-id': DEMO_SITE_ID }
    cartsOnly = { authorization: await key(['carts']), 'aisle-site-id': DEMO_SITE_ID }
    visitor = (await platform.visitorTokens()).access_token
    member = (await memberTokens(platform, (await platform.visitorTokens()).access_token)).tokens.access_token
    const created = await platform.call('POST', '/stores/v1/products', {
      headers: merchant,
      body: {
        product: {
          name: 'Storm Jacket',
          sku: 'STORM',
          priceData: { price: 100 },
          costAndProfitData: { itemCost: 40 },
          productOptions: [
            {
              name: 'Size',
              choices: [
                { value: 'M', description: 'M' },
                { value: 'L', description: 'L' },
              ],
            },
          ],
        },
      },
    })
    jacketId = created.json.product.id
    const large = created.json.product.variants.find(
      (v: { choices: { Size: string } }) => v.choices.Size === 'L',
    )
    variantId = large.id
    const costed = await platform.call('PATCH', `/stores/v1/products/${jacketId}/variants`, {
      headers: merchant,
      body: { variants: [{ variantIds: [variantId], cost: 55 }] },
    })
    expect(costed.status).toBe(200)
  })
  afterAll(() => db.close())

  const byName = { filter: { name: 'Storm Jacket' } }
  /** Every catalogue read of the jacket, each asking for merchant data. */
  const reads = (auth: { token?: string; headers?: Record<string, string> }) => [
    platform.call('GET', `/stores/v1/products/${jacketId}?includeMerchantSpecificData=true`, auth),
    platform.call('POST', '/stores/v1/products/query-platformized', {
      ...auth,
      body: { query: byName, includeMerchantSpecificData: true },
    }),
    platform.call(
      'GET',
      `/stores/v1/products/query-platformized?q=${encode({ query: byName })}&includeMerchantSpecificData=true`,
      auth,
    ),
    platform.call('POST', `/stores/v1/products/${jacketId}/variants/query`, {
      ...auth,
      body: { includeMerchantSpecificData: true },
    }),
    platform.call('POST', '/stores/v1/variants/query', {
      ...auth,
      body: { query: { filter: { productId: jacketId } } },
    }),
    platform.call('GET', `/stores/v1/variants/${variantId}`, auth),
    platform.call('POST', `/stores/v1/products/${jacketId}/productOptionsAvailability`, {
      ...auth,
      body: { options: { Size: 'L' } },
    }),
  ]

  it('answers a merchant’s key the cost range and each variant’s cost and profit, in every product read', async () => {
    const [one, posted, got] = await Promise.all(reads({ headers: merchant }).slice(0, 3))
    const products = [one!.json.product, posted!.json.products[0], got!.json.products[0]]
    for (const product of products) {
      expect(product.costRange).toEqual({ minValue: 40, maxValue: 55 })
      expect(product.costAndProfitData).toMatchObject({ itemCost: 40, profit: 60, profitMargin: 60 })
      expect(
        product.variants.map((v: { variant: { costAndProfitData: unknown } }) => v.variant.costAndProfitData),
      ).toEqual([
        expect.objectContaining({ itemCost: 40, profit: 60 }),
        expect.objectContaining({ itemCost: 55, profit: 45, formattedProfit: '$45.00' }),
      ])
    }
  })

  it('leaves cost out for a merchant who does not ask, as Wix does', async () => {
    const plain = await platform.call('GET', `/stores/v1/products/${jacketId}`, { headers: merchant })
    const query = await platform.call('POST', '/stores/v1/products/query-platformized', {
      headers: merchant,
      body: { query: byName },
    })
    expect(costFields(plain.json)).toEqual([])
    expect(costFields(query.json)).toEqual([])
  })

  it('never answers a visitor, a member or a key without the catalogue permission any cost, even when asked', async () => {
    for (const [who, auth] of [
      ['visitor', { token: visitor }],
      ['member', { token: member }],
      ['carts key', { headers: cartsOnly }],
    ] as const) {
      const answers = await Promise.all(reads(auth))
      for (const [index, answer] of answers.entries()) {
        expect(answer.status, `${who} read ${index}`).toBe(200)
        expect(costFields(answer.json), `${who} read ${index}`).toEqual([])
      }
    }
  })
})
