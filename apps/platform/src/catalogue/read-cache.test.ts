import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

describe.each(databaseKinds())('cached catalogue reads on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    token = (await platform.visitorTokens()).access_token
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  const read = (headers: Record<string, string> = {}) =>
    platform.call('GET', `/stores/v1/products/${tee}`, { token, headers })

  it('answers a repeated read from the cache with only the token check, and 304 to a current ETag', async () => {
    const first = await read()
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const statements = await counting.measure(async () => expect((await read()).json).toEqual(first.json))
    expect(statements).toHaveLength(1)
    const revalidated = await read({ 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.text).toBe('')
  })

  it('never serves an answer from before a change, however the change was made', async () => {
    const before = await read()
    await db.query("update products set name = 'Renamed Tee' where id = $1", [tee])
    const after = await read({ 'if-none-match': before.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(after.json.product.name).toBe('Renamed Tee')
    await db.query('update product_variants set in_stock = false where product_id = $1', [tee])
    expect((await read()).json.product.stock.inventoryStatus).toBe('OUT_OF_STOCK')
    const page = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token,
      body: { query: { filter: { slug: 'classic-tee' } } },
    })
    expect(page.json.products[0].name).toBe('Renamed Tee')
  })

  it('bumps the version of the changed site only', async () => {
    const [{ catalogue_version: version }] = (await db.query<{ catalogue_version: number }>(
      'select catalogue_version from sites',
    )) as [{ catalogue_version: number }]
    await db.query("insert into sites (id, name) values ('22222222-2222-4222-8222-222222222222', 'Other')")
    await db.query(
      "insert into collections (id, site_id, slug, name) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'x', 'X')",
    )
    const [{ catalogue_version: unchanged }] = (await db.query<{ catalogue_version: number }>(
      "select catalogue_version from sites where id <> '22222222-2222-4222-8222-222222222222'",
    )) as [{ catalogue_version: number }]
    expect(unchanged).toBe(version)
  })
})
