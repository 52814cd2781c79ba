// The catalogue's hot read under load: a page of 50 products with a filter and a sort, on the 10k
// seed preset, at 50 connections, on PostgreSQL (and PGlite, the one-process default), beside a bare
// node:http server that answers the same bytes in the same run: the floor of this machine and client.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startPostgres } from '../../scripts/postgres.mjs'
import { repoRoot, startService } from '../../scripts/processes.mjs'
import { waitForHttp } from '../../scripts/wait-for-http.mjs'
import { findPackageVersion } from '../harness/results.mjs'

export const name = 'catalogue-query'
export const title = 'Catalogue query under load'

const CLIENT_ID = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const query = {
  query: {
    filter: { price: { $gte: 20, $lte: 150 }, 'stock.inStock': true },
    sort: [{ fieldName: 'price', order: 'ASC' }],
    paging: { limit: 50, offset: 100 },
  },
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startPlatform(env, log) {
  const port = await findFreePort()
  const service = startService(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', SEED: '10k', ...env },
    label: 'platform',
  })
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/health`, { timeoutMs: 180_000 })
  log(`platform on ${url} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), 10k preset seeded`)
  return {
    url,
    async stop() {
      service.signal('SIGTERM')
      await service.exited
    },
  }
}

async function visitorToken(url) {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: CLIENT_ID, grantType: 'anonymous' }),
  })
  return (await response.json()).access_token
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/stores/v1/products/query-platformized`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(query),
        connections: CONNECTIONS,
        duration: SECONDS,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    totalRequests: result.requests.total,
  }
}

async function measurePlatform(label, env, log) {
  const platform = await startPlatform(env, log)
  try {
    const token = await visitorToken(platform.url)
    const probe = await fetch(`${platform.url}/stores/v1/products/query-platformized`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(query),
    })
    const bytes = Buffer.from(await probe.arrayBuffer())
    const body = JSON.parse(bytes.toString())
    if (body.products?.length !== 50)
      throw new Error(`expected a full page of 50, got ${bytes.toString().slice(0, 200)}`)
    await load(platform.url, { authorization: token }) // warm-up: JIT, plans, caches
    const figures = summarise(await load(platform.url, { authorization: token }))
    log(
      `${label}: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms`,
    )
    return { figures, bytes }
  } finally {
    await platform.stop()
  }
}

async function measureBare(bytes, log) {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length })
      response.end(bytes)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}`
  try {
    await load(url, {})
    const figures = summarise(await load(url, {}))
    log(
      `bare node:http: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms`,
    )
    return figures
  } finally {
    server.close()
  }
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const postgres = await startPostgres({ log })
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-pglite-'))
  try {
    const onPostgres = await measurePlatform('Aisle on PostgreSQL', { DATABASE_URL: postgres.url }, log)
    const onPglite = await measurePlatform('Aisle on PGlite', { DATA_DIR: dataDir }, log)
    const bare = await measureBare(onPostgres.bytes, log)
    const budget = { p50Ms: 10, p99Ms: 50, requestsPerSecond: 2000 }
    const pg = onPostgres.figures
    return {
      figures: {
        task: 'POST /stores/v1/products/query-platformized: 50 products, price range and in-stock filter, price sort, offset 100, 10,042 products',
        note: 'one query repeated: after the first request the catalogue read cache answers; each request still checks its token in the database',
        connections: CONNECTIONS,
        seconds: SECONDS,
        responseBytes: onPostgres.bytes.length,
        versions: { autocannon: findPackageVersion('autocannon'), node: process.version },
        results: { aislePostgres: pg, aislePglite: onPglite.figures, bareNodeHttp: bare },
        ratios: {
          postgresThroughputOfBare: Math.round((pg.requestsPerSecond / bare.requestsPerSecond) * 100) / 100,
          pgliteThroughputOfBare:
            Math.round((onPglite.figures.requestsPerSecond / bare.requestsPerSecond) * 100) / 100,
        },
        budget,
        budgetMet: {
          p50: pg.latencyMs.p50 <= budget.p50Ms,
          p99: pg.latencyMs.p99 <= budget.p99Ms,
          throughput: pg.requestsPerSecond >= budget.requestsPerSecond,
        },
      },
      chart: {
        title,
        subtitle: [
          `A page of 50 of 10,042 products, filtered and sorted; ${CONNECTIONS} connections for ${SECONDS} s (autocannon), after a warm-up.`,
          'The same query each time, so after the first the versioned read cache answers it (a token check per request remains).',
          'Requests per second; the bare node:http server answers the same bytes without any work: the ceiling here.',
        ],
        series: [{ name: 'requests per second' }],
        rows: [
          {
            label: 'bare node:http',
            details: ['same response bytes'],
            values: [bare.requestsPerSecond],
            note: `${bare.requestsPerSecond} req/s · p99 ${bare.latencyMs.p99} ms`,
          },
          {
            label: 'Aisle on PostgreSQL 15',
            details: ['pg pool of 10'],
            isOurs: true,
            values: [pg.requestsPerSecond],
            note: `${pg.requestsPerSecond} req/s · p50 ${pg.latencyMs.p50} · p99 ${pg.latencyMs.p99} ms`,
          },
          {
            label: 'Aisle on PGlite',
            details: ['embedded, one connection'],
            isOurs: true,
            values: [onPglite.figures.requestsPerSecond],
            note: `${onPglite.figures.requestsPerSecond} req/s · p50 ${onPglite.figures.latencyMs.p50} · p99 ${onPglite.figures.latencyMs.p99} ms`,
          },
        ],
      },
    }
  } finally {
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
