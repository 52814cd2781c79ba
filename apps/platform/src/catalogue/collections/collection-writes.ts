import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { toPatchSchema } from '../../http/patch-schema.ts'
import { findSiteMediaFiles } from '../../media/media-file-store.ts'
import { chooseFreeSlug } from '../free-slug.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import type { ProductMedia } from '../products/product-store.ts'
import { type CollectionRow, findCollection } from './collection-store.ts'
import { toWireCollection } from './collection-wire.ts'
import {
  deleteCollectionProducts,
  deleteCollectionRow,
  findSiteProductIds,
  insertCollection,
  insertCollectionProducts,
  touchCollection,
  updateCollectionRow,
} from './collection-write-store.ts'

const CollectionInput = z.object({
  name: z.string().trim().min(1).max(50),
  slug: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens')
    .optional(),
  description: z.string().trim().max(2_000).default(''),
  visible: z.boolean().default(true),
  mediaIds: z.array(z.guid()).max(20).optional(),
})

/** The body of a collection create. */
export const CreateCollectionBody = z.object({ collection: CollectionInput })
export type CreateCollectionInput = z.output<typeof CreateCollectionBody>

/** The body of a collection update: any field of the input; absent fields stay as they are. */
export const UpdateCollectionBody = z.object({ collection: toPatchSchema(CollectionInput) })
export interface UpdateCollectionInput {
  id: string
  collection: Partial<z.output<typeof CollectionInput>>
}

/** The body of adding products to a collection or removing them from it. */
export const CollectionProductsBody = z.object({ productIds: z.array(z.guid()).min(1).max(1_000) })
export interface CollectionProductsInput {
  id: string
  productIds: string[]
}

/** The collection as a merchant reads it. */
type WireCollection = ReturnType<typeof toWireCollection>

const audienceOf = (caller: MerchantCaller) => ({ siteId: caller.siteId, includeHidden: true })

async function readBack(tx: Db, caller: MerchantCaller, id: string): Promise<CollectionRow> {
  const row = await findCollection(tx, audienceOf(caller), id)
  if (!row) throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${id} was not found`, { id })
  return row
}

/** The media items of the site's files with these ids, in order; violations name ids of no file. */
async function mediaOf(tx: Db, caller: MerchantCaller, ids: readonly string[]): Promise<ProductMedia[]> {
  if (ids.length === 0) return []
  const files = await findSiteMediaFiles(tx, caller.siteId, ids)
  // A collection shows pictures only: a video (decision 052) is refused as a file it cannot take.
  const missing = ids.filter((id) => !files.get(id)?.contentType.startsWith('image/'))
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((id) => ({
        field: 'collection.mediaIds',
        description: files.has(id)
          ? `names a video (${id}); a collection takes images only`
          : `names no media file of this site (${id})`,
        violatedRule: 'VALIDATION' as const,
      })),
    )
  }
  return ids.map((id) => {
    const file = files.get(id)!
    const sizes = file.sizes.length > 0 ? { sizes: file.sizes } : {}
    return { id, title: '', width: file.width, height: file.height, altText: '', ...sizes }
  })
}

/**
 * Creates a collection, with a free slug derived from its name unless it asks for one. Records
 * `collection.created` with the collection as its payload.
 *
 * @throws ApplicationError `SLUG_TAKEN`.
 * @throws ValidationError naming media ids of no file of the site.
 */
export async function createCollection(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: CreateCollectionInput,
): Promise<{ collection: WireCollection }> {
  const now = deps.clock()
  const { collection } = input
  const row = await deps.db.transaction(async (tx) => {
    const id = randomUUID()
    const media = await mediaOf(tx, caller, collection.mediaIds ?? [])
    const slug = await chooseFreeSlug(tx, {
      table: 'collections',
      siteId: caller.siteId,
      name: collection.name,
      wanted: collection.slug,
    })
    const { name, description, visible } = collection
    await insertCollection(tx, caller.siteId, id, { slug, name, description, media, visible }, now)
    const created = await readBack(tx, caller, id)
    const payload = toWireCollection(created, deps.publicUrl)
    await recordCallerEvent(tx, caller, { type: 'collection.created', entityId: id, payload }, now)
    return created
  })
  return { collection: toWireCollection(row, deps.publicUrl) }
}

/**
 * Changes the given fields of a collection. Records `collection.changed` with the fields it names.
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`, `SLUG_TAKEN`.
 * @throws ValidationError naming media ids of no file of the site.
 */
export async function updateCollection(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: UpdateCollectionInput,
): Promise<{ collection: WireCollection }> {
  const { id, collection: patch } = input
  const now = deps.clock()
  const row = await deps.db.transaction(async (tx) => {
    const before = await readBack(tx, caller, id)
    const media = patch.mediaIds ? await mediaOf(tx, caller, patch.mediaIds) : before.media
    const name = patch.name ?? before.name
    const slug = patch.slug
      ? await chooseFreeSlug(tx, {
          table: 'collections',
          siteId: caller.siteId,
          name,
          wanted: patch.slug,
          exceptId: id,
        })
      : before.slug
    const description = patch.description ?? before.description
    const visible = patch.visible ?? before.visible
    await updateCollectionRow(tx, caller.siteId, id, { name, slug, description, visible, media }, now)
    const modifiedFields = Object.keys(patch).sort()
    await recordCallerEvent(
      tx,
      caller,
      { type: 'collection.changed', entityId: id, payload: { collectionId: id, modifiedFields } },
      now,
    )
    return readBack(tx, caller, id)
  })
  return { collection: toWireCollection(row, deps.publicUrl) }
}

/**
 * Deletes a collection; its products stay. Records `collection.deleted`.
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`.
 */
export async function deleteCollection(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: { id: string },
): Promise<Record<string, never>> {
  const { id } = input
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    if (!(await deleteCollectionRow(tx, caller.siteId, id)))
      throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${id} was not found`, { id })
    await recordCallerEvent(
      tx,
      caller,
      { type: 'collection.deleted', entityId: id, payload: { collectionId: id } },
      now,
    )
  })
  return {}
}

/**
 * Adds products to a collection or removes them from it, all or none: `product.changed` for each product
 * whose membership changed, and `collection.changed` once when any did.
 */
async function changeMembership(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: CollectionProductsInput,
  adding: boolean,
): Promise<Record<string, never>> {
  const { id } = input
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    await readBack(tx, caller, id)
    const ids = [...new Set(input.productIds)]
    const known = await findSiteProductIds(tx, caller.siteId, ids)
    const unknown = ids.filter((productId) => !known.includes(productId))
    if (unknown.length > 0)
      throw new ApplicationError(
        'PRODUCT_NOT_FOUND',
        `Products not found: ${unknown.slice(0, 5).join(', ')}`,
        { productIds: unknown },
      )
    const changed = adding
      ? await insertCollectionProducts(tx, caller.siteId, id, ids)
      : await deleteCollectionProducts(tx, id, ids)
    for (const productId of changed) {
      await recordCallerEvent(
        tx,
        caller,
        {
          type: 'product.changed',
          entityId: productId,
          payload: { productId, modifiedFields: ['collectionIds'] },
        },
        now,
      )
    }
    if (changed.length > 0) {
      await touchCollection(tx, id, now)
      await recordCallerEvent(
        tx,
        caller,
        {
          type: 'collection.changed',
          entityId: id,
          payload: { collectionId: id, modifiedFields: ['productIds'] },
        },
        now,
      )
    }
  })
  return {}
}

/**
 * Adds products to a collection; products already in it stay as they are.
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`; `PRODUCT_NOT_FOUND` naming ids of no product of the
 *   site (nothing is added then).
 */
export function addProductsToCollection(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: CollectionProductsInput,
) {
  return changeMembership(deps, caller, input, true)
}

/**
 * Removes products from a collection; products not in it are passed over.
 *
 * @throws ApplicationError `COLLECTION_NOT_FOUND`; `PRODUCT_NOT_FOUND` naming ids of no product of the
 *   site (nothing is removed then).
 */
export function removeProductsFromCollection(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: CollectionProductsInput,
) {
  return changeMembership(deps, caller, input, false)
}
