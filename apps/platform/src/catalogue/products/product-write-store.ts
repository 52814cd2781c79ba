import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { chooseFreeSlug } from '../free-slug.ts'
import { choiceCombinations, type ProductColumns } from './product-input.ts'
import type { ProductMedia, ProductOption, VariantRow } from './product-store.ts'

const columnNames = [
  'name',
  'description',
  'product_type',
  'sku',
  'brand',
  'ribbon',
  'visible',
  'price_minor',
  'cost_minor',
  'price_per_unit',
  'discount_type',
  'discount_value',
  'discounted_price_minor',
  'weight',
  'track_inventory',
  'quantity',
  'in_stock',
  'options',
  'manage_variants',
] as const satisfies readonly (keyof ProductColumns)[]

function jsonOrNull(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value)
}

function values(columns: ProductColumns): unknown[] {
  return columnNames.map((name) =>
    name === 'options' || name === 'price_per_unit' ? jsonOrNull(columns[name]) : columns[name],
  )
}

/** Inserts a product and the variants its options make; returns its id. */
export async function insertProduct(
  tx: Db,
  siteId: string,
  columns: ProductColumns,
  slug: string | undefined,
  now: Date,
): Promise<string> {
  const id = randomUUID()
  const chosen = await chooseFreeSlug(tx, { table: 'products', siteId, name: columns.name, wanted: slug })
  const placeholders = columnNames.map((_, index) => `$${index + 5}`).join(', ')
  await tx.query(
    `insert into products (id, site_id, slug, created_date, ${columnNames.join(', ')}, updated_date)
     values ($1, $2, $3, $4, ${placeholders}, $4)`,
    [id, siteId, chosen, now, ...values(columns)],
  )
  await syncVariants(tx, siteId, id, columns.options)
  return id
}

/** Writes a product's new columns (and slug), keeping the variants whose choices still exist. */
export async function updateProductRow(
  tx: Db,
  siteId: string,
  id: string,
  columns: ProductColumns,
  slug: string | undefined,
  now: Date,
): Promise<void> {
  const assignments = columnNames.map((name, index) => `${name} = $${index + 4}`).join(', ')
  const chosen = slug
    ? await chooseFreeSlug(tx, { table: 'products', siteId, name: columns.name, wanted: slug, exceptId: id })
    : undefined
  await tx.query(
    `update products set ${assignments}, updated_date = $3${chosen ? `, slug = $${columnNames.length + 4}` : ''}
     where site_id = $1 and id = $2`,
    [siteId, id, now, ...values(columns), ...(chosen ? [chosen] : [])],
  )
  await syncVariants(tx, siteId, id, columns.options)
}

const keyOf = (choices: Record<string, string>) =>
  JSON.stringify(Object.entries(choices).sort(([a], [b]) => (a < b ? -1 : 1)))

/**
 * Makes a product's variants match its options: variants of combinations that still exist keep their
 * own price, sku, stock and visibility; new combinations get defaults; gone ones are deleted.
 * Returns whether anything changed.
 */
export async function syncVariants(
  tx: Db,
  siteId: string,
  productId: string,
  options: readonly ProductOption[],
) {
  const existing = await tx.query<VariantRow>('select * from product_variants where product_id = $1', [
    productId,
  ])
  const byKey = new Map(existing.map((v) => [keyOf(v.choices), v]))
  const combos = choiceCombinations(options)
  const wanted = new Set(combos.map(keyOf))
  const gone = existing.filter((v) => !wanted.has(keyOf(v.choices))).map((v) => v.id)
  if (gone.length > 0) await tx.query('delete from product_variants where id = any($1::uuid[])', [gone])
  let changed = gone.length > 0
  for (const [position, choices] of combos.entries()) {
    const current = byKey.get(keyOf(choices))
    if (current) {
      if (current.position !== position) {
        await tx.query('update product_variants set position = $2 where id = $1', [current.id, position])
      }
      continue
    }
    changed = true
    await tx.query(
      `insert into product_variants (id, site_id, product_id, position, choices, visible, track_quantity, in_stock)
       values ($1, $2, $3, $4, $5, true, false, true)`,
      [randomUUID(), siteId, productId, position, JSON.stringify(choices)],
    )
  }
  return changed
}

/** Locks a product row for the rest of the transaction, or 404. */
export async function lockProduct(tx: Db, siteId: string, id: string): Promise<void> {
  const rows = await tx.query('select id from products where site_id = $1 and id = $2 for update', [
    siteId,
    id,
  ])
  if (rows.length === 0)
    throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
}

/** A variant's own data as stored: `null` money, weight and sku follow the product's. */
export interface VariantColumns {
  price_minor: number | null
  cost_minor: number | null
  weight: number | null
  sku: string | null
  visible: boolean
  track_quantity: boolean
  quantity: number | null
  in_stock: boolean
}

/** Writes a variant's own data. */
export async function updateVariantRow(tx: Db, variantId: string, columns: VariantColumns): Promise<void> {
  await tx.query(
    `update product_variants set price_minor = $2, cost_minor = $3, weight = $4, sku = $5, visible = $6,
       track_quantity = $7, quantity = $8, in_stock = $9 where id = $1`,
    [
      variantId,
      columns.price_minor,
      columns.cost_minor,
      columns.weight,
      columns.sku,
      columns.visible,
      columns.track_quantity,
      columns.quantity,
      columns.in_stock,
    ],
  )
}

/** Clears every variant's own data of a product: each follows the product again. */
export async function resetProductVariants(tx: Db, productId: string): Promise<void> {
  await tx.query(
    `update product_variants set price_minor = null, cost_minor = null, weight = null, sku = null, visible = true,
       track_quantity = false, quantity = null, in_stock = true where product_id = $1`,
    [productId],
  )
}

/** Marks a product as changed now (its variants changed, not its own row). */
export async function touchProduct(tx: Db, productId: string, now: Date): Promise<void> {
  await tx.query('update products set updated_date = $2 where id = $1', [productId, now])
}

/** Writes a product's media and its options (whose choices hold their own media ids). */
export async function updateProductMedia(
  tx: Db,
  siteId: string,
  id: string,
  media: readonly ProductMedia[],
  options: readonly ProductOption[],
  now: Date,
): Promise<void> {
  await tx.query(
    'update products set media = $3, options = $4, updated_date = $5 where site_id = $1 and id = $2',
    [siteId, id, JSON.stringify(media), JSON.stringify(options), now],
  )
}

/**
 * Locks the site's products with these ids for the rest of the transaction (in id order, so two bulk
 * changes never wait on each other crosswise); answers the ids found.
 */
export async function lockProducts(tx: Db, siteId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'select id from products where site_id = $1 and id = any($2::uuid[]) order by id for update',
    [siteId, [...new Set(ids)]],
  )
  return rows.map((row) => row.id)
}

/** Shows or hides the site's products with these ids; answers the ids whose visibility changed. */
export async function updateProductsVisible(
  tx: Db,
  siteId: string,
  ids: readonly string[],
  visible: boolean,
  now: Date,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `update products set visible = $3, updated_date = $4
      where site_id = $1 and id = any($2::uuid[]) and visible <> $3 returning id`,
    [siteId, [...new Set(ids)], visible, now],
  )
  return rows.map((row) => row.id)
}

/** Deletes the site's products with these ids (variants and collection memberships go with them). */
export async function deleteProductRows(tx: Db, siteId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'delete from products where site_id = $1 and id = any($2::uuid[]) returning id',
    [siteId, [...new Set(ids)]],
  )
  return rows.map((row) => row.id)
}
