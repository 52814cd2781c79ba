import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import { createQueryMethod } from '../query/create-query-method.js'
import type { QueryBuilder } from '../query/query-builder.js'
import type { PagingMetadata, QueryInput } from '../query/wire-query.js'
import type { StoreVariant } from '../types/store-variant.js'
import { productNumberFields } from './products.js'

/** Answer of `queryStoreVariants(query)`. */
export interface QueryStoreVariantsResponse {
  variants: StoreVariant[]
  metadata: PagingMetadata
}

/** The store-wide variant read calls (spec section 7, "Catalogue (read)"); `client.storeVariants`. */
export interface StoreVariantsModule {
  /** Starts a query over every product's variants: an immutable builder with offset paging. */
  queryStoreVariants(): QueryBuilder<StoreVariant>
  /**
   * Sends a query object as it is and resolves with the whole answer, `{ variants, metadata }`.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` (validation) for a filter the platform does not accept.
   */
  queryStoreVariants(query: QueryInput): Promise<QueryStoreVariantsResponse>
  /**
   * Gets one variant by its store-wide id (`GET /v1/variants/{id}`).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error when there is no such variant.
   */
  getStoreVariant(id: string): Promise<StoreVariant>
}

/**
 * The store variants module; pass it in `modules` to get `client.storeVariants`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { storeVariants } })
 * const { items } = await client.storeVariants.queryStoreVariants().eq('productId', id).find()
 * ```
 */
export function storeVariants(http: HttpClient): StoreVariantsModule {
  return {
    queryStoreVariants: createQueryMethod<StoreVariant, QueryStoreVariantsResponse>(http, {
      path: '/v1/variants/query',
      key: 'variants',
      numberFields: productNumberFields,
    }),
    getStoreVariant: async (id) =>
      http.request<StoreVariant>({
        method: 'GET',
        api: 'stores',
        path: `/v1/variants/${encodePathSegment('id', id)}`,
        numberFields: productNumberFields,
        entity: 'variant',
      }),
  }
}
