import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import type { ImageSize } from '../../media/image-derivatives.ts'
import { compileQuery, type Query } from '../../query/query-request.ts'
import { productQueryFields } from '../product-query-fields.ts'
import type { PricePerUnitData } from './price-per-unit.ts'

export interface ProductOption {
  name: string
  optionType: 'drop_down' | 'color'
  choices: { value: string; description: string; mediaIds?: string[] }[]
}

/** A product's, choice's or collection's media item, as kept in the row's `media` (JSON). */
export interface ProductMedia {
  id: string
  title: string
  width: number
  height: number
  altText: string
  /** The WebP sizes derived from an uploaded image, narrowest first (absent for SVGs). */
  sizes?: ImageSize[]
  /** `'video'` for a video (decision 052); absent for an image. */
  mediaType?: 'video'
  /** A video's container. */
  format?: 'mp4' | 'webm'
  /** A video's poster: an image uploaded to the site, copied here as an image item is. */
  poster?: { id: string; width: number; height: number; sizes?: ImageSize[] }
}

export interface ProductRow {
  id: string
  site_id: string
  name: string
  slug: string
  description: string
  product_type: 'physical' | 'digital'
  sku: string | null
  brand: string | null
  ribbon: string | null
  visible: boolean
  price_minor: number
  discount_type: 'NONE' | 'AMOUNT' | 'PERCENT'
  discount_value: number
  discounted_price_minor: number
  cost_minor: number | null
  /** How its unit price is worked out, if it shows one. */
  price_per_unit: PricePerUnitData | null
  weight: number | null
  track_inventory: boolean
  quantity: number | null
  in_stock: boolean
  manage_variants: boolean
  options: ProductOption[]
  media: ProductMedia[]
  created_date: Date
  updated_date: Date
}

export interface VariantRow {
  id: string
  product_id: string
  position: number
  choices: Record<string, string>
  price_minor: number | null
  cost_minor: number | null
  sku: string | null
  weight: number | null
  visible: boolean
  track_quantity: boolean
  quantity: number | null
  in_stock: boolean
}

/** A product with what the wire shows beside it. */
export interface ProductRecord {
  product: ProductRow
  variants: VariantRow[]
  collectionIds: string[]
}

/** Who may see what: visitors and members see visible products only. */
export interface Audience {
  siteId: string
  includeHidden: boolean
}

// Every column but the search vector.
const baseColumns = `p.id, p.site_id, p.name, p.slug, p.description, p.product_type, p.sku, p.brand, p.ribbon,
  p.visible, p.price_minor, p.discount_type, p.discount_value, p.discounted_price_minor, p.weight, p.track_inventory,
  p.quantity, p.in_stock, p.manage_variants, p.options, p.media, p.cost_minor, p.price_per_unit, p.created_date, p.updated_date`

/** A product's variants and collection ids, in the same row as the product: one statement per read. */
function relationColumns(alias: string): string {
  return `coalesce((select json_agg(v.* order by v.position) from product_variants v where v.product_id = ${alias}.id), '[]') as variants,
  coalesce((select array_agg(pc.collection_id::text order by pc.collection_id) from product_collections pc
            where pc.product_id = ${alias}.id), '{}') as collection_ids`
}

const productColumns = `${baseColumns}, ${relationColumns('p')}`

/**
 * The columns a `ProductRecord` is read from (products aliased `p`), for a statement that reads
 * products beside other rows; `toProductRecord` turns such a row into the record.
 */
export const PRODUCT_RECORD_COLUMNS = productColumns

export type ProductRowWithRelations = ProductRow & { variants: VariantRow[]; collection_ids: string[] }

/** A row read with `PRODUCT_RECORD_COLUMNS`, as a record. */
export function toProductRecord(row: ProductRowWithRelations): ProductRecord {
  const { variants, collection_ids, ...product } = row
  return { product, variants, collectionIds: collection_ids }
}

/** The product with this id in the audience's site, if it may see it. */
export async function findProduct(
  db: Db,
  audience: Audience,
  id: string,
): Promise<ProductRecord | undefined> {
  const row = await queryOne<ProductRowWithRelations>(
    db,
    `select ${productColumns} from products p where p.site_id = $1 and p.id = $2 and ($3 or p.visible)`,
    [audience.siteId, id, audience.includeHidden],
  )
  return row && toProductRecord(row)
}

/** One page of products matching the query, and the total that match. */
export async function queryProducts(
  db: Db,
  audience: Audience,
  query: Query,
  currency: string,
): Promise<{ records: ProductRecord[]; total: number; offset: number }> {
  const compiled = compileQuery(query, productQueryFields(currency), {
    params: [audience.siteId, audience.includeHidden],
    defaultOrder: 'p.created_date desc, p.id desc',
    tieBreak: 'p.id asc',
    search: {
      where: (param) => `p.search_vector @@ websearch_to_tsquery('english', ${param})`,
      rank: (param) => `ts_rank_cd(p.search_vector, websearch_to_tsquery('english', ${param}))`,
    },
  })
  const where = `p.site_id = $1 and ($2 or p.visible) and (${compiled.where})`
  // The total rides on every row of the page; only a page past the end needs a count of its own. The
  // inner query counts the matches and keeps the page's ids (a top-N sort, no row numbers: the listing
  // indexes carry what a listing tests, so this part reads an index only); whole rows and their relations
  // are read for the page only, sorted again by the same keys (the id breaks every tie, so the order is
  // the inner one). Decision 104.
  const rows = await db.query<ProductRowWithRelations & { total: number }>(
    `select ${baseColumns}, page.total, ${relationColumns('p')} from (
       select p.id, count(*) over ()::int as total
         from products p where ${where}
        order by ${compiled.orderBy} limit ${compiled.limit} offset ${compiled.offset}
     ) page join products p on p.id = page.id order by ${compiled.orderBy}`,
    compiled.params,
  )
  const total =
    rows[0]?.total ??
    (compiled.offset > 0 || compiled.limit === 0
      ? ((
          await queryOne<{ total: number }>(
            db,
            `select count(*)::int as total from products p where ${where}`,
            compiled.params,
          )
        )?.total ?? 0)
      : 0)
  return {
    records: rows.map(({ total: _total, ...row }) => toProductRecord(row)),
    total,
    offset: compiled.offset,
  }
}

/** The products with these ids the audience may see, by id (missing ids are simply absent). */
export async function findProductsByIds(
  db: Db,
  audience: Audience,
  ids: readonly string[],
): Promise<Map<string, ProductRecord>> {
  if (ids.length === 0) return new Map()
  const rows = await db.query<ProductRowWithRelations>(
    `select ${productColumns} from products p where p.site_id = $1 and p.id = any($2::uuid[]) and ($3 or p.visible)`,
    [audience.siteId, [...new Set(ids)], audience.includeHidden],
  )
  return new Map(rows.map((row) => [row.id, toProductRecord(row)]))
}
