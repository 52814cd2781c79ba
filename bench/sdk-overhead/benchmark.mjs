// SDK overhead: what a client adds to each call beyond `fetch` + `response.json()`, with Aisle and with
// @wix/sdk (the client the spec mirrors), on the same stubbed answers in the same process.
import { loadavg } from 'node:os'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { ensureSdkBuild } from '../harness/ensure-sdk-build.mjs'
import { findPackageVersion } from '../harness/results.mjs'
import { fixtures } from './fixtures.mjs'

export const name = 'sdk-overhead'
export const title = 'SDK per-call overhead'

/** Issue 3's budgets: fixed cost, cost relative to JSON.parse of the body, and the margin over Wix. */
const budgets = { fixedMicros: 20, overheadVsParse: 0.35, wixOverAisle: 10 }

const cases = [
  { id: 'small', label: 'fixed cost (1-line cart)', body: fixtures.small, callsPerRound: 1000 },
  { id: 'cart', label: '50-line cart', body: fixtures.cart, callsPerRound: 60 },
  { id: 'page', label: '100-product page', body: fixtures.page, callsPerRound: 8 },
]
const rounds = 45

// A full collection before each contender's round, so that no contender pays for the garbage of the
// one before it; the collections its own calls cause stay in its time.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc')

/**
 * For each answer, times `JSON.parse` of the body, a bare `fetch` + `response.json()` on the stub, and
 * the same read through each SDK, in rounds of many sequential calls. Contenders alternate within
 * every round, each after a full garbage collection. An SDK's overhead is the median over rounds of
 * (its time - the bare time of the same round): pairing within a round cancels the slow swings of a
 * shared machine's load. Times per contender are medians over rounds too.
 * @param {{ log: (line: string) => void }} context
 * @throws {Error} when a client does not read the fixture as expected (so no figure is made up)
 */
export async function run({ log }) {
  await ensureSdkBuild(log)
  let body = fixtures.small
  const headers = { 'content-type': 'application/json', 'x-request-id': 'bench' }
  // Both SDKs get this same function as their `fetch`; each call answers the current fixture afresh.
  const stubFetch = async () => new Response(body, { status: 200, headers })

  const aisle = await createAisleClient(stubFetch)
  const wix = await createWixClient(stubFetch)
  const readers = {
    small: {
      bare: bare('https://shop.example.com/ecom/v1/carts/current'),
      aisle: () => aisle.currentCart.getCurrentCart(),
      wix: () => wix.currentCart.getCurrentCart(),
    },
    cart: {
      bare: bare('https://shop.example.com/ecom/v1/carts/current'),
      aisle: () => aisle.currentCart.getCurrentCart(),
      wix: () => wix.currentCart.getCurrentCart(),
    },
    page: {
      bare: bare('https://shop.example.com/stores/v1/products/query-platformized'),
      aisle: () => aisle.products.queryProducts().limit(100).find(),
      wix: () => wix.products.queryProducts().limit(100).find(),
    },
  }
  function bare(url) {
    return async () => (await stubFetch(url, { method: 'GET' })).json()
  }

  const results = []
  for (const testCase of cases) {
    body = testCase.body
    const read = readers[testCase.id]
    await check(testCase.id, read)
    const contenders = {
      parse: () => JSON.parse(body),
      bare: read.bare,
      aisle: read.aisle,
      wix: read.wix,
    }
    const { micros, overhead } = await measure(contenders, testCase.callsPerRound)
    const result = {
      id: testCase.id,
      label: testCase.label,
      bodyBytes: Buffer.byteLength(body),
      jsonParseMicros: round(micros.parse),
      bareFetchAndJsonMicros: round(micros.bare),
      aisle: {
        callMicros: round(micros.aisle),
        overheadMicros: round(overhead.aisle),
        overheadVsJsonParse: round(overhead.aisle / micros.parse, 3),
      },
      wix: {
        callMicros: round(micros.wix),
        overheadMicros: round(overhead.wix),
        overheadVsJsonParse: round(overhead.wix / micros.parse, 3),
      },
      wixOverAisle: round(overhead.wix / Math.max(overhead.aisle, 0.01), 1),
    }
    results.push(result)
    log(
      `${testCase.label.padEnd(26)} parse ${fmt(micros.parse)} µs · Aisle +${fmt(overhead.aisle)} µs (${result.aisle.overheadVsJsonParse}×) · Wix +${fmt(overhead.wix)} µs (${result.wix.overheadVsJsonParse}×) · Wix/Aisle ${result.wixOverAisle}×`,
    )
  }

  const [small, cart, page] = results
  const verdicts = {
    fixedCost: {
      budgetMicros: budgets.fixedMicros,
      aisleMicros: small.aisle.overheadMicros,
      met: small.aisle.overheadMicros <= budgets.fixedMicros,
    },
    overheadVsJsonParse: {
      budget: budgets.overheadVsParse,
      cart: cart.aisle.overheadVsJsonParse,
      page: page.aisle.overheadVsJsonParse,
      met:
        Math.max(cart.aisle.overheadVsJsonParse, page.aisle.overheadVsJsonParse) <= budgets.overheadVsParse,
    },
    wixOverAisle: {
      budget: budgets.wixOverAisle,
      cart: cart.wixOverAisle,
      page: page.wixOverAisle,
      met: Math.min(cart.wixOverAisle, page.wixOverAisle) >= budgets.wixOverAisle,
    },
  }
  const versions = {
    '@aisle/sdk': findPackageVersion('@aisle/sdk'),
    '@wix/sdk': findPackageVersion('@wix/sdk'),
    '@wix/ecom': findPackageVersion('@wix/ecom'),
    '@wix/stores': findPackageVersion('@wix/stores'),
  }

  return {
    figures: {
      unit: 'microseconds per call (medians over rounds)',
      method: `stubbed fetch answering the fixture; ${rounds} rounds, a full GC before each contender's round; overhead = SDK call - (fetch + response.json())`,
      loadAverage: loadavg().map((load) => round(load, 2)),
      budgets: verdicts,
      versions,
      results,
    },
    chart: {
      title: 'SDK per-call overhead beyond fetch + response.json() (smaller is better)',
      subtitle: [
        'Same stubbed answers, same process; median of rounds. Fixed cost on a 1-line cart;',
        `a 50-line cart (${kb(cart.bodyBytes)}) and a 100-product page (${kb(page.bodyBytes)}) also as a multiple of JSON.parse of the body.`,
      ],
      series: [{ name: 'overhead (µs)' }],
      rows: results.flatMap((result) => [
        {
          label: `Aisle · ${result.label}`,
          details: [`@aisle/sdk ${versions['@aisle/sdk']}`],
          isOurs: true,
          values: [Math.max(0, result.aisle.overheadMicros)],
          note:
            result.id === 'small'
              ? `+${fmt(result.aisle.overheadMicros)} µs per call (budget ${budgets.fixedMicros})`
              : `+${fmt(result.aisle.overheadMicros)} µs · ${result.aisle.overheadVsJsonParse}× JSON.parse`,
        },
        {
          label: `Wix · ${result.label}`,
          details: [`@wix/sdk ${versions['@wix/sdk']}, ecom, stores`],
          values: [Math.max(0, result.wix.overheadMicros)],
          note:
            result.id === 'small'
              ? `+${fmt(result.wix.overheadMicros)} µs per call · ${result.wixOverAisle}× Aisle`
              : `+${fmt(result.wix.overheadMicros)} µs · ${result.wix.overheadVsJsonParse}× · ${result.wixOverAisle}× Aisle`,
        },
      ]),
    },
  }
}

async function createAisleClient(fetch) {
  const { OAuthStrategy, createClient, createMemoryTokenStorage, currentCart, products } = await import(
    '@aisle/sdk'
  )
  const tokens = {
    accessToken: { value: 'access', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
    refreshToken: { value: 'refresh', role: 'visitor' },
  }
  return createClient({
    auth: OAuthStrategy({ clientId: 'bench', tokenStorage: createMemoryTokenStorage(tokens) }),
    modules: { currentCart, products },
    baseUrl: 'https://shop.example.com',
    fetch,
  })
}

async function createWixClient(fetch) {
  const { OAuthStrategy, createClient } = await import('@wix/sdk')
  const { currentCart } = await import('@wix/ecom')
  const { products } = await import('@wix/stores')
  const tokens = {
    accessToken: { value: 'access', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
    refreshToken: { value: 'refresh', role: 'visitor' },
  }
  return createClient({
    auth: OAuthStrategy({ clientId: 'bench', tokens }),
    modules: { currentCart, products },
    fetch,
  })
}

// Both clients must read the fixture whole before their time means anything.
async function check(id, read) {
  const expected = { small: 1, cart: 50, page: 100 }[id]
  for (const [who, call] of [
    ['Aisle', read.aisle],
    ['Wix', read.wix],
  ]) {
    const answer = await call()
    const items = id === 'page' ? answer.items : answer.lineItems
    if (items?.length !== expected) {
      throw new Error(`${who} read ${items?.length} items of the ${id} fixture instead of ${expected}`)
    }
  }
}

async function measure(contenders, callsPerRound) {
  const samples = Object.fromEntries(Object.keys(contenders).map((key) => [key, []]))
  const warmUp = Math.max(callsPerRound * 2, 20)
  for (const call of Object.values(contenders)) for (let i = 0; i < warmUp; i++) await call()
  for (let round = 0; round < rounds; round++) {
    for (const [key, call] of Object.entries(contenders)) {
      collectGarbage()
      const started = performance.now()
      for (let i = 0; i < callsPerRound; i++) await call()
      samples[key].push(((performance.now() - started) * 1000) / callsPerRound)
    }
  }
  const micros = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]))
  const pairedOverhead = (key) => median(samples[key].map((value, index) => value - samples.bare[index]))
  return { micros, overhead: { aisle: pairedOverhead('aisle'), wix: pairedOverhead('wix') } }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function round(value, digits = 1) {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function fmt(micros) {
  return micros >= 1000 ? `${(micros / 1000).toFixed(2)}k` : micros.toFixed(1)
}

function kb(bytes) {
  return `${(bytes / 1000).toFixed(0)} kB`
}
