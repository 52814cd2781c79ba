import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { seedDemoStore } from './demo-store.ts'

describe('seedDemoStore', () => {
  let seeded: Db
  let fresh: Db
  beforeAll(async () => {
    seeded = await openTestDatabase('pglite', 'demo')
    fresh = await openTestDatabase('pglite', 'empty')
    await seedDemoStore(fresh)
  })
  afterAll(async () => {
    await seeded.close()
    await fresh.close()
  })

  const snapshot = (db: Db) =>
    db.query(`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as n from (
      select row(p.*)::text as t from products p
      union all select row(v.*)::text from product_variants v
      union all select row(c.*)::text from collections c
      union all select row(pc.*)::text from product_collections pc
      union all select row(m.id, m.content_type, md5(m.bytes))::text from media_files m) rows`)

  it('builds the same store byte for byte every time', async () => {
    expect(await snapshot(fresh)).toEqual(await snapshot(seeded))
  })

  it('has at least 40 products over 6 collections, with options, variants, discounts, stock and images', async () => {
    const [counts] = await seeded.query<Record<string, number>>(`select
      (select count(*)::int from products) as products,
      (select count(*)::int from collections) as collections,
      (select count(*)::int from products where manage_variants) as with_options,
      (select count(*)::int from product_variants) as variants,
      (select count(*)::int from products where discount_type <> 'NONE') as discounted,
      (select count(*)::int from products where not in_stock) as sold_out,
      (select count(*)::int from product_variants where track_quantity) as tracked_variants,
      (select count(*)::int from media_files) as images,
      (select count(*)::int from (select product_id from product_collections group by product_id having count(*) > 1) x) as in_two`)
    expect(counts!.products).toBeGreaterThanOrEqual(40)
    expect(counts!.collections).toBe(6)
    expect(counts!.with_options).toBeGreaterThan(10)
    expect(counts!.variants).toBeGreaterThan(100)
    expect(counts!.discounted).toBeGreaterThan(5)
    expect(counts!.sold_out).toBeGreaterThan(0)
    expect(counts!.tracked_variants).toBeGreaterThan(0)
    expect(counts!.images).toBeGreaterThanOrEqual(48)
    expect(counts!.in_two).toBeGreaterThan(0)
  })
})
