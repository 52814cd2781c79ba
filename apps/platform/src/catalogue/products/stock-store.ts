import { type Db, prepared } from '../../db/db.ts'

/** One stock counter: a product's, or a variant's when the product manages variants. */
export interface StockCounter {
  kind: 'product' | 'variant'
  id: string
}

/** Units an order takes from one stock counter. */
export interface StockTake {
  counter: StockCounter
  quantity: number
}

/** A counter as `stockTakeParts` names the ones it took from: `product:<id>` or `variant:<id>`. */
export function stockCounterKey(counter: StockCounter): string {
  return `${counter.kind}:${counter.id}`
}

/**
 * The updates that take units from stock counters, never below zero, as parts of a data-modifying
 * `with` (parameter `$first`): the condition is checked on each row as it is when its lock is granted,
 * so two orders racing for the last unit cannot both have it, and taking the last unit turns the
 * counter out of stock, so the catalogue says so. `taken` is an SQL array of the keys
 * (`stockCounterKey`) of the counters whose units were there and are now taken. A table with no take
 * gets no update (its statement trigger would bump the catalogue version for nothing).
 */
export function stockTakeParts(
  takes: readonly StockTake[],
  first: number,
): { sql: string; taken: string; params: unknown[] } {
  const parts: string[] = []
  const keys: string[] = []
  for (const [kind, table] of [
    ['product', 'products'],
    ['variant', 'product_variants'],
  ] as const) {
    if (!takes.some((take) => take.counter.kind === kind)) continue
    parts.push(`${kind}_stock_taken as (
       update ${table} c set quantity = c.quantity - t.quantity, in_stock = c.in_stock and c.quantity - t.quantity > 0
         from jsonb_to_recordset($${first}::jsonb) as t(kind text, id uuid, quantity int)
        where t.kind = '${kind}' and c.id = t.id and c.quantity >= t.quantity
        returning '${kind}:' || c.id::text as key)`)
    keys.push(`select key from ${kind}_stock_taken`)
  }
  return {
    sql: parts.join(',\n'),
    taken: keys.length > 0 ? `array(${keys.join(' union all ')})` : `'{}'::text[]`,
    params: [JSON.stringify(takes.map((take) => ({ ...take.counter, quantity: take.quantity })))],
  }
}

/**
 * Takes `quantity` units from a stock counter, never below zero (see `stockTakeParts`). Answers
 * whether the units were there (and are now taken).
 */
export async function takeStock(tx: Db, counter: StockCounter, quantity: number): Promise<boolean> {
  const parts = stockTakeParts([{ counter, quantity }], 1)
  const [row] = await tx.query<{ taken: string[] }>(
    `with ${parts.sql} select ${parts.taken} as taken`,
    parts.params,
  )
  return (row?.taken ?? []).includes(stockCounterKey(counter))
}

/**
 * Puts units back on the stock counters of order lines (a canceled or refunded order): a product's
 * counter, or its variant's when the product manages variants; lines of products that track no stock,
 * or that were deleted since, change nothing. One statement; answers how many units went back.
 */
export async function returnStock(
  tx: Db,
  lines: readonly { productId: string | null; variantId: string | null; quantity: number }[],
): Promise<number> {
  const returned = lines.filter((line) => line.productId && line.quantity > 0)
  if (returned.length === 0) return 0
  const [row] = await tx.query<{ units: string }>(
    `with returned as (
       select product_id, variant_id, sum(quantity)::int as quantity
       from jsonb_to_recordset($1::jsonb) as r(product_id uuid, variant_id uuid, quantity int)
       group by product_id, variant_id),
     variants as (
       update product_variants v set quantity = v.quantity + r.quantity, in_stock = true
       from returned r join products p on p.id = r.product_id and p.manage_variants
       where v.id = r.variant_id and v.product_id = p.id and v.track_quantity returning r.quantity),
     products_returned as (
       update products p set quantity = p.quantity + s.quantity, in_stock = true
       from (select product_id, sum(quantity)::int as quantity from returned group by product_id) s
       where p.id = s.product_id and not p.manage_variants and p.track_inventory returning s.quantity)
     select coalesce((select sum(quantity) from variants), 0) + coalesce((select sum(quantity) from products_returned), 0)
       as units`,
    [
      JSON.stringify(
        returned.map((line) => ({
          product_id: line.productId,
          variant_id: line.variantId,
          quantity: line.quantity,
        })),
      ),
    ],
  )
  return Number(row?.units ?? 0)
}

/** A product, or a variant of one, with few units left. */
export interface LowStockItem {
  productId: string
  name: string
  /** The variant's choices, for a product that manages variants. */
  variant: string | null
  quantity: number
}

/** How few units count as low stock in the dashboard: its home's list and its product list's badge and filter. */
export const LOW_STOCK_THRESHOLD = 5

/** The site's products and variants that track stock and have `threshold` units or fewer, fewest first. */
export async function listLowStock(
  db: Db,
  siteId: string,
  options: { threshold: number; limit: number },
): Promise<LowStockItem[]> {
  const rows = await db.query<{ product_id: string; name: string; variant: string | null; quantity: number }>(
    `select p.id as product_id, p.name, null as variant, p.quantity from products p
      where p.site_id = $1 and not p.manage_variants and p.track_inventory and p.quantity <= $2
     union all
     select p.id, p.name, (select string_agg(value, ' / ' order by key) from jsonb_each_text(v.choices)), v.quantity
       from product_variants v join products p on p.id = v.product_id
      where p.site_id = $1 and p.manage_variants and v.track_quantity and v.quantity <= $2
     order by quantity, name limit $3`,
    [siteId, options.threshold, options.limit],
  )
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    variant: row.variant,
    quantity: Number(row.quantity),
  }))
}

const READ_STOCK_CHANGES = prepared('select stock_version, stock_changes from sites where id = $1')

/**
 * One product's stock change (migrations 043 and 044): the stock version that made it, the product, and for
 * a product that went in or out of stock, the collections it is in.
 */
export interface StockChangeEntry {
  v: number
  p: string
  f?: string[]
}

/**
 * The site's stock version and the products whose stock its last versions changed (the last
 * `STOCK_CHANGES_KEPT` versions' worth); undefined for an unknown site.
 */
export async function readStockChanges(
  db: Db,
  siteId: string,
): Promise<{ version: number; changes: StockChangeEntry[] } | undefined> {
  const [row] = await db.query<{ stock_version: number; stock_changes: StockChangeEntry[] }>(
    READ_STOCK_CHANGES,
    [siteId],
  )
  return row && { version: row.stock_version, changes: row.stock_changes }
}
