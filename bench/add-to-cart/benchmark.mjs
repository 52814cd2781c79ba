// The cart's hot write under load: 20 visitors, each adding to its own cart as fast as it can, on
// PostgreSQL (and PGlite, the one-process default), beside a bare node:http server that reads the same
// request and answers the same bytes in the same run: the ceiling of this machine and client.
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

export const name = 'add-to-cart'
export const title = 'Add to cart under load'

const CONNECTIONS = 20
const ADD_PATH = '/ecom/v1/carts/current/add-to-cart'
/** Lines each cart holds before the measured adds, so answers carry a realistic cart. */
const LINES_BEFORE = 3

const addBody = (productId) =>
  JSON.stringify({ lineItems: [{ catalogReference: { catalogItemId: productId }, quantity: 1 }] })

/** Products a visitor can add without choosing a variant. */
async function simpleProducts(url, token) {
  const response = await fetch(`${url}/stores/v1/products/query-platformized`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query: { filter: { 'stock.inStock': true }, paging: { limit: 100 } } }),
  })
  const products = ((await response.json()).products ?? []).filter((product) => !product.manageVariants)
  if (products.length < LINES_BEFORE + 1)
    throw new Error(`expected at least ${LINES_BEFORE + 1} products without variants, got ${products.length}`)
  return products.map((product) => product.id)
}

async function add(url, token, productId) {
  const response = await fetch(`${url}${ADD_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: addBody(productId),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200) throw new Error(`add to cart answered ${response.status}: ${bytes}`)
  return bytes
}

/**
 * One visitor per connection, each with a cart of `LINES_BEFORE` lines; each request adds one unit of
 * the connection's own product to its own cart (so carts never contend, as with real shoppers).
 */
async function prepareVisitors(url) {
  const products = await simpleProducts(url, await visitorToken(url))
  const visitors = []
  let sample
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const token = await visitorToken(url)
    for (let line = 0; line < LINES_BEFORE; line += 1) await add(url, token, products[line])
    const productId = products[LINES_BEFORE + (index % (products.length - LINES_BEFORE))]
    sample = await add(url, token, productId)
    visitors.push({ token, body: addBody(productId) })
  }
  return { visitors, sample }
}

/** autocannon options that give each connection its own visitor. */
function perVisitor(visitors) {
  let next = 0
  return {
    method: 'POST',
    connections: CONNECTIONS,
    setupClient(client) {
      const visitor = visitors[next++ % visitors.length]
      client.setHeadersAndBody(
        { 'content-type': 'application/json', authorization: visitor.token },
        Buffer.from(visitor.body),
      )
    },
  }
}

async function measurePlatform(label, env, log) {
  const platform = await startPlatform(env, log)
  try {
    const { visitors, sample } = await prepareVisitors(platform.url)
    const options = { ...perVisitor(visitors), url: `${platform.url}${ADD_PATH}` }
    await load(options) // warm-up: JIT, plans, pool
    const figures = summarise(await load(options))
    if (figures.non2xx > 0 || figures.errors > 0)
      throw new Error(`${label}: ${figures.non2xx} answers were not 2xx and ${figures.errors} failed`)
    log(describe(label, figures))
    return { figures, sample, requestBytes: visitors[0].body.length }
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
      onPostgres.sample,
      {
        method: 'POST',
        connections: CONNECTIONS,
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(onPostgres.requestBytes),
      },
      log,
    )
    const budget = { p99Ms: 30, requestsPerSecond: 1500 }
    const pg = onPostgres.figures
    const pglite = onPglite.figures
    return {
      figures: {
        task: `POST ${ADD_PATH}: one unit of a product to a visitor's own cart of ${LINES_BEFORE + 1} lines; one visitor per connection`,
        note: "each add reads the cart with its lines, checking the access token in the same statement, prices it with the products the process keeps at the site's catalogue version, then writes the change and its cart.updated event in one statement that applies only if the cart is unchanged since the read, and answers the whole cart; every request checks its token in the database",
        connections: CONNECTIONS,
        seconds: SECONDS,
        responseBytes: onPostgres.sample.length,
        versions: { autocannon: findPackageVersion('autocannon'), node: process.version },
        results: { aislePostgres: pg, aislePglite: pglite, bareNodeHttp: bare },
        ratios: {
          postgresThroughputOfBare: ratio(pg.requestsPerSecond, bare.requestsPerSecond),
          pgliteThroughputOfBare: ratio(pglite.requestsPerSecond, bare.requestsPerSecond),
        },
        budget,
        budgetMet: {
          p99: pg.latencyMs.p99 <= budget.p99Ms,
          throughput: pg.requestsPerSecond >= budget.requestsPerSecond,
        },
      },
      chart: {
        title,
        subtitle: [
          `${CONNECTIONS} visitors, each adding to its own cart of ${LINES_BEFORE + 1} lines, for ${SECONDS} s (autocannon), after a warm-up.`,
          'Each add is two statements: the read (with the token check) and the write with its event, applied only if the cart is unchanged since the read.',
          'Requests per second; the bare node:http server answers the same bytes without any work: the ceiling here.',
        ],
        series: [{ name: 'requests per second' }],
        rows: loadChartRows({ bare, postgres: pg, pglite: pglite }),
      },
    }
  } finally {
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
