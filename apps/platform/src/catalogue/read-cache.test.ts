import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { createReadCache } from './read-cache.ts'

describe('createReadCache', () => {
  const page = {
    products: Array.from({ length: 40 }, (_, n) => ({
      id: n,
      name: `Product ${n}`,
      text: 'word '.repeat(n),
    })),
  }
  const json = JSON.stringify(page)

  it('gzips a new answer fast, and smaller once it is asked for again, the same JSON under the same ETag', () => {
    const cache = createReadCache()
    const made = cache.keep('page', page)
    expect(made.isGzippedFast).toBe(true)
    expect(gunzipSync(made.gzipped).toString()).toBe(json)
    const again = cache.find('page')!
    expect(again.isGzippedFast).toBe(false)
    expect(again.gzipped.byteLength).toBeLessThan(made.gzipped.byteLength)
    expect(gunzipSync(again.gzipped).toString()).toBe(json)
    expect(again.etag).toBe(made.etag)
    expect(cache.find('page')).toBe(again)
  })

  it('lets a caller look at an answer before serving it, without gzipping it again', () => {
    const cache = createReadCache()
    const made = cache.keep('page', page)
    expect(cache.peek('page')).toBe(made)
    expect(made.isGzippedFast).toBe(true)
    expect(cache.peek('nothing')).toBeUndefined()
    expect(cache.find('page')!.isGzippedFast).toBe(false)
  })

  it('keeps a small answer as it is, with nothing to gzip again', () => {
    const cache = createReadCache()
    const made = cache.keep('small', { id: 1 })
    expect(made.gzipped).toBe(made.body)
    expect(made.isGzippedFast).toBe(false)
    expect(cache.find('small')).toBe(made)
  })
})

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

  it('sends the same JSON gzipped to a client that accepts gzip, with one ETag for both, and varies on it', async () => {
    const body = JSON.stringify({ query: { paging: { limit: 20 } } })
    const page = (headers: Record<string, string>) =>
      platform.app.request(`${TEST_PUBLIC_URL}/stores/v1/products/query-platformized`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', ...headers },
        body,
      })
    const plain = await page({})
    const plainBytes = Buffer.from(await plain.arrayBuffer())
    expect(plain.headers.get('content-encoding')).toBeNull()
    const gzipped = await page({ 'accept-encoding': 'gzip, deflate, br' })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toBe('Authorization, Accept-Encoding, X-Wix-Currency')
    const gzippedBytes = Buffer.from(await gzipped.arrayBuffer())
    expect(gzippedBytes.length).toBeLessThan(plainBytes.length / 3)
    expect(gunzipSync(gzippedBytes).equals(plainBytes)).toBe(true)
    expect(gzipped.headers.get('etag')).toBe(plain.headers.get('etag'))
    const refused = await page({ 'accept-encoding': 'gzip;q=0, identity' })
    expect(refused.headers.get('content-encoding')).toBeNull()
    const current = await page({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.get('etag')! })
    expect(current.status).toBe(304)
  })

  it('sends a small answer as it is, gzip or not', async () => {
    const small = await platform.app.request(`${TEST_PUBLIC_URL}/stores/v1/products/query-platformized`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: { filter: { slug: 'no-such-product' } } }),
    })
    expect(small.status).toBe(200)
    const text = await small.text()
    expect(text.length).toBeLessThan(1024)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(text)).toBeTypeOf('object')
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
