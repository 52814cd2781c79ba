import { z } from 'zod'
import type { Api } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import type { Query } from '../query/query-request.ts'
import { answerCached, audienceOf, type CatalogueDeps, wantsMerchantData } from './catalogue-access.ts'
import {
  IdParam,
  MerchantDataParam,
  PagingMetadata,
  ProductSchema,
  VariantSchema,
} from './catalogue-schemas.ts'
import { optionsAvailability } from './options-availability.ts'
import { findProduct, type ProductRecord, queryProducts } from './product-store.ts'
import { toWireProduct, toWireVariant } from './product-wire.ts'
import { registerQueryRoutes } from './query-routes.ts'

const QueryProductsResponse = z.object({ products: z.array(ProductSchema), metadata: PagingMetadata })

const OptionsAvailabilityBody = z.object({
  options: z.record(z.string().max(100), z.string().max(200)).default({}),
})

const ProductVariantsBody = z.object({
  choices: z.record(z.string().max(100), z.string().max(200)).optional(),
  variantIds: z.array(z.guid()).max(100).optional(),
  paging: z
    .object({
      limit: z.number().int().min(0).max(100).default(100),
      offset: z.number().int().min(0).default(0),
    })
    .optional(),
  includeMerchantSpecificData: z.boolean().optional(),
})

/** Products (catalogue v1): query, by id, options availability, a product's variants. */
export function registerProductRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  async function answerQuery(caller: Caller, query: Query) {
    const site = caller.site
    const page = await queryProducts(db, audienceOf(caller), query, site.currency)
    return {
      products: page.records.map((record) => toWireProduct(record, site, { publicUrl })),
      metadata: { count: page.records.length, offset: page.offset, total: page.total },
    }
  }

  async function getRecord(caller: Caller, id: string): Promise<ProductRecord> {
    const record = await findProduct(db, audienceOf(caller), id)
    if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
    return record
  }

  registerQueryRoutes(
    api,
    {
      path: '/stores/v1/products/query-platformized',
      operationId: 'queryProducts',
      summary: 'Query products',
      response: QueryProductsResponse,
    },
    (caller, query, c) =>
      answerCached(deps, c, caller, `products?${JSON.stringify(query)}`, () => answerQuery(caller, query)),
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
      return answerCached(deps, c, caller, `product/${params.id}?${includeMerchantData}`, async () => ({
        product: toWireProduct(await getRecord(caller, params.id), caller.site, {
          publicUrl,
          includeMerchantData,
        }),
      }))
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
      const record = await getRecord(caller, params.id)
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
      body: ProductVariantsBody,
      response: z.object({ variants: z.array(VariantSchema), metadata: PagingMetadata }),
    },
    async ({ params, body, caller }) => {
      const record = await getRecord(caller, params.id)
      const site = caller.site
      const includeMerchantData = wantsMerchantData(caller, body.includeMerchantSpecificData === true)
      const matching = record.variants.filter(
        (variant) =>
          (caller.kind === 'merchant' || variant.visible) &&
          (!body.variantIds || body.variantIds.includes(variant.id)) &&
          Object.entries(body.choices ?? {}).every(([name, choice]) => variant.choices[name] === choice),
      )
      const { limit, offset } = body.paging ?? { limit: 100, offset: 0 }
      const page = matching.slice(offset, offset + limit)
      return {
        variants: page.map((variant) =>
          toWireVariant(record, variant, site, { publicUrl, includeMerchantData }),
        ),
        metadata: { count: page.length, offset, total: matching.length },
      }
    },
  )
}
