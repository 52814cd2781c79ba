// The catalogue's hot read under load: a page of 50 products with a filter and a sort, on the 10k
// seed preset, at 50 connections, on PostgreSQL (and PGlite, the one-process default), asked through
// REST and through GraphQL for the same fields, beside a bare node:http server that answers the same
// bytes in the same run: the floor of this machine and client.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { startPostgres } from '../../scripts/postgres.mjs'
import { repoRoot } from '../../scripts/processes.mjs'
import { cpuByPart, readProcesses } from '../funnel/process-cpu.mjs'
import {
  describe,
  load,
  measureBare,
  ratio,
  SECONDS,
  startPlatform,
  summarise,
  visitorToken,
} from '../harness/load.mjs'
import { findPackageVersion, resultsDir } from '../harness/results.mjs'
import { startVendure, VENDURE_VERSION } from '../harness/vendure.mjs'

export const name = 'catalogue-query'
export const title = 'Catalogue query under load'

const CONNECTIONS = 50
/** Measured rounds of each entry point, alternating REST and GraphQL; the figure is the median round. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const QUERY_PATH = '/stores/v1/products/query-platformized'
const GRAPHQL_PATH = '/graphql/alpha'
const query = {
  query: {
    filter: { price: { $gte: 20, $lte: 150 }, 'stock.inStock': true },
    sort: [{ fieldName: 'price', order: 'ASC' }],
    paging: { limit: 50, offset: 100 },
  },
}

/** What Node's fetch (so the SDK on a server) and browsers say they accept. */
const CLIENT_ENCODINGS = 'gzip, deflate'

/**
 * The GraphQL document asking for every field REST answers (`graphql-document.mjs`, run by tsx from
 * the platform's folder so that it reads the platform's own schema).
 * @returns {Promise<string>}
 */
function graphQLDocument() {
  const script = join(repoRoot, 'bench', 'catalogue-query', 'graphql-document.mjs')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: join(repoRoot, 'apps', 'platform'),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let errors = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      errors += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`the GraphQL document failed: ${errors}`)),
    )
  })
}

/**
 * The peer's search path (its Shop API's `search`, served by DefaultSearchPlugin's SQL index): a page
 * of 50 in-stock products sorted by price with the fields a product card shows. Its sample store has
 * 54 products, 10 of them in the price range, so the range is left out to fill a page of 50.
 */
const VENDURE_SEARCH = {
  path: '/shop-api',
  body: JSON.stringify({
    query: `query Search($input: SearchInput!) {
  search(input: $input) {
    totalItems
    items {
      productId productName slug description sku currencyCode inStock
      productAsset { id preview focalPoint { x y } }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } }
      facetValueIds collectionIds
    }
  }
}`,
    variables: { input: { take: 50, skip: 0, inStock: true, groupByProduct: true, sort: { price: 'ASC' } } },
  }),
}

/**
 * A visitor's session on the peer, as its storefronts keep one (an anonymous session made by asking for
 * the active order), after checking that its search fills a page: `Bearer <token>`.
 */
async function vendureSessionToken(peer) {
  const ask = async (body, token) => {
    const response = await fetch(peer.shopApi, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body,
    })
    return { response, body: await response.json() }
  }
  const session = await ask(JSON.stringify({ query: '{ activeOrder { id } }' }))
  const token = session.response.headers.get('vendure-auth-token')
  if (!token) throw new Error('Vendure made no session for a visitor')
  const search = await ask(VENDURE_SEARCH.body, `Bearer ${token}`)
  if (search.body.data?.search?.items?.length !== 50)
    throw new Error(`Vendure's search answered ${JSON.stringify(search.body).slice(0, 200)}`)
  return `Bearer ${token}`
}

/** The two ways to ask the same question: their path and body. */
function entryPoints(document) {
  return {
    rest: { path: QUERY_PATH, body: JSON.stringify(query) },
    graphql: { path: GRAPHQL_PATH, body: JSON.stringify({ query: document, variables: query }) },
  }
}

/** The request of an entry point, as autocannon sends it, with `headers` added. */
function loadRequest(entry, headers) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: entry.body,
    connections: CONNECTIONS,
  }
}

/** The raw answer to one request (bytes as sent, undecoded) and its content encoding. */
function probe(url, entry, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}${entry.path}`,
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
    outgoing.end(entry.body)
  })
}

/** The JSON as REST sends it: GraphQL's nulls stand for the keys REST leaves out. */
function withoutNulls(value) {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])),
  )
}

/**
 * REST's answer without what the GraphQL document leaves out (`graphql-document.mjs`): each option
 * choice's media and each image's resolutions.
 */
function withoutUnasked(body) {
  const image = (value) => {
    if (!value) return value
    const { resolutions: _resolutions, ...rest } = value
    return rest
  }
  const item = (value) => ({
    ...value,
    ...(value.image ? { image: image(value.image) } : {}),
    ...(value.video ? { video: { ...value.video, posters: value.video.posters.map(image) } } : {}),
  })
  const media = (value) => ({
    ...value,
    ...(value.mainMedia ? { mainMedia: item(value.mainMedia) } : {}),
    items: value.items.map(item),
  })
  return {
    ...body,
    products: body.products.map((product) => ({
      ...product,
      media: media(product.media),
      productOptions: product.productOptions.map((option) => ({
        ...option,
        choices: option.choices.map(({ media: _media, ...choice }) => choice),
      })),
    })),
  }
}

/** The bytes of a probe, decoded. */
function decoded(answer) {
  return answer.encoding === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes
}

/**
 * Checks that both entry points answer the same page (GraphQL's, nulls left out, equal to REST's
 * whole answer) and that a gzip-accepting client gets the same bytes gzipped.
 */
async function checkAnswers(url, entries, token) {
  const rest = await probe(url, entries.rest, { authorization: token })
  const restBody = JSON.parse(rest.bytes.toString())
  if (restBody.products?.length !== 50)
    throw new Error(`expected a full page of 50, got ${rest.bytes.toString().slice(0, 200)}`)
  const restGzipped = await probe(url, entries.rest, {
    authorization: token,
    'accept-encoding': CLIENT_ENCODINGS,
  })
  if (restGzipped.encoding !== 'gzip' || !gunzipSync(restGzipped.bytes).equals(rest.bytes))
    throw new Error(`expected the same answer gzipped, got encoding ${restGzipped.encoding}`)
  const graphql = await probe(url, entries.graphql, { authorization: token })
  const graphqlBody = JSON.parse(graphql.bytes.toString())
  if (
    graphqlBody.errors ||
    !isDeepStrictEqual(withoutNulls(graphqlBody.data?.products), withoutUnasked(restBody))
  )
    throw new Error(`GraphQL answered otherwise than REST: ${graphql.bytes.toString().slice(0, 300)}`)
  const graphqlGzipped = await probe(url, entries.graphql, {
    authorization: token,
    'accept-encoding': CLIENT_ENCODINGS,
  })
  if (!decoded(graphqlGzipped).equals(graphql.bytes))
    throw new Error('GraphQL answered a gzip-accepting client otherwise')
  return { rest, restGzipped, graphql, graphqlGzipped }
}

/**
 * Loads the platform with each entry point, REST and GraphQL alternating over `ROUNDS` rounds for a
 * client that takes gzip (as fetch and browsers do), then once each for one that does not; each run
 * with the CPU time the platform process (and PostgreSQL, where it has its own) spent per request.
 */
async function measurePlatform(label, env, document, log, postgresDir, peer) {
  const platform = await startPlatform({ SEED: '10k', ...env }, log)
  try {
    const token = await visitorToken(platform.url)
    const entries = entryPoints(document)
    const answers = await checkAnswers(platform.url, entries, token)
    const parts = {
      platform: (pid) => pid === platform.pid,
      ...(postgresDir ? { postgres: (_pid, process) => process.command.includes(postgresDir) } : {}),
    }
    const measure = async (entry, headers, what, on = { url: platform.url, parts, token }) => {
      const options = {
        ...loadRequest(entry, { authorization: on.token, ...headers }),
        url: `${on.url}${entry.path}`,
      }
      const before = readProcesses()
      const result = await load(options)
      const cpu = cpuByPart(before, readProcesses(), on.parts)
      const figures = summarise(result)
      const perRequest = (ms) => Math.round((ms / Math.max(1, figures.totalRequests)) * 1000) / 1000
      figures.cpuMsPerRequest = Object.fromEntries(
        Object.entries(cpu).map(([part, ms]) => [part, perRequest(ms)]),
      )
      log(
        `${describe(on.label ? what : `${label}, ${what}`, figures)}, CPU ${Object.entries(
          figures.cpuMsPerRequest,
        )
          .map(([part, ms]) => `${part} ${ms}`)
          .join(' + ')} ms per request`,
      )
      return figures
    }
    const gzip = { 'accept-encoding': CLIENT_ENCODINGS }
    // Warm-up: JIT, plans, caches.
    for (const entry of Object.values(entries))
      await load({
        ...loadRequest(entry, { authorization: token, ...gzip }),
        url: `${platform.url}${entry.path}`,
      })
    // The peer on the same server, measured between Aisle's rounds: its process and PostgreSQL.
    const onPeer = peer && {
      url: peer.url,
      parts: { platform: (pid) => pid === peer.pid, postgres: parts.postgres },
      token: await vendureSessionToken(peer),
      label: 'Vendure',
    }
    if (onPeer)
      await load({
        ...loadRequest(VENDURE_SEARCH, { authorization: onPeer.token, ...gzip }),
        url: `${peer.url}${VENDURE_SEARCH.path}`,
      })
    const rounds = { rest: [], graphql: [], peer: [] }
    for (let round = 1; round <= ROUNDS; round++) {
      rounds.rest.push(await measure(entries.rest, gzip, `REST, gzip, round ${round}`))
      rounds.graphql.push(await measure(entries.graphql, gzip, `GraphQL, gzip, round ${round}`))
      if (onPeer)
        rounds.peer.push(
          await measure(
            VENDURE_SEARCH,
            gzip,
            `Vendure ${VENDURE_VERSION} search, gzip, round ${round}`,
            onPeer,
          ),
        )
    }
    return {
      ...(onPeer ? { peer: { ...medianRound(rounds.peer), rounds: rounds.peer } } : {}),
      rest: { ...medianRound(rounds.rest), rounds: rounds.rest },
      graphql: { ...medianRound(rounds.graphql), rounds: rounds.graphql },
      restIdentity: await measure(entries.rest, {}, 'REST, identity'),
      graphqlIdentity: await measure(entries.graphql, {}, 'GraphQL, identity'),
      answers,
    }
  } finally {
    await platform.stop()
  }
}

/** The round with the median requests per second. */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** CPU milliseconds per request of the platform and PostgreSQL together. */
function cpuOf(figures) {
  return Object.values(figures.cpuMsPerRequest).reduce((sum, ms) => sum + ms, 0)
}

/** An entry point of Aisle beside the peer's search: throughput and CPU per request, as ratios. */
function ofPeer(aisle, peer) {
  return {
    throughput: ratio(aisle.requestsPerSecond, peer.requestsPerSecond),
    cpuOfPeer: ratio(cpuOf(aisle), cpuOf(peer)),
  }
}

/** GraphQL beside REST on one platform: throughput and CPU per request, as ratios. */
function graphQLOfRest(measured) {
  const { rest, graphql } = measured
  return {
    throughput: ratio(graphql.requestsPerSecond, rest.requestsPerSecond),
    platformCpu: ratio(graphql.cpuMsPerRequest.platform, rest.cpuMsPerRequest.platform),
    cpu: ratio(cpuOf(graphql), cpuOf(rest)),
  }
}

/**
 * The chart: the ceiling, then each entry point on each database, from the figures the JSON keeps
 * (`results`, the median rounds), so that a committed run can be drawn again.
 */
export function chartOf(results, loadAverage) {
  const row = (label, details, figures) => ({
    label,
    details: [...details, `${Math.round(cpuOf(figures) * 1000) / 1000} ms CPU per request`],
    isOurs: true,
    values: [figures.requestsPerSecond],
    note: `${figures.requestsPerSecond} req/s · p99 ${figures.latencyMs.p99} ms`,
  })
  const bare = results.bareNodeHttp
  return {
    title,
    subtitle: [
      `A page of 50 of 10,042 products, filtered and sorted; ${CONNECTIONS} connections for ${SECONDS} s (autocannon), after a warm-up.`,
      'REST and GraphQL (REST’s fields, but two lists the cost limit refuses) alternate, the same query each time:',
      'after the first, the versioned read cache answers both.',
      'The client accepts gzip, as Node fetch and browsers do; the cache gzips each answer once.',
      'Requests per second; the bare node:http server answers the same bytes without any work: the ceiling here.',
      `Load average ${loadAverage[0]} on ${cpus().length} cores at the end of the run: compare bars within one run only.`,
    ],
    series: [{ name: 'requests per second' }],
    rows: [
      {
        label: 'bare node:http',
        details: ['same REST response bytes'],
        values: [bare.requestsPerSecond],
        note: `${bare.requestsPerSecond} req/s · p99 ${bare.latencyMs.p99} ms`,
      },
      row('REST, PostgreSQL 15', ['pg pool of 10'], results.aislePostgres),
      row('GraphQL, PostgreSQL 15', ['the same fields'], results.aisleGraphQLPostgres),
      row('REST, PGlite', ['embedded, one connection'], results.aislePglite),
      row('GraphQL, PGlite', ['the same fields'], results.aisleGraphQLPglite),
      ...(results.vendureSearchPostgres
        ? [
            {
              ...row(
                `Vendure ${VENDURE_VERSION} search`,
                ['sample store, same PostgreSQL'],
                results.vendureSearchPostgres,
              ),
              isOurs: false,
            },
          ]
        : []),
    ],
  }
}

/**
 * The figures of the run this one replaces (`results/catalogue-query.json` as it was), to keep beside
 * the new ones: each result's requests per second and CPU per request, with that run's date and load.
 */
function previousRun() {
  const path = join(resultsDir, `${name}.json`)
  if (!existsSync(path)) return undefined
  const previous = JSON.parse(readFileSync(path, 'utf8'))
  return {
    date: previous.date,
    loadAverage: previous.loadAverage,
    results: Object.fromEntries(
      Object.entries(previous.results ?? {}).map(([key, figures]) => [
        key,
        { requestsPerSecond: figures.requestsPerSecond, cpuMsPerRequest: figures.cpuMsPerRequest },
      ]),
    ),
    ratios: previous.ratios?.graphQLOfRest,
  }
}

/** Issue 36's run beside Vendure 3.7.3 (its search path), on one PostgreSQL server, as the issue quotes it. */
const ISSUE_36_FIGURES = {
  note: 'issue 36, measured side by side against Vendure 3.7.3 (its sample store) on one PostgreSQL server, alternating under the same load; not this benchmark (its own fields and load), so compare ratios only',
  aisleRestRequestsPerSecond: 405,
  aisleGraphQLRequestsPerSecond: 68,
  aisleGraphQLCpuMsPerRequest: { platform: 5.4, postgres: 3.0 },
  vendureSearchRequestsPerSecond: 62,
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const previous = previousRun()
  const document = await graphQLDocument()
  const postgres = await startPostgres({ log })
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-pglite-'))
  let vendure
  try {
    vendure = await startVendure({ postgres, log })
    const onPostgres = await measurePlatform(
      'Aisle on PostgreSQL',
      { DATABASE_URL: postgres.url },
      document,
      log,
      postgres.dir,
      vendure,
    )
    await vendure.stop()
    vendure = undefined
    const onPglite = await measurePlatform('Aisle on PGlite', { DATA_DIR: dataDir }, document, log)
    const { answers } = onPostgres
    const bare = await measureBare(
      answers.restGzipped.bytes,
      loadRequest(entryPoints(document).rest, { 'accept-encoding': CLIENT_ENCODINGS }),
      log,
      { 'content-encoding': 'gzip' },
    )
    const bareIdentity = await measureBare(
      answers.rest.bytes,
      loadRequest(entryPoints(document).rest, {}),
      log,
    )
    const budget = {
      p50Ms: 10,
      p99Ms: 50,
      requestsPerSecond: 2000,
      graphQLOfRest: { throughput: 1 / 1.5, cpu: 1.5 },
      graphQLOfVendureSearch: { throughput: 3 },
    }
    const pg = onPostgres.rest
    const loadAverage = loadavg().map((value) => Math.round(value * 100) / 100)
    const results = {
      aislePostgres: pg,
      aislePglite: onPglite.rest,
      aisleGraphQLPostgres: onPostgres.graphql,
      aisleGraphQLPglite: onPglite.graphql,
      vendureSearchPostgres: onPostgres.peer,
      bareNodeHttp: bare,
    }
    const ratios = {
      postgresThroughputOfBare: ratio(pg.requestsPerSecond, bare.requestsPerSecond),
      pgliteThroughputOfBare: ratio(onPglite.rest.requestsPerSecond, bare.requestsPerSecond),
      postgresIdentityThroughputOfBare: ratio(
        onPostgres.restIdentity.requestsPerSecond,
        bareIdentity.requestsPerSecond,
      ),
      graphQLOfRest: { postgres: graphQLOfRest(onPostgres), pglite: graphQLOfRest(onPglite) },
      ofVendureSearch: {
        rest: ofPeer(onPostgres.rest, onPostgres.peer),
        graphql: ofPeer(onPostgres.graphql, onPostgres.peer),
      },
    }
    const withinBudget = (of) =>
      of.throughput >= budget.graphQLOfRest.throughput && of.cpu <= budget.graphQLOfRest.cpu
    return {
      figures: {
        task: `POST /stores/v1/products/query-platformized: 50 products, price range and in-stock filter, price sort, offset 100, 10,042 products; and POST /graphql/alpha with the same query as a variable, selecting every field of the REST answer (its answer, nulls left out, equals REST’s); beside them, on the same PostgreSQL server between Aisle’s rounds, Vendure ${VENDURE_VERSION}’s Shop API search (DefaultSearchPlugin) for a page of 50 in-stock products of its 54-product sample store, sorted by price, with a visitor’s session`,
        note: 'one query repeated: after the first request the catalogue read cache answers (its bytes gzipped once) and the public-read callers know the token and the site (decision 017). REST and GraphQL alternate over the rounds; each figure is the round with the median requests per second (every round is kept). Measured with Accept-Encoding: gzip, deflate as Node fetch and browsers send it; identityResults are one run each for a client that takes no encoding. cpuMsPerRequest: user and system CPU of the platform process (and of the PostgreSQL server with its backends) during the run, from /proc, divided by the requests answered',
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        loadAverage,
        responseBytes: answers.restGzipped.bytes.length,
        identityResponseBytes: answers.rest.bytes.length,
        graphQLResponseBytes: answers.graphqlGzipped.bytes.length,
        graphQLIdentityResponseBytes: answers.graphql.bytes.length,
        graphQLDocumentCharacters: document.length,
        versions: {
          autocannon: findPackageVersion('autocannon'),
          graphql: findPackageVersion('graphql', join(repoRoot, 'apps', 'platform')),
          node: process.version,
        },
        results,
        identityResults: {
          aislePostgres: onPostgres.restIdentity,
          aislePglite: onPglite.restIdentity,
          aisleGraphQLPostgres: onPostgres.graphqlIdentity,
          aisleGraphQLPglite: onPglite.graphqlIdentity,
          bareNodeHttp: bareIdentity,
        },
        ratios,
        previous,
        issue36: ISSUE_36_FIGURES,
        budget,
        budgetMet: {
          p50: pg.latencyMs.p50 <= budget.p50Ms,
          p99: pg.latencyMs.p99 <= budget.p99Ms,
          throughput: pg.requestsPerSecond >= budget.requestsPerSecond,
          graphQLOfRestPostgres: withinBudget(ratios.graphQLOfRest.postgres),
          graphQLOfRestPglite: withinBudget(ratios.graphQLOfRest.pglite),
          graphQLOfVendureSearch:
            ratios.ofVendureSearch.graphql.throughput >= budget.graphQLOfVendureSearch.throughput,
        },
      },
      chart: chartOf(results, loadAverage),
    }
  } finally {
    await vendure?.stop()
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
