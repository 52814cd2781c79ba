import { z } from 'zod'
import type { CollectionSchema, ProductSchema, VariantSchema } from '../../catalogue/catalogue-schemas.ts'
import { queryCollectionPage } from '../../catalogue/collections/collection-reads.ts'
import {
  type CatalogueReadDeps,
  getProduct,
  queryProductPage,
  queryProductVariants,
} from '../../catalogue/products/product-reads.ts'
import { LOW_STOCK_THRESHOLD } from '../../catalogue/products/stock-store.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ValidationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { QueryBody } from '../../query/query-request.ts'

export type WireProduct = z.output<typeof ProductSchema>
export type WireCollection = z.output<typeof CollectionSchema>
export type WireVariant = z.output<typeof VariantSchema>
export interface Paged<T> {
  items: T[]
  total: number
}

/** How the product list sorts, as its URL has it (`?sort=price-desc`), and the query's sort of each. */
export const productSorts = {
  name: { fieldName: 'name', order: 'ASC' },
  'name-desc': { fieldName: 'name', order: 'DESC' },
  price: { fieldName: 'price', order: 'ASC' },
  'price-desc': { fieldName: 'price', order: 'DESC' },
  stock: { fieldName: 'stock.quantity', order: 'ASC' },
  newest: { fieldName: 'createdDate', order: 'DESC' },
  updated: { fieldName: 'lastUpdated', order: 'DESC' },
} as const
export type ProductSort = keyof typeof productSorts

/** The product list's filters, as they stand in its URL. */
export interface ProductFilters {
  q?: string | undefined
  collection?: string | undefined
  /** Visible in the shop, or hidden from it. */
  status?: '' | 'visible' | 'hidden' | undefined
  /** In stock; low (tracked, 1 to `LOW_STOCK_THRESHOLD` units); out of stock. */
  stock?: '' | 'in' | 'low' | 'out' | undefined
}

/** The filters as a URL or a form gives them, checked. */
export const ProductFilterQuery = z.object({
  q: z.string().max(200).optional(),
  collection: z.union([z.uuid(), z.literal('')]).optional(),
  status: z.enum(['', 'visible', 'hidden']).optional(),
  stock: z.enum(['', 'in', 'low', 'out']).optional(),
})

/** The keys of the filters, in the order they stand in a URL. */
export const productFilterKeys = ['q', 'status', 'stock', 'collection'] as const

export const PRODUCT_PAGE_SIZE = 20
const API_PAGE = 100

/** The product query of the filters: full-text search, collection, visibility and stock. */
export function toProductQuery(filters: ProductFilters) {
  const conditions: Record<string, unknown>[] = []
  if (filters.collection) conditions.push({ collectionIds: { $hasSome: [filters.collection] } })
  if (filters.status) conditions.push({ visible: { $eq: filters.status === 'visible' } })
  if (filters.stock === 'low')
    conditions.push(
      { 'stock.quantity': { $gt: 0, $lte: LOW_STOCK_THRESHOLD } },
      { 'stock.inStock': { $eq: true } },
    )
  else if (filters.stock) conditions.push({ 'stock.inStock': { $eq: filters.stock === 'in' } })
  const q = filters.q?.trim()
  return {
    ...(q ? { search: { expression: q } } : {}),
    ...(conditions.length > 0 ? { filter: { $and: conditions } } : {}),
  }
}

/** The URL query of the filters, for links that keep them. */
export function toFilterSearch(filters: ProductFilters): URLSearchParams {
  const search = new URLSearchParams()
  for (const key of productFilterKeys) {
    const value = filters[key]?.trim()
    if (value) search.set(key, value)
  }
  return search
}

/** A product query as the query routes take it (`{ query }`), checked with their schema. */
const parseProductQuery = (query: Record<string, unknown>) => parseWith(QueryBody, { query }).query

/** One page of products (1-based) matching the filters, hidden ones included, sorted (by name unless told). */
export async function findProductPage(
  deps: CatalogueReadDeps,
  caller: MerchantCaller,
  filters: ProductFilters,
  page: number,
  sort: ProductSort = 'name',
): Promise<Paged<WireProduct>> {
  const query = parseProductQuery({
    ...toProductQuery(filters),
    // The query breaks ties by id: products of one price keep their places from page to page.
    sort: [productSorts[sort]],
    paging: { limit: PRODUCT_PAGE_SIZE, offset: (page - 1) * PRODUCT_PAGE_SIZE },
  })
  // The list shows each product's cost range: merchant data.
  const answer = await queryProductPage(deps, caller, query, { includeMerchantSpecificData: true })
  return { items: answer.products, total: answer.metadata.total }
}

/**
 * The ids of every product matching the filters, for a bulk change by filter.
 *
 * @throws ValidationError when more than `max` match.
 */
export async function findAllProductIds(
  deps: CatalogueReadDeps,
  caller: MerchantCaller,
  filters: ProductFilters,
  max: number,
): Promise<string[]> {
  const ids: string[] = []
  for (let offset = 0; ; offset += API_PAGE) {
    const query = parseProductQuery({
      ...toProductQuery(filters),
      sort: [{ fieldName: 'name', order: 'ASC' }],
      paging: { limit: API_PAGE, offset },
    })
    const answer = await queryProductPage(deps, caller, query)
    if (answer.metadata.total > max)
      throw new ValidationError([
        {
          field: 'selection',
          description: `matches ${answer.metadata.total} products; a bulk change takes at most ${max}, so narrow the filter`,
          violatedRule: 'MAX_SIZE',
        },
      ])
    ids.push(...answer.products.map((product) => product.id))
    if (answer.products.length < API_PAGE) return ids
  }
}

/** The site's products with these ids (hidden ones too), by name: what a bulk change names. */
export async function findProductsByIds(
  deps: CatalogueReadDeps,
  caller: MerchantCaller,
  ids: readonly string[],
): Promise<WireProduct[]> {
  const query = parseProductQuery({
    filter: { id: { $in: [...ids] } },
    sort: [{ fieldName: 'name', order: 'ASC' }],
    paging: { limit: Math.max(1, Math.min(ids.length, API_PAGE)), offset: 0 },
  })
  return (await queryProductPage(deps, caller, query)).products
}

/** Every collection of the site, hidden ones included, by name. */
export async function findAllCollections(
  deps: CatalogueReadDeps,
  caller: MerchantCaller,
): Promise<WireCollection[]> {
  const collections: WireCollection[] = []
  for (let offset = 0; ; offset += API_PAGE) {
    const answer = await queryCollectionPage(deps, caller, {
      sort: [{ fieldName: 'name', order: 'ASC' }],
      paging: { limit: API_PAGE, offset },
    })
    collections.push(...answer.collections)
    if (answer.collections.length < API_PAGE) return collections
  }
}

/** A product with merchant data (cost), and all of its variants, hidden ones too. */
export async function getProductForEditing(
  deps: CatalogueReadDeps,
  caller: MerchantCaller,
  id: string,
): Promise<{ product: WireProduct; variants: WireVariant[] }> {
  const variantPage = (offset: number) =>
    queryProductVariants(deps, caller, {
      id,
      includeMerchantSpecificData: true,
      paging: { limit: 100, offset },
    })
  const [{ product }, { variants }] = await Promise.all([
    getProduct(deps, caller, { id, includeMerchantSpecificData: true }),
    variantPage(0),
  ])
  // A product has at most 300 variants; the query pages by 100.
  for (let offset = 100; variants.length === offset && offset < 300; offset += 100)
    variants.push(...(await variantPage(offset)).variants)
  return { product, variants }
}
