import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import { CollectionResponse } from './collection-routes.ts'
import {
  addProductsToCollection,
  CollectionProductsBody,
  CreateCollectionBody,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  UpdateCollectionBody,
  updateCollection,
} from './collection-writes.ts'

const Empty = z.object({})

/** Catalogue writes on collections and their products: merchant API keys only. */
export function registerCollectionWriteRoutes(api: Api, deps: CatalogueWriteDeps) {
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/collections',
      operationId: 'createCollection',
      summary: 'Create a collection',
      body: CreateCollectionBody,
      response: CollectionResponse,
    },
    async ({ body, caller }) => createCollection(deps, caller, body),
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/collections/:id',
      operationId: 'updateCollection',
      summary: 'Change the given fields of a collection',
      params: IdParam,
      body: UpdateCollectionBody,
      response: CollectionResponse,
    },
    async ({ params, body, caller }) => updateCollection(deps, caller, { id: params.id, ...body }),
  )

  api.route(
    {
      ...merchant,
      method: 'delete',
      path: '/stores/v1/collections/:id',
      operationId: 'deleteCollection',
      summary: 'Delete a collection (its products stay)',
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => deleteCollection(deps, caller, params),
  )

  for (const [path, operationId, summary, write] of [
    ['productIds', 'addProductsToCollection', 'Add products to a collection', addProductsToCollection],
    [
      'productIds/delete',
      'removeProductsFromCollection',
      'Remove products from a collection',
      removeProductsFromCollection,
    ],
  ] as const) {
    api.route(
      {
        ...merchant,
        method: 'post',
        path: `/stores/v1/collections/:id/${path}`,
        operationId,
        summary,
        params: IdParam,
        body: CollectionProductsBody,
        response: Empty,
      },
      async ({ params, body, caller }) => write(deps, caller, { id: params.id, ...body }),
    )
  }
}
