import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import { ProductSchema, VariantSchema } from '../catalogue-schemas.ts'
import {
  type CatalogueWriteDeps,
  CreateProductBody,
  createProduct,
  deleteProductOptions,
  removeBrand,
  removeRibbon,
  UpdateProductBody,
  updateProduct,
} from './merchant-product-writes.ts'
import { deleteProduct } from './product-list-writes.ts'
import {
  resetAllProductVariantData,
  UpdateProductVariantsBody,
  updateProductVariants,
} from './variant-writes.ts'

export const ProductResponse = z.object({ product: ProductSchema })
export const UpdateProductVariantsResponse = z.object({ variants: z.array(VariantSchema) })
const Empty = z.object({})

/** Catalogue writes on products (v1, and v2 platformized on the same data): merchant API keys only. */
export function registerProductWriteRoutes(api: Api, deps: CatalogueWriteDeps) {
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  for (const [version, prefix] of [
    ['v1', '/stores/v1/products'],
    ['v2', '/stores/v2/products-platformized'],
  ] as const) {
    const suffix = version === 'v2' ? 'Platformized' : ''
    api.route(
      {
        ...merchant,
        method: 'post',
        path: prefix,
        operationId: `createProduct${suffix}`,
        summary: 'Create a product; its options make its variants',
        body: CreateProductBody,
        response: ProductResponse,
      },
      async ({ body, caller }) => createProduct(deps, caller, body),
    )

    api.route(
      {
        ...merchant,
        method: 'patch',
        path: `${prefix}/:id`,
        operationId: `updateProduct${suffix}`,
        summary: 'Change the given fields of a product',
        params: IdParam,
        body: UpdateProductBody,
        response: ProductResponse,
      },
      async ({ params, body, caller }) => updateProduct(deps, caller, { id: params.id, ...body }),
    )

    api.route(
      {
        ...merchant,
        method: 'delete',
        path: `${prefix}/:id`,
        operationId: `deleteProduct${suffix}`,
        summary: 'Delete a product, its variants and its collection memberships',
        params: IdParam,
        response: Empty,
      },
      async ({ params, caller }) => deleteProduct(deps, caller, params),
    )
  }

  for (const [path, operationId, summary, write] of [
    ['remove-brand', 'removeBrand', "Remove a product's brand", removeBrand],
    ['remove-ribbon', 'removeRibbon', "Remove a product's ribbon", removeRibbon],
  ] as const) {
    api.route(
      {
        ...merchant,
        method: 'post',
        path: `/stores/v1/products/:id/${path}`,
        operationId,
        summary,
        params: IdParam,
        response: Empty,
      },
      async ({ params, caller }) => write(deps, caller, params),
    )
  }

  api.route(
    {
      ...merchant,
      method: 'delete',
      path: '/stores/v1/products/:id/options',
      operationId: 'deleteProductOptions',
      summary: "Delete a product's options; its variants collapse to one",
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => deleteProductOptions(deps, caller, params),
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/products/:id/variants',
      operationId: 'updateProductVariants',
      summary: 'Change price, cost, weight, sku, visibility or stock of the variants matching choices or ids',
      params: IdParam,
      body: UpdateProductVariantsBody,
      response: UpdateProductVariantsResponse,
    },
    async ({ params, body, caller }) => updateProductVariants(deps, caller, { id: params.id, ...body }),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/variants/resetToDefault',
      operationId: 'resetAllProductVariantData',
      summary: "Reset every variant's own data to the product's",
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => resetAllProductVariantData(deps, caller, params),
  )
}
