import {
  ApiKeyStrategy,
  createClient,
  createMemoryTokenStorage,
  OAuthStrategy,
  type Product,
  products,
  type QueryBuilder,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// The SDK's isEmpty / isNotEmpty (`{ field: { $isEmpty: true | false } }`) against the real app on the
// seeded demo catalogue: the two halves of the catalogue, item by item.
describe.each(databaseKinds())('queryProducts isEmpty and isNotEmpty through the SDK on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let shop: ReturnType<typeof createShop>
  let looseProduct: Product

  const createShop = () =>
    createClient({
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
      modules: { products },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    shop = createShop()
    // A product in no collection: the demo catalogue puts every product in one.
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'catalogue', permissions: ['catalogue'] },
      new Date(),
    )
    const merchant = createClient({
      auth: ApiKeyStrategy({ apiKey: key, siteId: DEMO_SITE_ID }),
      modules: { products },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    looseProduct = await merchant.products.createProduct({ name: 'Loose Sock', priceData: { price: 4 } })
  })
  afterAll(() => db.close())

  async function everything(query: QueryBuilder<Product>) {
    const items: Product[] = []
    let page = await query.limit(100).find()
    items.push(...page.items)
    while (page.hasNext()) {
      page = await page.next()
      items.push(...page.items)
    }
    return { items, total: page.totalCount }
  }

  it('splits the catalogue by ribbon: isEmpty gets the products without one, isNotEmpty the rest', async () => {
    const all = await everything(shop.products.queryProducts())
    const without = await everything(shop.products.queryProducts().isEmpty('ribbon'))
    const withRibbon = await everything(shop.products.queryProducts().isNotEmpty('ribbon'))
    expect(without.total).toBeGreaterThan(0)
    expect(withRibbon.total).toBeGreaterThan(0)
    expect(without.total + withRibbon.total).toBe(all.total)
    expect(without.items.every((product) => !product.ribbon)).toBe(true)
    expect(withRibbon.items.every((product) => product.ribbon === 'Sale')).toBe(true)
    expect([...without.items, ...withRibbon.items].map((product) => product._id).sort()).toEqual(
      all.items.map((product) => product._id).sort(),
    )
  })

  it('finds the products whose stock quantity is not tracked (a missing number) and the others', async () => {
    const untracked = await everything(shop.products.queryProducts().isEmpty('stock.quantity'))
    const tracked = await everything(shop.products.queryProducts().isNotEmpty('stock.quantity'))
    expect(untracked.total).toBeGreaterThan(0)
    expect(tracked.total).toBeGreaterThan(0)
    expect(untracked.items.every((product) => product.stock?.quantity === undefined)).toBe(true)
    expect(tracked.items.every((product) => typeof product.stock?.quantity === 'number')).toBe(true)
  })

  it('finds the products in no collection by collectionIds, and not them with isNotEmpty', async () => {
    const loose = await everything(shop.products.queryProducts().isEmpty('collectionIds'))
    expect(loose.items.map((product) => product._id)).toEqual([looseProduct._id])
    expect(loose.items[0]?.collectionIds ?? []).toEqual([])
    const inCollections = await everything(shop.products.queryProducts().isNotEmpty('collectionIds'))
    expect(inCollections.items.some((product) => product._id === looseProduct._id)).toBe(false)
    expect(inCollections.items.every((product) => (product.collectionIds?.length ?? 0) > 0)).toBe(true)
  })

  it('keeps isEmpty under not, with other conditions, and in a query object passed whole', async () => {
    const notEmpty = await shop.products.queryProducts().isNotEmpty('ribbon').limit(100).find()
    const notOfEmpty = await shop.products
      .queryProducts()
      .not(shop.products.queryProducts().isEmpty('ribbon'))
      .limit(100)
      .find()
    expect(notOfEmpty.totalCount).toBe(notEmpty.totalCount)
    const saleSocks = await shop.products
      .queryProducts()
      .isNotEmpty('ribbon')
      .isEmpty('collectionIds')
      .limit(100)
      .find()
    expect(saleSocks.items).toEqual([])
    const asObject = await shop.products.queryProducts({
      filter: { ribbon: { $isEmpty: true } },
      paging: { limit: 1 },
    })
    const asBuilder = await shop.products.queryProducts().isEmpty('ribbon').limit(1).find()
    expect(asObject.metadata.total).toBe(asBuilder.totalCount)
  })

  it('refuses an $isEmpty that is not a boolean as a validation error naming the field', async () => {
    await expect(
      shop.products.queryProducts({ filter: { ribbon: { $isEmpty: 'yes' } } }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      status: 400,
      message: 'INVALID_ARGUMENT: "query.filter.ribbon.$isEmpty" must be a boolean',
    })
  })
})
