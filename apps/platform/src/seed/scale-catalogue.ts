import type { Db } from '../db/db.ts'

const BATCH = 1_000

/**
 * Adds `count` generated products (4 variants each, spread over the site's collections) to a site, in
 * batches of 1,000 written by the database itself (generate_series), so 10,000 products load in
 * seconds on PGlite and PostgreSQL alike. Deterministic: ids, names, prices and dates derive from the
 * product's number. Calls `onProgress` after each batch.
 */
export async function seedScaleCatalogue(
  db: Db,
  options: { siteId: string; count: number; onProgress?: (done: number, total: number) => void },
): Promise<void> {
  const { siteId, count } = options
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1)
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into products (id, site_id, name, slug, description, product_type, sku, brand, visible, price_minor,
           discount_type, discount_value, discounted_price_minor, weight, track_inventory, in_stock, manage_variants,
           options, media, cost_minor, created_date, updated_date)
         select md5('scale/product/' || n)::uuid, $1,
                (array['Field', 'Trail', 'City', 'Studio', 'Harbor', 'Summit'])[1 + n % 6] || ' ' ||
                (array['Jacket', 'Shirt', 'Boot', 'Bag', 'Mug', 'Lamp', 'Scarf', 'Notebook'])[1 + (n / 6) % 8] || ' ' || n,
                'scale-' || n,
                'Generated product ' || n || ' for load tests: ' ||
                (array['waterproof', 'organic cotton', 'recycled', 'handmade', 'lightweight'])[1 + n % 5] || '.',
                'physical', 'SCALE-' || lpad(n::text, 6, '0'), 'Aisle', true,
                500 + (n * 37) % 20000,
                case when n % 10 = 0 then 'PERCENT' else 'NONE' end,
                case when n % 10 = 0 then 1500 else 0 end,
                case when n % 10 = 0 then (500 + (n * 37) % 20000) - ((500 + (n * 37) % 20000) * 1500 + 5000) / 10000
                     else 500 + (n * 37) % 20000 end,
                0.1 + (n % 50) / 10.0, false, n % 97 <> 0, true,
                '[{"name":"Size","optionType":"drop_down","choices":[{"value":"S","description":"S"},{"value":"M","description":"M"},{"value":"L","description":"L"},{"value":"XL","description":"XL"}]}]',
                '[]', (500 + (n * 37) % 20000) * 45 / 100,
                timestamptz '2025-01-01T00:00:00Z' + n * interval '1 minute',
                timestamptz '2025-01-01T00:00:00Z' + n * interval '1 minute'
           from generate_series($2::int, $3::int) as n`,
        [siteId, from, to],
      )
      await tx.query(
        `insert into product_variants (id, site_id, product_id, position, choices, visible, track_quantity, in_stock)
         select md5('scale/variant/' || n || '/' || s.position)::uuid, $1, md5('scale/product/' || n)::uuid, s.position,
                jsonb_build_object('Size', s.size), true, false, n % 97 <> 0
           from generate_series($2::int, $3::int) as n,
                (values (0, 'S'), (1, 'M'), (2, 'L'), (3, 'XL')) as s(position, size)`,
        [siteId, from, to],
      )
      await tx.query(
        `insert into product_collections (site_id, collection_id, product_id)
         select $1, c.id, md5('scale/product/' || n)::uuid
           from generate_series($2::int, $3::int) as n
           join lateral (select id from collections where site_id = $1 order by slug offset n % 6 limit 1) c on true`,
        [siteId, from, to],
      )
    })
    options.onProgress?.(to, count)
  }
}
