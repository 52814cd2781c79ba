import { z } from 'zod'
import type { Api } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import type { Query } from '../query/query-request.ts'
import { answerCached, audienceOf, type CatalogueDeps } from './catalogue-access.ts'
import { CollectionSchema, IdParam, PagingMetadata, SlugParam } from './catalogue-schemas.ts'
import {
  type CollectionRow,
  findCollection,
  findCollectionBySlug,
  queryCollections,
} from './collection-store.ts'
import { toWireCollection } from './collection-wire.ts'
import { registerQueryRoutes } from './query-routes.ts'

const CollectionResponse = z.object({ collection: CollectionSchema })
const QueryCollectionsResponse = z.object({
  collections: z.array(CollectionSchema),
  metadata: PagingMetadata,
})

function found(row: CollectionRow | undefined, key: Record<string, string>): CollectionRow {
  if (!row)
    throw new ApplicationError(
      'COLLECTION_NOT_FOUND',
      `Collection ${Object.values(key)[0]} was not found`,
      key,
    )
  return row
}

/** Collections: v2 by id, by slug and query; v1 by slug. */
export function registerCollectionRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  async function answerQuery(caller: Caller, query: Query) {
    const page = await queryCollections(db, audienceOf(caller), query)
    return {
      collections: page.rows.map((row) => toWireCollection(row, publicUrl)),
      metadata: { count: page.rows.length, offset: page.offset, total: page.total },
    }
  }

  for (const [version, operationId] of [
    ['v1', 'getCollectionBySlugV1'],
    ['v2', 'getCollectionBySlug'],
  ] as const) {
    api.route(
      {
        method: 'get',
        path: `/stores/${version}/collections/slug/:slug`,
        operationId,
        summary: `Get a collection by slug (catalogue ${version})`,
        tag: 'Catalogue',
        auth: 'caller',
        publicRead: true,
        params: SlugParam,
        response: CollectionResponse,
      },
      async ({ params, caller }, c) =>
        answerCached(deps, c, caller, `collection-slug/${params.slug}`, async () => {
          const row = found(await findCollectionBySlug(db, audienceOf(caller), params.slug), {
            slug: params.slug,
          })
          return { collection: toWireCollection(row, publicUrl) }
        }),
    )
  }

  registerQueryRoutes(
    api,
    {
      path: '/stores/v2/collections/query',
      operationId: 'queryCollections',
      summary: 'Query collections',
      response: QueryCollectionsResponse,
    },
    (caller, query, c) =>
      answerCached(deps, c, caller, `collections?${JSON.stringify(query)}`, () => answerQuery(caller, query)),
  )

  api.route(
    {
      method: 'get',
      path: '/stores/v2/collections/:id',
      operationId: 'getCollection',
      summary: 'Get a collection by id',
      tag: 'Catalogue',
      auth: 'caller',
      publicRead: true,
      params: IdParam,
      response: CollectionResponse,
    },
    async ({ params, caller }, c) =>
      answerCached(deps, c, caller, `collection/${params.id}`, async () => {
        const row = found(await findCollection(db, audienceOf(caller), params.id), { id: params.id })
        return { collection: toWireCollection(row, publicUrl) }
      }),
  )
}
