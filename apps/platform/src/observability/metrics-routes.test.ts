import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { ConfigError } from '../config.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { UNMATCHED_ROUTE } from './http-metrics.ts'
import { hasMetricsToken, MIN_METRICS_TOKEN_LENGTH, parseMetricsToken } from './metrics-routes.ts'
import { EXPOSITION_CONTENT_TYPE } from './prometheus-exposition.ts'
import { type ParsedFamily, parseExposition, sampleValue } from './testing/exposition-parser.ts'

const TOKEN = 'metrics-token-0123456789abcdef'

function createMetricsPlatform(db: Db, options: { hasMetrics: boolean } = { hasMetrics: true }) {
  const metricsToken = options.hasMetrics ? TOKEN : undefined
  const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock: createTestClock(), metricsToken })
  const request = (path: string, init: RequestInit = {}) => app.request(`${TEST_PUBLIC_URL}${path}`, init)
  async function scrape(): Promise<Map<string, ParsedFamily>> {
    const response = await request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    return parseExposition(await response.text())
  }
  return { app, request, scrape }
}

describe('GET /metrics', () => {
  let db: Db
  let platform: ReturnType<typeof createMetricsPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createMetricsPlatform(db)
  })
  afterAll(() => db.close())

  it('answers 404 in the error shape when no METRICS_TOKEN is configured', async () => {
    const off = createMetricsPlatform(db, { hasMetrics: false })
    const response = await off.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(404)
    expect((await response.json()).details.applicationError.code).toBe('ROUTE_NOT_FOUND')
  })

  it('asks for the bearer token with 401 and answers the exposition with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await platform.request('/metrics', authorization ? { headers: { authorization } } : {})
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect((await refused.json()).details.applicationError.code).toBe('UNAUTHENTICATED')
    }
    const response = await platform.request('/metrics', { headers: { authorization: `bearer  ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(EXPOSITION_CONTENT_TYPE)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const families = parseExposition(await response.text())
    for (const name of [
      'aisle_http_requests_total',
      'aisle_http_request_duration_seconds',
      'aisle_db_pool_connections',
      'aisle_db_pool_waiting_queries',
      'aisle_database_up',
      'aisle_outbox_oldest_undelivered_event_age_seconds',
      'aisle_webhook_deliveries_pending',
      'aisle_mail_outbox_pending',
      'aisle_process_heap_used_bytes',
      'aisle_process_resident_memory_bytes',
      'aisle_process_uptime_seconds',
      'aisle_event_loop_delay_seconds',
    ]) {
      expect(families.get(name)?.help, name).toBeTruthy()
    }
    expect(families.get('aisle_http_request_duration_seconds')?.type).toBe('histogram')
    expect(sampleValue(families, 'aisle_db_pool_connections', { database: 'pglite', state: 'total' })).toBe(1)
    expect(sampleValue(families, 'aisle_database_up')).toBe(1)
    expect(sampleValue(families, 'aisle_process_heap_used_bytes')).toBeGreaterThan(0)
  })

  it('counts requests by method, route template and status, and times them', async () => {
    const productPath = '/stores/v1/products/:id'
    const unauthenticated = { method: 'GET', route: productPath, status: '401' }
    const before = await platform.scrape()
    const health = sampleValue(before, 'aisle_http_requests_total', { route: '/health', status: '200' }) ?? 0
    const product = sampleValue(before, 'aisle_http_requests_total', unauthenticated) ?? 0
    const timed =
      sampleValue(before, 'aisle_http_request_duration_seconds_count', { method: 'GET', route: '/health' }) ??
      0
    await platform.request('/health')
    await platform.request('/health')
    await platform.request(`/stores/v1/products/${randomUUID()}`)
    const after = await platform.scrape()
    expect(sampleValue(after, 'aisle_http_requests_total', { route: '/health', status: '200' })).toBe(
      health + 2,
    )
    expect(sampleValue(after, 'aisle_http_requests_total', unauthenticated)).toBe(product + 1)
    expect(
      sampleValue(after, 'aisle_http_request_duration_seconds_count', { method: 'GET', route: '/health' }),
    ).toBe(timed + 2)
  })

  it('keeps one series per route template whatever paths and methods arrive', async () => {
    const registered = new Set(platform.app.routeDefinitions.map((route) => route.path))
    for (let index = 0; index < 200; index++) {
      const random = randomUUID()
      await platform.request(`/${random}/${index}?x=${random}`)
      await platform.request(`/stores/v1/products/${random}`, { method: index % 2 ? 'PURGE' : 'GET' })
      await platform.request(`/dashboard/${random}`)
    }
    const families = await platform.scrape()
    const samples = families.get('aisle_http_requests_total')!.samples
    const routes = new Set(samples.map((sample) => sample.labels.route!))
    const methods = new Set(samples.map((sample) => sample.labels.method!))
    for (const route of routes) expect(route === UNMATCHED_ROUTE || registered.has(route), route).toBe(true)
    expect(
      [...methods].every((method) => /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|OTHER)$/.test(method)),
    ).toBe(true)
    expect(methods.has('OTHER')).toBe(true)
    expect(samples.length).toBeLessThan(40)
    const unmatched = samples.filter((sample) => sample.labels.route === UNMATCHED_ROUTE)
    expect(unmatched.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(300)
  })

  it('counts a request another middleware refused (a body over the limit) under its route', async () => {
    const labels = { method: 'POST', route: '/oauth2/token', status: '413' }
    const before = sampleValue(await platform.scrape(), 'aisle_http_requests_total', labels) ?? 0
    const response = await platform.request('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: DEMO_CLIENT_ID, padding: 'x'.repeat(1024 * 1024 + 1) }),
    })
    expect(response.status).toBe(413)
    expect(sampleValue(await platform.scrape(), 'aisle_http_requests_total', labels)).toBe(before + 1)
  })

  it('reads the outbox with one query per second however often it is scraped', async () => {
    const counting = createCountingDb(db)
    const cached = createMetricsPlatform(counting.db)
    const statements = await counting.measure(async () => {
      await cached.scrape()
      await cached.scrape()
      await cached.scrape()
    })
    expect(statements.filter((sql) => sql.includes('webhook_deliveries'))).toHaveLength(1)
  })

  it('still answers, with aisle_database_up 0, when the database is gone', async () => {
    const doomed = await openTestDatabase('pglite', 'empty')
    const gone = createMetricsPlatform(doomed)
    await doomed.close()
    const families = await gone.scrape()
    expect(sampleValue(families, 'aisle_database_up')).toBe(0)
    expect(families.get('aisle_webhook_deliveries_pending')?.samples).toEqual([])
  })
})

describe.each(databaseKinds())('the database pool gauges on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
  })
  afterAll(() => db.close())

  it('report the connections the pool holds, idle ones and waiting queries', async () => {
    const platform = createMetricsPlatform(db)
    await platform.request('/ready')
    const families = await platform.scrape()
    const total = sampleValue(families, 'aisle_db_pool_connections', { database: kind, state: 'total' })
    expect(sampleValue(families, 'aisle_db_pool_waiting_queries', { database: kind })).toBe(0)
    if (kind === 'pglite') {
      expect(total).toBe(1)
      return
    }
    const idle = sampleValue(families, 'aisle_db_pool_connections', { database: kind, state: 'idle' })
    expect(total).toBeGreaterThanOrEqual(1)
    expect(idle).toBeLessThanOrEqual(total!)
  })
})

describe('METRICS_TOKEN', () => {
  it('turns metrics off when unset and refuses a short or spaced token', () => {
    expect(parseMetricsToken(undefined)).toBeUndefined()
    expect(parseMetricsToken('  ')).toBeUndefined()
    expect(parseMetricsToken(` ${TOKEN} `)).toBe(TOKEN)
    expect(() => parseMetricsToken('x'.repeat(MIN_METRICS_TOKEN_LENGTH - 1))).toThrow(ConfigError)
    expect(() => parseMetricsToken(`${TOKEN} ${TOKEN}`)).toThrow(ConfigError)
  })

  it('accepts only the exact token after Bearer', () => {
    expect(hasMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(hasMetricsToken(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false)
    expect(hasMetricsToken(undefined, TOKEN)).toBe(false)
    expect(hasMetricsToken('Bearer', TOKEN)).toBe(false)
  })
})
