import type { Collection, Product } from '@aisle/sdk'
import type { Aisle, PublicClient } from '../platform/aisle.server'
import { toRouteError } from '../platform/route-error.server'
import { createKeyedSharedReads, createSharedReads } from '../platform/shared-read.server'
import { toShopperErrorResponse } from '../platform/shopper-error'
import { type CatalogueSearch, type ProductListQuery, toProductListQuery } from './catalogue-search'
import type { OptionsAvailabilityLike, Selection } from './choice-availability'
import { toFeaturedCollections } from './featured-collections'
import { type CollectionMember, toOwnProductShares } from './home-collection'
import { type ProductListView, toProductCard } from './product-view'

/**
 * Returns the visible product with this slug.
 * @throws a 404 route error response (`PRODUCT_NOT_FOUND`) when there is none, or the SDK's error as a route error.
 */
export async function getProductBySlug(client: PublicClient, slug: string): Promise<Product> {
  let product: Product | undefined
  try {
    const result = await client.products.queryProducts().eq('slug', slug).limit(1).find()
    product = result.items[0]
  } catch (error) {
    throw toRouteError(error)
  }
  if (!product || product.visible === false) throw toShopperErrorResponse(404, 'PRODUCT_NOT_FOUND')
  return product
}

/**
 * Returns one page of products for a product list's query (filter, sort, paging and search), and how many
 * match on all pages.
 * @throws the SDK's error as a route error.
 */
export async function findProducts(
  client: PublicClient,
  query: ProductListQuery,
): Promise<{ products: Product[]; total: number }> {
  try {
    const { products, metadata } = await client.products.queryProducts(query)
    return { products, total: metadata.total }
  } catch (error) {
    throw toRouteError(error)
  }
}

/**
 * What a page shows of the catalogue, read once per process for every visitor alike (decision 098): the
 * product of a slug, a product list's page and an options availability, each kept 1 s
 * (`createKeyedSharedReads`), keyed by the call's arguments and the public client (its display currency);
 * the pages asking after that wait for one read together. A merchant's change shows on pages a second after
 * it at most. The cart's add reads them afresh (`getProductBySlug`, `findOptionsAvailability`).
 * @throws as the reads they wrap; a failure is never kept (the older answer is given for up to a minute
 * while the platform cannot be read), and a 404 (the product is gone or hidden) drops the kept answer.
 */
export const findSharedProductBySlug: (client: PublicClient, slug: string) => Promise<Product> =
  createKeyedSharedReads(getProductBySlug, { toKey: (slug) => slug, isGone: isNotFound })

/** Whether a route error says the thing asked for is gone (a 404): a kept answer must not cover it. */
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('init' in error)) return false
  const { init } = error as { init?: { status?: number } | null }
  return init?.status === 404
}

/** One page of products for a list's query, as `findProducts` reads it, kept as `findSharedProductBySlug` says. */
export const findSharedProducts: (
  client: PublicClient,
  query: ProductListQuery,
) => Promise<{ products: Product[]; total: number }> = createKeyedSharedReads(findProducts, {
  toKey: (query) => JSON.stringify(query),
})

/** A product's options availability for a selection, as `findOptionsAvailability` reads it, kept alike. */
export const findSharedOptionsAvailability: (
  client: PublicClient,
  asked: { product: Product; selection: Selection },
) => Promise<OptionsAvailabilityLike | undefined> = createKeyedSharedReads(
  (client: PublicClient, { product, selection }: { product: Product; selection: Selection }) =>
    findOptionsAvailability(client, product, selection),
  {
    isGone: isNotFound,
    toKey: ({ product, selection }) =>
      JSON.stringify([product._id, Object.entries(selection).sort(([a], [b]) => (a < b ? -1 : 1))]),
  },
)

/**
 * Returns one page of a product list (catalogue or collection) for its URL state, as the page shows it.
 * @throws the SDK's error as a route error.
 */
export async function findProductList(
  { publicClient, config }: Aisle,
  state: CatalogueSearch,
  options: { pageSize: number; collectionId?: string | undefined },
): Promise<ProductListView> {
  const { products, total } = await findSharedProducts(publicClient, toProductListQuery(state, options))
  return {
    products: products.map((product) => toProductCard(product, config.apiUrl)),
    total,
    page: state.page,
    pageCount: Math.max(1, Math.ceil(total / options.pageSize)),
  }
}

/**
 * Returns the visible collection with this slug.
 * @throws a 404 route error response (`COLLECTION_NOT_FOUND`) when there is none, or the SDK's error as a route error.
 */
export async function getCollectionBySlug(client: PublicClient, slug: string): Promise<Collection> {
  let collection: Collection | undefined
  try {
    collection = await client.collections.getCollectionBySlug(slug)
  } catch (error) {
    throw toRouteError(error)
  }
  if (!collection || collection.visible === false) {
    throw toShopperErrorResponse(404, 'COLLECTION_NOT_FOUND')
  }
  return collection
}

/**
 * Returns the store's visible collections in name order (a store has a handful; the first hundred).
 * @throws the SDK's error as a route error.
 */
export async function listCollections(client: PublicClient): Promise<Collection[]> {
  try {
    const result = await client.collections.queryCollections().ascending('name').limit(100).find()
    return result.items.filter((collection) => collection.visible !== false)
  } catch (error) {
    throw toRouteError(error)
  }
}

/**
 * The store's visible collections in name order, as `listCollections` reads them, read at most once per
 * `SHARED_READ_MAX_AGE_MS` by the process: they are the same for every visitor and change rarely.
 * @throws the SDK's error as a route error when no answer is kept yet.
 */
export const listSharedCollections: (client: PublicClient) => Promise<Collection[]> = createSharedReads(
  (client: PublicClient) => () => listCollections(client),
)

/** How many products the home collection rule reads (`home-collection.ts`): the whole of a small shop. */
const COLLECTION_SAMPLE_SIZE = 100

/**
 * The collections each of the catalogue's first hundred products sits in: the sample the home collection rule
 * (`home-collection.ts`) and the featured order read, at most once per `SHARED_READ_MAX_AGE_MS` by the process.
 * @throws the SDK's error as a route error when no answer is kept yet.
 */
const findCollectionMembers: (client: PublicClient) => Promise<CollectionMember[]> = createSharedReads(
  (client: PublicClient) => async () => {
    try {
      const { items } = await client.products.queryProducts().limit(COLLECTION_SAMPLE_SIZE).find()
      return items.map((product) => ({ collectionIds: product.collectionIds ?? [] }))
    } catch (error) {
      throw toRouteError(error)
    }
  },
)

/**
 * For each collection, the share of its products that sit in no other (see `home-collection.ts`), from the
 * process's sample of the catalogue.
 * @throws the SDK's error as a route error when no sample is kept yet.
 */
export async function findOwnProductShares(client: PublicClient): Promise<Map<string, number>> {
  return toOwnProductShares(await findCollectionMembers(client))
}

/**
 * The shop's collections that hold products, curated ones first (`featured-collections.ts`): the home page's
 * featured collections and the menu's. Both reads are the process's shared ones; when the sample cannot be
 * read the collections keep their name order.
 * @throws the SDK's error as a route error when the collections cannot be read.
 */
export async function findFeaturedCollections(client: PublicClient): Promise<Collection[]> {
  const [collections, members] = await Promise.all([
    listSharedCollections(client),
    findCollectionMembers(client).catch(() => []),
  ])
  return toFeaturedCollections(collections, members)
}

/**
 * Asks the platform what stays available after the shopper's choices, and which variant they name. Nothing
 * chosen needs no call: the product's own choices already say which are sold out everywhere.
 * @throws the SDK's error as a route error.
 */
export async function findOptionsAvailability(
  client: PublicClient,
  product: Product,
  selection: Selection,
): Promise<OptionsAvailabilityLike | undefined> {
  if (!product._id || Object.keys(selection).length === 0) return undefined
  try {
    return await client.products.getProductOptionsAvailability(product._id, selection)
  } catch (error) {
    throw toRouteError(error)
  }
}
