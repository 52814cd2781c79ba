import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { type Db, statementText } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { type createTestClock, createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { createAuthenticate } from './authenticate.ts'
import { createPublicReadCallers, TOKEN_TRUST_MS } from './public-read-callers.ts'

const isPoll = (sql: string) => sql.includes('xmin::text as row_version from sites')

describe.each(databaseKinds())('public-read callers on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let clock: ReturnType<typeof createTestClock>
  let callers: ReturnType<typeof createPublicReadCallers>
  let app: Hono<AppEnv>
  let visitorToken: () => Promise<string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    const platform = createTestPlatform(db)
    clock = platform.clock
    // A poll only when the test asks for one.
    callers = createPublicReadCallers({
      db: counting.db,
      clock,
      authenticate: createAuthenticate({ db: counting.db, clock }),
      pollMs: 3_600_000,
    })
    app = new Hono<AppEnv>()
    app.onError((error, c) => c.json({ status: error instanceof ApiError ? error.status : 500 }, 401))
    app.get('/who', async (c) => {
      const caller = await callers.authenticate(c)
      return c.json({ kind: caller.kind, siteId: caller.siteId, currency: caller.site.currency })
    })
    visitorToken = async () => (await platform.visitorTokens()).access_token
  })
  afterAll(async () => {
    callers.stop()
    await db.close()
  })

  /** Asks who the token is; answers the JSON and the statements it cost, polls left out. */
  async function who(token: string) {
    let answer: { status: number; json: Record<string, unknown> } = { status: 0, json: {} }
    const statements = await counting.measure(async () => {
      const response = await app.request('/who', { headers: { authorization: token } })
      answer = { status: response.status, json: (await response.json()) as Record<string, unknown> }
    })
    return { ...answer, statements: statements.filter((sql) => !isPoll(sql)).length }
  }

  it('answers a trusted token on a polled site without a statement, and a new one with one', async () => {
    const token = await visitorToken()
    await callers.poll()
    expect(await who(token)).toMatchObject({ status: 200, statements: 1, json: { kind: 'visitor' } })
    expect(await who(token)).toMatchObject({ status: 200, statements: 0, json: { siteId: DEMO_SITE_ID } })
    expect((await who(await visitorToken())).statements).toBe(1)
  })

  it('sees a change to the site made behind its back at the next poll, and its own writes at once', async () => {
    const token = await visitorToken()
    await callers.poll()
    await who(token)
    expect((await who(token)).statements).toBe(0)
    await db.query("update sites set currency = 'EUR' where id = $1", [DEMO_SITE_ID])
    try {
      expect((await who(token)).json.currency).toBe('USD')
      await callers.poll()
      expect(await who(token)).toMatchObject({ statements: 1, json: { currency: 'EUR' } })
      expect((await who(token)).statements).toBe(0)
      callers.forgetSites()
      expect((await who(token)).statements).toBe(1)
    } finally {
      await db.query("update sites set currency = 'USD' where id = $1", [DEMO_SITE_ID])
      await callers.poll()
    }
  })

  it('remembers no site while the poll fails, and again once it answers', async () => {
    const failing = createCountingDb(db)
    let isDown = false
    const flaky: Db = {
      ...failing.db,
      query: (sql, params) =>
        isDown && isPoll(statementText(sql))
          ? Promise.reject(new Error('connection lost'))
          : failing.db.query(sql, params),
    }
    const outage = createPublicReadCallers({
      db: flaky,
      clock,
      authenticate: createAuthenticate({ db: flaky, clock }),
      pollMs: 3_600_000,
    })
    const local = new Hono<AppEnv>()
    local.get('/who', async (c) => c.json({ siteId: (await outage.authenticate(c)).siteId }))
    const token = await visitorToken()
    const statementsOf = async () =>
      (
        await failing.measure(async () => local.request('/who', { headers: { authorization: token } }))
      ).filter((sql) => !isPoll(sql)).length
    await outage.poll()
    expect([await statementsOf(), await statementsOf()]).toEqual([1, 0])
    isDown = true
    await outage.poll()
    expect([await statementsOf(), await statementsOf()]).toEqual([1, 1])
    isDown = false
    await outage.poll()
    expect([await statementsOf(), await statementsOf()]).toEqual([1, 0])
    outage.stop()
  })

  it('trusts a revoked token for public reads no longer than 30 s, and an expired one not at all', async () => {
    const token = await visitorToken()
    await callers.poll()
    await who(token)
    await db.query("update oauth_tokens set revoked_at = now() where kind = 'access' and revoked_at is null")
    expect((await who(token)).status).toBe(200)
    clock.advance(TOKEN_TRUST_MS / 1000)
    expect((await who(token)).status).toBe(401)

    const expiring = await visitorToken()
    await who(expiring)
    const [{ expires_at }] = (await db.query<{ expires_at: Date }>(
      "select max(expires_at) as expires_at from oauth_tokens where kind = 'access'",
    )) as [{ expires_at: Date }]
    clock.advance((new Date(expires_at).getTime() - clock().getTime()) / 1000 + 1)
    expect((await who(expiring)).status).toBe(401)
  })

  it('leaves API keys to the database every time', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'k', permissions: ['catalogue'] },
      clock(),
    )
    const asMerchant = () =>
      counting.measure(async () =>
        app.request('/who', { headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID } }),
      )
    expect((await asMerchant()).filter((sql) => !isPoll(sql)).length).toBeGreaterThan(0)
    expect((await asMerchant()).filter((sql) => !isPoll(sql)).length).toBeGreaterThan(0)
  })
})

describe.each(databaseKinds())(
  'catalogue reads across two processes with public-read callers on %s',
  (kind) => {
    let db: Db
    beforeAll(async () => {
      db = await openTestDatabase(kind)
    })
    afterAll(() => db.close())

    it("shows a process's own catalogue change at once, and another process's within its polls", async () => {
      const pollMs = 1_500
      const platform = createTestPlatform(db)
      const options = { db, publicUrl: TEST_PUBLIC_URL, clock: platform.clock, publicReadCallers: { pollMs } }
      const here = createApp(options)
      const there = createApp(options)
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'editor', permissions: ['catalogue'] },
        new Date(),
      )
      const merchant = {
        authorization: key,
        'aisle-site-id': DEMO_SITE_ID,
        'content-type': 'application/json',
      }
      const token = (await platform.visitorTokens()).access_token
      const [{ id }] = (await db.query<{ id: string }>(
        "select id from products where slug = 'classic-tee'",
      )) as [{ id: string }]
      const nameIn = async (app: typeof here) =>
        (
          (await (
            await app.request(`${TEST_PUBLIC_URL}/stores/v1/products/${id}`, {
              headers: { authorization: token },
            })
          ).json()) as { product: { name: string } }
        ).product.name
      const rename = (app: typeof here, name: string) =>
        app.request(`${TEST_PUBLIC_URL}/stores/v1/products/${id}`, {
          method: 'PATCH',
          headers: merchant,
          body: JSON.stringify({ product: { name } }),
        })

      // Past the first poll of both, so that each remembers the site.
      await new Promise((resolve) => setTimeout(resolve, pollMs + 200))
      const before = await nameIn(here)
      expect(await nameIn(there)).toBe(before)
      expect((await rename(here, 'Renamed here')).status).toBe(200)
      expect(await nameIn(here)).toBe('Renamed here')
      await expect.poll(() => nameIn(there), { timeout: pollMs * 3, interval: 50 }).toBe('Renamed here')
      expect((await rename(there, before)).status).toBe(200)
      expect(await nameIn(there)).toBe(before)
      await expect.poll(() => nameIn(here), { timeout: pollMs * 3, interval: 50 }).toBe(before)
    })

    it('keeps the sites it remembers through cart writes, and forgets them after a catalogue write', async () => {
      const pollMs = 1_500
      const platform = createTestPlatform(db)
      const counting = createCountingDb(db)
      const app = createApp({
        db: counting.db,
        publicUrl: TEST_PUBLIC_URL,
        clock: platform.clock,
        publicReadCallers: { pollMs },
      })
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'writer', permissions: ['catalogue'] },
        new Date(),
      )
      const token = (await platform.visitorTokens()).access_token
      const [{ id }] = (await db.query<{ id: string }>(
        "select id from products where slug = 'meadow-tote'",
      )) as [{ id: string }]
      const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
        app.request(`${TEST_PUBLIC_URL}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      /** The statements a product read costs, polls left out. */
      const productRead = () =>
        counting
          .measure(async () => {
            const response = await call('GET', `/stores/v1/products/${id}`, { authorization: token })
            expect(response.status).toBe(200)
          })
          .then((statements) => statements.filter((sql) => !isPoll(sql)).length)

      await new Promise((resolve) => setTimeout(resolve, pollMs + 200))
      await productRead()
      expect(await productRead()).toBe(0)
      const added = await call(
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        { authorization: token },
        { lineItems: [{ catalogReference: { catalogItemId: id }, quantity: 1 }] },
      )
      expect(added.status).toBe(200)
      expect(await productRead()).toBe(0)
      const renamed = await call(
        'PATCH',
        `/stores/v1/products/${id}`,
        { authorization: key, 'aisle-site-id': DEMO_SITE_ID },
        { product: { name: 'Renamed tote' } },
      )
      expect(renamed.status).toBe(200)
      expect(await productRead()).toBeGreaterThan(0)
    })
  },
)
