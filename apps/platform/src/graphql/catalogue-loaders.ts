import { type CollectionRow, queryCollections } from '../catalogue/collections/collection-store.ts'
import {
  type Audience,
  findProductsByIds,
  type ProductRecord,
  queryProducts,
} from '../catalogue/products/product-store.ts'
import { queryVariants, type VariantRecord } from '../catalogue/products/variant-store.ts'
import type { Db } from '../db/db.ts'
import { MAX_PAGE_SIZE } from '../query/query-request.ts'
import { type BatchLoader, createBatchLoader } from './batch-loader.ts'

/** The catalogue loaders of one GraphQL request, each batching its keys into one statement. */
export interface CatalogueLoaders {
  productsById: BatchLoader<string, ProductRecord>
  productsBySlug: BatchLoader<string, ProductRecord>
  variantsById: BatchLoader<string, VariantRecord>
  collectionsById: BatchLoader<string, CollectionRow>
  collectionsBySlug: BatchLoader<string, CollectionRow>
}

/** A query for exactly these keys: `field = any($n)` through the platform's filter compiler. */
function byKeys(field: string, keys: readonly string[]) {
  return { filter: { [field]: { $in: [...keys] } }, paging: { limit: keys.length, offset: 0 } }
}

function keyedBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  return new Map(items.map((item) => [key(item), item]))
}

/**
 * The loaders of one request, reading with the caller's audience (shoppers see visible products and
 * collections only) through the catalogue's own read functions. Batches stop at the filter compiler's
 * list limit, which is also the largest page.
 */
export function createCatalogueLoaders(db: Db, audience: Audience, currency: string): CatalogueLoaders {
  const batch = { maxBatchSize: MAX_PAGE_SIZE }
  const productsById = createBatchLoader((ids: string[]) => findProductsByIds(db, audience, ids), batch)
  const productsBySlug = createBatchLoader(async (slugs: string[]) => {
    const page = await queryProducts(db, audience, byKeys('slug', slugs), currency)
    for (const record of page.records) productsById.prime(record.product.id, record)
    return keyedBy(page.records, (record) => record.product.slug)
  }, batch)
  const variantsById = createBatchLoader(async (ids: string[]) => {
    const page = await queryVariants(db, audience, byKeys('id', ids), currency)
    for (const { record } of page.records) productsById.prime(record.product.id, record)
    return keyedBy(page.records, (found) => found.variant.id)
  }, batch)
  const collectionsById = createBatchLoader(async (ids: string[]) => {
    const page = await queryCollections(db, audience, byKeys('id', ids))
    return keyedBy(page.rows, (row) => row.id)
  }, batch)
  const collectionsBySlug = createBatchLoader(async (slugs: string[]) => {
    const page = await queryCollections(db, audience, byKeys('slug', slugs))
    for (const row of page.rows) collectionsById.prime(row.id, row)
    return keyedBy(page.rows, (row) => row.slug)
  }, batch)
  return { productsById, productsBySlug, variantsById, collectionsById, collectionsBySlug }
}
