import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

describe.each(databaseKinds())('bulk product changes on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let headers: Record<string, string>
  let ids: string[]
  const prices = async () =>
    (
      await db.query<{ price_minor: number; discounted_price_minor: number }>(
        'select price_minor, discounted_price_minor from products where id = any($1::uuid[]) order by id',
        [ids],
      )
    ).map((p) => [p.price_minor, p.discounted_price_minor])
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'bulk', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    ids = (await db.query<{ id: string }>('select id from products order by id limit 5')).map((p) => p.id)
  })
  afterAll(() => db.close())

  const call = (path: string, body?: unknown) => platform.call('POST', path, { headers, body })

  it('previews without writing, applies in one go with events, and undoes', async () => {
    const original = await prices()
    const preview = await call('/stores/v1/bulk/products/adjust-properties', {
      ids,
      adjust: { price: { percentage: 10 } },
      preview: true,
    })
    expect(preview.status).toBe(200)
    expect(preview.json.applied).toBe(false)
    expect(preview.json.bulkOperationId).toBeUndefined()
    expect(preview.json.changes).toHaveLength(5)
    expect(preview.json.results).toEqual([])
    expect(preview.json.bulkActionMetadata).toEqual({
      totalSuccesses: 0,
      totalFailures: 0,
      undetailedFailures: 0,
    })
    expect(await prices()).toEqual(original)

    const applied = await call('/stores/v1/bulk/products/adjust-properties', {
      ids,
      adjust: { price: { percentage: 10 } },
    })
    expect(applied.json.applied).toBe(true)
    expect(applied.json.changes).toEqual(preview.json.changes)
    // The spec's client reads the outcome per product, by its place in ids.
    expect(applied.json.results).toEqual(
      expect.arrayContaining(
        ids.map((id, originalIndex) => ({ itemMetadata: { id, originalIndex, success: true } })),
      ),
    )
    expect(applied.json.results).toHaveLength(5)
    expect(applied.json.bulkActionMetadata).toEqual({
      totalSuccesses: 5,
      totalFailures: 0,
      undetailedFailures: 0,
    })
    const after = await prices()
    for (const [index, [price]] of after.entries()) {
      expect(price).toBe(original[index]![0]! + Math.round(original[index]![0]! / 10))
    }
    const events = await db.query('select 1 from events where type = $1 and entity_id = any($2::text[])', [
      'product.changed',
      ids,
    ])
    expect(events).toHaveLength(5)

    const undo = await call(`/stores/v1/bulk/operations/${applied.json.bulkOperationId}/undo`)
    expect(undo.json.restored).toHaveLength(5)
    expect(await prices()).toEqual(original)
    const twice = await call(`/stores/v1/bulk/operations/${applied.json.bulkOperationId}/undo`)
    expect(twice.status).toBe(409)
  })

  it('keeps a newer edit when undoing', async () => {
    const applied = await call('/stores/v1/bulk/products/update', { ids, set: { price: 5 } })
    await platform.call('PATCH', `/stores/v1/products/${ids[0]}`, {
      headers,
      body: { product: { priceData: { price: 7 } } },
    })
    const undo = await call(`/stores/v1/bulk/operations/${applied.json.bulkOperationId}/undo`)
    expect(undo.json.skipped).toEqual([ids[0]])
    expect(undo.json.restored).toHaveLength(4)
    expect((await prices())[0]![0]).toBe(700)
  })

  it('changes nothing when one product fails or is unknown', async () => {
    const before = await prices()
    const negative = await call('/stores/v1/bulk/products/adjust-properties', {
      ids,
      adjust: { price: { amount: -1_000_000 } },
    })
    expect(negative.status).toBe(400)
    const unknown = await call('/stores/v1/bulk/products/update', {
      ids: [...ids, '00000000-0000-4000-8000-000000000000'],
      set: { price: 1 },
    })
    expect(unknown.status).toBe(404)
    const empty = await call('/stores/v1/bulk/products/update', { ids, set: {} })
    expect(empty.status).toBe(400)
    expect(await prices()).toEqual(before)
  })
})
