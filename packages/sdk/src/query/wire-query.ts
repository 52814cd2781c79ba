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

/** The `query` object a query call sends (the wire contract in docs/architecture.md). */
export interface WireQuery {
  filter?: Filter
  sort?: Sorting[]
  paging: Paging
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
