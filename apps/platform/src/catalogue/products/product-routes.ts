import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import { answerProductsCached, type CatalogueDeps, wantsMerchantData } from '../catalogue-access.ts'
import {
  MerchantDataParam,
  PagingMetadata,
  ProductSchema,
  SelectedVariantSchema,
  VariantSchema,
} from '../catalogue-schemas.ts'
import { CURRENCY_HEADER } from '../display-currency.ts'
import { collectionsKeptTo } from '../product-query-fields.ts'
import { registerQueryRoutes } from '../query-routes.ts'
import {
  getProduct,
  getProductOptionsAvailability,
  ProductOptionsAvailabilityBody,
  QueryProductVariantsBody,
  queryProductPage,
  queryProductVariants,
} from './product-reads.ts'

export const QueryProductsResponse = z.object({ products: z.array(ProductSchema), metadata: PagingMetadata })
export const GetProductResponse = z.object({ product: ProductSchema })
export const ProductOptionsAvailabilityResponse = z.object({
  selectedVariant: SelectedVariantSchema.optional(),
  variants: z.array(VariantSchema),
  availableForPurchase: z.boolean(),
  productOptions: ProductSchema.shape.productOptions,
  media: ProductSchema.shape.media,
})
export const QueryProductVariantsResponse = z.object({
  variants: z.array(VariantSchema),
  metadata: PagingMetadata,
})

/** Products (catalogue v1): query, by id, options availability, a product's variants. */
export function registerProductRoutes(api: Api, deps: CatalogueDeps) {
  registerQueryRoutes(
    api,
    {
      path: '/stores/v1/products/query-platformized',
      operationId: 'queryProducts',
      summary: 'Query products',
      response: QueryProductsResponse,
      merchantData: true,
    },
    (caller, query, c, options) => {
      const includeMerchantData = wantsMerchantData(caller, options.includeMerchantSpecificData)
      const currency = c.req.header(CURRENCY_HEADER)
      const queryText = JSON.stringify(query)
      const read = `products?${includeMerchantData}&${currency ?? ''}&${queryText}`
      // A query that filters or sorts on stock counts may change with any sale, whatever products it shows;
      // one filtered on being in stock, with a product of its collections going in or out of stock.
      const namesStockCounts = queryText.includes('quantity')
      const listsInStockOf = queryText.includes('inStock') ? collectionsKeptTo(query.filter) : undefined
      return answerProductsCached(
        deps,
        c,
        caller,
        read,
        () =>
          queryProductPage(deps, caller, query, {
            includeMerchantSpecificData: includeMerchantData,
            currency,
          }),
        (page) =>
          namesStockCounts
            ? { productIds: 'any' }
            : { productIds: page.products.map((product) => product.id), listsInStockOf },
      )
    },
  )

  // After the query routes: `:id` would otherwise take `query-platformized` for an id.
  api.route(
    {
      method: 'get',
      path: '/stores/v1/products/:id',
      operationId: 'getProduct',
      summary: 'Get a product by id',
      tag: 'Catalogue',
      auth: 'caller',
      publicRead: true,
      params: IdParam,
      query: MerchantDataParam,
      response: GetProductResponse,
    },
    async ({ params, query, caller }, c) => {
      const includeMerchantData = wantsMerchantData(caller, query.includeMerchantSpecificData === 'true')
      const currency = c.req.header(CURRENCY_HEADER)
      return answerProductsCached(
        deps,
        c,
        caller,
        `product/${params.id}?${includeMerchantData}&${currency ?? ''}`,
        () =>
          getProduct(deps, caller, {
            id: params.id,
            includeMerchantSpecificData: includeMerchantData,
            currency,
          }),
        (found) => ({ productIds: [found.product.id] }),
      )
    },
  )

  api.route(
    {
      method: 'post',
      path: '/stores/v1/products/:id/productOptionsAvailability',
      operationId: 'getProductOptionsAvailability',
      summary: 'What can still be picked, and the variant, for a (partial) choice of options',
      tag: 'Catalogue',
      auth: 'caller',
      params: IdParam,
      body: ProductOptionsAvailabilityBody,
      response: ProductOptionsAvailabilityResponse,
    },
    async ({ params, body, caller }, c) =>
      getProductOptionsAvailability(deps, caller, {
        id: params.id,
        currency: c.req.header(CURRENCY_HEADER),
        ...body,
      }),
  )

  api.route(
    {
      method: 'post',
      path: '/stores/v1/products/:id/variants/query',
      operationId: 'queryProductVariants',
      summary: "Query a product's variants by choices or ids",
      tag: 'Catalogue',
      auth: 'caller',
      params: IdParam,
      body: QueryProductVariantsBody,
      response: QueryProductVariantsResponse,
    },
    async ({ params, body, caller }, c) =>
      queryProductVariants(deps, caller, { id: params.id, currency: c.req.header(CURRENCY_HEADER), ...body }),
  )
}
