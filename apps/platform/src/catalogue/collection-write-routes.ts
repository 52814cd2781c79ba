import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../db/db.ts'
import { type EventType, recordCallerEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { toPatchSchema } from '../http/patch-schema.ts'
import { findSiteMediaFiles } from '../media/media-file-store.ts'
import { CollectionSchema, IdParam } from './catalogue-schemas.ts'
import { type CollectionRow, findCollection } from './collection-store.ts'
import { toWireCollection } from './collection-wire.ts'
import { chooseFreeSlug } from './free-slug.ts'
import type { CatalogueWriteDeps } from './product-writes.ts'

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
const CollectionPatch = toPatchSchema(CollectionInput)
const ProductIds = z.object({ productIds: z.array(z.guid()).min(1).max(1_000) })
const Empty = z.object({})

/** Catalogue writes on collections and their products: merchant API keys only. */
export function registerCollectionWriteRoutes(api: Api, deps: CatalogueWriteDeps) {
  const { db, clock, publicUrl } = deps
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const
  const audience = (caller: MerchantCaller) => ({ siteId: caller.siteId, includeHidden: true })

  async function event(
    tx: Db,
    caller: MerchantCaller,
    type: EventType,
    entityId: string,
    payload: unknown,
    now: Date,
  ) {
    await recordCallerEvent(tx, caller, { type, entityId, payload }, now)
  }

  async function readBack(tx: Db, caller: MerchantCaller, id: string): Promise<CollectionRow> {
    const row = await findCollection(tx, audience(caller), id)
    if (!row) throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${id} was not found`, { id })
    return row
  }

  /** The media items of the site's files with these ids, in order; violations name ids of no file. */
  async function mediaOf(tx: Db, caller: MerchantCaller, ids: readonly string[], field: string) {
    if (ids.length === 0) return []
    const files = await findSiteMediaFiles(tx, caller.siteId, ids)
    const missing = ids.filter((id) => !files.has(id))
    if (missing.length > 0) {
      throw new ValidationError(
        missing.map((id) => ({
          field,
          description: `names no media file of this site (${id})`,
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

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/collections',
      operationId: 'createCollection',
      summary: 'Create a collection',
      body: z.object({ collection: CollectionInput }),
      response: z.object({ collection: CollectionSchema }),
    },
    async ({ body, caller }) => {
      const now = clock()
      const row = await db.transaction(async (tx) => {
        const id = randomUUID()
        const input = body.collection
        const media = await mediaOf(tx, caller, input.mediaIds ?? [], 'collection.mediaIds')
        await tx.query(
          `insert into collections (id, site_id, slug, name, description, media, visible, created_date, updated_date)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [
            id,
            caller.siteId,
            await chooseFreeSlug(tx, {
              table: 'collections',
              siteId: caller.siteId,
              name: input.name,
              wanted: input.slug,
            }),
            input.name,
            input.description,
            JSON.stringify(media),
            input.visible,
            now,
          ],
        )
        const created = await readBack(tx, caller, id)
        await event(tx, caller, 'collection.created', id, toWireCollection(created, publicUrl), now)
        return created
      })
      return { collection: toWireCollection(row, publicUrl) }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/collections/:id',
      operationId: 'updateCollection',
      summary: 'Change the given fields of a collection',
      params: IdParam,
      body: z.object({ collection: CollectionPatch }),
      response: z.object({ collection: CollectionSchema }),
    },
    async ({ params, body, caller }) => {
      const now = clock()
      const patch = body.collection
      const row = await db.transaction(async (tx) => {
        const before = await readBack(tx, caller, params.id)
        const media = patch.mediaIds
          ? await mediaOf(tx, caller, patch.mediaIds, 'collection.mediaIds')
          : before.media
        const slug = patch.slug
          ? await chooseFreeSlug(tx, {
              table: 'collections',
              siteId: caller.siteId,
              name: patch.name ?? before.name,
              wanted: patch.slug,
              exceptId: params.id,
            })
          : before.slug
        await tx.query(
          `update collections set name = $3, slug = $4, description = $5, visible = $6, media = $7, updated_date = $8
           where site_id = $1 and id = $2`,
          [
            caller.siteId,
            params.id,
            patch.name ?? before.name,
            slug,
            patch.description ?? before.description,
            patch.visible ?? before.visible,
            JSON.stringify(media),
            now,
          ],
        )
        await event(
          tx,
          caller,
          'collection.changed',
          params.id,
          { collectionId: params.id, modifiedFields: Object.keys(patch).sort() },
          now,
        )
        return readBack(tx, caller, params.id)
      })
      return { collection: toWireCollection(row, publicUrl) }
    },
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
    async ({ params, caller }) => {
      const now = clock()
      await db.transaction(async (tx) => {
        const deleted = await tx.query(
          'delete from collections where site_id = $1 and id = $2 returning id',
          [caller.siteId, params.id],
        )
        if (deleted.length === 0)
          throw new ApplicationError('COLLECTION_NOT_FOUND', `Collection ${params.id} was not found`, {
            id: params.id,
          })
        await event(tx, caller, 'collection.deleted', params.id, { collectionId: params.id }, now)
      })
      return {}
    },
  )

  for (const [path, operationId, summary, adding] of [
    ['productIds', 'addProductsToCollection', 'Add products to a collection', true],
    ['productIds/delete', 'removeProductsFromCollection', 'Remove products from a collection', false],
  ] as const) {
    api.route(
      {
        ...merchant,
        method: 'post',
        path: `/stores/v1/collections/:id/${path}`,
        operationId,
        summary,
        params: IdParam,
        body: ProductIds,
        response: Empty,
      },
      async ({ params, body, caller }) => {
        const now = clock()
        await db.transaction(async (tx) => {
          await readBack(tx, caller, params.id)
          const ids = [...new Set(body.productIds)]
          const known = await tx.query<{ id: string }>(
            'select id from products where site_id = $1 and id = any($2::uuid[])',
            [caller.siteId, ids],
          )
          const unknown = ids.filter((id) => !known.some((k) => k.id === id))
          if (unknown.length > 0)
            throw new ApplicationError(
              'PRODUCT_NOT_FOUND',
              `Products not found: ${unknown.slice(0, 5).join(', ')}`,
              { productIds: unknown },
            )
          const changed = adding
            ? await tx.query<{ product_id: string }>(
                `insert into product_collections (site_id, collection_id, product_id)
                 select $1, $2, unnest($3::uuid[]) on conflict do nothing returning product_id`,
                [caller.siteId, params.id, ids],
              )
            : await tx.query<{ product_id: string }>(
                'delete from product_collections where collection_id = $1 and product_id = any($2::uuid[]) returning product_id',
                [params.id, ids],
              )
          for (const { product_id } of changed) {
            await event(
              tx,
              caller,
              'product.changed',
              product_id,
              { productId: product_id, modifiedFields: ['collectionIds'] },
              now,
            )
          }
          if (changed.length > 0) {
            await tx.query('update collections set updated_date = $2 where id = $1', [params.id, now])
            await event(
              tx,
              caller,
              'collection.changed',
              params.id,
              { collectionId: params.id, modifiedFields: ['productIds'] },
              now,
            )
          }
        })
        return {}
      },
    )
  }
}
