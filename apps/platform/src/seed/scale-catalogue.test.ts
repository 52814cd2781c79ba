import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { DEMO_SITE_ID } from './demo-store.ts'
import { seedScaleCatalogue } from './scale-catalogue.ts'

describe.each(databaseKinds())('seedScaleCatalogue on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  const progress: number[] = []
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedScaleCatalogue(db, {
      siteId: DEMO_SITE_ID,
      count: 2_500,
      onProgress: (done) => progress.push(done),
    })
  })
  afterAll(() => db.close())

  it('adds the products in batches, reporting progress, with variants and collections', async () => {
    expect(progress).toEqual([1_000, 2_000, 2_500])
    const [counts] = await db.query<Record<string, number>>(`select
      (select count(*)::int from products where slug like 'scale-%') as products,
      (select count(*)::int from product_variants v join products p on p.id = v.product_id where p.slug like 'scale-%') as variants,
      (select count(*)::int from product_collections pc join products p on p.id = pc.product_id where p.slug like 'scale-%') as memberships`)
    expect(counts).toEqual({ products: 2_500, variants: 10_000, memberships: 2_500 })
  })

  it('makes products the API serves like any other, ids included', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const page = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token,
      body: {
        query: { search: { expression: 'waterproof' }, filter: { price: { $lt: 50 } }, paging: { limit: 5 } },
      },
    })
    expect(page.json.metadata.total).toBeGreaterThan(0)
    const product = page.json.products[0]
    const byId = await platform.call('GET', `/stores/v1/products/${product.id}`, { token })
    expect(byId.status).toBe(200)
    expect(byId.json.product.variants).toHaveLength(4)
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          {
            catalogReference: { catalogItemId: product.id, options: { options: { Size: 'M' } } },
            quantity: 1,
          },
        ],
      },
    })
    expect(added.status).toBe(200)
  })
})
