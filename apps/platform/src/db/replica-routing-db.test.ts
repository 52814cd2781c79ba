import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReplicatedPostgres, waitForReplay } from '../../../../scripts/topology/replicated-postgres.mjs'
import { createApp } from '../app.ts'
import { isWriteSeenByReplicaReads, withReadRouting } from '../http/read-routing.ts'
import { prepareDatabase } from '../prepare-database.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { openPostgres } from './postgres-db.ts'
import { createReplicaRoutingDb, type ReplicaRoutingDb } from './replica-routing-db.ts'

/** PostgreSQL's server binaries, where scripts/postgres.mjs looks for them (it installs them otherwise). */
function hasPostgresBinaries(): boolean {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb'))
  const debian = '/usr/lib/postgresql'
  return (
    existsSync(debian) &&
    readdirSync(debian).some((version) => existsSync(join(debian, version, 'bin/initdb')))
  )
}

const isRunnable = hasPostgresBinaries()
if (!isRunnable) {
  console.warn(
    'replica-routing-db.test.ts: skipped, no PostgreSQL server binaries (set PG_BIN or install postgresql)',
  )
}

// The health probe's own statements, left out when counting what a request sent where.
const isProbe = (sql: string) => /pg_is_in_recovery|as position$/.test(sql)

describe.skipIf(!isRunnable)(
  'createReplicaRoutingDb on a PostgreSQL primary and its streaming replica',
  () => {
    let servers: Awaited<ReturnType<typeof startReplicatedPostgres>>
    let primary: ReturnType<typeof createCountingDb>
    let replica: ReturnType<typeof createCountingDb>
    let db: ReplicaRoutingDb
    let fetchRouted: (request: Request, env: undefined) => Promise<Response>
    let merchant: Record<string, string>
    let productId: string

    beforeAll(async () => {
      servers = await startReplicatedPostgres()
      const setup = openPostgres(servers.primary.url, { max: 2 })
      await prepareDatabase(setup, { seed: 'demo', demoClientId: DEMO_CLIENT_ID })
      const { key } = await createApiKey(
        setup,
        { siteId: DEMO_SITE_ID, name: 'replica test', permissions: ['catalogue'] },
        new Date(),
      )
      // A product without options: it goes into a cart as it is.
      const [product] = await setup.query<{ id: string }>(
        "select id from products where slug = 'meadow-notebook'",
      )
      productId = product?.id ?? ''
      await setup.close()
      merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
      primary = createCountingDb(openPostgres(servers.primary.url))
      replica = createCountingDb(openPostgres(servers.replica.url))
      db = await createReplicaRoutingDb({
        primary: primary.db,
        replicas: [{ name: 'replica', db: replica.db }],
        // Replay is paused in some tests: the lag bound must not end those reads on its own.
        maxLagMs: 60_000,
        probeIntervalMs: 100,
        isSeenByReplicaReads: isWriteSeenByReplicaReads,
      })
      const app = createApp({ db, publicUrl: 'http://platform.test' })
      fetchRouted = withReadRouting(app.fetch, db)
      await waitForReplay(servers.primary, servers.replica)
    }, 180_000)

    afterAll(async () => {
      await db?.close()
      await servers?.stop()
    })

    async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
      const response = await fetchRouted(
        new Request(`http://platform.test${path}`, {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        undefined,
      )
      return { status: response.status, json: (await response.json()) as Record<string, any> }
    }

    /** Where the statements of `fn` went (the probe's own left out). */
    async function route(fn: () => Promise<unknown>) {
      let toReplica: string[] = []
      const toPrimary = await primary.measure(async () => {
        toReplica = await replica.measure(fn)
      })
      return {
        toPrimary: toPrimary.filter((sql) => !isProbe(sql)),
        toReplica: toReplica.filter((sql) => !isProbe(sql)),
      }
    }

    async function visitorToken() {
      const answer = await call(
        'POST',
        '/oauth2/token',
        {},
        { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
      )
      expect(answer.status).toBe(200)
      return answer.json.access_token as string
    }

    async function onReplica(sql: string) {
      const client = new pg.Client({ connectionString: servers.replica.url })
      await client.connect()
      try {
        await client.query(sql)
      } finally {
        await client.end()
      }
    }

    const productPath = () => `/stores/v1/products/${productId}`

    /** Waits until the routing may read the replica (up, within the bound), as a probe tells it. */
    async function replicaInUse() {
      await waitForReplay(servers.primary, servers.replica)
      await expect.poll(() => db.replicaStatus()[0]?.isUsable, { timeout: 10_000 }).toBe(true)
    }

    it('answers a catalogue read from the replica, asking the primary only for the caller’s last write', async () => {
      const token = await visitorToken()
      await replicaInUse()
      let status = 0
      const sent = await route(async () => {
        status = (await call('GET', '/stores/v1/products/query-platformized', { authorization: token }))
          .status
      })
      expect(status).toBe(200)
      expect(sent.toReplica.length, JSON.stringify(db.replicaStatus())).toBeGreaterThanOrEqual(2)
      expect(sent.toPrimary).toHaveLength(1)
      expect(sent.toPrimary[0]).toContain('from caller_write_positions')
    })

    it('reads the current cart and every write from the primary', async () => {
      const token = await visitorToken()
      await waitForReplay(servers.primary, servers.replica)
      const sent = await route(async () => {
        expect((await call('GET', '/ecom/v1/carts/current', { authorization: token })).status).toBe(404)
        const added = await call(
          'POST',
          '/ecom/v1/carts/current/add-to-cart',
          { authorization: token },
          { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId } }] },
        )
        expect(added.status).toBe(200)
        expect((await call('GET', '/ecom/v1/carts/current', { authorization: token })).status).toBe(200)
      })
      expect(sent.toReplica).toEqual([])
      // A cart is nothing a catalogue read shows: its write leaves no position to wait for.
      expect(sent.toPrimary.some((sql) => sql.includes('insert into caller_write_positions'))).toBe(false)
    })

    it('shows a caller their own write at once while others read the replica’s older copy', async () => {
      const visitor = await visitorToken()
      const before = (await call('GET', productPath(), merchant)).json.product.name as string
      await replicaInUse()
      await onReplica('select pg_wal_replay_pause()')
      try {
        const renamed = `${before} (renamed)`
        const written = await route(async () => {
          const patched = await call('PATCH', productPath(), merchant, { product: { name: renamed } })
          expect(patched.status).toBe(200)
        })
        // A product is what catalogue reads show: the merchant's next read waits for this write.
        expect(written.toPrimary.some((sql) => sql.includes('insert into caller_write_positions'))).toBe(true)

        const own = await route(async () => {
          expect((await call('GET', productPath(), merchant)).json.product.name).toBe(renamed)
        })
        expect(own.toReplica).toEqual([])

        const other = await route(async () => {
          expect((await call('GET', productPath(), { authorization: visitor })).json.product.name).toBe(
            before,
          )
        })
        expect(other.toReplica.length, JSON.stringify(db.replicaStatus())).toBeGreaterThan(0)
      } finally {
        await onReplica('select pg_wal_replay_resume()')
      }
      await waitForReplay(servers.primary, servers.replica)
      const renamed = await call('GET', productPath(), { authorization: visitor })
      expect(renamed.json.product.name).toBe(`${before} (renamed)`)
    })

    it('finds a token issued a moment ago on the primary when the replica does not know it yet', async () => {
      await replicaInUse()
      await onReplica('select pg_wal_replay_pause()')
      try {
        const token = await visitorToken()
        const sent = await route(async () => {
          const read = await call('GET', productPath(), { authorization: token })
          expect(read.status).toBe(200)
          expect(read.json.product.id).toBe(productId)
        })
        expect(sent.toReplica.some((sql) => sql.includes('from oauth_tokens'))).toBe(true)
        expect(sent.toPrimary.some((sql) => sql.includes('from oauth_tokens'))).toBe(true)
      } finally {
        await onReplica('select pg_wal_replay_resume()')
      }
    })

    it('answers a query the primary serves with a token it trusts, and checks the token of every replica read', async () => {
      // Decision 112: with replicas, public-read callers are trusted for the reads the primary answers only.
      const trusting = withReadRouting(
        createApp({ db, publicUrl: 'http://platform.test', publicReadCallers: { pollMs: 100 } }).fetch,
        db,
      )
      const ask = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
        const response = await trusting(
          new Request(`http://platform.test${path}`, {
            method,
            headers: { ...headers, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          undefined,
        )
        return { status: response.status, json: (await response.json()) as Record<string, any> }
      }
      const tokenOf = async () =>
        (await ask('POST', '/oauth2/token', {}, { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' })).json
          .access_token as string
      const query = (token: string) =>
        ask(
          'POST',
          '/stores/v1/products/query-platformized',
          { authorization: token },
          { query: { paging: { limit: 3 } } },
        )
      const isPoll = (sql: string) => sql.includes('xmin::text as row_version from sites')
      const sentBy = async (fn: () => Promise<unknown>) => {
        const sent = await route(fn)
        return [...sent.toPrimary, ...sent.toReplica].filter((sql) => !isPoll(sql))
      }
      await replicaInUse()
      // The first query reads the site with its token (trusted at once: this process issued it) and the
      // page, which it keeps.
      const firstQuery = await query(await tokenOf())
      expect(firstQuery.status, JSON.stringify(firstQuery.json)).toBe(200)
      const token = await tokenOf()
      expect(await sentBy(async () => expect((await query(token)).status).toBe(200))).toEqual([])
      // A product read is the replica's: its token is checked there, every time.
      for (let read = 0; read < 2; read++) {
        const sent = await route(async () =>
          expect((await ask('GET', productPath(), { authorization: token })).status).toBe(200),
        )
        expect(sent.toReplica.some((sql) => sql.includes('from oauth_tokens'))).toBe(true)
      }
    })

    it('stops reading a replica that falls behind the lag bound, and reads it again once it catches up', async () => {
      // Its own connections: closing it closes them.
      const strictReplica = createCountingDb(openPostgres(servers.replica.url, { max: 2 }))
      const strict = await createReplicaRoutingDb({
        primary: openPostgres(servers.primary.url, { max: 2 }),
        replicas: [{ name: 'replica', db: strictReplica.db }],
        maxLagMs: 300,
        probeIntervalMs: 50,
      })
      try {
        await expect.poll(() => strict.replicaStatus()[0]?.isUsable, { timeout: 10_000 }).toBe(true)
        await onReplica('select pg_wal_replay_pause()')
        try {
          await strict.query('create table lag_marker (id int)')
          await expect.poll(() => strict.replicaStatus()[0]?.isUsable, { timeout: 10_000 }).toBe(false)
          expect(strict.replicaStatus()[0]).toMatchObject({ isUp: true, lastError: null })
          let read: unknown
          const sent = await strictReplica.measure(async () => {
            read = await strict.runRequest({ mayReadReplica: true, callerKey: undefined }, () =>
              strict.query<{ id: string }>('select id from products where id = $1', [productId]),
            )
          })
          expect(read).toEqual([{ id: productId }])
          expect(sent.filter((sql) => !isProbe(sql))).toEqual([])
        } finally {
          await onReplica('select pg_wal_replay_resume()')
        }
        await expect.poll(() => strict.replicaStatus()[0]?.isUsable, { timeout: 10_000 }).toBe(true)
      } finally {
        await strict.close()
      }
    })

    it('keeps answering reads from the primary when the replica stops', async () => {
      const token = await visitorToken()
      await waitForReplay(servers.primary, servers.replica)
      expect((await call('GET', productPath(), { authorization: token })).status).toBe(200)
      await servers.replica.stop()

      // Whether or not a probe has noticed yet, the read is answered (a failed replica read by the primary).
      const first = await route(async () => {
        const read = await call('GET', productPath(), { authorization: token })
        expect(read.status).toBe(200)
        expect(read.json.product.id).toBe(productId)
      })
      expect(first.toPrimary.some((sql) => sql.includes('from oauth_tokens'))).toBe(true)
      await expect.poll(() => db.replicaStatus()[0]?.isUp, { timeout: 10_000 }).toBe(false)

      const later = await route(async () => {
        const query = await call('GET', '/stores/v1/products/query-platformized', { authorization: token })
        expect(query.status).toBe(200)
        expect(query.json.products.length).toBeGreaterThan(0)
      })
      expect(later.toReplica).toEqual([])
    })
  },
)
