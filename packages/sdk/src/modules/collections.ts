import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type { NumberFields } from '../http/wire-transform.js'
import { createQueryMethod } from '../query/create-query-method.js'
import type { QueryBuilder } from '../query/query-builder.js'
import type { PagingMetadata, QueryInput } from '../query/wire-query.js'
import type { Collection } from '../types/collection.js'

/** Fields of collection answers that hold numbers (see `NumberFields`). */
export const collectionNumberFields: NumberFields = new Set(['numberOfProducts'])

/** Answer of `queryCollections(query)`. */
export interface QueryCollectionsResponse {
  collections: Collection[]
  metadata: PagingMetadata
}

/**
 * The catalogue's collection read calls, v2 (spec section 7, "Collections (read)");
 * `client.collections`. They go to the read-only host.
 */
export interface CollectionsModule {
  /**
   * Gets one collection by id (`GET /v2/collections/{id}`).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error when there is no such collection.
   */
  getCollection(id: string): Promise<Collection>
  /**
   * Gets one collection by slug (`GET /v2/collections/slug/{slug}`).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty slug (checked before calling); a 404 application
   * error when there is no such collection.
   */
  getCollectionBySlug(slug: string): Promise<Collection>
  /** Starts a collection query: an immutable builder with offset paging (see `queryProducts`). */
  queryCollections(): QueryBuilder<Collection>
  /**
   * Sends a query object as it is and resolves with the whole answer, `{ collections, metadata }`.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` (validation) for a filter the platform does not accept.
   */
  queryCollections(query: QueryInput): Promise<QueryCollectionsResponse>
}

/**
 * The collections module; pass it in `modules` to get `client.collections`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { collections } })
 * const summer = await client.collections.getCollectionBySlug('summer')
 * const { items } = await client.collections.queryCollections().limit(6).find()
 * ```
 */
export function collections(http: HttpClient): CollectionsModule {
  const get = (path: string) =>
    http.request<Collection>({
      method: 'GET',
      api: 'stores',
      path,
      numberFields: collectionNumberFields,
      entity: 'collection',
    })
  return {
    getCollection: async (id) => get(`/v2/collections/${encodePathSegment('id', id)}`),
    getCollectionBySlug: async (slug) => get(`/v2/collections/slug/${encodePathSegment('slug', slug)}`),
    queryCollections: createQueryMethod<Collection, QueryCollectionsResponse>(http, {
      path: '/v2/collections/query',
      key: 'collections',
      numberFields: collectionNumberFields,
    }),
  }
}
