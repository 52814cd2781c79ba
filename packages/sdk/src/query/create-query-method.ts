import type { HttpClient } from '../http/create-http-client.js'
import { encodeQueryParameter } from '../http/encode-query-parameter.js'
import type { NumberFields } from '../http/wire-transform.js'
import { createQueryBuilder, type QueryBuilder } from './query-builder.js'
import { toWireFieldPath } from './to-wire-field-path.js'
import type { PagingMetadata, QueryInput, QueryPage, WireQuery } from './wire-query.js'

/** A query call: with no argument, an immutable builder; with a query object, the whole answer. */
export interface QueryMethod<T, A> {
  (): QueryBuilder<T>
  (query: QueryInput): Promise<A>
}

/** Where a query call goes and how its answer reads. */
export interface QueryMethodOptions {
  /** The spec's path under `/stores`, e.g. `/v1/products/query-platformized`. */
  path: string
  /** The answer's key of the items, e.g. `products`. */
  key: string
  numberFields: NumberFields
}

/**
 * Builds a query call of the catalogue. Both forms send `{ query }` as a cacheable GET to the read-only
 * host, base64url JSON in `q`, or as the fallback POST with the same body to `baseUrl` when the query
 * string would pass 4000 characters; the answer is `{ <key>: items, metadata: { count, offset, total } }`.
 */
export function createQueryMethod<T, A>(http: HttpClient, options: QueryMethodOptions): QueryMethod<T, A> {
  const { path, key, numberFields } = options
  const send = <R>(query: QueryInput) =>
    http.request<R>({
      method: 'GET',
      api: 'stores',
      path,
      params: { q: encodeQueryParameter({ query }) },
      fallback: { method: 'POST', api: 'stores', path, body: { query } },
      numberFields,
    })

  async function runPage(query: WireQuery): Promise<QueryPage<T>> {
    const answer = await send<Record<string, unknown> & { metadata?: Partial<PagingMetadata> }>(query)
    const found = answer[key]
    const items = (Array.isArray(found) ? found : []) as T[]
    const metadata = answer.metadata ?? {}
    return {
      items,
      pagingMetadata: {
        count: metadata.count ?? items.length,
        offset: metadata.offset ?? query.paging.offset,
        total: metadata.total ?? query.paging.offset + items.length,
      },
    }
  }

  // A query passed whole loads its field renaming on first use: a storefront that builds its queries
  // never downloads it.
  async function sendQuery(query: QueryInput): Promise<A> {
    const { toWireQuery } = await import('./to-wire-query.js')
    return send<A>(toWireQuery(query, toWireFieldPath))
  }

  return ((query?: QueryInput) =>
    query === undefined ? createQueryBuilder<T>(runPage) : sendQuery(query)) as QueryMethod<T, A>
}
