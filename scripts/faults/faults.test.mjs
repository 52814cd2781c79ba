// Faults survived by the scale-out topology (nginx, 2 platform processes, a primary and its replica),
// each test printing its figures. Run with `node --test scripts/faults/`; about 3 minutes.
// The replica stopped (reads fall back to the primary) is proved by scripts/topology/topology.test.mjs
// ("keeps answering catalogue reads on the read-only host when the replica stops"); a process draining
// on SIGTERM by draining.test.mjs beside this file.
import assert from 'node:assert/strict'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { driveFunnel } from '../../bench/funnel/drive.mjs'
import { DEMO_CLIENT_ID, findCollectionIds, runShopper } from '../../bench/funnel/shopper.mjs'
import { findFreePort } from '../free-port.mjs'
import { repoRoot } from '../processes.mjs'
import { describeReplication, waitForReplay } from '../topology/replicated-postgres.mjs'
import { startTopology } from '../topology/start-topology.mjs'

// A request that takes longer than this counts as hung.
const REQUEST_TIMEOUT_MS = 30_000
const reportFile = join(repoRoot, 'apps', 'platform', '.reports', 'faults.json')

const figures = {}

describe('faults survived by the topology', { timeout: 600_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startTopology>>} */
  let topology
  let merchant
  const query = (sql, params) => withPrimary(topology.primary.url, (client) => client.query(sql, params))

  // The SMTP server the platform sends to: nothing listens there until the SMTP test starts one.
  let smtpPort

  before(async () => {
    smtpPort = await findFreePort()
    topology = await startTopology({
      processes: 2,
      seed: '10k',
      env: { RATE_LIMITS: 'anonymousToken.ip=off', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      log: (line) => console.log(line),
    })
    // Generated products track no stock, but the demo store's tracked ones (3 to 11 units) also come up
    // in the shoppers' searches: they get more than the load can buy, so that no shopper meets a sold-out
    // refusal, a right answer but not one the faults cause. Sold-out ones stay sold out.
    await query('update products set quantity = 1000000 where quantity > 0')
    await query('update product_variants set quantity = 1000000 where quantity > 0')
    merchant = await createMerchantKey(topology.primary.url)
  })

  after(async () => {
    if (topology) await topology.stop()
    console.log(`fault figures: ${JSON.stringify(figures)}`)
    writeReport(figures)
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

  it('answers 503 with Retry-After while the primary restarts under load, then serves again with the same processes, losing no acknowledged write', async () => {
    const pids = topology.platforms.map((platform) => platform.pid())
    const collectionIds = await findCollectionIds(fetch, topology.mainUrl)
    const started = performance.now()
    const load = driveRecordedFunnel({
      baseUrl: topology.mainUrl,
      collectionIds,
      shoppers: 4,
      seconds: 20,
      started,
    })
    await sleep(5_000)
    const restartAt = performance.now() - started
    // Down for 3 s beyond its shutdown: long enough for every step of the funnel to meet it.
    const restart = await topology.primary.restart({ pauseMs: 3_000 })
    const backAt = restartAt + restart.downMs
    const { answers, adds, orders, funnelEnds } = await load

    const failed = answers.filter((answer) => !isAnswered(answer))
    // Every failure is the platform's own retryable answer: 503, Retry-After, and the normalised body (a
    // program's call) or the page that says to try again (a hosted page, such as the checkout's).
    const unclean = failed.filter(
      (answer) =>
        answer.status !== 503 ||
        !/^[1-9]\d*$/.test(answer.retryAfter ?? '') ||
        (answer.body?.details?.applicationError?.code !== 'DATABASE_UNAVAILABLE' &&
          !(typeof answer.body === 'string' && answer.body.startsWith('<!doctype html'))),
    )
    const { rows: kept } = await query(
      `select count(*)::int as kept from unnest($1::uuid[]) as acked(id)
        where exists (select 1 from carts c where c.id = acked.id)
           or exists (select 1 from checkouts k where k.cart_id = acked.id)`,
      [adds.map((write) => write.cartId)],
    )
    const { rows: placed } = await query(
      'select count(*)::int as orders from orders where checkout_id = any($1::uuid[])',
      [orders.map((write) => write.checkoutId)],
    )
    const { rows: twice } = await query(
      'select count(*)::int as checkouts from (select checkout_id from orders group by checkout_id having count(*) > 1) t',
    )
    // The replica reconnects to the restarted primary by itself and replays what it missed.
    const replicaWait = performance.now()
    await waitFor(async () => (await describeReplication(topology.primary))[0]?.state === 'streaming', 60_000)
    await waitForReplay(topology.primary, topology.replica, { timeoutMs: 60_000 })
    const replicaStreamingAgainMs = performance.now() - replicaWait
    const readiness = await Promise.all(
      topology.platforms.map(async (platform) => (await fetch(`${platform.url}/ready`)).status),
    )
    const firstWriteAfterBack = answers.find(
      (answer) => answer.at >= backAt && answer.method === 'POST' && isAnswered(answer),
    )
    figures.databaseRestart = {
      requests: answers.length,
      failedRequests: failed.length,
      failedByStatus: countBy(
        failed.map((answer) =>
          `${answer.status} ${answer.body?.details?.applicationError?.code ?? ''}`.trim(),
        ),
      ),
      failedByStep: countBy(failed.map((answer) => `${answer.method} ${answer.path}`)),
      uncleanFailures: unclean.length,
      slowestAnswerMs: Math.round(Math.max(...answers.map((answer) => answer.ms ?? 0))),
      primaryShutdownMs: Math.round(restart.stoppedMs),
      primaryDownMs: Math.round(restart.downMs),
      firstWriteAnsweredMsAfterBack: firstWriteAfterBack ? Math.round(firstWriteAfterBack.at - backAt) : null,
      funnelsBefore: funnelEnds.filter((end) => end < restartAt).length,
      funnelsDuring: funnelEnds.filter((end) => end >= restartAt && end < backAt).length,
      funnelsAfter: funnelEnds.filter((end) => end >= backAt).length,
      acknowledgedAdds: adds.length,
      addsFoundAfterwards: kept[0].kept,
      acknowledgedOrders: orders.length,
      ordersFound: placed[0].orders,
      checkoutsWithTwoOrders: twice[0].checkouts,
      platformProcessesRestarted: topology.platforms.filter(
        (platform, index) => platform.pid() !== pids[index],
      ).length,
      readyAfterwards: readiness,
      replicaStreamingAgainMs: Math.round(replicaStreamingAgainMs),
    }
    console.log(`database restarted under load: ${JSON.stringify(figures.databaseRestart)}`)
    assert.deepEqual(
      unclean.slice(0, 5),
      [],
      'every failed request answered 503 DATABASE_UNAVAILABLE with Retry-After',
    )
    assert.ok(
      failed.length > 0,
      'the load met the restart: some requests were refused while the primary was down',
    )
    assert.ok(
      figures.databaseRestart.funnelsAfter > 0,
      'shoppers completed funnels once the primary was back',
    )
    assert.deepEqual(
      topology.platforms.map((platform) => platform.pid()),
      pids,
      'no platform process was restarted',
    )
    assert.deepEqual(
      readiness,
      topology.platforms.map(() => 200),
    )
    assert.equal(kept[0].kept, adds.length)
    assert.equal(placed[0].orders, orders.length)
    assert.equal(twice[0].checkouts, 0)
  })

  it('delivers every mail once, later, when the SMTP server was down while they were sent', async () => {
    const token = await visitorToken(topology.mainUrl)
    const emails = Array.from({ length: 4 }, () => `smtp-down-${randomUUID()}@example.com`)
    const requested = performance.now()
    for (const email of emails) {
      const password = randomBytes(18).toString('base64url')
      const registered = await call(topology.mainUrl, 'POST', '/identity/v2/register', {
        token,
        body: { loginId: { email }, password },
      })
      assert.equal(registered.status, 200, registered.text)
      // A password-recovery mail, sent through the outbox by whichever process's mail worker claims it.
      const recovery = await call(topology.mainUrl, 'POST', '/identity/v1/send-email', {
        token,
        body: { email },
      })
      assert.equal(recovery.status, 200, recovery.text)
    }
    const outbox = async () =>
      (
        await query(
          `select recipient, status, attempt_count as "attemptCount", last_error as "lastError",
                  extract(epoch from (sent_date - created_date))::float8 as "delaySeconds"
             from mail_outbox where recipient = any($1::text[])`,
          [emails],
        )
      ).rows
    // Down while every mail's first attempt fails (the first retry waits 30 s ± 20 %).
    await waitFor(async () => {
      const rows = await outbox()
      return rows.length >= emails.length && rows.every((row) => row.attemptCount >= 1 && row.lastError)
    }, 30_000)
    const failedFirst = await outbox()
    assert.ok(failedFirst.every((row) => row.status === 'PENDING'))
    const received = []
    const receiver = await startSmtpReceiver(smtpPort, received)
    const back = performance.now()
    try {
      await waitFor(async () => (await outbox()).every((row) => row.status === 'SENT'), 90_000)
      const deliveredAfterBack = performance.now() - back
      // Three more worker rounds: a second copy of any mail would arrive now.
      await sleep(3_000)
      const rows = await outbox()
      // Only this test's mails count: the order confirmations of the earlier faults' funnels are queued too.
      const ours = received.filter((mail) => mail.to.some((to) => emails.includes(to)))
      const perRecipient = countBy(ours.flatMap((mail) => mail.to))
      figures.smtpDown = {
        mails: rows.length,
        received: ours.length,
        recipientsWithOneMail: emails.filter((email) => perRecipient[email] === 1).length,
        failedAttemptsBeforeDelivery: rows.map((row) => row.attemptCount - 1),
        deliveredSecondsAfterBack: Math.round(deliveredAfterBack / 100) / 10,
        delaySecondsFromRequest: Math.round(Math.max(...rows.map((row) => row.delaySeconds)) * 10) / 10,
        downSecondsBeforeBack: Math.round((back - requested) / 100) / 10,
      }
      console.log(`SMTP server down: ${JSON.stringify(figures.smtpDown)}`)
      assert.equal(rows.length, emails.length)
      assert.ok(
        rows.every((row) => row.attemptCount >= 2),
        'each mail failed at least once before it left',
      )
      assert.equal(ours.length, emails.length)
      assert.deepEqual(
        emails.map((email) => perRecipient[email]),
        emails.map(() => 1),
      )
      assert.ok(
        ours.every((mail) => /recover|password/i.test(mail.subject)),
        ours.map((mail) => mail.subject).join('; '),
      )
    } finally {
      await receiver.close()
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

/** Whether a recorded answer is a success: 2xx, or a redirect (the place-order form answers 303). */
function isAnswered(answer) {
  return typeof answer.status === 'number' && answer.status < 400
}

/**
 * The funnel load of bench/funnel with every request recorded: when it was sent (ms after `started`),
 * how long it took, its status and, for a failure, its Retry-After and body. A request that takes
 * longer than REQUEST_TIMEOUT_MS is recorded as `timeout`, one that gets no answer as `network`.
 */
async function driveRecordedFunnel({ baseUrl, collectionIds, shoppers, seconds, started }) {
  const answers = []
  const adds = []
  const orders = []
  const funnelEnds = []
  const recordedFetch = async (url, init = {}) => {
    const sent = performance.now()
    const answer = {
      at: sent - started,
      method: init.method ?? 'GET',
      path: new URL(url).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id'),
    }
    answers.push(answer)
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      answer.status = response.status
      if (response.status >= 400) {
        answer.retryAfter = response.headers.get('retry-after') ?? undefined
        const text = await response.clone().text()
        try {
          answer.body = JSON.parse(text)
        } catch {
          answer.body = text.slice(0, 200)
        }
      }
      answer.ms = performance.now() - sent
      return response
    } catch (error) {
      answer.ms = performance.now() - sent
      answer.status = error?.name === 'TimeoutError' ? 'timeout' : 'network'
      throw error
    }
  }
  const deadline = started + seconds * 1000
  const shopper = async () => {
    while (performance.now() < deadline) {
      try {
        await runShopper({
          fetch: recordedFetch,
          baseUrl,
          collectionIds,
          onAcknowledged: (write) => (write.kind === 'add' ? adds : orders).push(write),
        })
        funnelEnds.push(performance.now() - started)
      } catch {
        // The failed request is recorded; the shopper starts again as a new visitor.
        await sleep(50)
      }
    }
  }
  await Promise.all(Array.from({ length: shoppers }, shopper))
  return { answers, adds, orders, funnelEnds }
}

/** An SMTP server on 127.0.0.1:`port` that keeps each mail's recipients and subject. */
async function startSmtpReceiver(port, received) {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        })
        callback()
      })
    },
  })
  await new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { close: () => new Promise((resolve) => server.close(() => resolve(undefined))) }
}

async function call(baseUrl, method, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, text: await response.text() }
}

async function visitorToken(baseUrl) {
  const answer = await call(baseUrl, 'POST', '/oauth2/token', {
    body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
  })
  assert.equal(answer.status, 200, answer.text)
  return JSON.parse(answer.text).access_token
}

/**
 * The faults as families for the security report (scripts/security-report.mjs reads `families`):
 * per fault, the requests or mails it met, those refused and those that went through.
 */
function writeReport(figures) {
  const families = []
  if (figures.sigkill)
    families.push({
      family: 'platform process SIGKILLed under load (funnels)',
      tried: figures.sigkill.funnelsCompleted + figures.sigkill.failedSteps,
      refused: figures.sigkill.failedSteps,
      accepted: figures.sigkill.funnelsCompleted,
    })
  if (figures.databaseRestart)
    families.push({
      family: 'primary database restarted under load (requests)',
      tried: figures.databaseRestart.requests,
      refused: figures.databaseRestart.failedRequests,
      accepted: figures.databaseRestart.requests - figures.databaseRestart.failedRequests,
    })
  if (figures.receiverDown)
    families.push({
      family: 'webhook receiver down (events)',
      tried: figures.receiverDown.events,
      refused: figures.receiverDown.events - figures.receiverDown.delivered,
      accepted: figures.receiverDown.delivered,
    })
  if (figures.smtpDown)
    families.push({
      family: 'SMTP server down (mails)',
      tried: figures.smtpDown.mails,
      refused: figures.smtpDown.mails - figures.smtpDown.received,
      accepted: figures.smtpDown.received,
    })
  if (families.length === 0) return
  mkdirSync(dirname(reportFile), { recursive: true })
  writeFileSync(
    reportFile,
    `${JSON.stringify({ suite: 'faults', generatedAt: new Date().toISOString(), families, figures }, null, 2)}\n`,
  )
}
