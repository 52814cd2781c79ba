import { toMinor } from '../money/money.ts'
import type { QueryFields } from '../query/filter-compiler.ts'

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
    collectionIds: {
      sql: '',
      type: 'idSet',
      setSql: 'select pc.collection_id from product_collections pc where pc.product_id = p.id',
      setMember: 'pc.collection_id',
    },
  }
}
