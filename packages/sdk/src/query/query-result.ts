import type { PagingMetadata, QueryPage } from './wire-query.js'

/** One page of a query's results, with the means to walk to its neighbours. */
export interface QueryResult<T> {
  /** The items of this page (result key `items`, spec section 9). */
  items: T[]
  /** Number of items matching the query on all pages. */
  totalCount: number
  /** Number of pages of `pageSize` that hold all matches. */
  totalPages: number
  /** The `limit` the query asked for. */
  pageSize: number
  /** Zero-based index of this page: `offset / pageSize`, rounded down. */
  currentPage: number
  /** The answer's paging metadata as sent (paging key `pagingMetadata`, spec section 9). */
  pagingMetadata: PagingMetadata
  /** Tells whether matches follow this page. */
  hasNext(): boolean
  /** Tells whether matches precede this page. */
  hasPrev(): boolean
  /** Runs the same query for the following page. */
  next(): Promise<QueryResult<T>>
  /** Runs the same query for the preceding page (the first page when this one is not aligned). */
  prev(): Promise<QueryResult<T>>
}

/**
 * Builds a {@link QueryResult} from one answered page; `runAt(offset)` runs the same query at another
 * offset.
 */
export function createQueryResult<T>(
  page: QueryPage<T>,
  pageSize: number,
  runAt: (offset: number) => Promise<QueryResult<T>>,
): QueryResult<T> {
  const { items, pagingMetadata } = page
  const { offset, total } = pagingMetadata
  return {
    items,
    totalCount: total,
    totalPages: Math.ceil(total / pageSize),
    pageSize,
    currentPage: Math.floor(offset / pageSize),
    pagingMetadata,
    hasNext: () => offset + pagingMetadata.count < total,
    hasPrev: () => offset > 0,
    next: () => runAt(offset + pageSize),
    prev: () => runAt(Math.max(0, offset - pageSize)),
  }
}
