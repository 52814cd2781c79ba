import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, statementText } from '../../db/db.ts'
import type { Query } from '../../query/query-request.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { queryProducts } from './product-store.ts'

const shopper = { siteId: DEMO_SITE_ID, includeHidden: false }

describe.each(databaseKinds())('queryProducts on %s', (kind) => {
  let db: Db
  let collectionId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    collectionId = (
      await db.query<{ id: string }>(
        `select collection_id as id from product_collections group by collection_id order by count(*) desc limit 1`,
      )
    )[0]!.id
    // Ties to break, rows a shopper may not see, and one out of stock.
    await db.query(`update products set brand = null, created_date = '2026-01-01T00:00:00Z'
      where id in (select id from products order by slug limit 12)`)
    await db.query(
      `update products set visible = false where id = (select id from products order by slug offset 3 limit 1)`,
    )
    await db.query(
      `update products set in_stock = false where id = (select id from products order by slug offset 5 limit 1)`,
    )
  })
  afterAll(() => db.close())

  /** The ids a plain statement orders and pages as the wire says: by the sort, then by id. */
  async function expectedIds(
    where: string,
    params: unknown[],
    orderBy: string,
    limit: number,
    offset: number,
  ) {
    const rows = await db.query<{ id: string }>(
      `select p.id from products p where p.site_id = $1 and p.visible and ${where}
        order by ${orderBy} limit ${limit} offset ${offset}`,
      [DEMO_SITE_ID, ...params],
    )
    return rows.map((row) => row.id)
  }

  it('answers each page in the order of its sort, ties by id, with the total', async () => {
    const cases: { query: Query; where: string; params: unknown[]; orderBy: string }[] = [
      { query: {}, where: 'true', params: [], orderBy: 'p.created_date desc, p.id desc' },
      {
        query: { sort: [{ fieldName: 'brand', order: 'DESC' }] },
        where: 'true',
        params: [],
        orderBy: 'p.brand desc, p.id asc',
      },
      {
        query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
        where: 'true',
        params: [],
        orderBy: 'p.created_date asc, p.id asc',
      },
      {
        query: {
          filter: { collectionIds: { $hasSome: [collectionId] }, 'stock.inStock': true },
          sort: [{ fieldName: 'price', order: 'DESC' }],
        },
        where: 'p.in_stock and p.id in (select product_id from product_collections where collection_id = $2)',
        params: [collectionId],
        orderBy: 'p.discounted_price_minor desc, p.id asc',
      },
    ]
    for (const { query, where, params, orderBy } of cases) {
      const all = await expectedIds(where, params, orderBy, 1000, 0)
      expect(all.length).toBeGreaterThan(4)
      for (const offset of [0, 3]) {
        const page = await queryProducts(db, shopper, { ...query, paging: { limit: 4, offset } }, 'USD')
        expect(page.records.map((record) => record.product.id)).toEqual(all.slice(offset, offset + 4))
        expect(page.total).toBe(all.length)
      }
    }
  })

  it('counts the matches of a page past the end', async () => {
    const all = await expectedIds('p.in_stock', [], 'p.id', 1000, 0)
    const page = await queryProducts(
      db,
      shopper,
      { filter: { 'stock.inStock': true }, paging: { limit: 4, offset: 500 } },
      'USD',
    )
    expect(page).toMatchObject({ records: [], total: all.length, offset: 500 })
  })

  // Decision 104: each listing order's index carries the id, `visible` and `in_stock`, so a page's matches
  // and their count are read from the index alone, not from every product's row.
  it.each([
    [
      'products_site_newest',
      { filter: { collectionIds: { $hasSome: ['{collection}'] }, 'stock.inStock': true } },
    ],
    ['products_site_price', { filter: { price: { $gte: 5 } }, sort: [{ fieldName: 'price', order: 'ASC' }] }],
    [
      'products_site_name',
      { filter: { 'stock.inStock': true }, sort: [{ fieldName: 'name', order: 'ASC' }] },
    ],
  ])('reads a listing’s matches from %s alone', async (index, template) => {
    await db.query('vacuum analyze products')
    const query = JSON.parse(JSON.stringify(template).replace('{collection}', collectionId)) as Query
    const statements: { sql: string; params: readonly unknown[] }[] = []
    const recording: Db = {
      ...db,
      query(sql, params = []) {
        statements.push({ sql: statementText(sql), params })
        return db.query(sql, params)
      },
    }
    await queryProducts(recording, shopper, { ...query, paging: { limit: 4, offset: 0 } }, 'USD')
    expect(statements).toHaveLength(1)
    // The demo store is small: without these the planner rightly reads its few pages whole.
    const plan = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off')
      await tx.query('set local enable_bitmapscan = off')
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `explain ${statements[0]!.sql}`,
        statements[0]!.params,
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain(`Index Only Scan using ${index} on products`)
  })
})
