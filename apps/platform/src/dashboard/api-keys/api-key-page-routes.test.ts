import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard API keys on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  const productQuery = (key: string) =>
    platform.app.request('http://platform.test/stores/v1/products/query-platformized', {
      method: 'POST',
      headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID, 'content-type': 'application/json' },
      body: JSON.stringify({ query: { paging: { limit: 1 } } }),
    })
  const createKey = (patch: Record<string, string | string[] | undefined> = {}) =>
    browser.submit('/dashboard/api-keys', { name: 'Inventory sync', ...patch })

  describe('POST /dashboard/api-keys', () => {
    it('shows a new key once; the key works on the merchant API and is never shown again', async () => {
      await browser.get('/dashboard/api-keys')
      const created = await createKey()
      expect(created.status).toBe(200)
      expect(created.headers.get('cache-control')).toBe('no-store')
      const key = /value="(aisle_key_[\w-]+)"/.exec(created.text)![1]!
      expect(created.text).toContain('it is shown only this once')
      expect((await productQuery(key)).status).toBe(200)
      const list = await browser.get('/dashboard/api-keys')
      expect(list.text).toContain('Inventory sync')
      expect(list.text).not.toContain(key)
      const [stored] = await db.query<{ permissions: string[] }>(
        'select permissions from api_keys where name = $1',
        ['Inventory sync'],
      )
      expect(stored!.permissions).toEqual(['catalogue'])
    })

    it('offers the carts permission, which lets a key add custom line items to carts by id', async () => {
      const page = await browser.get('/dashboard/api-keys')
      expect(page.text).toContain('value="carts"')
      const created = await createKey({ name: 'Gift wrap service', permissions: ['carts'] })
      expect(created.status).toBe(200)
      const [stored] = await db.query<{ permissions: string[] }>(
        'select permissions from api_keys where name = $1',
        ['Gift wrap service'],
      )
      expect(stored!.permissions).toEqual(['carts'])
    })

    it('needs a name and a permission', async () => {
      await browser.get('/dashboard/api-keys')
      const refused = await createKey({ name: ' ', permissions: undefined })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('must be 1 to 80 characters')
      expect(refused.text).toContain('must include at least one')
    })
  })

  describe('POST /dashboard/api-keys/:id/revoke', () => {
    it('revokes a key: calls with it answer 401 at once', async () => {
      await browser.get('/dashboard/api-keys')
      const created = await createKey({ name: 'Old script' })
      const key = /value="(aisle_key_[\w-]+)"/.exec(created.text)![1]!
      const [row] = await db.query<{ id: string }>('select id from api_keys where name = $1', ['Old script'])
      const revoked = await browser.post(`/dashboard/api-keys/${row!.id}/revoke`)
      expect(revoked.status).toBe(303)
      expect(revoked.location).toBe('/dashboard/api-keys?notice=key-revoked')
      const answer = await productQuery(key)
      expect(answer.status).toBe(401)
      expect(((await answer.json()) as any).details.applicationError.code).toBe('UNAUTHENTICATED')
      expect((await browser.get(revoked.location!)).text).toMatch(/Old script<\/td>.*Revoked/)
      // A second revocation (a resubmitted form) changes nothing and says the key is no longer active.
      expect((await browser.post(`/dashboard/api-keys/${row!.id}/revoke`)).status).toBe(404)
    })

    it('cannot revoke another site’s key, and says so with a 404 rather than a notice of success', async () => {
      await db.query(
        "insert into sites (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Other') on conflict do nothing",
      )
      await db.query(
        `insert into api_keys (id, site_id, name, key_hash, permissions)
         values ('00000000-0000-4000-8000-0000000000ab', '00000000-0000-4000-8000-0000000000aa', 'theirs', 'h', '{catalogue}')`,
      )
      await browser.get('/dashboard/api-keys')
      const answer = await browser.post('/dashboard/api-keys/00000000-0000-4000-8000-0000000000ab/revoke')
      expect(answer.status).toBe(404)
      expect(answer.text).toContain('no active API key with this id')
      expect(answer.location).toBeNull()
      const [theirs] = await db.query<{ revoked_date: Date | null }>(
        "select revoked_date from api_keys where id = '00000000-0000-4000-8000-0000000000ab'",
      )
      expect(theirs!.revoked_date).toBeNull()
    })
  })
})
