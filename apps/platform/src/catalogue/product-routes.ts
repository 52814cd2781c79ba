import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { answerCached, type CatalogueDeps, wantsMerchantData } from './catalogue-access.ts'
import {
  IdParam,
  MerchantDataParam,
  PagingMetadata,
  ProductSchema,
  VariantSchema,
} from './catalogue-schemas.ts'
import { optionsAvailability } from './options-availability.ts'
import {
  getProduct,
  getProductRecord,
  QueryProductVariantsBody,
  queryProductPage,
  queryProductVariants,
} from './product-reads.ts'
import { toWireProduct, toWireVariant } from './product-wire.ts'
import { registerQueryRoutes } from './query-routes.ts'

const QueryProductsResponse = z.object({ products: z.array(ProductSchema), metadata: PagingMetadata })

const OptionsAvailabilityBody = z.object({
  options: z.record(z.string().max(100), z.string().max(200)).default({}),
})

/** Products (catalogue v1): query, by id, options availability, a product's variants. */
export function registerProductRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  registerQueryRoutes(
    api,
    {
      path: '/stores/v1/products/query-platformized',
      operationId: 'queryProducts',
      summary: 'Query products',
      response: QueryProductsResponse,
    },
    (caller, query, c) =>
      answerCached(deps, c, caller, `products?${JSON.stringify(query)}`, () =>
        queryProductPage(deps, caller, query),
      ),
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
      response: z.object({ product: ProductSchema }),
    },
    async ({ params, query, caller }, c) => {
      const includeMerchantData = wantsMerchantData(caller, query.includeMerchantSpecificData === 'true')
      return answerCached(deps, c, caller, `product/${params.id}?${includeMerchantData}`, () =>
        getProduct(deps, caller, { id: params.id, includeMerchantSpecificData: includeMerchantData }),
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
      body: OptionsAvailabilityBody,
      response: z.object({
        selectedVariant: VariantSchema.optional(),
        variants: z.array(VariantSchema),
        availableForPurchase: z.boolean(),
        productOptions: ProductSchema.shape.productOptions,
        media: ProductSchema.shape.media,
      }),
    },
    async ({ params, body, caller }) => {
      const record = await getProductRecord(db, caller, params.id)
      const site = caller.site
      const availability = optionsAvailability(record, body.options)
      const product = toWireProduct(record, site, { publicUrl })
      const options = { publicUrl }
      const selected =
        availability.selectedVariant && toWireVariant(record, availability.selectedVariant, site, options)
      return {
        selectedVariant: selected,
        variants: availability.variants.map((variant) => toWireVariant(record, variant, site, options)),
        availableForPurchase: availability.availableForPurchase,
        productOptions: product.productOptions.map((option) => ({
          ...option,
          choices: option.choices.map((choice) => ({
            ...choice,
            ...availability.choices.get(option.name)?.get(choice.description),
          })),
        })),
        media:
          selected && selected.media.items.length > 0
            ? { mainMedia: selected.media.items[0], items: selected.media.items }
            : product.media,
      }
    },
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
      response: z.object({ variants: z.array(VariantSchema), metadata: PagingMetadata }),
    },
    async ({ params, body, caller }) => queryProductVariants(deps, caller, { id: params.id, ...body }),
  )
}
