// Faults survived by the scale-out topology (nginx, 2 platform processes, a primary and its replica),
// each test printing its figures. Run with `node --test scripts/faults/`; about 2 minutes.
// The replica stopped (reads fall back to the primary) is proved by scripts/topology/topology.test.mjs
// ("keeps answering catalogue reads on the read-only host when the replica stops").
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { driveFunnel } from '../../bench/funnel/drive.mjs'
import { findCollectionIds, runShopper } from '../../bench/funnel/shopper.mjs'
import { startTopology } from '../topology/start-topology.mjs'

const figures = {}

describe('faults survived by the topology', { timeout: 600_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startTopology>>} */
  let topology
  let merchant
  const query = (sql, params) => withPrimary(topology.primary.url, (client) => client.query(sql, params))

  before(async () => {
    topology = await startTopology({
      processes: 2,
      // Generated products track no stock, so shoppers never run a product out.
      seed: '10k',
      env: { RATE_LIMITS: 'anonymousToken.ip=off' },
      log: (line) => console.log(line),
    })
    merchant = await createMerchantKey(topology.primary.url)
  })

  after(async () => {
    if (topology) await topology.stop()
    console.log(`fault figures: ${JSON.stringify(figures)}`)
  })

  /** A webhook receiver on `port` (0: a free one) recording each delivery's webhook-id. */
  async function startReceiver(received, port = 0) {
    const server = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        received.push(request.headers['webhook-id'])
        response.end('ok')
      })
    })
    await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
    return server
  }

  async function subscribe(port) {
    const response = await fetch(`${topology.mainUrl}/webhooks/v1/endpoints`, {
      method: 'POST',
      headers: { ...merchant, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, eventTypes: ['order.created'] }),
    })
    const text = await response.text()
    assert.equal(response.status, 200, text)
    return JSON.parse(text).endpoint.id
  }

  async function deliveries(endpointId) {
    const { rows } = await query(
      `select count(*)::int as deliveries, count(*) filter (where status = 'DELIVERED')::int as delivered,
              array_agg(event_id::text) as "eventIds"
         from webhook_deliveries where endpoint_id = $1`,
      [endpointId],
    )
    return rows[0]
  }

  it('loses no acknowledged write, places no order twice and delivers every event when a process is SIGKILLed under load', async () => {
    const received = []
    const receiver = await startReceiver(received)
    try {
      const endpointId = await subscribe(receiver.address().port)
      const adds = []
      const orders = []
      const [, victim] = topology.platforms
      const faults = (async () => {
        await sleep(4_000)
        victim.kill('SIGKILL')
        await sleep(4_000)
        await victim.start()
      })()
      const load = await driveFunnel({
        baseUrl: topology.mainUrl,
        shoppers: 4,
        seconds: 14,
        onAcknowledged: (write) => (write.kind === 'add' ? adds : orders).push(write),
      })
      await faults
      const cartIds = adds.map((write) => write.cartId)
      const { rows: kept } = await query(
        `select count(*)::int as kept from unnest($1::uuid[]) as acked(id)
          where exists (select 1 from carts c where c.id = acked.id)
             or exists (select 1 from checkouts k where k.cart_id = acked.id)`,
        [cartIds],
      )
      const checkoutIds = orders.map((write) => write.checkoutId)
      const { rows: placed } = await query(
        'select count(*)::int as orders from orders where checkout_id = any($1::uuid[])',
        [checkoutIds],
      )
      const { rows: twice } = await query(
        'select count(*)::int as checkouts from (select checkout_id from orders group by checkout_id having count(*) > 1) t',
      )
      const countEvents = () =>
        query(
          `select count(*)::int as events from events e
            where e.type = 'order.created' and e.created_date >= (select created_date from webhook_endpoints where id = $1)`,
          [endpointId],
        )
      // Every event fanned out into a delivery, and every delivery delivered (or the time is up).
      await waitFor(async () => {
        const counts = await deliveries(endpointId)
        const { rows } = await countEvents()
        return counts.deliveries >= rows[0].events && counts.delivered === counts.deliveries
      }, 90_000).catch(() => {})
      const counts = await deliveries(endpointId)
      const { rows: events } = await countEvents()
      figures.sigkill = {
        funnelsCompleted: load.funnels,
        failedSteps: load.errors.length,
        failedStatuses: countBy(load.errors.map((error) => `${error.step} ${error.status}`)),
        acknowledgedAdds: cartIds.length,
        addsFoundAfterwards: kept[0].kept,
        acknowledgedOrders: checkoutIds.length,
        ordersFound: placed[0].orders,
        checkoutsWithTwoOrders: twice[0].checkouts,
        orderEvents: events[0].events,
        deliveries: counts.deliveries,
        delivered: counts.delivered,
        receipts: received.length,
        distinctWebhookIds: new Set(received).size,
      }
      console.log(`SIGKILL under load: ${JSON.stringify(figures.sigkill)}`)
      assert.ok(load.funnels > 0)
      assert.equal(kept[0].kept, cartIds.length)
      assert.equal(placed[0].orders, checkoutIds.length)
      assert.equal(twice[0].checkouts, 0)
      assert.equal(counts.deliveries, events[0].events)
      assert.equal(new Set(received).size, counts.deliveries)
    } finally {
      receiver.close()
    }
  })

  it('delivers every event once its receiver, down for a while, is back', async () => {
    const received = []
    const probe = await startReceiver(received)
    const port = probe.address().port
    const endpointId = await subscribe(port)
    await new Promise((resolve) => probe.close(resolve))
    const collectionIds = await findCollectionIds(fetch, topology.mainUrl)
    const placed = 3
    for (let index = 0; index < placed; index++)
      await runShopper({ fetch, baseUrl: topology.mainUrl, collectionIds })
    // Down while the first attempts fail (the first retry waits 30 s ± 20 %).
    await waitFor(async () => {
      const { rows } = await query(
        `select count(*)::int as failed from webhook_deliveries where endpoint_id = $1 and attempt_count > 0 and status = 'PENDING'`,
        [endpointId],
      )
      return rows[0].failed === placed
    }, 30_000)
    const receiver = await startReceiver(received, port)
    const back = performance.now()
    try {
      await waitFor(async () => (await deliveries(endpointId)).delivered === placed, 90_000)
      const counts = await deliveries(endpointId)
      figures.receiverDown = {
        events: placed,
        deliveries: counts.deliveries,
        delivered: counts.delivered,
        receipts: received.length,
        distinctWebhookIds: new Set(received).size,
        deliveredSecondsAfterBack: Math.round((performance.now() - back) / 100) / 10,
      }
      console.log(`receiver down: ${JSON.stringify(figures.receiverDown)}`)
      assert.equal(counts.deliveries, placed)
      assert.equal(new Set(received).size, placed)
    } finally {
      receiver.close()
    }
  })
})

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function countBy(values) {
  const counts = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

async function waitFor(condition, timeoutMs = 30_000, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await condition()) return
    await sleep(intervalMs)
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

/** A merchant API key of the demo site with the webhooks permission, stored hashed as the platform does. */
function createMerchantKey(primaryUrl) {
  const key = `aisle_key_${randomBytes(32).toString('base64url')}`
  return withPrimary(primaryUrl, async (client) => {
    const { rows } = await client.query(
      `insert into api_keys (id, site_id, name, key_hash, permissions, created_date)
       select gen_random_uuid(), id, 'fault suite', $1, array['webhooks'], now()
         from sites order by created_date limit 1
       returning site_id`,
      [createHash('sha256').update(key).digest('base64url')],
    )
    return { authorization: key, 'aisle-site-id': rows[0].site_id }
  })
}
