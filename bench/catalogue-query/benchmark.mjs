// The catalogue's hot read under load: a page of 50 products with a filter and a sort, on the 10k
// seed preset, at 50 connections, on PostgreSQL (and PGlite, the one-process default), beside a bare
// node:http server that answers the same bytes in the same run: the floor of this machine and client.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgres } from '../../scripts/postgres.mjs'
import {
  describe,
  load,
  loadChartRows,
  measureBare,
  ratio,
  SECONDS,
  startPlatform,
  summarise,
  visitorToken,
} from '../harness/load.mjs'
import { findPackageVersion } from '../harness/results.mjs'

export const name = 'catalogue-query'
export const title = 'Catalogue query under load'

const CONNECTIONS = 50
const QUERY_PATH = '/stores/v1/products/query-platformized'
const query = {
  query: {
    filter: { price: { $gte: 20, $lte: 150 }, 'stock.inStock': true },
    sort: [{ fieldName: 'price', order: 'ASC' }],
    paging: { limit: 50, offset: 100 },
  },
}

/** The query request, as autocannon sends it, with `headers` added. */
function queryRequest(headers) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(query),
    connections: CONNECTIONS,
  }
}

async function measurePlatform(label, env, log) {
  const platform = await startPlatform({ SEED: '10k', ...env }, log)
  try {
    const token = await visitorToken(platform.url)
    const probe = await fetch(`${platform.url}${QUERY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(query),
    })
    const bytes = Buffer.from(await probe.arrayBuffer())
    const body = JSON.parse(bytes.toString())
    if (body.products?.length !== 50)
      throw new Error(`expected a full page of 50, got ${bytes.toString().slice(0, 200)}`)
    const options = { ...queryRequest({ authorization: token }), url: `${platform.url}${QUERY_PATH}` }
    await load(options) // warm-up: JIT, plans, caches
    const figures = summarise(await load(options))
    log(describe(label, figures))
    return { figures, bytes }
  } finally {
    await platform.stop()
  }
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const postgres = await startPostgres({ log })
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-pglite-'))
  try {
    const onPostgres = await measurePlatform('Aisle on PostgreSQL', { DATABASE_URL: postgres.url }, log)
    const onPglite = await measurePlatform('Aisle on PGlite', { DATA_DIR: dataDir }, log)
    const bare = await measureBare(onPostgres.bytes, queryRequest({}), log)
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
          postgresThroughputOfBare: ratio(pg.requestsPerSecond, bare.requestsPerSecond),
          pgliteThroughputOfBare: ratio(onPglite.figures.requestsPerSecond, bare.requestsPerSecond),
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
        rows: loadChartRows({ bare, postgres: pg, pglite: onPglite.figures }),
      },
    }
  } finally {
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
