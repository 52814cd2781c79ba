import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhook } from '@aisle/sdk'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { recordEvent } from '../events/event-outbox.ts'
import type { ResolveHost } from '../http/outbound-request.ts'
import { silentLogger } from '../log.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestDeliveryWorker } from '../testing/test-delivery-worker.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { createDeliveryWorker, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from './delivery-worker.ts'

// Far above any answer time on a loaded machine; the receiver answers at once unless told to hang.
const PATIENT_TIMEOUT_MS = 30_000
const SHORT_TIMEOUT_MS = 300

interface Received {
  headers: IncomingHttpHeaders
  body: string
  event: { id: string; type: string; entityId: string; siteId: string; data: unknown; identity: unknown }
}

/** A real HTTP receiver on 127.0.0.1 that answers from a script: a status, or no answer at all. */
async function startReceiver() {
  const received: Received[] = []
  const script: ({ status: number } | { hang: true })[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ headers: request.headers, body, event: JSON.parse(body) })
      const step = script.shift() ?? { status: 200 }
      // A hanging answer stays open until the receiver closes: only the worker's timeout ends it.
      if ('hang' in step) return
      response.writeHead(step.status, { 'content-type': 'text/plain' }).end(`answer ${step.status}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe.each(databaseKinds())('webhook delivery on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let headers: Record<string, string>
  let worker: ReturnType<typeof createTestDeliveryWorker>
  let entityCounter = 0

  /**
   * A worker whose receiver timeout is `timeoutMs`: generous by default, so a slow machine never turns
   * a prompt answer into a timeout; the timeout test uses a short one against a receiver that hangs.
   */
  const newWorker = (timeoutMs = PATIENT_TIMEOUT_MS) =>
    createTestDeliveryWorker({
      db,
      clock: platform.clock,
      logger: silentLogger,
      random: () => 0.5,
      timeoutMs,
    })

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'hooks', permissions: ['webhooks', 'catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())
  beforeEach(async () => {
    receiver = await startReceiver()
    worker = newWorker()
    // Each test gets its own endpoints: earlier ones stop receiving.
    await db.query('update webhook_endpoints set is_enabled = false')
  })
  afterEach(() => receiver.close())

  const call = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { headers, body })

  async function createEndpoint(eventTypes: string[] = ['cart.created', 'cart.updated', 'product.created']) {
    const response = await call('POST', '/webhooks/v1/endpoints', { url: receiver.url, eventTypes })
    expect(response.status).toBe(200)
    return response.json as { endpoint: { id: string }; secret: string }
  }

  async function record(
    type: 'cart.created' | 'cart.updated' | 'product.changed',
    entityId: string,
    data = {},
  ) {
    await recordEvent(
      db,
      {
        siteId: DEMO_SITE_ID,
        type,
        entityId,
        payload: data,
        identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'v1' },
      },
      platform.clock(),
    )
  }

  const newEntity = () => `entity-${++entityCounter}`

  async function deliveriesOf(endpointId: string) {
    const response = await call('GET', `/webhooks/v1/endpoints/${endpointId}/deliveries`)
    expect(response.status).toBe(200)
    return response.json.deliveries as {
      id: string
      status: string
      attemptCount: number
      entityId: string
      lastResponseStatus: number | null
      lastResponseBody: string | null
      lastError: string | null
      nextAttemptDate: string | null
    }[]
  }

  it('delivers a signed event that the SDK verifies, with the documented body', async () => {
    const { secret, endpoint } = await createEndpoint()
    const cart = newEntity()
    await record('cart.created', cart, { cart: { id: cart } })
    expect(await worker.runOnce()).toBe(1)

    expect(receiver.received).toHaveLength(1)
    const [delivery] = receiver.received
    const event = await verifyWebhook(secret, delivery!.body, delivery!.headers, { now: platform.clock() })
    expect(event).toEqual({
      id: delivery!.headers['webhook-id'],
      type: 'cart.created',
      createdDate: platform.clock().toISOString(),
      siteId: DEMO_SITE_ID,
      entityId: cart,
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'v1' },
      data: { cart: { id: cart } },
    })
    expect(delivery!.headers['webhook-timestamp']).toBe(String(Math.floor(platform.clock().getTime() / 1000)))
    const [logged] = await deliveriesOf(endpoint.id)
    expect(logged).toMatchObject({ status: 'DELIVERED', attemptCount: 1, lastResponseStatus: 200 })
    expect(await worker.runOnce()).toBe(0)
  })

  it('delivers events recorded by the real app (a product created through the API)', async () => {
    const { secret } = await createEndpoint(['product.created'])
    const created = await call('POST', '/stores/v1/products', {
      product: { name: 'Webhook Shirt', sku: 'WH-1', priceData: { price: 10 } },
    })
    expect(created.status).toBe(200)
    await worker.runOnce()
    expect(receiver.received).toHaveLength(1)
    const event = await verifyWebhook(secret, receiver.received[0]!.body, receiver.received[0]!.headers, {
      now: platform.clock(),
    })
    expect(event).toMatchObject({ type: 'product.created', entityId: created.json.product.id })
  })

  it('sends only the subscribed event types recorded after the endpoint exists', async () => {
    await record('cart.created', newEntity())
    await createEndpoint(['cart.updated'])
    const cart = newEntity()
    await record('cart.created', cart)
    await record('cart.updated', cart)
    await worker.runOnce()
    expect(receiver.received.map((r) => r.event.type)).toEqual(['cart.updated'])
  })

  it('never delivers an event recorded in a rolled-back transaction', async () => {
    await createEndpoint()
    const rolledBack = newEntity()
    await db
      .transaction(async (tx) => {
        await recordEvent(
          tx,
          {
            siteId: DEMO_SITE_ID,
            type: 'cart.created',
            entityId: rolledBack,
            payload: {},
            identity: { identityType: 'APP', appId: 'a' },
          },
          platform.clock(),
        )
        throw new Error('the change fails')
      })
      .catch(() => undefined)
    const kept = newEntity()
    await record('cart.created', kept)
    await worker.runOnce()
    platform.clock.advance(3_600)
    await worker.runOnce()
    expect(receiver.received.map((r) => r.event.entityId)).toEqual([kept])
  })

  it('retries with backoff after failures and a timeout, then delivers with the same id', async () => {
    const { endpoint } = await createEndpoint()
    receiver.script.push({ status: 500 }, { status: 503 }, { hang: true })
    await record('cart.created', newEntity())

    await worker.runOnce()
    let [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, lastResponseStatus: 500 })
    expect(delivery!.lastResponseBody).toBe('answer 500')
    expect(new Date(delivery!.nextAttemptDate!).getTime() - platform.clock().getTime()).toBe(
      RETRY_DELAYS_SECONDS[0] * 1000,
    )

    // Not due yet: nothing is sent.
    platform.clock.advance(RETRY_DELAYS_SECONDS[0] - 1)
    expect(await worker.runOnce()).toBe(0)
    platform.clock.advance(1)
    await worker.runOnce()
    platform.clock.advance(RETRY_DELAYS_SECONDS[1])
    expect(await newWorker(SHORT_TIMEOUT_MS).runOnce()).toBe(1)
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 3, lastResponseStatus: null })
    expect(delivery!.lastError).toBe(`no answer within ${SHORT_TIMEOUT_MS} ms`)

    platform.clock.advance(RETRY_DELAYS_SECONDS[2])
    await worker.runOnce()
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'DELIVERED', attemptCount: 4, lastResponseStatus: 200 })
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(receiver.received).toHaveLength(4)

    const log = await call('GET', `/webhooks/v1/deliveries/${delivery!.id}`)
    expect(log.json.attempts.map((a: { responseStatus: number | null }) => a.responseStatus)).toEqual([
      500,
      503,
      null,
      200,
    ])
  })

  it('marks a delivery dead after the last attempt, and a replay delivers it', async () => {
    const { endpoint, secret } = await createEndpoint()
    receiver.script.push(...Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 500 })))
    await record('cart.created', newEntity())
    await worker.runOnce()
    for (const delay of RETRY_DELAYS_SECONDS) {
      platform.clock.advance(delay)
      expect(await worker.runOnce()).toBe(1)
    }
    let [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'DEAD', attemptCount: MAX_ATTEMPTS, nextAttemptDate: null })
    platform.clock.advance(24 * 3_600)
    expect(await worker.runOnce()).toBe(0)
    expect(
      (await call('GET', `/webhooks/v1/endpoints/${endpoint.id}/deliveries?status=DEAD`)).json.deliveries,
    ).toHaveLength(1)

    const replay = await call('POST', `/webhooks/v1/endpoints/${endpoint.id}/replay-dead`, {})
    expect(replay.json).toEqual({ replayedCount: 1 })
    await worker.runOnce()
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'DELIVERED', lastResponseStatus: 200 })
    const last = receiver.received.at(-1)!
    await verifyWebhook(secret, last.body, last.headers, { now: platform.clock() })
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS + 1)

    // A single delivery can be replayed too, even a delivered one; the id stays the same.
    const again = await call('POST', `/webhooks/v1/deliveries/${delivery!.id}/replay`, {})
    expect(again.json.delivery).toMatchObject({ status: 'PENDING', attemptCount: 0 })
    await worker.runOnce()
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(last.headers['webhook-id'])
  })

  it('keeps the order per entity: a later event waits while an earlier one is pending', async () => {
    await createEndpoint()
    const [first, other] = [newEntity(), newEntity()]
    receiver.script.push({ status: 500 })
    await record('cart.created', first)
    await record('cart.updated', first)
    await record('cart.created', other)
    await worker.runOnce()
    // The first event of `first` failed; its update waits; `other` goes on.
    expect(receiver.received.map((r) => `${r.event.entityId} ${r.event.type}`).sort()).toEqual(
      [`${first} cart.created`, `${other} cart.created`].sort(),
    )
    platform.clock.advance(RETRY_DELAYS_SECONDS[0])
    await worker.runOnce()
    await worker.runOnce()
    const ofFirst = receiver.received.filter((r) => r.event.entityId === first).map((r) => r.event.type)
    expect(ofFirst).toEqual(['cart.created', 'cart.created', 'cart.updated'])
  })

  it('sends again after a crash between sending and recording (at least once, same id)', async () => {
    await createEndpoint()
    await record('cart.created', newEntity())
    // The first process sends, then dies before it records the answer: the receiver never answers it.
    receiver.script.push({ hang: true })
    const dying = newWorker()
    void dying.runOnce().catch(() => {})
    await expect.poll(() => receiver.received.length).toBe(1)
    expect(await worker.runOnce()).toBe(0)
    platform.clock.advance(61)
    expect(await worker.runOnce()).toBe(1)
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])
  })

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint()
    const rotated = await call('POST', `/webhooks/v1/endpoints/${endpoint.id}/rotate-secret`, {})
    expect(rotated.status).toBe(200)
    const newSecret = rotated.json.secret as string
    expect(newSecret).not.toBe(oldSecret)
    expect(rotated.json.endpoint.previousSecretExpiresDate).toBe(
      new Date(platform.clock().getTime() + 24 * 3_600_000).toISOString(),
    )
    await record('cart.created', newEntity())
    await worker.runOnce()
    const during = receiver.received[0]!
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2)
    const now = platform.clock()
    await verifyWebhook(oldSecret, during.body, during.headers, { now })
    await verifyWebhook(newSecret, during.body, during.headers, { now })

    platform.clock.advance(24 * 3_600 + 1)
    await record('cart.created', newEntity())
    await worker.runOnce()
    const after = receiver.received[1]!
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    await verifyWebhook(newSecret, after.body, after.headers, { now: platform.clock() })
    await expect(
      verifyWebhook(oldSecret, after.body, after.headers, { now: platform.clock() }),
    ).rejects.toThrow(/No webhook signature matches/)
  })

  describe('the address it connects to', () => {
    /** A resolver that answers `addresses` for every name (the network here is 127.0.0.1 only). */
    const resolvingTo =
      (...addresses: string[]): ResolveHost =>
      (_name, callback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )
    const workerResolving = (resolveHost: ResolveHost, localDevelopmentSites: boolean) =>
      createTestDeliveryWorker({
        db,
        clock: platform.clock,
        logger: silentLogger,
        random: () => 0.5,
        timeoutMs: PATIENT_TIMEOUT_MS,
        localDevelopmentSites,
        resolveHost,
      })
    const port = () => new URL(receiver.url).port

    async function endpointAt(url: string) {
      const response = await call('POST', '/webhooks/v1/endpoints', { url, eventTypes: ['cart.created'] })
      expect(response.status).toBe(200)
      return response.json.endpoint as { id: string }
    }

    it.each([
      ['a loopback address', ['127.0.0.1']],
      ['a public and a loopback address', ['93.184.216.34', '127.0.0.1']],
      ['an IPv4-mapped loopback address', ['::ffff:127.0.0.1']],
      ['an IPv4-translated loopback address', ['::ffff:0:7f00:1']],
      ['a NAT64 private address', ['64:ff9b::a00:1']],
    ])('refuses a public name that resolves to %s when it connects', async (_case, addresses) => {
      const endpoint = await endpointAt(`https://hooks.rebind.example:${port()}/hooks`)
      await record('cart.created', newEntity())
      expect(await workerResolving(resolvingTo(...addresses), false).runOnce()).toBe(1)
      expect(receiver.received).toHaveLength(0)
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery).toMatchObject({ status: 'PENDING', lastResponseStatus: null })
      expect(delivery!.lastError).toMatch(/^refused: hooks\.rebind\.example resolves to .+, a loopback/)
    })

    it('refuses a cloud metadata address even to a site in local development mode', async () => {
      const endpoint = await endpointAt(`http://metadata.rebind.internal:${port()}/hooks`)
      await record('cart.created', newEntity())
      await workerResolving(resolvingTo('169.254.169.254'), true).runOnce()
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery!.lastError).toMatch(/^refused: .*169\.254\.169\.254/)
    })

    it('connects to the address it checked, keeping the name in Host, for a site in local development mode', async () => {
      await endpointAt(`http://receiver.rebind.internal:${port()}/hooks`)
      await record('cart.created', newEntity())
      await workerResolving(resolvingTo('127.0.0.1'), true).runOnce()
      expect(receiver.received).toHaveLength(1)
      expect(receiver.received[0]!.headers.host).toBe(`receiver.rebind.internal:${port()}`)
    })

    it('refuses an endpoint on a loopback address saved before local development mode was turned off', async () => {
      const endpoint = await endpointAt(receiver.url)
      await record('cart.created', newEntity())
      await workerResolving(resolvingTo('127.0.0.1'), false).runOnce()
      expect(receiver.received).toHaveLength(0)
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery!.lastError).toMatch(/^refused: /)
    })
  })

  it('shares the work between two workers without sending anything twice', async () => {
    await createEndpoint()
    const entities = Array.from({ length: 12 }, () => newEntity())
    for (const entity of entities) await record('cart.created', entity)
    const other = createTestDeliveryWorker({
      db,
      clock: platform.clock,
      logger: silentLogger,
      batchSize: 5,
    })
    const sent = await Promise.all([worker.runOnce(), other.runOnce(), other.runOnce()])
    await worker.runOnce()
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(12)
    expect(receiver.received.map((r) => r.event.entityId).sort()).toEqual([...entities].sort())
  })

  it('holds the deliveries of a disabled endpoint and sends them once it is enabled again', async () => {
    const { endpoint } = await createEndpoint()
    await record('cart.created', newEntity())
    await call('PATCH', `/webhooks/v1/endpoints/${endpoint.id}`, { enabled: false })
    expect(await worker.runOnce()).toBe(0)
    await call('PATCH', `/webhooks/v1/endpoints/${endpoint.id}`, { enabled: true })
    expect(await worker.runOnce()).toBe(1)
    expect(receiver.received).toHaveLength(1)
  })

  it('polls on its own between start() and stop()', async () => {
    await createEndpoint()
    const polling = createTestDeliveryWorker({
      db,
      clock: platform.clock,
      logger: silentLogger,
      pollIntervalMs: 10,
    })
    polling.start()
    await record('cart.created', newEntity())
    await expect.poll(() => receiver.received.length).toBe(1)
    await polling.stop()
    await record('cart.created', newEntity())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(receiver.received).toHaveLength(1)
  })

  it.runIf(kind === 'postgres')(
    'waits for a transaction still running rather than skip its earlier event',
    async () => {
      await createEndpoint()
      const [early, late] = [newEntity(), newEntity()]
      let release!: () => void
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let recorded!: () => void
      const isRecorded = new Promise<void>((resolve) => {
        recorded = resolve
      })
      const slow = db.transaction(async (tx) => {
        await recordEvent(
          tx,
          {
            siteId: DEMO_SITE_ID,
            type: 'cart.created',
            entityId: early,
            payload: {},
            identity: { identityType: 'APP', appId: 'a' },
          },
          platform.clock(),
        )
        recorded()
        await held
      })
      await isRecorded
      await record('cart.created', late)
      // The worker itself, not the test's one that waits for open transactions: this test holds one open.
      const plain = createDeliveryWorker({
        db,
        clock: platform.clock,
        localDevelopmentSites: true,
        logger: silentLogger,
        random: () => 0.5,
        timeoutMs: PATIENT_TIMEOUT_MS,
      })
      await plain.runOnce()
      expect(receiver.received).toHaveLength(0)
      release()
      await slow
      await worker.runOnce()
      expect(receiver.received.map((r) => r.event.entityId)).toEqual([early, late])
    },
  )
})
