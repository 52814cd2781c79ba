// The catalogue's hot read under load: a page of 50 products with a filter and a sort, on the 10k
// seed preset, at 50 connections, on PostgreSQL (and PGlite, the one-process default), beside a bare
// node:http server that answers the same bytes in the same run: the floor of this machine and client.
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
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

/** What Node's fetch (so the SDK on a server) and browsers say they accept. */
const CLIENT_ENCODINGS = 'gzip, deflate'

/** The query request, as autocannon sends it, with `headers` added. */
function queryRequest(headers) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(query),
    connections: CONNECTIONS,
  }
}

/** The raw answer to one query (bytes as sent, undecoded) and its content encoding. */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}${QUERY_PATH}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(JSON.stringify(query))
  })
}

/** Loads the platform with each client: one that takes gzip (as fetch and browsers do) and one that does not. */
async function measurePlatform(label, env, log) {
  const platform = await startPlatform({ SEED: '10k', ...env }, log)
  try {
    const token = await visitorToken(platform.url)
    const plain = await probe(platform.url, { authorization: token })
    const body = JSON.parse(plain.bytes.toString())
    if (body.products?.length !== 50)
      throw new Error(`expected a full page of 50, got ${plain.bytes.toString().slice(0, 200)}`)
    const gzipped = await probe(platform.url, { authorization: token, 'accept-encoding': CLIENT_ENCODINGS })
    if (gzipped.encoding !== 'gzip' || !gunzipSync(gzipped.bytes).equals(plain.bytes))
      throw new Error(`expected the same answer gzipped, got encoding ${gzipped.encoding}`)
    const measure = async (headers, what) => {
      const options = {
        ...queryRequest({ authorization: token, ...headers }),
        url: `${platform.url}${QUERY_PATH}`,
      }
      await load(options) // warm-up: JIT, plans, caches
      const figures = summarise(await load(options))
      log(describe(`${label}, ${what}`, figures))
      return figures
    }
    return {
      figures: await measure({ 'accept-encoding': CLIENT_ENCODINGS }, 'gzip'),
      identityFigures: await measure({}, 'identity'),
      bytes: plain.bytes,
      gzippedBytes: gzipped.bytes,
    }
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
    const bare = await measureBare(
      onPostgres.gzippedBytes,
      queryRequest({ 'accept-encoding': CLIENT_ENCODINGS }),
      log,
      { 'content-encoding': 'gzip' },
    )
    const bareIdentity = await measureBare(onPostgres.bytes, queryRequest({}), log)
    const budget = { p50Ms: 10, p99Ms: 50, requestsPerSecond: 2000 }
    const pg = onPostgres.figures
    return {
      figures: {
        task: 'POST /stores/v1/products/query-platformized: 50 products, price range and in-stock filter, price sort, offset 100, 10,042 products',
        note: 'one query repeated: after the first request the catalogue read cache answers (its bytes gzipped once) and the public-read callers know the token and the site (decision 017), so a request costs no statement. Measured with Accept-Encoding: gzip, deflate as Node fetch and browsers send it; identityResults are the same runs for a client that takes no encoding',
        connections: CONNECTIONS,
        seconds: SECONDS,
        responseBytes: onPostgres.gzippedBytes.length,
        identityResponseBytes: onPostgres.bytes.length,
        versions: { autocannon: findPackageVersion('autocannon'), node: process.version },
        results: { aislePostgres: pg, aislePglite: onPglite.figures, bareNodeHttp: bare },
        identityResults: {
          aislePostgres: onPostgres.identityFigures,
          aislePglite: onPglite.identityFigures,
          bareNodeHttp: bareIdentity,
        },
        ratios: {
          postgresThroughputOfBare: ratio(pg.requestsPerSecond, bare.requestsPerSecond),
          pgliteThroughputOfBare: ratio(onPglite.figures.requestsPerSecond, bare.requestsPerSecond),
          postgresIdentityThroughputOfBare: ratio(
            onPostgres.identityFigures.requestsPerSecond,
            bareIdentity.requestsPerSecond,
          ),
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
          'The same query each time, so after the first the versioned read cache answers it, and the token and site are known in process (no statement).',
          'The client accepts gzip, as Node fetch and browsers do; the cache gzips each answer once.',
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
