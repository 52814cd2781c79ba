import { z } from 'zod'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { parseQueryParam, type Query, QueryBody, QueryParam } from '../query/query-request.ts'
import { getSite } from '../sites/site-store.ts'
import { CollectionSchema, IdParam, PagingMetadata, ProductSchema } from './catalogue-schemas.ts'
import { findCollection } from './collection-store.ts'
import { toWireCollection } from './collection-wire.ts'
import { type Audience, findProduct, queryProducts } from './product-store.ts'
import { toWireProduct } from './product-wire.ts'

export interface CatalogueDeps {
  db: Db
  publicUrl: string
}

function audienceOf(caller: Caller): Audience {
  return { siteId: caller.siteId, includeHidden: false }
}

const QueryProductsResponse = z.object({ products: z.array(ProductSchema), metadata: PagingMetadata })

/** Catalogue reads: products (v1) and collections (v2). */
export function registerCatalogueRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  async function answerQuery(caller: Caller, query: Query) {
    const site = await getSite(db, caller.siteId)
    const page = await queryProducts(db, audienceOf(caller), query, site.currency)
    return {
      products: page.records.map((record) => toWireProduct(record, site, publicUrl)),
      metadata: { count: page.records.length, offset: page.offset, total: page.total },
    }
  }

  api.route(
    {
      method: 'get',
      path: '/stores/v1/products/query-platformized',
      operationId: 'queryProductsGet',
      summary: 'Query products (the query JSON base64url-encoded in q)',
      tag: 'Catalogue',
      auth: 'token',
      query: QueryParam,
      response: QueryProductsResponse,
    },
    async ({ query, caller }) => answerQuery(caller, parseQueryParam(query.q).query),
  )

  api.route(
    {
      method: 'post',
      path: '/stores/v1/products/query-platformized',
      operationId: 'queryProducts',
      summary: 'Query products',
      tag: 'Catalogue',
      auth: 'token',
      body: QueryBody,
      response: QueryProductsResponse,
    },
    async ({ body, caller }) => answerQuery(caller, body.query),
  )

  // After the query routes: `:id` would otherwise take `query-platformized` for an id.
  api.route(
    {
      method: 'get',
      path: '/stores/v1/products/:id',
      operationId: 'getProduct',
      summary: 'Get a product by id',
      tag: 'Catalogue',
      auth: 'token',
      params: IdParam,
      query: z.object({ includeMerchantSpecificData: z.enum(['true', 'false']).optional() }),
      response: z.object({ product: ProductSchema }),
    },
    async ({ params, caller }) => {
      const [record, site] = await Promise.all([
        findProduct(db, audienceOf(caller), params.id),
        getSite(db, caller.siteId),
      ])
      if (!record)
        throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${params.id} was not found`, {
          id: params.id,
        })
      return { product: toWireProduct(record, site, publicUrl) }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/stores/v2/collections/:id',
      operationId: 'getCollection',
      summary: 'Get a collection by id',
      tag: 'Catalogue',
      auth: 'token',
      params: IdParam,
      response: z.object({ collection: CollectionSchema }),
    },
    async ({ params, caller }) => {
      const row = await findCollection(db, audienceOf(caller), params.id)
      if (!row)
        throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${params.id} was not found`, {
          id: params.id,
        })
      return { collection: toWireCollection(row, publicUrl) }
    },
  )
}
