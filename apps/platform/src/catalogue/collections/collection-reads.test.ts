import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller, ShopperCaller } from '../../http/caller.ts'
import { createOwnerCaller, createVisitorCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import type { CatalogueReadDeps } from '../products/product-reads.ts'
import { getCollection, getCollectionBySlug, queryCollectionPage } from './collection-reads.ts'

describe.each(databaseKinds())('collection reads on %s', (kind) => {
  let db: Db
  let deps: CatalogueReadDeps
  let owner: MerchantCaller
  let visitor: ShopperCaller
  let footwear: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    visitor = await createVisitorCaller(db)
    footwear = (await db.query<{ id: string }>("select id from collections where slug = 'footwear'"))[0]!.id
    await db.query('update collections set visible = false where id = $1', [footwear])
  })
  afterAll(() => db.close())

  it('shows a hidden collection to a merchant only, by id, by slug and in a query', async () => {
    expect((await getCollection(deps, owner, { id: footwear })).collection.slug).toBe('footwear')
    expect((await getCollectionBySlug(deps, owner, { slug: 'footwear' })).collection.id).toBe(footwear)
    const byId = await getCollection(deps, visitor, { id: footwear }).catch((error: unknown) => error)
    expect(byId).toMatchObject({ code: 'COLLECTION_NOT_FOUND', data: { id: footwear } })
    const bySlug = await getCollectionBySlug(deps, visitor, { slug: 'footwear' }).catch(
      (error: unknown) => error,
    )
    expect(bySlug).toMatchObject({ code: 'COLLECTION_NOT_FOUND', data: { slug: 'footwear' } })
    const sort = [{ fieldName: 'name', order: 'ASC' as const }]
    const merchant = await queryCollectionPage(deps, owner, { sort })
    const shopper = await queryCollectionPage(deps, visitor, { sort })
    expect(merchant.metadata.total - shopper.metadata.total).toBe(1)
    expect(merchant.collections.map((collection) => collection.name)).toEqual(
      [...merchant.collections.map((collection) => collection.name)].sort(),
    )
  })
})
