import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { parseWith } from '../../http/validation.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import {
  BulkAdjustProductsBody,
  BulkUpdateProductsBody,
  bulkAdjustProductProperty,
  bulkUpdateProductsProperty,
  undoBulkOperation,
} from './bulk-operations.ts'

describe.each(databaseKinds())('bulk operations on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  let ids: string[]
  const prices = async () =>
    (
      await db.query<{ price_minor: number }>(
        'select price_minor from products where id = any($1::uuid[]) order by id',
        [ids],
      )
    ).map((row) => row.price_minor)
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    ids = (await db.query<{ id: string }>('select id from products order by id limit 3')).map((p) => p.id)
  })
  afterAll(() => db.close())

  describe('bulkUpdateProductsProperty', () => {
    it('previews without writing, then applies with an event per product as the site owner', async () => {
      const before = await prices()
      const input = { ids, set: { price: 12 } }
      const preview = await bulkUpdateProductsProperty(
        deps,
        owner,
        parseWith(BulkUpdateProductsBody, { ...input, preview: true }),
      )
      expect(preview).toMatchObject({ bulkOperationId: undefined, applied: false })
      expect(preview.changes.map((change) => change.after.price)).toEqual([12, 12, 12])
      expect(await prices()).toEqual(before)
      const applied = await bulkUpdateProductsProperty(deps, owner, parseWith(BulkUpdateProductsBody, input))
      expect(applied.applied).toBe(true)
      expect(applied.bulkOperationId).toMatch(/^[0-9a-f-]{36}$/)
      expect(await prices()).toEqual([1200, 1200, 1200])
      const recorded = await db.query<{ identity: Record<string, string> }>(
        `select identity from events where type = 'product.changed'
          and payload::jsonb->'modifiedFields' = '["bulk"]'::jsonb and entity_id = any($1::text[])`,
        [ids],
      )
      expect(recorded.map((event) => event.identity)).toEqual(
        ids.map(() => ({ identityType: 'SITE_USER', siteUserId: owner.siteUserId })),
      )
    })
  })

  describe('undoBulkOperation', () => {
    it('restores the products still at the change’s values, skips the others, and undoes once', async () => {
      const before = await prices()
      const { bulkOperationId } = await bulkAdjustProductProperty(
        deps,
        owner,
        parseWith(BulkAdjustProductsBody, { ids, adjust: { price: { percentage: 10 } } }),
      )
      await db.query('update products set price_minor = 999 where id = $1', [ids[0]])
      const undone = await undoBulkOperation(deps, owner, { id: bulkOperationId! })
      expect(undone).toEqual({ restored: [ids[1], ids[2]], skipped: [ids[0]] })
      expect(await prices()).toEqual([999, before[1], before[2]])
      const again = await undoBulkOperation(deps, owner, { id: bulkOperationId! }).catch(
        (error: unknown) => error,
      )
      expect(again).toMatchObject({ code: 'BULK_OPERATION_UNDONE' })
      const unknown = await undoBulkOperation(deps, owner, {
        id: '00000000-0000-4000-8000-000000000000',
      }).catch((error: unknown) => error)
      expect(unknown).toMatchObject({ code: 'BULK_OPERATION_NOT_FOUND' })
    })
  })
})
