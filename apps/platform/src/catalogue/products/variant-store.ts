import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { toMinor } from '../../money/money.ts'
import type { QueryFields } from '../../query/filter-compiler.ts'
import { compileQuery, type Query } from '../../query/query-request.ts'
import { collectionIdsField } from '../product-query-fields.ts'
import { type Audience, findProductsByIds, type ProductRecord, type VariantRow } from './product-store.ts'

/** A variant with the product it belongs to. */
export interface VariantRecord {
  record: ProductRecord
  variant: VariantRow
}

// The variant's list price, and after the product's discount, in SQL (the same rule as applyDiscount).
const listPrice = 'coalesce(v.price_minor, p.price_minor)'
const discountedPrice = `(case p.discount_type
  when 'AMOUNT' then greatest(0, ${listPrice} - p.discount_value)
  when 'PERCENT' then greatest(0, ${listPrice} - ((${listPrice} * p.discount_value + 5000) / 10000))
  else ${listPrice} end)`

function variantQueryFields(currency: string): QueryFields {
  const price = {
    type: 'number',
    cast: 'int',
    toParam: (value: number) => toMinor(value, currency),
    sortable: true,
  } as const
  return {
    id: { sql: 'v.id', type: 'id' },
    productId: { sql: 'v.product_id', type: 'id' },
    sku: { sql: 'coalesce(v.sku, p.sku)', type: 'string', sortable: true },
    productName: { sql: 'p.name', type: 'string', sortable: true },
    'stock.inStock': { sql: '(v.in_stock and p.in_stock)', type: 'boolean' },
    'stock.quantity': { sql: 'v.quantity', type: 'number', cast: 'int', sortable: true },
    price: { sql: discountedPrice, ...price },
    'price.price': { sql: listPrice, ...price },
    collectionIds: collectionIdsField,
  }
}

async function toRecords(db: Db, audience: Audience, variants: { id: string; product_id: string }[]) {
  const products = await findProductsByIds(
    db,
    audience,
    variants.map((v) => v.product_id),
  )
  return variants.flatMap((row): VariantRecord[] => {
    const record = products.get(row.product_id)
    const variant = record?.variants.find((v) => v.id === row.id)
    return record && variant ? [{ record, variant }] : []
  })
}

/** Variants across the site's products matching the query (product then position order by default). */
export async function queryVariants(
  db: Db,
  audience: Audience,
  query: Query,
  currency: string,
): Promise<{ records: VariantRecord[]; total: number; offset: number }> {
  const compiled = compileQuery(query, variantQueryFields(currency), {
    params: [audience.siteId, audience.includeHidden],
    defaultOrder: 'p.created_date desc, p.id, v.position',
    tieBreak: 'v.id asc',
  })
  const where = `v.site_id = $1 and ($2 or (p.visible and v.visible)) and (${compiled.where})`
  const from = 'product_variants v join products p on p.id = v.product_id'
  const [rows, counted] = await Promise.all([
    db.query<{ id: string; product_id: string }>(
      `select v.id, v.product_id from ${from} where ${where} order by ${compiled.orderBy} limit ${compiled.limit} offset ${compiled.offset}`,
      compiled.params,
    ),
    queryOne<{ total: number }>(
      db,
      `select count(*)::int as total from ${from} where ${where}`,
      compiled.params,
    ),
  ])
  return { records: await toRecords(db, audience, rows), total: counted?.total ?? 0, offset: compiled.offset }
}

/** The variant with this id in the audience's site, with its product. */
export async function findVariant(
  db: Db,
  audience: Audience,
  id: string,
): Promise<VariantRecord | undefined> {
  const rows = await db.query<{ id: string; product_id: string }>(
    'select v.id, v.product_id from product_variants v where v.site_id = $1 and v.id = $2 and ($3 or v.visible)',
    [audience.siteId, id, audience.includeHidden],
  )
  return (await toRecords(db, audience, rows))[0]
}
