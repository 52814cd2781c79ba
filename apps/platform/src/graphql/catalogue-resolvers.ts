import { audienceOf } from '../catalogue/catalogue-access.ts'
import { SlugParam } from '../catalogue/catalogue-schemas.ts'
import { type CollectionRow, queryCollections } from '../catalogue/collections/collection-store.ts'
import { toWireCollection } from '../catalogue/collections/collection-wire.ts'
import { queryProductPage } from '../catalogue/products/product-reads.ts'
import type { ProductRecord } from '../catalogue/products/product-store.ts'
import { toWireProduct, toWireStoreVariant } from '../catalogue/products/product-wire.ts'
import { queryVariants, type VariantRecord } from '../catalogue/products/variant-store.ts'
import { ApplicationError } from '../http/errors.ts'
import { IdParam } from '../http/validation.ts'
import { type Query, QuerySchema } from '../query/query-request.ts'
import type { GraphQLContext } from './graphql-context.ts'
import { parseArguments } from './parse-arguments.ts'
import type { Resolvers } from './resolvers.ts'

/** A product as the REST catalogue answers it, for this caller. */
export function toGraphQLProduct(context: GraphQLContext, record: ProductRecord) {
  return toWireProduct(record, context.caller.site, {
    publicUrl: context.publicUrl,
    includeMerchantData: context.includeMerchantData,
    displayCurrency: context.displayCurrency,
  })
}

function toGraphQLVariant(context: GraphQLContext, found: VariantRecord) {
  return toWireStoreVariant(found.record, found.variant, context.caller.site, {
    publicUrl: context.publicUrl,
    includeMerchantData: context.includeMerchantData,
    displayCurrency: context.displayCurrency,
  })
}

/** The `query` argument checked by the same schema as the REST query calls' body (`query.paging.limit` ...). */
function parseQuery(query: unknown): Query {
  return parseArguments(QuerySchema, query ?? {}, 'query')
}

function metadataOf(page: { total: number; offset: number }, count: number) {
  return { count, offset: page.offset, total: page.total }
}

async function loadCollections(context: GraphQLContext, ids: readonly string[]) {
  const rows = await context.loaders.collectionsById.loadMany(ids)
  return rows.flatMap((row) => (row ? [toWireCollection(row, context.publicUrl)] : []))
}

function collectionFound(
  row: CollectionRow | undefined,
  key: Record<string, string>,
  context: GraphQLContext,
) {
  if (!row) {
    throw new ApplicationError(
      'COLLECTION_NOT_FOUND',
      `Collection ${Object.values(key)[0]} was not found`,
      key,
    )
  }
  return toWireCollection(row, context.publicUrl)
}

/** Products, variants and collections: the reads of the REST catalogue, through the same read functions. */
export const catalogueResolvers: Resolvers = {
  Query: {
    async product(_source, args, context) {
      const { id } = parseArguments(IdParam, args)
      const record = await context.loaders.productsById.load(id)
      if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
      return toGraphQLProduct(context, record)
    },
    async productBySlug(_source, args, context) {
      const { slug } = parseArguments(SlugParam, args)
      const record = await context.loaders.productsBySlug.load(slug)
      if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${slug} was not found`, { slug })
      return toGraphQLProduct(context, record)
    },
    // The REST query's own page (`queryProductPage`): the same statement, the same wire products.
    products: (_source, args, context) =>
      queryProductPage(context, context.caller, parseQuery(args.query), {
        includeMerchantSpecificData: context.includeMerchantData,
        displayCurrency: context.displayCurrency,
      }),
    async variant(_source, args, context) {
      const { id } = parseArguments(IdParam, args)
      const found = await context.loaders.variantsById.load(id)
      if (!found) throw new ApplicationError('VARIANT_NOT_FOUND', `Variant ${id} was not found`, { id })
      return toGraphQLVariant(context, found)
    },
    async variants(_source, args, context) {
      const { caller } = context
      const page = await queryVariants(
        context.db,
        audienceOf(caller),
        parseQuery(args.query),
        caller.site.currency,
      )
      for (const { record } of page.records) context.loaders.productsById.prime(record.product.id, record)
      return {
        variants: page.records.map((found) => toGraphQLVariant(context, found)),
        metadata: metadataOf(page, page.records.length),
      }
    },
    async collection(_source, args, context) {
      const { id } = parseArguments(IdParam, args)
      return collectionFound(await context.loaders.collectionsById.load(id), { id }, context)
    },
    async collectionBySlug(_source, args, context) {
      const { slug } = parseArguments(SlugParam, args)
      return collectionFound(await context.loaders.collectionsBySlug.load(slug), { slug }, context)
    },
    async collections(_source, args, context) {
      const page = await queryCollections(context.db, audienceOf(context.caller), parseQuery(args.query))
      return {
        collections: page.rows.map((row) => toWireCollection(row, context.publicUrl)),
        metadata: metadataOf(page, page.rows.length),
      }
    },
  },
  Product: {
    collections: (product: { collectionIds: string[] }, _args, context) =>
      loadCollections(context, product.collectionIds),
  },
  Variant: {
    async product(variant: { productId: string }, _args, context) {
      const record = await context.loaders.productsById.load(variant.productId)
      return record ? toGraphQLProduct(context, record) : null
    },
    collections: (variant: { collectionIds: string[] }, _args, context) =>
      loadCollections(context, variant.collectionIds),
  },
}
