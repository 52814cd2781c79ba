import type { z } from 'zod'
import type { CollectionSchema, ProductSchema, VariantSchema } from '../catalogue/catalogue-schemas.ts'
import { ValidationError } from '../http/errors.ts'
import type { MerchantApi } from './merchant-api.ts'

export type WireProduct = z.output<typeof ProductSchema>
export type WireCollection = z.output<typeof CollectionSchema>
export type WireVariant = z.output<typeof VariantSchema>
export interface Paged<T> {
  items: T[]
  total: number
}

/** The product list's filters, as they stand in its URL. */
export interface ProductFilters {
  q?: string | undefined
  collection?: string | undefined
  visibility?: '' | 'visible' | 'hidden' | undefined
  stock?: '' | 'in' | 'out' | undefined
}

export const PRODUCT_PAGE_SIZE = 20
const API_PAGE = 100

/** The product query of the filters: full-text search, collection, visibility and stock. */
export function toProductQuery(filters: ProductFilters) {
  const conditions: Record<string, unknown>[] = []
  if (filters.collection) conditions.push({ collectionIds: { $hasSome: [filters.collection] } })
  if (filters.visibility) conditions.push({ visible: { $eq: filters.visibility === 'visible' } })
  if (filters.stock) conditions.push({ 'stock.inStock': { $eq: filters.stock === 'in' } })
  const q = filters.q?.trim()
  return {
    ...(q ? { search: { expression: q } } : {}),
    ...(conditions.length > 0 ? { filter: { $and: conditions } } : {}),
  }
}

/** The URL query of the filters, for links that keep them. */
export function toFilterSearch(filters: ProductFilters): URLSearchParams {
  const search = new URLSearchParams()
  for (const key of ['q', 'collection', 'visibility', 'stock'] as const) {
    const value = filters[key]?.trim()
    if (value) search.set(key, value)
  }
  return search
}

/** One page of products (1-based) matching the filters, hidden ones included. */
export async function findProductPage(
  api: MerchantApi,
  filters: ProductFilters,
  page: number,
): Promise<Paged<WireProduct>> {
  const answer = await api.call<{ products: WireProduct[]; metadata: { total: number } }>(
    'POST',
    '/stores/v1/products/query-platformized',
    {
      query: {
        ...toProductQuery(filters),
        paging: { limit: PRODUCT_PAGE_SIZE, offset: (page - 1) * PRODUCT_PAGE_SIZE },
      },
    },
  )
  return { items: answer.products, total: answer.metadata.total }
}

/**
 * The ids of every product matching the filters, for a bulk change by filter.
 *
 * @throws ValidationError when more than `max` match.
 */
export async function findAllProductIds(
  api: MerchantApi,
  filters: ProductFilters,
  max: number,
): Promise<string[]> {
  const ids: string[] = []
  for (let offset = 0; ; offset += API_PAGE) {
    const answer = await api.call<{ products: { id: string }[]; metadata: { total: number } }>(
      'POST',
      '/stores/v1/products/query-platformized',
      {
        query: {
          ...toProductQuery(filters),
          sort: [{ fieldName: 'name', order: 'ASC' }],
          paging: { limit: API_PAGE, offset },
        },
      },
    )
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

/** Every collection of the site, hidden ones included, by name. */
export async function findAllCollections(api: MerchantApi): Promise<WireCollection[]> {
  const collections: WireCollection[] = []
  for (let offset = 0; ; offset += API_PAGE) {
    const answer = await api.call<{ collections: WireCollection[] }>('POST', '/stores/v2/collections/query', {
      query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: API_PAGE, offset } },
    })
    collections.push(...answer.collections)
    if (answer.collections.length < API_PAGE) return collections
  }
}

/** A product with merchant data (cost), and all of its variants, hidden ones too. */
export async function getProductForEditing(
  api: MerchantApi,
  id: string,
): Promise<{ product: WireProduct; variants: WireVariant[] }> {
  const [{ product }, { variants }] = await Promise.all([
    api.call<{ product: WireProduct }>('GET', `/stores/v1/products/${id}?includeMerchantSpecificData=true`),
    api.call<{ variants: WireVariant[] }>('POST', `/stores/v1/products/${id}/variants/query`, {
      includeMerchantSpecificData: true,
      paging: { limit: 100, offset: 0 },
    }),
  ])
  // A product has at most 300 variants; the query pages by 100.
  for (let offset = 100; variants.length === offset && offset < 300; offset += 100) {
    const next = await api.call<{ variants: WireVariant[] }>(
      'POST',
      `/stores/v1/products/${id}/variants/query`,
      {
        includeMerchantSpecificData: true,
        paging: { limit: 100, offset },
      },
    )
    variants.push(...next.variants)
  }
  return { product, variants }
}
