import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { insertStoredMediaFile } from '../../media/media-file-store.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import {
  addProductsToCollection,
  CreateCollectionBody,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  UpdateCollectionBody,
  updateCollection,
} from './collection-writes.ts'

describe.each(databaseKinds())('collection writes on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  let products: string[]
  const events = (entityId: string) =>
    db.query<{ type: string; payload: Record<string, unknown>; identity: Record<string, string> }>(
      'select type, payload, identity from events where entity_id = $1 order by sequence',
      [entityId],
    )
  const create = (collection: Record<string, unknown>) =>
    createCollection(deps, owner, parseWith(CreateCollectionBody, { collection }))
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    products = (await db.query<{ id: string }>('select id from products order by id limit 3')).map(
      (p) => p.id,
    )
  })
  afterAll(() => db.close())

  describe('createCollection', () => {
    it('derives a free slug, takes the site’s media and records the event as the site owner', async () => {
      const mediaId = randomUUID()
      await insertStoredMediaFile(
        db,
        {
          id: mediaId,
          siteId: owner.siteId,
          contentType: 'image/png',
          width: 800,
          height: 600,
          fileName: 'a.png',
        },
        new Date(),
      )
      const first = (await create({ name: 'Summer Edit', mediaIds: [mediaId] })).collection
      const second = (await create({ name: 'Summer Edit' })).collection
      expect([first.slug, second.slug]).toEqual(['summer-edit', 'summer-edit-2'])
      expect(first.media.items.map((item) => item.id)).toEqual([mediaId])
      const [created] = await events(first.id)
      expect(created).toMatchObject({
        type: 'collection.created',
        identity: { identityType: 'SITE_USER', siteUserId: owner.siteUserId },
      })
    })

    it('names media ids of no file of the site and writes nothing', async () => {
      const stranger = randomUUID()
      const refused = await create({ name: 'Nowhere', mediaIds: [stranger] }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ValidationError)
      expect((refused as ValidationError).fieldViolations).toEqual([
        {
          field: 'collection.mediaIds',
          description: `names no media file of this site (${stranger})`,
          violatedRule: 'VALIDATION',
        },
      ])
      expect(await db.query("select 1 from collections where name = 'Nowhere'")).toHaveLength(0)
    })
  })

  describe('updateCollection', () => {
    it('changes the given fields and records which ones', async () => {
      const { collection } = await create({ name: 'Rainy Days', description: 'Dry inside.' })
      const patch = parseWith(UpdateCollectionBody, { collection: { visible: false, name: 'Wet Days' } })
      const { collection: after } = await updateCollection(deps, owner, { id: collection.id, ...patch })
      expect(after).toMatchObject({
        name: 'Wet Days',
        slug: 'rainy-days',
        visible: false,
        description: 'Dry inside.',
      })
      expect((await events(collection.id)).at(-1)!.payload).toEqual({
        collectionId: collection.id,
        modifiedFields: ['name', 'visible'],
      })
    })
  })

  describe('addProductsToCollection and removeProductsFromCollection', () => {
    it('record an event for each product whose membership changed, and one for the collection', async () => {
      const { collection } = await create({ name: 'Picks' })
      const id = collection.id
      await addProductsToCollection(deps, owner, { id, productIds: [products[0]!, products[1]!] })
      await addProductsToCollection(deps, owner, { id, productIds: [products[0]!] })
      await removeProductsFromCollection(deps, owner, { id, productIds: [products[1]!, products[2]!] })
      expect((await events(id)).map((event) => event.type)).toEqual([
        'collection.created',
        'collection.changed',
        'collection.changed',
      ])
      const membership = await db.query<{ entity_id: string }>(
        `select entity_id from events where type = 'product.changed'
          and payload::jsonb->'modifiedFields' = '["collectionIds"]'::jsonb
          and entity_id = any($1::text[]) order by sequence`,
        [products],
      )
      expect(membership.map((event) => event.entity_id)).toEqual([products[0], products[1], products[1]])
    })

    it('change nothing when one product is unknown, and name it', async () => {
      const { collection } = await create({ name: 'Strays' })
      const unknown = '00000000-0000-4000-8000-000000000000'
      const refused = await addProductsToCollection(deps, owner, {
        id: collection.id,
        productIds: [products[0]!, unknown],
      }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ApplicationError)
      expect(refused).toMatchObject({ code: 'PRODUCT_NOT_FOUND', data: { productIds: [unknown] } })
      expect(
        await db.query('select 1 from product_collections where collection_id = $1', [collection.id]),
      ).toHaveLength(0)
    })
  })

  describe('deleteCollection', () => {
    it('deletes once and answers COLLECTION_NOT_FOUND after', async () => {
      const { collection } = await create({ name: 'Short Lived' })
      expect(await deleteCollection(deps, owner, { id: collection.id })).toEqual({})
      const again = await deleteCollection(deps, owner, { id: collection.id }).catch(
        (error: unknown) => error,
      )
      expect(again).toMatchObject({ code: 'COLLECTION_NOT_FOUND' })
    })
  })
})
