import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type { NumberFields } from '../http/wire-transform.js'
import type { Collection } from '../types/collection.js'

/** Fields of collection answers that hold numbers (see `NumberFields`). */
export const collectionNumberFields: NumberFields = new Set(['numberOfProducts'])

/** The catalogue's collection read calls (spec section 7, "Collections (read)"); `client.collections`. */
export interface CollectionsModule {
  /**
   * Gets one collection by id.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error when there is no such collection.
   */
  getCollection(id: string): Promise<Collection>
}

/**
 * The collections module; pass it in `modules` to get `client.collections`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { collections } })
 * const collection = await client.collections.getCollection(id)
 * ```
 */
export function collections(http: HttpClient): CollectionsModule {
  return {
    async getCollection(id) {
      const answer = await http.request<{ collection: Collection }>({
        method: 'GET',
        api: 'stores',
        path: `/v2/collections/${encodePathSegment('id', id)}`,
        numberFields: collectionNumberFields,
      })
      return answer.collection
    },
  }
}
