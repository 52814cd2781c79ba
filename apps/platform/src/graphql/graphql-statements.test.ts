import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { seedScaleCatalogue } from '../seed/scale-catalogue.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { createGraphQLCaller } from '../testing/graphql-client.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

const PAGE = `query ($limit: Int) { products(query: { paging: { limit: $limit } }) {
  products { id name variants { id choices variant { sku priceData { price } } stock { inStock } } collections { id slug name } }
  metadata { count total }
} }`

// No N+1: a page's relations load in one batch per kind, whatever the page size.
describe.each(databaseKinds())('SQL statements per GraphQL request on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let graphql: ReturnType<typeof createGraphQLCaller>
  let token: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    // 60 more products, so that a page of 100 is full.
    await seedScaleCatalogue(db, { siteId: DEMO_SITE_ID, count: 60 })
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    graphql = createGraphQLCaller(platform)
    token = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  async function statementsOf(query: string, variables: Record<string, unknown> = {}) {
    let answer: Awaited<ReturnType<typeof graphql>> | undefined
    const statements = await counting.measure(async () => {
      answer = await graphql(query, variables, { token })
    })
    expect(answer?.json.errors).toBeUndefined()
    return { statements, data: answer?.json.data }
  }

  it('reads a page of products with their variants and collections in the same 4 statements at any page size', async () => {
    const counts: number[] = []
    for (const limit of [1, 10, 50, 100]) {
      const { statements, data } = await statementsOf(PAGE, { limit })
      const products = data.products.products
      expect(products).toHaveLength(limit)
      expect(
        products.every((p: { variants: unknown[]; collections: unknown[] }) => p.collections.length > 0),
      ).toBe(true)
      expect(products.some((p: { variants: unknown[] }) => p.variants.length > 0)).toBe(true)
      counts.push(statements.length)
    }
    // The token check, the page (variants ride in its rows), the page's collections and their count.
    expect(counts).toEqual([4, 4, 4, 4])
  })

  it('loads the products of a cart’s lines, and their collections, in one batch each', async () => {
    const cartOf = async (lines: number) => {
      const visitor = (await platform.visitorTokens()).access_token
      const products = await db.query<{ id: string }>(
        'select id from products where not manage_variants order by slug limit $1',
        [lines],
      )
      await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: visitor,
        body: { lineItems: products.map((p) => ({ catalogReference: { catalogItemId: p.id } })) },
      })
      return visitor
    }
    const counts: number[] = []
    for (const lines of [1, 6]) {
      token = await cartOf(lines)
      const { statements, data } = await statementsOf(
        '{ currentCart { lineItems { product { name collections { name } } } } }',
      )
      expect(data.currentCart.lineItems).toHaveLength(lines)
      expect(data.currentCart.lineItems.every((l: { product: { name: string } }) => l.product.name)).toBe(
        true,
      )
      counts.push(statements.length)
    }
    expect(counts[0]).toBe(counts[1])
  })

  it('changes and reads the cart in the statements of its REST calls, after the request’s token check', async () => {
    token = (await platform.visitorTokens()).access_token
    const [product] = await db.query<{ id: string }>(
      'select id from products where not manage_variants order by slug limit 1',
    )
    const add = `mutation { addToCurrentCart(lineItems: [{ catalogReference: { catalogItemId: "${product!.id}" } }]) { id } }`
    await statementsOf(add)
    // The token check, then the cart's read and its guarded write (decision 018), as over REST.
    expect((await statementsOf(add)).statements).toHaveLength(3)
    expect((await statementsOf('{ currentCart { id } }')).statements).toHaveLength(2)
  })

  it('reads several products asked for by alias in one statement', async () => {
    const ids = (await db.query<{ id: string }>('select id from products order by slug limit 5')).map(
      (row) => row.id,
    )
    const query = `{ ${ids.map((id, i) => `p${i}: product(id: "${id}") { id }`).join(' ')} }`
    const { statements, data } = await statementsOf(query)
    expect(Object.values(data).map((p) => (p as { id: string }).id)).toEqual(ids)
    expect(statements.filter((sql) => sql.includes('from products p'))).toHaveLength(1)
  })

  it('refuses a query past the limits before reading anything but the credential', async () => {
    let answer: Awaited<ReturnType<typeof graphql>> | undefined
    const statements = await counting.measure(async () => {
      answer = await graphql(
        `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: products { metadata { total } }`).join(' ')} }`,
        {},
        { token },
      )
    })
    expect(answer?.json.errors[0].extensions.code).toBe('TOO_MANY_ALIASES')
    expect(statements).toHaveLength(1)
  })
})
