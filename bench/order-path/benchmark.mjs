// The order path alone, beside Vendure on one PostgreSQL server (issue 36, item 1): a new visitor adds
// two products to a cart, asks for shipping, checks out and pays (Aisle: its test card on the hosted
// checkout; Vendure: its dummy payment handler), 8 shoppers at once. Aisle and Vendure alternate over
// the rounds on the same server; each round reports orders per second, the CPU per order of the
// platform's process and of PostgreSQL (with its backends), and the statements PostgreSQL ran per order
// (pg_stat_statements, reset before each round). Part of `npm run bench -- order-path`.
import { cpus, loadavg } from 'node:os'
import pg from 'pg'
import { startPostgres } from '../../scripts/postgres.mjs'
import { cpuByPart, readProcesses } from '../funnel/process-cpu.mjs'
import {
  anonymousToken,
  firstShippingOption,
  payWithTestCard,
  placeOrder,
  readCheckoutForm,
  StepError,
} from '../funnel/shopper.mjs'
import { cpuProfileEnv, isProfiling, profileAround } from '../harness/cpu-profile.mjs'
import { ratio, startPlatform } from '../harness/load.mjs'
import { startVendure, VENDURE_VERSION } from '../harness/vendure.mjs'

export const name = 'order-path'
export const title = 'The order path beside Vendure'

const SHOPPERS = Number(process.env.ORDER_PATH_SHOPPERS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** `none` leaves Vendure out (a profile or a baseline run needs no peer); `vendure` (the default) measures it. */
const PEERS = process.env.ORDER_PATH_PEERS ?? 'vendure'
/**
 * A checkout of an earlier build (a directory holding `apps/platform` and the `node_modules` it runs
 * with) measured beside this one, on a database of its own on the same server, in alternating rounds:
 * a change's effect on CPU per order under the same load. `ORDER_PATH_BASELINE_LABEL` names it.
 */
const BASELINE = process.env.ORDER_PATH_BASELINE
const BASELINE_LABEL = process.env.ORDER_PATH_BASELINE_LABEL ?? 'baseline'
const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'Brooklyn',
  postalCode: '11201',
  addressLine: '5 Main St',
}
/** Transaction control and session settings: counted, and also reported apart. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set|reset|discard|start transaction|show)\b/i

/** A JSON answer of Aisle's, or a StepError. */
async function aisleJson(baseUrl, step, path, token, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200) throw new StepError(step, response.status, text)
  return JSON.parse(text)
}

/**
 * Two untracked products of the 10k seed, each with its first variant: what every Aisle shopper adds.
 * @returns {Promise<{ catalogItemId: string, options: { variantId: string } }[]>}
 */
async function aisleProducts(baseUrl) {
  const token = await anonymousToken(fetch, baseUrl)
  const page = await aisleJson(baseUrl, 'setup', '/stores/v1/products/query-platformized', token, {
    query: { filter: { 'stock.inStock': true }, paging: { limit: 100 } },
  })
  // Untracked stock, so that shoppers never sell a product out (the demo store's own products track it).
  const picked = (page.products ?? [])
    .filter(
      (product) =>
        product.manageVariants &&
        product.stock?.trackInventory === false &&
        product.variants?.[0]?.stock?.inStock !== false &&
        product.variants?.[0]?.stock?.trackQuantity === false,
    )
    .slice(0, 2)
  if (picked.length < 2) throw new Error('the 10k seed offered no two products with variants in stock')
  return picked.map((product) => ({
    catalogItemId: product.id,
    options: { variantId: product.variants[0].id },
  }))
}

/** One Aisle order: a visitor token, two adds, an estimate, a checkout, the hosted page, place and pay. */
async function aisleOrder(baseUrl, products) {
  const token = await anonymousToken(fetch, baseUrl)
  for (const catalogReference of products)
    await aisleJson(baseUrl, 'add-to-cart', '/ecom/v1/carts/current/add-to-cart', token, {
      lineItems: [{ catalogReference, quantity: 1 }],
    })
  const totals = await aisleJson(baseUrl, 'estimate', '/ecom/v1/carts/current/estimate-totals', token, {
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
  })
  const shippingOption = firstShippingOption(totals)
  const { checkoutId } = await aisleJson(
    baseUrl,
    'create-checkout',
    '/ecom/v1/carts/current/create-checkout',
    token,
    {
      channelType: 'WEB',
      email: 'shopper@example.com',
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      ...(shippingOption ? { selectedShippingOption: shippingOption } : {}),
    },
  )
  const form = await readCheckoutForm(fetch, baseUrl, checkoutId)
  await payWithTestCard(fetch, baseUrl, await placeOrder(fetch, baseUrl, checkoutId, form))
}

/** A Shop API call of Vendure's: its data, or a StepError (GraphQL errors and error results too). */
async function vendureCall(shopApi, step, session, query, variables) {
  const response = await fetch(shopApi, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  })
  session.token = response.headers.get('vendure-auth-token') ?? session.token
  const text = await response.text()
  const body = JSON.parse(text)
  const result = body.data && Object.values(body.data)[0]
  if (response.status !== 200 || body.errors || result?.errorCode)
    throw new StepError(step, response.status, text)
  return result
}

const ORDER_FIELDS = 'id code state totalWithTax'

/** What every Vendure shopper needs: two variants, the payment method's code. */
async function vendureSetup(shopApi) {
  const session = {}
  const products = await vendureCall(
    shopApi,
    'setup',
    session,
    '{ products(options: { take: 2, sort: { id: ASC } }) { items { variants { id } } } }',
  )
  const variantIds = products.items.map((product) => product.variants[0].id)
  // The sample store has 100 of each in stock, which 8 shoppers sell in seconds: the merchant restocks.
  const admin = { token: undefined }
  await vendureCall(
    shopApi.replace(/shop-api$/, 'admin-api'),
    'setup',
    admin,
    'mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }',
  )
  await vendureCall(
    shopApi.replace(/shop-api$/, 'admin-api'),
    'setup',
    admin,
    'mutation($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id stockOnHand } }',
    { input: variantIds.map((id) => ({ id, stockOnHand: 10_000_000 })) },
  )
  await vendureCall(
    shopApi,
    'setup',
    session,
    'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { id } } }',
    { id: variantIds[0] },
  )
  const methods = await vendureCall(
    shopApi,
    'setup',
    session,
    '{ eligiblePaymentMethods { code isEligible } }',
  )
  const paymentCode = methods.find((method) => method.isEligible)?.code
  if (variantIds.length < 2 || !paymentCode)
    throw new Error('Vendure’s sample store lacks products or a payment method')
  return { variantIds, paymentCode }
}

/**
 * One Vendure order, the calls its storefront starter makes: two adds (the first makes the session),
 * the customer, the address, the eligible shipping methods, one chosen, arranging payment, the payment.
 */
async function vendureOrder(shopApi, { variantIds, paymentCode }) {
  const session = {}
  const call = (step, query, variables) => vendureCall(shopApi, step, session, query, variables)
  for (const id of variantIds)
    await call(
      'add-to-cart',
      `mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
      { id },
    )
  await call(
    'customer',
    `mutation { setCustomerForOrder(input: { emailAddress: "shopper@example.com", firstName: "Sam", lastName: "Shopper" }) { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
  )
  await call(
    'address',
    `mutation { setOrderShippingAddress(input: { fullName: "Sam Shopper", streetLine1: "5 Main St", city: "Brooklyn", province: "NY", postalCode: "11201", countryCode: "US" }) { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
  )
  const methods = await call('estimate', '{ eligibleShippingMethods { id priceWithTax } }')
  await call(
    'shipping',
    `mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
    { id: [methods[0].id] },
  )
  await call(
    'arrange-payment',
    `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
  )
  const paid = await call(
    'pay',
    `mutation($code: String!) { addPaymentToOrder(input: { method: $code, metadata: {} }) { ... on Order { ${ORDER_FIELDS} } ... on ErrorResult { errorCode message } } }`,
    { code: paymentCode },
  )
  if (paid.state !== 'PaymentSettled') throw new StepError('pay', 200, JSON.stringify(paid))
}

/** `shoppers` loops of `order` for `seconds`: orders placed and the errors met (a few kept). */
async function drive(order, seconds) {
  const deadline = performance.now() + seconds * 1000
  let orders = 0
  const errors = []
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      while (performance.now() < deadline) {
        try {
          await order()
          orders++
        } catch (error) {
          errors.push(error.message)
        }
      }
    }),
  )
  return { orders, errors }
}

/** The statements each database ran since the last reset, all of them and without transaction control. */
async function statementsByDatabase(monitor) {
  const { rows } = await monitor.query(
    `select d.datname, s.query, s.calls::int as calls
     from pg_stat_statements s join pg_database d on d.oid = s.dbid`,
  )
  const counts = {}
  for (const row of rows) {
    counts[row.datname] ??= { all: 0, withoutControl: 0 }
    const entry = counts[row.datname]
    entry.all += row.calls
    if (!CONTROL.test(row.query)) entry.withoutControl += row.calls
  }
  return counts
}

/** One measured round of one platform: orders/s, CPU per order by part, statements per order. */
async function measureRound(label, order, { parts, database, monitor, log, profiled = [] }) {
  await monitor.query('select pg_stat_statements_reset()')
  const before = readProcesses()
  const { orders, errors } = await profileAround(profiled, () => drive(order, SECONDS), log)
  const cpu = cpuByPart(before, readProcesses(), parts)
  const statements = (await statementsByDatabase(monitor))[database] ?? { all: 0, withoutControl: 0 }
  const per = (value, digits = 10) => Math.round((value / Math.max(1, orders)) * digits) / digits
  const cpuMsPerOrder = Object.fromEntries(Object.entries(cpu).map(([part, ms]) => [part, per(ms)]))
  const figures = {
    ordersPerSecond: Math.round((orders / SECONDS) * 10) / 10,
    orders,
    errors: errors.length,
    cpuMsPerOrder: {
      ...cpuMsPerOrder,
      total: Math.round(Object.values(cpuMsPerOrder).reduce((sum, ms) => sum + ms, 0) * 10) / 10,
    },
    statementsPerOrder: { all: per(statements.all), withoutControl: per(statements.withoutControl) },
  }
  log(
    `${label}: ${figures.ordersPerSecond} orders/s, ${figures.errors} errors, CPU ms per order ` +
      `${JSON.stringify(figures.cpuMsPerOrder)}, statements per order ${JSON.stringify(figures.statementsPerOrder)}`,
  )
  if (errors.length > 0)
    throw new Error(`${label}: ${errors.length} orders failed, e.g. ${errors.slice(0, 2).join(' | ')}`)
  return figures
}

/** The round with the median CPU per order. */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.cpuMsPerOrder.total - b.cpuMsPerOrder.total)
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], rounds }
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const postgres = await startPostgres({
    log,
    settings: ["shared_preload_libraries = 'pg_stat_statements'", 'pg_stat_statements.max = 10000'],
  })
  let platform
  let baseline
  let vendure
  const monitor = new pg.Client({ connectionString: postgres.url })
  try {
    await monitor.connect()
    await monitor.query('create database bench_monitor')
    await monitor.end()
    const monitorUrl = new URL(postgres.url)
    monitorUrl.pathname = '/bench_monitor'
    const stats = new pg.Client({ connectionString: monitorUrl.href })
    await stats.connect()
    await stats.query('create extension pg_stat_statements')
    try {
      const env = {
        SEED: '10k',
        RATE_LIMITS: 'anonymousToken.ip=off',
        NODE_ENV: 'production',
        PAYMENTS_TEST_PROVIDER: 'on',
        ...cpuProfileEnv(),
      }
      platform = await startPlatform({ ...env, DATABASE_URL: postgres.url }, log)
      const postgresPart = (_pid, process) => process.command.includes(postgres.dir)
      const products = await aisleProducts(platform.url)
      /** Each contender: its order, its processes, its database; measured in this order every round. */
      const contenders = [
        {
          key: 'aisle',
          label: 'Aisle',
          order: () => aisleOrder(platform.url, products),
          parts: { platform: (pid) => pid === platform.pid, postgres: postgresPart },
          database: 'postgres',
          profiled: [platform.pid],
        },
      ]
      if (BASELINE) {
        await stats.query('create database baseline')
        const baselineUrl = new URL(postgres.url)
        baselineUrl.pathname = '/baseline'
        baseline = await startPlatform({ ...env, DATABASE_URL: baselineUrl.href }, log, {
          root: BASELINE,
          label: BASELINE_LABEL,
        })
        const baselineProducts = await aisleProducts(baseline.url)
        contenders.push({
          key: 'baseline',
          label: `Aisle, ${BASELINE_LABEL}`,
          order: () => aisleOrder(baseline.url, baselineProducts),
          parts: { platform: (pid) => pid === baseline.pid, postgres: postgresPart },
          database: 'baseline',
          profiled: [baseline.pid],
        })
      }
      if (PEERS !== 'none') {
        vendure = await startVendure({ postgres, log })
        const peer = await vendureSetup(vendure.shopApi)
        contenders.push({
          key: 'vendure',
          label: `Vendure ${VENDURE_VERSION}`,
          order: () => vendureOrder(vendure.shopApi, peer),
          parts: { platform: (pid) => pid === vendure.pid, postgres: postgresPart },
          database: 'vendure',
        })
      }
      // Warm-up: JIT, plans, caches, the first sessions.
      for (const contender of contenders) await drive(contender.order, Math.max(2, SECONDS / 3))
      const rounds = Object.fromEntries(contenders.map((contender) => [contender.key, []]))
      for (let round = 1; round <= ROUNDS; round++)
        for (const contender of contenders)
          rounds[contender.key].push(
            await measureRound(`${contender.label}, round ${round}`, contender.order, {
              ...contender,
              monitor: stats,
              log,
            }),
          )
      if (BASELINE) {
        const ours = medianRound(rounds.aisle)
        const theirs = medianRound(rounds.baseline)
        // Each round's pair ran back to back under about the same load: their ratio moves less than
        // either figure does on a shared machine.
        const pairs = rounds.aisle
          .map((round, index) =>
            ratio(round.cpuMsPerOrder.platform, rounds.baseline[index].cpuMsPerOrder.platform),
          )
          .sort((a, b) => a - b)
        log(
          `the platform's CPU per order against ${BASELINE_LABEL}, round by round: ${pairs.join(', ')} ` +
            `(median ${pairs[Math.floor((pairs.length - 1) / 2)]}×)`,
        )
        log(
          `this build ${ours.cpuMsPerOrder.total} ms CPU per order (platform ${ours.cpuMsPerOrder.platform}), ` +
            `${BASELINE_LABEL} ${theirs.cpuMsPerOrder.total} (platform ${theirs.cpuMsPerOrder.platform}): ` +
            `${ratio(ours.cpuMsPerOrder.total, theirs.cpuMsPerOrder.total)}× in total, ` +
            `${ratio(ours.cpuMsPerOrder.platform, theirs.cpuMsPerOrder.platform)}× for the platform; load average ${loadavg()
              .map((value) => value.toFixed(2))
              .join(', ')}`,
        )
      }
      if (PEERS === 'none' || BASELINE || isProfiling) {
        // A run without the peer, beside another build or under the profiler (which costs CPU itself) is
        // not the benchmark's figure: logged, not written to results/.
        return { keep: false }
      }
      const results = { aisle: medianRound(rounds.aisle), vendure: medianRound(rounds.vendure) }
      const loadAverage = loadavg().map((value) => Math.round(value * 100) / 100)
      const budget = { cpuMsPerOrder: 25, statementsPerOrder: 35 }
      return {
        figures: {
          task: `a new visitor adds two products, asks for shipping, checks out and pays; ${SHOPPERS} shoppers at once for ${SECONDS} s a round, Aisle and Vendure ${VENDURE_VERSION} alternating over ${ROUNDS} rounds on one PostgreSQL 15 server`,
          requests: {
            aisle:
              'visitor token, 2 adds, estimate, create checkout, hosted checkout page, place order, the test provider’s page, its pay press, the return: 10 requests',
            vendure:
              '2 addItemToOrder (the first makes the session), setCustomerForOrder, setOrderShippingAddress, eligibleShippingMethods, setOrderShippingMethod, transitionOrderToState, addPaymentToOrder (dummy handler, settled): 8 requests',
          },
          note: 'cpuMsPerOrder: user and system CPU from /proc of the platform process and of the PostgreSQL server with its backends, divided by the orders placed; statementsPerOrder from pg_stat_statements of the platform’s own database (all, and without transaction control and SET); each figure is the round with the median CPU per order, every round kept',
          shoppers: SHOPPERS,
          seconds: SECONDS,
          rounds: ROUNDS,
          loadAverage,
          // How Aisle's platform ran (decision 107: the bundle on Node 24, as deployed).
          platformRuntime: platform.runtime,
          results,
          ratios: {
            vendureCpuOfAisle: ratio(results.vendure.cpuMsPerOrder.total, results.aisle.cpuMsPerOrder.total),
            aisleOrdersOfVendure: ratio(results.aisle.ordersPerSecond, results.vendure.ordersPerSecond),
            vendureStatementsOfAisle: ratio(
              results.vendure.statementsPerOrder.all,
              results.aisle.statementsPerOrder.all,
            ),
          },
          issue36: {
            note: 'issue 36 as filed: Aisle 51 ms CPU per order (platform 26.8, PostgreSQL 24.3), 68 statements for its 10 requests; Vendure 381 ms, 404 statements',
            aisle: { cpuMsPerOrder: 51, statementsPerOrder: 68 },
            vendure: { cpuMsPerOrder: 381, statementsPerOrder: 404 },
          },
          budget,
          budgetMet: {
            cpu: results.aisle.cpuMsPerOrder.total <= budget.cpuMsPerOrder,
            statements: results.aisle.statementsPerOrder.all <= budget.statementsPerOrder,
          },
        },
        chart: {
          title,
          subtitle: [
            `A new visitor adds two products, asks for shipping, checks out and pays; ${SHOPPERS} shoppers, ${SECONDS} s a round, ${ROUNDS} rounds alternating.`,
            'CPU milliseconds per order: the platform’s process and PostgreSQL with its backends, one server for both.',
            `Load average ${loadAverage[0]} on ${cpus().length} cores at the end: compare bars within one run only.`,
          ],
          series: [{ name: 'platform' }, { name: 'PostgreSQL' }],
          rows: [
            {
              label: 'Aisle',
              details: [`${results.aisle.statementsPerOrder.all} statements per order`],
              isOurs: true,
              values: [results.aisle.cpuMsPerOrder.platform, results.aisle.cpuMsPerOrder.postgres],
              note: `${results.aisle.cpuMsPerOrder.total} ms · ${results.aisle.ordersPerSecond} orders/s`,
            },
            {
              label: `Vendure ${VENDURE_VERSION}`,
              details: [`${results.vendure.statementsPerOrder.all} statements per order`],
              values: [results.vendure.cpuMsPerOrder.platform, results.vendure.cpuMsPerOrder.postgres],
              note: `${results.vendure.cpuMsPerOrder.total} ms · ${results.vendure.ordersPerSecond} orders/s`,
            },
          ],
        },
      }
    } finally {
      await stats.end()
    }
  } finally {
    await platform?.stop()
    await baseline?.stop()
    await vendure?.stop()
    await postgres.stop()
  }
}
