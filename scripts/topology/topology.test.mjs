// The scale-out topology, end to end through nginx: two platform processes on a primary and its
// streaming replica, and the storefront behind nginx's page cache. Run with `node --test scripts/topology/`
// (npm run test:topology); about 30 s.
import assert from 'node:assert/strict'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { findDemoClientId } from '../demo-client-id.mjs'
import { describeReplication, waitForReplay } from './replicated-postgres.mjs'
import { startTopology } from './start-topology.mjs'

const figures = {}

describe('the scale-out topology (nginx, 2 platform processes, a primary and its replica)', {
  timeout: 300_000,
}, () => {
  /** @type {Awaited<ReturnType<typeof startTopology>>} */
  let topology
  let merchant
  let productId

  before(async () => {
    topology = await startTopology({
      processes: 2,
      // A low per-account login limit, to see one counter shared by both processes.
      env: { RATE_LIMITS: 'login.account=4/600' },
      storefront: true,
      log: (line) => console.log(line),
    })
    figures.startSeconds = round(topology.figures.startSeconds)
    figures.replicaCatchUpAfterSeedMs = round(topology.figures.replicaCatchUpMs)
    merchant = await createMerchantKey(topology.primary.url)
    productId = await findProductId(topology.primary.url, 'meadow-notebook')
  })

  after(async () => {
    if (!topology) return
    const { stopSeconds } = await topology.stop()
    figures.stopSeconds = round(stopSeconds)
    console.log(`topology figures: ${JSON.stringify(figures)}`)
  })

  it('serves a visitor through the main host: a token, an add to cart, the cart', async () => {
    const token = await visitorToken(topology.mainUrl)
    const added = await call(topology.mainUrl, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      headers: { authorization: token },
      body: { lineItems: [{ quantity: 2, catalogReference: { catalogItemId: productId } }] },
    })
    assert.equal(added.status, 200, added.text)
    const cart = await call(topology.mainUrl, 'GET', '/ecom/v1/carts/current', {
      headers: { authorization: token },
    })
    assert.equal(cart.status, 200)
    assert.equal(cart.json.cart.lineItems[0].quantity, 2)
  })

  it('serves catalogue reads on the read-only host and refuses writes there with a 405 error body', async () => {
    const token = await visitorToken(topology.mainUrl)
    const page = await call(topology.readOnlyUrl, 'GET', '/stores/v1/products/query-platformized', {
      headers: { authorization: token },
    })
    assert.equal(page.status, 200)
    assert.ok(page.json.products.length > 0)
    const write = await call(topology.readOnlyUrl, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      headers: { authorization: token },
      body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId } }] },
    })
    assert.equal(write.status, 405)
    assert.equal(write.headers.get('allow'), 'GET, HEAD, OPTIONS')
    assert.equal(write.json.details.applicationError.code, 'METHOD_NOT_ALLOWED')
  })

  it('answers a first view of a product page from nginx’s page cache, a visitor with a cart past it', async () => {
    const path = '/products/classic-tee'
    const first = await fetch(`${topology.storefrontUrl}${path}`)
    const firstPage = await first.text()
    assert.equal(first.status, 200, firstPage.slice(0, 500))
    assert.match(first.headers.get('cache-control') ?? '', /^public, .*s-maxage=\d+/)
    assert.equal(first.headers.get('set-cookie'), null)
    assert.match(firstPage, /class="cart-link"[^>]*>Cart<\/a>/)
    await waitFor(async () => {
      const answer = await fetch(`${topology.storefrontUrl}${path}`)
      await answer.text()
      return answer.headers.get('x-cache-status') === 'HIT'
    })
    // A visitor's first add (the page's own form, as without script) makes their session: theirs is drawn
    // for them, with the count, and never comes from the cache.
    const form = new URLSearchParams({ quantity: '1' })
    for (const [, name, options] of firstPage.matchAll(
      /<select\b[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g,
    )) {
      const value = /<option\b[^>]*\bvalue="([^"]+)"(?![^>]*disabled)/.exec(options)?.[1]
      if (value) form.set(name, value)
    }
    for (const [tag] of firstPage.matchAll(/<input\b[^>]*type="radio"[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1]
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1]
      if (name && value !== undefined && !form.has(name) && !/\bdisabled/.test(tag)) form.set(name, value)
    }
    const added = await fetch(`${topology.storefrontUrl}${path}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: topology.storefrontUrl },
    })
    await added.text()
    const session = added.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('aisle_session='))
      ?.split(';')[0]
    assert.ok(session, `the add answered ${added.status} with a session cookie`)
    const own = await fetch(`${topology.storefrontUrl}${path}`, { headers: { cookie: session } })
    const ownPage = await own.text()
    assert.equal(own.headers.get('x-cache-status'), 'BYPASS')
    assert.equal(own.headers.get('cache-control'), 'private, no-cache')
    assert.match(ownPage, /Cart \(1\)/)
    const shared = await fetch(`${topology.storefrontUrl}${path}`)
    assert.doesNotMatch(await shared.text(), /Cart \(\d+\)/)
  })

  it('takes turns among the processes', async () => {
    const marker = `/health?turn=${randomUUID()}`
    for (let index = 0; index < 6; index++)
      assert.equal((await call(topology.mainUrl, 'GET', marker)).status, 200)
    const upstreams = new Set(accessLogLines(topology, marker).map((line) => line.split(' ').at(-2)))
    assert.deepEqual(
      [...upstreams].sort(),
      topology.platforms.map((platform) => `127.0.0.1:${platform.port}`).sort(),
    )
  })

  it('answers an idempotent write replayed on another process with the first answer', async () => {
    const token = await visitorToken(topology.mainUrl)
    const [first, second] = topology.platforms
    const request = {
      headers: { authorization: token, 'idempotency-key': randomUUID() },
      body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId } }] },
    }
    const original = await call(first.url, 'POST', '/ecom/v1/carts/current/add-to-cart', request)
    const replayed = await call(second.url, 'POST', '/ecom/v1/carts/current/add-to-cart', request)
    assert.equal(original.status, 200)
    assert.equal(replayed.status, 200)
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true')
    assert.equal(replayed.text, original.text)
    const cart = await call(topology.mainUrl, 'GET', '/ecom/v1/carts/current', {
      headers: { authorization: token },
    })
    assert.equal(cart.json.cart.lineItems[0].quantity, 1)
  })

  it('keeps a dashboard session made on one process on the other', async () => {
    const [first, second] = topology.platforms
    const form = await fetch(`${first.url}/dashboard/login`)
    const loginCookies = cookiesOf(form)
    const page = await form.text()
    assert.equal(form.status, 200, page.slice(0, 500))
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1]
    assert.ok(csrf, `the sign-in form carries a CSRF token: ${page.slice(0, 2000)}`)
    const signedIn = await fetch(`${first.url}/dashboard/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: loginCookies },
      body: new URLSearchParams({ email: 'owner@demo.aisle.dev', password: 'aisle-demo-owner', csrf }),
    })
    assert.equal(signedIn.status, 303)
    const session = cookiesOf(signedIn)
    const elsewhere = await fetch(`${second.url}/dashboard/products`, {
      redirect: 'manual',
      headers: { cookie: session },
    })
    assert.equal(elsewhere.status, 200)
    const anonymous = await fetch(`${second.url}/dashboard/products`, { redirect: 'manual' })
    assert.equal(anonymous.status, 303)
    assert.match(anonymous.headers.get('location') ?? '', /\/dashboard\/login/)
  })

  it('counts a rate limit once for both processes', async () => {
    const email = `nobody-${randomUUID()}@example.com`
    const statuses = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await call(topology.mainUrl, 'POST', '/identity/v2/login', {
        body: { loginId: { email }, password: 'not the password' },
      })
      statuses.push(answer.status)
    }
    assert.ok(
      statuses.slice(0, 4).every((status) => status !== 429),
      statuses.join(' '),
    )
    assert.equal(statuses[4], 429)
    const upstreams = new Set(
      accessLogLines(topology, '/identity/v2/login').map((line) => line.split(' ').at(-2)),
    )
    assert.equal(upstreams.size, 2)
  })

  it('delivers each webhook event once per endpoint with a delivery worker in every process', async () => {
    const received = []
    const receiver = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        received.push(request.headers['webhook-id'])
        response.end('ok')
      })
    })
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const endpoint = await call(topology.mainUrl, 'POST', '/webhooks/v1/endpoints', {
        headers: merchant,
        body: { url: `http://127.0.0.1:${receiver.address().port}/hooks`, eventTypes: ['product.changed'] },
      })
      assert.equal(endpoint.status, 200, endpoint.text)
      // Changes of twelve products: deliveries that both processes' workers may claim at once.
      const productIds = await listProductIds(topology.primary.url, 12)
      const changes = productIds.length
      await Promise.all(
        productIds.map(async (id, index) => {
          const patched = await call(topology.mainUrl, 'PATCH', `/stores/v1/products/${id}`, {
            headers: merchant,
            body: { product: { description: `change ${index}` } },
          })
          assert.equal(patched.status, 200, patched.text)
        }),
      )
      const endpointId = endpoint.json.endpoint.id
      await waitFor(
        async () => (await countDeliveries(topology.primary.url, endpointId)).delivered === changes,
      )
      const counts = await countDeliveries(topology.primary.url, endpointId)
      assert.deepEqual(counts, { deliveries: changes, delivered: changes, attempts: changes })
      assert.equal(received.length, changes)
      assert.equal(new Set(received).size, changes)
      figures.webhookDeliveries = { events: changes, received: received.length }
    } finally {
      receiver.close()
    }
  })

  it('shows another caller a change on the read-only host once the replica has replayed it', async () => {
    const visitor = await visitorToken(topology.mainUrl)
    const name = `Renamed ${randomUUID().slice(0, 8)}`
    const patched = await call(topology.mainUrl, 'PATCH', `/stores/v1/products/${productId}`, {
      headers: merchant,
      body: { product: { name } },
    })
    assert.equal(patched.status, 200)
    const started = performance.now()
    // Another caller: as soon as the replica has replayed the change (or the read falls back).
    await waitFor(async () => {
      const read = await call(topology.readOnlyUrl, 'GET', `/stores/v1/products/${productId}`, {
        headers: { authorization: visitor },
      })
      return read.json.product.name === name
    }, 10)
    figures.changeVisibleToOthersMs = round(performance.now() - started)
    const [replication] = await describeReplication(topology.primary)
    assert.equal(replication?.state, 'streaming')
    figures.replayLagMs = replication?.replayLagMs ?? 0
    // The writer, at once, through either process.
    for (let index = 0; index < 2; index++) {
      const own = await call(topology.readOnlyUrl, 'GET', `/stores/v1/products/${productId}`, {
        headers: merchant,
      })
      assert.equal(own.json.product.name, name)
    }
    figures.replayOfPrimaryInsertPositionMs = round(await waitForReplay(topology.primary, topology.replica))
  })

  it('keeps serving when a process is killed, and takes it back once it is restarted', async () => {
    const [, second] = topology.platforms
    second.kill('SIGKILL')
    const statuses = []
    for (let index = 0; index < 6; index++)
      statuses.push((await call(topology.mainUrl, 'GET', '/health')).status)
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200])
    await second.start()
    const marker = `/health?back=${randomUUID()}`
    await waitFor(async () => {
      await call(topology.mainUrl, 'GET', marker)
      return accessLogLines(topology, marker).some((line) => line.includes(`127.0.0.1:${second.port} `))
    })
  })

  it('keeps answering catalogue reads on the read-only host when the replica stops', async () => {
    const token = await visitorToken(topology.mainUrl)
    await topology.replica.stop()
    const statuses = []
    for (let index = 0; index < 10; index++) {
      const read = await call(topology.readOnlyUrl, 'GET', '/stores/v1/products/query-platformized', {
        headers: { authorization: token },
      })
      statuses.push(read.status)
    }
    assert.deepEqual(new Set(statuses), new Set([200]))
    figures.readsAfterReplicaStopped = {
      requests: statuses.length,
      failed: statuses.filter((s) => s !== 200).length,
    }
  })
})

function round(value) {
  return Math.round(value * 10) / 10
}

async function call(baseUrl, method, path, { headers = {}, body } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  let json
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** The cookies a response sets, as a `Cookie` header (emptied ones left out). */
function cookiesOf(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

async function visitorToken(baseUrl) {
  const answer = await call(baseUrl, 'POST', '/oauth2/token', {
    body: { clientId: findDemoClientId(), grantType: 'anonymous' },
  })
  assert.equal(answer.status, 200, answer.text)
  return answer.json.access_token
}

/** nginx's access-log lines of requests whose path holds `marker`. */
function accessLogLines(topology, marker) {
  return readFileSync(topology.nginx.accessLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes(marker))
}

async function waitFor(condition, intervalMs = 100, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`the condition did not hold within ${timeoutMs / 1000} s`)
}

async function withPrimary(url, fn) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * A merchant API key of the demo site with the catalogue and webhooks permissions, stored as
 * apps/platform/src/sites/api-key-store.ts stores one (its SHA-256, base64url).
 */
function createMerchantKey(primaryUrl) {
  const key = `aisle_key_${randomBytes(32).toString('base64url')}`
  return withPrimary(primaryUrl, async (client) => {
    const { rows } = await client.query(
      `insert into api_keys (id, site_id, name, key_hash, permissions, created_date)
       select gen_random_uuid(), id, 'topology test', $1, array['catalogue', 'webhooks'], now()
         from sites order by created_date limit 1
       returning site_id`,
      [createHash('sha256').update(key).digest('base64url')],
    )
    return { authorization: key, 'aisle-site-id': rows[0].site_id }
  })
}

function findProductId(primaryUrl, slug) {
  return withPrimary(primaryUrl, async (client) => {
    const { rows } = await client.query('select id from products where slug = $1', [slug])
    return rows[0].id
  })
}

function listProductIds(primaryUrl, count) {
  return withPrimary(primaryUrl, async (client) => {
    const { rows } = await client.query('select id from products order by slug limit $1', [count])
    return rows.map((row) => row.id)
  })
}

function countDeliveries(primaryUrl, endpointId) {
  return withPrimary(primaryUrl, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as deliveries,
              count(*) filter (where d.status = 'DELIVERED')::int as delivered,
              (select count(*)::int from webhook_delivery_attempts a
                 join webhook_deliveries w on w.id = a.delivery_id where w.endpoint_id = $1) as attempts
         from webhook_deliveries d where d.endpoint_id = $1`,
      [endpointId],
    )
    return rows[0]
  })
}
