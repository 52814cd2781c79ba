import type { Caller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import type { Query } from '../../query/query-request.ts'
import { audienceOf } from '../catalogue-access.ts'
import type { CatalogueReadDeps } from '../products/product-reads.ts'
import { findCollection, findCollectionBySlug, queryCollections } from './collection-store.ts'
import { toWireCollection } from './collection-wire.ts'

/**
 * A collection by id, if the caller may see it (merchants see hidden ones too).
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`.
 */
export async function getCollection(deps: CatalogueReadDeps, caller: Caller, input: { id: string }) {
  const row = await findCollection(deps.db, audienceOf(caller), input.id)
  if (!row)
    throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${input.id} was not found`, {
      id: input.id,
    })
  return { collection: toWireCollection(row, deps.publicUrl) }
}

/**
 * A collection by slug, if the caller may see it.
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`.
 */
export async function getCollectionBySlug(deps: CatalogueReadDeps, caller: Caller, input: { slug: string }) {
  const row = await findCollectionBySlug(deps.db, audienceOf(caller), input.slug)
  if (!row)
    throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${input.slug} was not found`, {
      slug: input.slug,
    })
  return { collection: toWireCollection(row, deps.publicUrl) }
}

/** One page of the collections the caller may see that match the query (by name unless sorted). */
export async function queryCollectionPage(deps: CatalogueReadDeps, caller: Caller, query: Query) {
  const page = await queryCollections(deps.db, audienceOf(caller), query)
  return {
    collections: page.rows.map((row) => toWireCollection(row, deps.publicUrl)),
    metadata: { count: page.rows.length, offset: page.offset, total: page.total },
  }
}
