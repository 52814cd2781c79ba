import { toMinor } from '../money/money.ts'
import type { QueryField, QueryFields } from '../query/filter-compiler.ts'

/**
 * A product's collections (`p` is the product), for products and variants alike. A collection page
 * hashes the collection's products once: probing the set for each of the 10k store's products read
 * 24 times the pages (20,857 buffers against 864 on the funnel's collection page).
 */
export const collectionIdsField: QueryField = {
  sql: '',
  type: 'idSet',
  setSql: 'select pc.collection_id from product_collections pc where pc.product_id = p.id',
  // `offset 0` keeps the subquery whole, so the planner cannot turn it back into a probe per product.
  hasSome: (ids) =>
    `p.id in (select pc.product_id from product_collections pc where pc.collection_id = any(${ids}) offset 0)`,
}

/** The product fields a query may filter and sort on, and the SQL behind each. */
export function productQueryFields(currency: string): QueryFields {
  const price = {
    type: 'number',
    cast: 'int',
    toParam: (value: number) => toMinor(value, currency),
    sortable: true,
  } as const
  return {
    id: { sql: 'p.id', type: 'id' },
    name: { sql: 'p.name', type: 'string', sortable: true },
    slug: { sql: 'p.slug', type: 'string', sortable: true },
    sku: { sql: 'p.sku', type: 'string', sortable: true },
    description: { sql: 'p.description', type: 'string' },
    productType: { sql: 'p.product_type', type: 'string' },
    brand: { sql: 'p.brand', type: 'string', sortable: true },
    ribbon: { sql: 'p.ribbon', type: 'string' },
    visible: { sql: 'p.visible', type: 'boolean' },
    price: { sql: 'p.discounted_price_minor', ...price },
    'price.price': { sql: 'p.price_minor', ...price },
    'price.discountedPrice': { sql: 'p.discounted_price_minor', ...price },
    'priceData.price': { sql: 'p.price_minor', ...price },
    'stock.inStock': { sql: 'p.in_stock', type: 'boolean' },
    'stock.quantity': { sql: 'p.quantity', type: 'number', cast: 'int', sortable: true },
    weight: { sql: 'p.weight', type: 'number', cast: 'float8', sortable: true },
    createdDate: { sql: 'p.created_date', type: 'date', sortable: true },
    lastUpdated: { sql: 'p.updated_date', type: 'date', sortable: true },
    collectionIds: collectionIdsField,
  }
}

/**
 * The collections a product filter keeps its products to (its `collectionIds` with `$hasSome` or `$hasAll`,
 * beside whatever else it asks, which only narrows it further): a product in none of them is never in its
 * answer, whatever its stock. `any` when the filter keeps to no collection (decision 111).
 */
export function collectionsKeptTo(
  filter: Record<string, unknown> | null | undefined,
): readonly string[] | 'any' {
  const condition = filter?.collectionIds
  if (typeof condition !== 'object' || condition === null) return 'any'
  const ids = ['$hasSome', '$hasAll'].flatMap((operator) => {
    const value = (condition as Record<string, unknown>)[operator]
    return Array.isArray(value) ? value : []
  })
  return ids.length > 0 && ids.every((id) => typeof id === 'string') ? (ids as string[]) : 'any'
}
