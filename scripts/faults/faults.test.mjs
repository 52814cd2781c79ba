// Faults survived by the scale-out topology (nginx, 2 platform processes, a primary and its replica),
// each test printing its figures. Run with `node --test scripts/faults/`; about 4 minutes. Every fault
// is timed by states (orders acknowledged, a process exited, a statement waiting on a lock), never by
// a length of time, so a loaded machine makes a test slower, never different; deadlines only stop hangs.
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
import { waitForState } from '../wait-for-state.mjs'

// A request that takes longer than this counts as hung.
const REQUEST_TIMEOUT_MS = 30_000
const reportFile = join(repoRoot, 'apps', 'platform', '.reports', 'faults.json')

const figures = {}

describe('faults survived by the topology', { timeout: 1_800_000 }, () => {
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
      const stopLoad = new AbortController()
      // Killed once the load has placed orders, started again once the other process has placed some
      // alone, and the load stops once orders are placed with both processes up again.
      const faults = (async () => {
        try {
          await waitForState('the load places orders', () => orders.length >= 3)
          victim.kill('SIGKILL')
          await victim.exited()
          const atKill = orders.length
          await waitForState('the other process places orders alone', () => orders.length >= atKill + 3)
          await victim.start()
          const atRestart = orders.length
          await waitForState('orders are placed after the restart', () => orders.length >= atRestart + 4)
        } finally {
          stopLoad.abort()
        }
      })()
      const load = await driveFunnel({
        baseUrl: topology.mainUrl,
        shoppers: 4,
        // A bound against a hang: the faults stop the load.
        seconds: 900,
        signal: stopLoad.signal,
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
      await waitForState('every event is delivered', async () => {
        const counts = await deliveries(endpointId)
        const { rows } = await countEvents()
        return counts.deliveries >= rows[0].events && counts.delivered === counts.deliveries
      }).catch(() => {})
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

  /**
   * Holds `lock table <table> in share mode` in a transaction of its own, so that any insert into the
   * table waits: a process can be stopped at that step, and killed there. `release()` rolls it back.
   */
  async function blockInserts(table) {
    const client = new pg.Client({ connectionString: topology.primary.url })
    await client.connect()
    await client.query('begin')
    await client.query(`lock table ${table} in share mode`)
    return {
      async release() {
        await client.query('rollback')
        await client.end()
      },
    }
  }

  /** Waits until a statement that inserts into `table` waits on a lock (the one `blockInserts` holds). */
  function waitForInsertBlocked(table) {
    return waitForState(`an insert into ${table} waits on the lock`, async () => {
      const { rows } = await query(
        `select count(*)::int as waiting from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike $1`,
        [`%insert into ${table} (%`],
      )
      return rows[0].waiting > 0
    })
  }

  /** The demo store's owner signed in to the dashboard on `url`: the session's cookies. */
  async function signInToDashboard(url) {
    const form = await fetch(`${url}/dashboard/login`)
    const page = await form.text()
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1]
    assert.ok(csrf, 'the sign-in form carries a CSRF token')
    const signedIn = await fetch(`${url}/dashboard/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(form) },
      body: new URLSearchParams({ email: 'owner@demo.aisle.dev', password: 'aisle-demo-owner', csrf }),
    })
    assert.equal(signedIn.status, 303)
    return cookiesOf(signedIn)
  }

  it('charges once and refunds at most once when a process is SIGKILLed while placing an order and while refunding', async () => {
    const [survivor, victim] = topology.platforms
    const collectionIds = await findCollectionIds(fetch, topology.mainUrl)
    const { checkoutId, providerLocation } = await runShopper({
      fetch,
      baseUrl: topology.mainUrl,
      collectionIds,
      stopAtProvider: true,
    })
    const { rows: payments } = await query(
      'select id, provider_payment_id as "providerPaymentId" from payments where checkout_id = $1',
      [checkoutId],
    )
    assert.equal(payments.length, 1)
    const [payment] = payments
    // The card entered on the victim: the provider's notification places the order in the victim
    // (delivered in process), which is killed while its order's insert waits.
    const providerPage = `${victim.url}${new URL(providerLocation).pathname}`
    const page = await fetch(providerPage)
    const html = await page.text()
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
    assert.ok(csrf, html.slice(0, 500))
    const ordersBlocked = await blockInserts('orders')
    let paid
    try {
      paid = fetch(providerPage, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(page) },
        body: new URLSearchParams({
          csrf,
          cardNumber: '4242 4242 4242 4242',
          cardExpiry: '12/34',
          cardCvc: '123',
        }),
      }).then(
        (response) => response.status,
        (error) => error.cause?.code ?? error.message,
      )
      await waitForInsertBlocked('orders')
      victim.kill('SIGKILL')
      await victim.exited()
    } finally {
      await ordersBlocked.release()
    }
    const paidAnswer = await paid
    const charged = async () =>
      (
        await query(
          `select count(*)::int as payments,
                  count(*) filter (where status = 'SUCCEEDED')::int as succeeded
             from test_provider_payments where reference = $1`,
          [payment.id],
        )
      ).rows[0]
    const chargedAtKill = await charged()
    const { rows: ordersAtKill } = await query(
      'select count(*)::int as orders from orders where checkout_id = $1',
      [checkoutId],
    )
    // The shopper's browser follows the provider's return again, to the process still up.
    const returned = await fetch(
      `${survivor.url}/_checkout/${checkoutId}/payment-return?payment=${payment.id}`,
      { redirect: 'manual' },
    )
    await returned.arrayBuffer()
    const { rows: placed } = await query(
      'select id, total_minor as "totalMinor", payment_status as "paymentStatus" from orders where checkout_id = $1',
      [checkoutId],
    )
    const refundsOf = async () =>
      (
        await query(
          `select (select count(*)::int from test_provider_refunds where payment_id = $1) as provider,
                  (select count(*)::int from payment_refunds where payment_id = $2) as platform,
                  (select count(*)::int from payment_refunds where payment_id = $2 and status = 'SUCCEEDED') as succeeded,
                  (select count(*)::int from order_refunds r join orders o on o.id = r.order_id
                    where o.checkout_id = $3) as "orderDesk"`,
          [payment.providerPaymentId, payment.id, checkoutId],
        )
      ).rows[0]
    const afterOrder = { charge: await charged(), refunds: await refundsOf() }

    // The refund: asked of the provider on the victim, started again, which is killed while the
    // refund's record waits; the merchant posts the same form again (same key) to the other process.
    await victim.start()
    const [order] = placed
    const session = await signInToDashboard(victim.url)
    const orderPage = await fetch(`${victim.url}/dashboard/orders/${order.id}`, {
      headers: { cookie: session },
    })
    const orderHtml = await orderPage.text()
    assert.equal(orderPage.status, 200, orderHtml.slice(0, 500))
    const refundForm = new URLSearchParams({
      csrf: /name="csrf" value="([^"]+)"/.exec(orderHtml)?.[1] ?? '',
      refundKey: /name="refundKey" value="([^"]+)"/.exec(orderHtml)?.[1] ?? '',
      amount: (Number(order.totalMinor) / 100).toFixed(2),
      reason: 'fault suite',
    })
    const postRefund = (url) =>
      fetch(`${url}/dashboard/orders/${order.id}/refund`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session },
        body: refundForm,
      })
    const refundsBlocked = await blockInserts('order_refunds')
    let refunding
    try {
      refunding = postRefund(victim.url).then(
        (response) => response.status,
        (error) => error.cause?.code ?? error.message,
      )
      await waitForInsertBlocked('order_refunds')
      victim.kill('SIGKILL')
      await victim.exited()
    } finally {
      await refundsBlocked.release()
    }
    const refundAnswer = await refunding
    const refundsAtKill = await refundsOf()
    const retried = await postRefund(survivor.url)
    const retriedText = await retried.text()
    const again = await postRefund(survivor.url)
    await again.arrayBuffer()
    const refundsAfterRetry = await refundsOf()
    const { rows: refundedOrder } = await query(
      'select payment_status as "paymentStatus", refunded_minor as "refundedMinor" from orders where id = $1',
      [order.id],
    )
    await victim.start()

    figures.killedMidway = {
      placeOrder: {
        cardPostAnswer: paidAnswer,
        chargedAtKill,
        ordersAtKill: ordersAtKill[0].orders,
        returnAnswer: returned.status,
        ordersAfterReturn: placed.length,
        ...afterOrder,
      },
      refund: {
        refundPostAnswer: refundAnswer,
        refundsAtKill,
        retryAnswer: retried.status,
        secondRetryAnswer: again.status,
        refundsAfterRetry,
        order: refundedOrder[0],
      },
    }
    console.log(`SIGKILL mid-way: ${JSON.stringify(figures.killedMidway)}`)
    // Killed while placing: paid once at the provider, no order yet; the return places exactly one.
    assert.deepEqual(chargedAtKill, { payments: 1, succeeded: 1 })
    assert.equal(ordersAtKill[0].orders, 0)
    assert.equal(returned.status, 303)
    assert.equal(placed.length, 1)
    assert.equal(order.paymentStatus, 'PAID')
    assert.deepEqual(afterOrder, {
      charge: { payments: 1, succeeded: 1 },
      refunds: { provider: 0, platform: 0, succeeded: 0, orderDesk: 0 },
    })
    // Killed while refunding: the provider refunded, the desk had not recorded it yet.
    assert.equal(refundsAtKill.provider, 1)
    assert.equal(refundsAtKill.orderDesk, 0)
    // The retry with the same key records that refund: one at the provider, one recorded.
    assert.equal(retried.status, 303, retriedText.slice(0, 500))
    assert.equal(again.status, 303)
    assert.deepEqual(refundsAfterRetry, { provider: 1, platform: 1, succeeded: 1, orderDesk: 1 })
    assert.deepEqual(refundedOrder[0], { paymentStatus: 'FULLY_REFUNDED', refundedMinor: order.totalMinor })
    assert.deepEqual(await charged(), { payments: 1, succeeded: 1 })
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
    await waitForState('every first delivery attempt fails', async () => {
      const { rows } = await query(
        `select count(*)::int as failed from webhook_deliveries where endpoint_id = $1 and attempt_count > 0 and status = 'PENDING'`,
        [endpointId],
      )
      return rows[0].failed === placed
    })
    const receiver = await startReceiver(received, port)
    const back = performance.now()
    try {
      await waitForState(
        'every event is delivered once the receiver is back',
        async () => (await deliveries(endpointId)).delivered === placed,
      )
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
    const load = startRecordedFunnel({
      baseUrl: topology.mainUrl,
      collectionIds,
      shoppers: 4,
      started,
    })
    let restartAt
    let backAt
    let restart
    try {
      await waitForState('the load completes funnels', () => load.funnelEnds.length >= 2)
      restartAt = performance.now() - started
      // Down for 3 s beyond its shutdown: long enough for every step of the funnel to meet it.
      restart = await topology.primary.restart({ pauseMs: 3_000 })
      backAt = restartAt + restart.downMs
      await waitForState(
        'the load completes funnels once the primary is back',
        () => load.funnelEnds.filter((end) => end >= backAt).length >= 2,
      )
    } finally {
      load.stop()
    }
    const { answers, adds, orders, funnelEnds } = await load.done

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
    await waitForState(
      'the replica streams again',
      async () => (await describeReplication(topology.primary))[0]?.state === 'streaming',
    )
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

  /** Registers a member and asks for their password-recovery mail, sent through the outbox; answers the address. */
  async function recoveryMail(token, email = `smtp-down-${randomUUID()}@example.com`) {
    const password = randomBytes(18).toString('base64url')
    const registered = await call(topology.mainUrl, 'POST', '/identity/v2/register', {
      token,
      body: { loginId: { email }, password },
    })
    assert.equal(registered.status, 200, registered.text)
    // Sent by whichever process's mail worker claims it.
    const recovery = await call(topology.mainUrl, 'POST', '/identity/v1/send-email', {
      token,
      body: { email },
    })
    assert.equal(recovery.status, 200, recovery.text)
    return email
  }

  it('delivers every mail once, later, when the SMTP server was down while they were sent', async () => {
    const token = await visitorToken(topology.mainUrl)
    const emails = Array.from({ length: 4 }, () => `smtp-down-${randomUUID()}@example.com`)
    const requested = performance.now()
    for (const email of emails) await recoveryMail(token, email)
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
    await waitForState('every first attempt fails', async () => {
      const rows = await outbox()
      return rows.length >= emails.length && rows.every((row) => row.attemptCount >= 1 && row.lastError)
    })
    const failedFirst = await outbox()
    assert.ok(failedFirst.every((row) => row.status === 'PENDING'))
    const received = []
    const receiver = await startSmtpReceiver(smtpPort, received)
    const back = performance.now()
    try {
      await waitForState('every mail is sent', async () =>
        (await outbox()).every((row) => row.status === 'SENT'),
      )
      const deliveredAfterBack = performance.now() - back
      // A later worker round: a mail asked for now, due before any retry, has arrived too. A second
      // copy of one of ours would have come with a claim made before this one.
      const sentinel = await recoveryMail(token)
      await waitForState('a mail asked for afterwards arrives', () =>
        received.some((mail) => mail.to.includes(sentinel)),
      )
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

function countBy(values) {
  const counts = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
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
 * Runs until `stop()`: each shopper ends its funnel, then `done` resolves. What was recorded so far can
 * be read at any time (the caller waits for states of it).
 */
function startRecordedFunnel({ baseUrl, collectionIds, shoppers, started }) {
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
  let isStopped = false
  const shopper = async () => {
    while (!isStopped) {
      try {
        await runShopper({
          fetch: recordedFetch,
          baseUrl,
          collectionIds,
          onAcknowledged: (write) => (write.kind === 'add' ? adds : orders).push(write),
        })
        funnelEnds.push(performance.now() - started)
      } catch {
        // The failed request is recorded; the shopper starts again as a new visitor, a moment later.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }
  const done = Promise.all(Array.from({ length: shoppers }, shopper)).then(() => ({
    answers,
    adds,
    orders,
    funnelEnds,
  }))
  return {
    answers,
    funnelEnds,
    done,
    stop: () => {
      isStopped = true
    },
  }
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

/** The cookies a response sets, as a `cookie` header (cleared ones left out). */
function cookiesOf(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
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
