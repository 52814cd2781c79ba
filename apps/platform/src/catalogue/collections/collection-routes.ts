import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import { answerCached, type CatalogueDeps } from '../catalogue-access.ts'
import { CollectionSchema, PagingMetadata, SlugParam } from '../catalogue-schemas.ts'
import { registerQueryRoutes } from '../query-routes.ts'
import { getCollection, getCollectionBySlug, queryCollectionPage } from './collection-reads.ts'

export const CollectionResponse = z.object({ collection: CollectionSchema })
export const QueryCollectionsResponse = z.object({
  collections: z.array(CollectionSchema),
  metadata: PagingMetadata,
})

/** Collections: v2 by id, by slug and query; v1 by slug. */
export function registerCollectionRoutes(api: Api, deps: CatalogueDeps) {
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
        answerCached(deps, c, caller, `collection-slug/${params.slug}`, () =>
          getCollectionBySlug(deps, caller, params),
        ),
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
      answerCached(deps, c, caller, `collections?${JSON.stringify(query)}`, () =>
        queryCollectionPage(deps, caller, query),
      ),
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
      answerCached(deps, c, caller, `collection/${params.id}`, () => getCollection(deps, caller, params)),
  )
}
