import type { Filter, Sorting } from '@aisle/sdk'

/** How a product list is ordered; `relevance` applies only while searching. */
export type CatalogueSort = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'name'

/** A product list's state, as its URL query string carries it (GET forms, shareable links). */
export interface CatalogueSearch {
  /** The search text, `''` when not searching. */
  q: string
  /** The slug of the collection to keep to, `''` for all. */
  collection: string
  /** Lowest price to show, in the store's currency (the price after any discount). */
  minPrice: number | undefined
  /** Highest price to show, in the store's currency. */
  maxPrice: number | undefined
  inStockOnly: boolean
  sort: CatalogueSort
  /** The page, from 1. */
  page: number
}

/** The query object a product list sends: the SDK passes it to the platform as is. */
export interface ProductListQuery {
  filter?: Filter
  sort?: Sorting[]
  paging: { limit: number; offset: number }
  search?: { expression: string }
}

/** The sort choices a shopper sees, in order; "Best match" only while searching. */
export const SORT_CHOICES: ReadonlyArray<{ value: CatalogueSort; label: string }> = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
]

const sortFields: Record<Exclude<CatalogueSort, 'relevance'>, Sorting> = {
  newest: { fieldName: 'createdDate', order: 'DESC' },
  'price-asc': { fieldName: 'price', order: 'ASC' },
  'price-desc': { fieldName: 'price', order: 'DESC' },
  name: { fieldName: 'name', order: 'ASC' },
}

/** Products on one page of the catalogue and collection pages. */
export const PRODUCT_LIST_PAGE_SIZE = 24

/** The platform accepts search expressions up to this length. */
const MAX_SEARCH_LENGTH = 200
const MAX_PAGE = 10_000

/** The order a list takes when the URL names none: by relevance while searching, else newest first. */
export function defaultSort(q: string): CatalogueSort {
  return q ? 'relevance' : 'newest'
}

/**
 * Reads a product list's state from a URL query string. Anything unusable falls back to its default, so a
 * hand-edited or stale link still shows a page; a minimum above the maximum is read as the range meant.
 */
export function parseCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH)
  const sortParam = params.get('sort')
  const isKnownSort = SORT_CHOICES.some((choice) => choice.value === sortParam)
  let sort = isKnownSort ? (sortParam as CatalogueSort) : defaultSort(q)
  if (sort === 'relevance' && !q) sort = 'newest'
  let minPrice = parsePrice(params.get('minPrice'))
  let maxPrice = parsePrice(params.get('maxPrice'))
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    ;[minPrice, maxPrice] = [maxPrice, minPrice]
  }
  return {
    q,
    collection: parseSlug(params.get('collection')),
    minPrice,
    maxPrice,
    inStockOnly: params.get('inStock') === '1',
    sort,
    page: parsePage(params.get('page')),
  }
}

/**
 * Writes a product list's state as a query string, leaving out every default, so each state has one URL
 * (the canonical one) and `parseCatalogueSearch(toCatalogueSearchParams(state))` gives the state back.
 */
export function toCatalogueSearchParams(state: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (state.q) params.set('q', state.q)
  if (state.collection) params.set('collection', state.collection)
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice))
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice))
  if (state.inStockOnly) params.set('inStock', '1')
  if (state.sort !== defaultSort(state.q)) params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  return params
}

/** The link to one page of a product list: the same state on another page. */
export function toPageHref(pathname: string, state: CatalogueSearch, page: number): string {
  const search = toCatalogueSearchParams({ ...state, page }).toString()
  return search ? `${pathname}?${search}` : pathname
}

/**
 * How many of the filters form's narrowings are on (collection, lowest price, highest price, in stock only):
 * the count the "Filter and sort" button shows. The search is not one of them: the header holds it.
 */
export function countFilters(state: CatalogueSearch): number {
  return [
    state.collection !== '',
    state.minPrice !== undefined,
    state.maxPrice !== undefined,
    state.inStockOnly,
  ].filter(Boolean).length
}

/** Whether the shopper narrowed the list (search, collection, price or stock), so "clear" makes sense. */
export function isFiltered(state: CatalogueSearch): boolean {
  return state.q !== '' || countFilters(state) > 0
}

/**
 * Turns a product list's state into the platform's query object. The collection is given by id: the page
 * resolves the slug of the URL first.
 */
export function toProductListQuery(
  state: CatalogueSearch,
  options: { pageSize: number; collectionId?: string | undefined },
): ProductListQuery {
  const conditions: Filter = {}
  if (options.collectionId) conditions.collectionIds = { $hasSome: [options.collectionId] }
  const price: Record<string, number> = {}
  if (state.minPrice !== undefined) price.$gte = state.minPrice
  if (state.maxPrice !== undefined) price.$lte = state.maxPrice
  if (Object.keys(price).length > 0) conditions.price = price
  if (state.inStockOnly) conditions['stock.inStock'] = { $eq: true }

  const query: ProductListQuery = {
    paging: { limit: options.pageSize, offset: (state.page - 1) * options.pageSize },
  }
  if (Object.keys(conditions).length > 0) query.filter = conditions
  if (state.q) query.search = { expression: state.q }
  if (state.sort !== 'relevance') query.sort = [sortFields[state.sort]]
  return query
}

/** Reads `?page=` as a page number from 1; anything else is page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1
  return Math.min(MAX_PAGE, Math.max(1, Number(value)))
}

function parsePrice(value: string | null): number | undefined {
  const text = value?.trim()
  if (!text || !/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined
  return Number(text)
}

function parseSlug(value: string | null): string {
  const slug = value?.trim().toLowerCase() ?? ''
  return /^[a-z0-9][a-z0-9-]{0,99}$/.test(slug) ? slug : ''
}
