import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { type FuzzRoute, listFuzzRoutes, type OpenApiDocument } from './fuzz-routes.ts'
import { describeFailure, type RequestHandler, runFuzz } from './fuzz-run.ts'

const credentials = {
  visitor: 'visitor-token',
  member: undefined,
  merchant: { key: 'aisle_key_x', siteId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' },
  owner: undefined,
}

// The checks of the run, each shown to fail on an app that breaks its rule.
describe('runFuzz', () => {
  let db: Db
  let routes: FuzzRoute[]
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    const app = createApp({ db, publicUrl: TEST_PUBLIC_URL })
    // A few reads and a few writes, whatever order the app registers its routes in.
    const all = listFuzzRoutes(app.routeDefinitions, app.openApi as unknown as OpenApiDocument)
    routes = [
      ...all.filter((route) => route.method === 'GET').slice(0, 3),
      ...all.filter((route) => route.method !== 'GET' && route.method !== 'HEAD').slice(0, 2),
    ]
    await db.query('create table fuzz_probe (n integer)')
  })
  afterAll(() => db.close())

  const run = (app: RequestHandler, requests = 10) =>
    runFuzz({ app, db, publicUrl: TEST_PUBLIC_URL, routes, credentials, knownIds: {}, seed: 9, requests })
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const refusal = new ApplicationError('FORBIDDEN', 'No').toBody()

  it('passes an app that refuses everything in the normalised shape, and counts every family', async () => {
    const report = await run({ request: () => json(403, refusal) }, 40)
    expect(report.failures).toEqual([])
    expect(report.requests).toBe(40)
    expect(report.refusalsChecked).toBe(40)
    expect(report.families.reduce((sum, family) => sum + family.refused, 0)).toBe(40)
  })

  it('reports every 5xx, with the seed and index to replay it', async () => {
    const report = await run({ request: () => json(500, refusal) }, 3)
    expect(report.failures.map((failure) => failure.problem)).toEqual(Array(3).fill('answered 500'))
    expect(describeFailure(report.failures[0]!, 9)).toContain('replay: FUZZ_SEED=9 FUZZ_ONLY=0')
  })

  it('reports an app that throws instead of answering', async () => {
    const report = await run({
      request: () => {
        throw new TypeError('boom')
      },
    })
    expect(report.failures[0]?.problem).toBe('the app threw: TypeError: boom')
  })

  it('reports error bodies outside the normalised shape, and API errors that are not JSON', async () => {
    const shapeless = await run({ request: () => json(400, { oops: true }) })
    expect(shapeless.failures.some((failure) => /outside the normalised shape/.test(failure.problem))).toBe(
      true,
    )
    const html = await run(
      {
        request: () => new Response('<h1>no</h1>', { status: 404, headers: { 'content-type': 'text/html' } }),
      },
      routes.length,
    )
    expect(html.failures.some((failure) => /not JSON/.test(failure.problem))).toBe(true)
  })

  it('reports a 429 without a Retry-After of whole seconds, and passes one with it', async () => {
    const tooMany = new ApplicationError('TOO_MANY_REQUESTS', 'Too many requests').toBody()
    const bare = await run({ request: () => json(429, tooMany) }, 2)
    expect(bare.failures.map((failure) => failure.problem)).toEqual(
      Array(2).fill('answered 429 without a Retry-After of whole seconds (null)'),
    )
    const vague = await run(
      {
        request: () =>
          new Response(JSON.stringify(tooMany), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': 'soon' },
          }),
      },
      1,
    )
    expect(vague.failures[0]?.problem).toMatch(/without a Retry-After/)
    const told = await run(
      {
        request: () =>
          new Response(JSON.stringify(tooMany), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          }),
      },
      2,
    )
    expect(told.failures).toEqual([])
  })

  it('reports a refused request that changed data, naming the table', async () => {
    const report = await run(
      {
        async request() {
          await db.query('insert into fuzz_probe (n) values (1)')
          return json(400, refusal)
        },
      },
      1,
    )
    expect(report.failures[0]?.problem).toBe('a refused request (400) changed data: fuzz_probe (0 -> 1 rows)')
  })

  it('reports an answered GET that changed data, naming the table', async () => {
    const app = createApp({ db, publicUrl: TEST_PUBLIC_URL })
    const getRoutes = listFuzzRoutes(app.routeDefinitions, app.openApi as unknown as OpenApiDocument)
      .filter((route) => route.method === 'GET')
      .slice(0, 5)
    const report = await runFuzz({
      app: {
        async request(_input, init) {
          if (init.method === 'GET') await db.query('insert into fuzz_probe (n) values (3)')
          return json(200, {})
        },
      },
      db,
      publicUrl: TEST_PUBLIC_URL,
      routes: getRoutes,
      credentials,
      knownIds: {},
      seed: 9,
      requests: 20,
    })
    expect(report.failures.length).toBeGreaterThan(0)
    for (const failure of report.failures)
      expect(failure.problem).toMatch(/^a GET request \(200\) changed data: fuzz_probe \(\d+ -> \d+ rows\)$/)
  })

  it('lets an accepted request of an unsafe method change data', async () => {
    let writes = 0
    const report = await run(
      {
        async request(_input, init) {
          if (init.method !== 'GET' && init.method !== 'HEAD') {
            await db.query('insert into fuzz_probe (n) values (2)')
            writes++
          }
          return json(200, {})
        },
      },
      10,
    )
    expect(writes).toBeGreaterThan(0)
    expect(report.failures).toEqual([])
  })
})
