/** Sort direction of one field (spec enumeration SortOrder). */
export type SortOrder = 'ASC' | 'DESC'

/** One sort key on the wire. */
export interface Sorting {
  fieldName: string
  order: SortOrder
}

/**
 * A filter in the platform's operator language: `{ price: { $gt: 10 } }`, combined with `$and`, `$or`
 * and `$not`.
 */
export type Filter = Record<string, unknown>

/** Offset paging: at most `limit` items, skipping `offset`. */
export interface Paging {
  limit: number
  offset: number
}

/** Full-text search on name, description and sku, ordered by relevance when no sort is given. */
export interface QuerySearch {
  expression: string
}

/** The `query` object a query builder sends (the wire contract in docs/architecture.md). */
export interface WireQuery {
  filter?: Filter
  sort?: Sorting[]
  paging: Paging
  search?: QuerySearch
}

/**
 * A query object passed whole to `queryProducts(query)`, `queryCollections(query)` or
 * `queryStoreVariants(query)`: sent as it is, except that `_id`, `_createdDate` and `_updatedDate` in
 * filter and sort field names travel as their wire names. Without `paging`, the platform pages by 50.
 */
export interface QueryInput {
  filter?: Filter
  sort?: Sorting[]
  paging?: Partial<Paging>
  search?: QuerySearch
}

/** Paging metadata of a query answer: items in this page, the offset asked for, and all matches. */
export interface PagingMetadata {
  count: number
  offset: number
  total: number
}

/** One page as a module's query call answers it: the items and the paging metadata. */
export interface QueryPage<T> {
  items: T[]
  pagingMetadata: PagingMetadata
}
