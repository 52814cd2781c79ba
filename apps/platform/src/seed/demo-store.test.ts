import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductMedia, ProductOption } from '../catalogue/products/product-store.ts'
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

  it('has at least 40 products over 9 collections, with options, variants, discounts, stock and pictures', async () => {
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
    expect(counts!.collections).toBe(9)
    expect(counts!.with_options).toBeGreaterThan(10)
    expect(counts!.variants).toBeGreaterThan(100)
    expect(counts!.discounted).toBeGreaterThan(5)
    expect(counts!.sold_out).toBeGreaterThan(0)
    expect(counts!.tracked_variants).toBeGreaterThan(0)
    expect(counts!.images).toBe(231)
    expect(counts!.in_two).toBeGreaterThan(0)
  })

  it('draws every product in at least three views, and each colour choice in its own three', async () => {
    const products = await seeded.query<{ name: string; media: ProductMedia[]; options: ProductOption[] }>(
      'select name, media, options from products',
    )
    for (const product of products) {
      expect(product.media.length, product.name).toBeGreaterThanOrEqual(3)
      const colours = product.options.find((o) => o.optionType === 'color')?.choices ?? []
      if (colours.length > 0) expect(product.media).toHaveLength(3 * colours.length)
      for (const choice of colours) {
        expect(choice.mediaIds, `${product.name} in ${choice.description}`).toHaveLength(3)
        const pictures = product.media.filter((m) => choice.mediaIds!.includes(m.id))
        expect(pictures.map((p) => p.altText).join(' ')).toContain(`in ${choice.description}`)
      }
    }
    const files = await seeded.query<{ content_type: string; svg: string; fill: boolean }>(
      `select m.content_type, convert_from(m.bytes, 'UTF8') as svg,
              position(lower(c->>'value') in convert_from(m.bytes, 'UTF8')) > 0 as fill
         from products p, jsonb_array_elements(p.options) o, jsonb_array_elements(o->'choices') c,
              jsonb_array_elements_text(c->'mediaIds') as picture(id), media_files m
        where m.id = picture.id::uuid and p.slug = 'classic-tee'`,
    )
    expect(files).toHaveLength(12)
    for (const file of files) {
      expect(file.content_type).toBe('image/svg+xml')
      expect(file.svg.startsWith('<svg')).toBe(true)
      // Each colour's pictures are drawn in that colour's swatch.
      expect(file.fill).toBe(true)
    }
  })

  it('puts each product in the collection of its kind, and lets curated collections hold the overlap', async () => {
    const rows = await seeded.query<{ slug: string; names: string[] }>(
      `select c.slug, array_agg(p.name order by p.name) as names
         from collections c join product_collections pc on pc.collection_id = c.id
         join products p on p.id = pc.product_id group by c.slug`,
    )
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r.names]))
    expect(bySlug['tees-and-tops']).toHaveLength(7)
    expect(bySlug['tees-and-tops']).not.toContain('Summit Pouch')
    expect(bySlug.bags).not.toContain('Alpine Crewneck')
    for (const kind of ['tees-and-tops', 'outerwear', 'footwear', 'home-and-kitchen', 'stationery', 'bags'])
      expect(bySlug[kind], kind).toHaveLength(7)
    const [inKinds] = await seeded.query<{ n: number }>(
      `select count(*)::int as n from (select pc.product_id from product_collections pc join collections c
         on c.id = pc.collection_id where c.slug not in ('new-in', 'sale', 'gifts') group by pc.product_id
         having count(*) > 1) x`,
    )
    expect(inKinds!.n).toBe(0)
    expect(bySlug['new-in']).toContain('Summit Pouch')
    expect(bySlug.sale).toContain('Classic Tee')
    expect(bySlug.gifts).toContain('Alpine Mug')
  })
})
