import { randomInt } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { saveSiteUser } from '../dashboard/session/site-user-store.ts'
import type { Db } from '../db/db.ts'
import { createLogger } from '../log.ts'
import { UNMATCHED_ROUTE } from '../observability/http-metrics.ts'
import { parseExposition } from '../observability/testing/exposition-parser.ts'
import { LIMITED_ROUTES } from '../rate-limits/limited-routes.ts'
import { type RateLimitSettings, rateLimitBuckets } from '../rate-limits/rate-limit-settings.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { apiKeyPermissions, createApiKey } from '../sites/api-key-store.ts'
import { createTestBrowser, OWNER, testHasher } from '../testing/dashboard-browser.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { listFuzzRoutes, type OpenApiDocument } from './fuzz-routes.ts'
import { describeFailure, type FuzzReport, runFuzz } from './fuzz-run.ts'
import type { FuzzCredentials } from './request-families.ts'
import type { KnownIds } from './schema-values.ts'

// `npm test` sends a quick share; the dedicated script sends 10,000 (FUZZ_REQUESTS). A failure prints
// FUZZ_SEED and FUZZ_ONLY to send the failing request again.
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_500)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31)
const ONLY = process.env.FUZZ_ONLY ? Number(process.env.FUZZ_ONLY) : undefined
// A share of that again goes to the rate-limited routes with the limiter on (1 in 5, at least 300).
const LIMITED_REQUESTS = Number(process.env.FUZZ_LIMITED_REQUESTS ?? Math.max(300, Math.round(REQUESTS / 5)))
const REPORT_FILE = new URL('../../.reports/hostile-input.json', import.meta.url)
const LIMITED_REPORT_FILE = new URL('../../.reports/hostile-input-rate-limited.json', import.meta.url)
const METRICS_TOKEN = 'hostile-input-metrics-token-0123456789'

/** A few ids of every kind of row the routes take ids of, so that schema-derived requests go deep. */
async function readKnownIds(db: Db): Promise<KnownIds> {
  const tables = [
    'products',
    'product_variants',
    'collections',
    'media_files',
    'members',
    'carts',
    'cart_line_items',
    'checkouts',
    'orders',
    'coupons',
    'oauth_clients',
    'webhook_endpoints',
    'webhook_deliveries',
  ]
  const known: Record<string, string[]> = {}
  for (const table of tables) {
    const rows = await db.query<{ id: string }>(`select id::text as id from ${table} order by id limit 8`)
    known[table] = rows.map((row) => row.id)
  }
  return known
}

/** The site owner's dashboard session: its cookies and the CSRF token of its forms. */
async function signInOwner(app: ReturnType<typeof createApp>): Promise<FuzzCredentials['owner']> {
  const browser = createTestBrowser(app)
  await browser.get('/dashboard/login')
  const login = await browser.post('/dashboard/login', { email: OWNER.email, password: OWNER.password })
  if (login.status !== 303) throw new Error(`the owner could not sign in: ${login.status}`)
  await browser.get('/dashboard/products')
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  return { cookie, csrf: browser.csrf }
}

function writeReport(report: FuzzReport, file = REPORT_FILE, suite = 'hostile-input') {
  mkdirSync(new URL('.', file), { recursive: true })
  const { failures, ...figures } = report
  const summary = {
    suite,
    generatedAt: new Date().toISOString(),
    ...figures,
    failures: failures.length,
  }
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`)
}

/** Low limits, so that a short run meets the refusal of every bucket: 5 an hour per address, 2 per account. */
const LOW_LIMITS = Object.fromEntries(
  rateLimitBuckets.map((bucket) => [
    bucket,
    { ip: { limit: 5, windowSeconds: 3_600 }, account: { limit: 2, windowSeconds: 3_600 } },
  ]),
) as unknown as RateLimitSettings

describe('hostile input to every route', () => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let credentials: FuzzCredentials
  let knownIds: KnownIds
  const loggedErrors: string[] = []
  let sent = 0
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    const setup = createTestPlatform(db)
    const visitor = await setup.visitorTokens()
    const shopper = await setup.visitorTokens()
    // The member flow belongs to identity/; if it breaks, the run goes on without a member (and says so).
    const member = await memberTokens(setup, shopper.access_token).catch((error: unknown) => {
      console.warn(`hostile input: no member credential (${String(error)})`)
      return undefined
    })
    const merchant = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'fuzz', permissions: apiKeyPermissions },
      setup.clock(),
    )
    credentials = {
      visitor: visitor.access_token,
      member: member?.tokens.access_token,
      merchant: { key: merchant.key, siteId: DEMO_SITE_ID },
      owner: undefined,
    }
    const logger = createLogger('error', (line) => loggedErrors.push(line))
    app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      clock: createTestClock(),
      logger,
      passwordHasher: testHasher,
      dashboard: { bulkChunkSize: 100 },
      metricsToken: METRICS_TOKEN,
      // The development pages too: the explorer's form runs what it is sent through the app itself.
      graphqlExplorer: { clientId: DEMO_CLIENT_ID },
    })
    await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, ...OWNER }, setup.clock())
    credentials.owner = await signInOwner(app)
    knownIds = await readKnownIds(db)
  })
  afterAll(() => db.close())

  it(
    `answers ${REQUESTS} generated requests without a 5xx, in the normalised error shape, changing nothing when refusing or answering a GET`,
    async () => {
      const routes = listFuzzRoutes(app.routeDefinitions, app.openApi as unknown as OpenApiDocument)
      const report = await runFuzz({
        app,
        db,
        publicUrl: TEST_PUBLIC_URL,
        routes,
        credentials,
        knownIds,
        seed: SEED,
        requests: REQUESTS,
        onlyIndex: ONLY,
        takeLoggedErrors: () => loggedErrors.splice(0),
        // A logout ends the owner's session: sign in again so the dashboard stays covered.
        onAnswered: async (request, status) => {
          if (request.route === 'POST /dashboard/logout' && status !== undefined && status < 400) {
            credentials.owner = await signInOwner(app)
          }
        },
      })
      sent = report.requests
      if (ONLY === undefined) writeReport(report)
      console.info(
        `hostile input: ${report.requests} requests to ${report.routes} routes in ${report.durationMs} ms, seed ${SEED}; ` +
          `statuses ${JSON.stringify(report.statuses)}; ${report.failures.length} failures`,
      )
      expect(report.failures.map((failure) => describeFailure(failure, SEED))).toEqual([])
      if (ONLY === undefined) {
        expect(report.requests).toBe(REQUESTS)
        if (REQUESTS >= routes.length * report.families.length) {
          expect(report.families.every((family) => family.tried > 0)).toBe(true)
        }
      }
    },
    60_000 + REQUESTS * 60,
  )

  it('kept one metrics series per route template through all of it', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const samples = parseExposition(await response.text()).get('aisle_http_requests_total')!.samples
    const registered = new Set([...app.routeDefinitions.map((route) => route.path), UNMATCHED_ROUTE])
    expect(samples.filter((sample) => !registered.has(sample.labels.route!))).toEqual([])
    expect(samples.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(sent)
  })
})

describe('hostile input to the rate-limited routes, with the limiter on', () => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let credentials: FuzzCredentials
  let knownIds: KnownIds
  const loggedErrors: string[] = []
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    const setup = createTestPlatform(db)
    const visitor = await setup.visitorTokens()
    const merchant = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'fuzz', permissions: apiKeyPermissions },
      setup.clock(),
    )
    credentials = {
      visitor: visitor.access_token,
      member: undefined,
      merchant: { key: merchant.key, siteId: DEMO_SITE_ID },
      owner: undefined,
    }
    app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      clock: createTestClock(),
      logger: createLogger('error', (line) => loggedErrors.push(line)),
      rateLimits: LOW_LIMITS,
    })
    knownIds = await readKnownIds(db)
  })
  afterAll(() => db.close())

  it(
    `answers ${LIMITED_REQUESTS} generated requests to every limited route without a 5xx, each 429 normalised with Retry-After`,
    async () => {
      const routes = listFuzzRoutes(app.routeDefinitions, app.openApi as unknown as OpenApiDocument).filter(
        (route) =>
          LIMITED_ROUTES.some((limited) => limited.method === route.method && limited.path === route.path),
      )
      // Every limited route is in the registry, so none escapes this run.
      expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
        LIMITED_ROUTES.map((route) => `${route.method} ${route.path}`).sort(),
      )
      const refusedByRoute: Record<string, number> = {}
      const report = await runFuzz({
        app,
        db,
        publicUrl: TEST_PUBLIC_URL,
        routes,
        credentials,
        knownIds,
        seed: SEED,
        requests: LIMITED_REQUESTS,
        onlyIndex: ONLY,
        takeLoggedErrors: () => loggedErrors.splice(0),
        onAnswered: async (request, status) => {
          if (status === 429) refusedByRoute[request.route] = (refusedByRoute[request.route] ?? 0) + 1
        },
      })
      if (ONLY === undefined) writeReport(report, LIMITED_REPORT_FILE, 'hostile-input (rate limits on)')
      console.info(
        `hostile input, limits on: ${report.requests} requests to ${report.routes} limited routes in ${report.durationMs} ms, seed ${SEED}; ` +
          `statuses ${JSON.stringify(report.statuses)}; 429 by route ${JSON.stringify(refusedByRoute)}; ${report.failures.length} failures`,
      )
      expect(report.failures.map((failure) => describeFailure(failure, SEED))).toEqual([])
      if (ONLY === undefined) {
        expect(report.requests).toBe(LIMITED_REQUESTS)
        // Each route's bucket fills within the run, so each answers its 429 (the token endpoint
        // counts only requests that name a grant it knows, so it may not).
        const expected = routes
          .map((route) => `${route.method} ${route.path}`)
          .filter((route) => route !== 'POST /oauth2/token')
        expect(expected.filter((route) => !refusedByRoute[route])).toEqual([])
      }
    },
    60_000 + LIMITED_REQUESTS * 60,
  )
})
