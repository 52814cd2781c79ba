import {
  ApiKeyStrategy,
  collections,
  createClient,
  createMemoryTokenStorage,
  currentCart,
  isAisleError,
  OAuthStrategy,
  products,
  redirects,
  type WebhookProcessResult,
  webhooks,
} from '@aisle/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { recordEvent } from '../events/event-outbox.ts'
import { silentLogger } from '../log.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { DEMO_REDIRECT_URI } from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestDeliveryWorker } from '../testing/test-delivery-worker.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { webhookEventTypes } from './webhook-event-types.ts'

// The platform's events, signed and sent by its own delivery worker, received by the real SDK's
// `client.webhooks.process`: the webhook contract holds from both ends.
describe.each(databaseKinds())('the SDK receiving the platform’s webhooks on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let merchantKey: { key: string; id: string }
  let merchantHeaders: Record<string, string>
  // What the receiver answered each delivery: a process status, or the error that made it answer 4xx/5xx.
  let outcomes: (WebhookProcessResult['status'] | string)[]

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    merchantKey = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'receiver', permissions: ['webhooks', 'catalogue'] },
      new Date(),
    )
    merchantHeaders = { authorization: merchantKey.key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())
  beforeEach(async () => {
    outcomes = []
    // Each test gets its own endpoint: earlier ones stop receiving.
    await db.query('update webhook_endpoints set is_enabled = false')
  })

  const merchant = () =>
    createClient({
      auth: ApiKeyStrategy({ apiKey: merchantKey.key, siteId: DEMO_SITE_ID }),
      modules: { products },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
  const shopper = () =>
    createClient({
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
      modules: { currentCart, redirects },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })

  /** A receiver app: the SDK with the webhooks module, answering as its TSDoc says to. */
  function createReceiver(secret: string, now = () => platform.clock()) {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: merchantKey.key, siteId: DEMO_SITE_ID }),
      modules: { currentCart, products, collections, redirects, webhooks: webhooks({ secret, now }) },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    const answer = async (request: Request) => {
      try {
        outcomes.push((await client.webhooks.process(request)).status)
        return new Response(null, { status: 204 })
      } catch (error) {
        const verification = isAisleError(error) && error.code === 'WEBHOOK_VERIFICATION_FAILED'
        outcomes.push(error instanceof Error ? error.message : String(error))
        return new Response(null, { status: verification ? 400 : 500 })
      }
    }
    // The delivery worker's `fetch`, answered in process by the receiver.
    const deliver = async (url: string | URL | Request, init?: RequestInit) =>
      answer(new Request(url as string, init))
    const worker = createTestDeliveryWorker({
      db,
      clock: platform.clock,
      fetch: deliver as typeof fetch,
      logger: silentLogger,
      random: () => 0.5,
    })
    // Rounds until nothing is due: a round sends one event per entity, keeping their order.
    const deliverAll = async () => {
      let rounds = 0
      while ((await worker.runOnce()) > 0 && rounds < 20) rounds++
    }
    return { client, worker, deliverAll }
  }

  async function createEndpoint(eventTypes: readonly string[] = webhookEventTypes) {
    const response = await platform.call('POST', '/webhooks/v1/endpoints', {
      headers: merchantHeaders,
      body: { url: 'http://127.0.0.1:9/hooks', eventTypes },
    })
    expect(response.status).toBe(200)
    return response.json as { endpoint: { id: string }; secret: string }
  }

  async function deliveriesOf(endpointId: string) {
    const response = await platform.call('GET', `/webhooks/v1/endpoints/${endpointId}/deliveries`, {
      headers: merchantHeaders,
    })
    return response.json.deliveries as { id: string; status: string; lastResponseStatus: number | null }[]
  }

  it('hands a visitor’s cart events to the currentCart handlers, wire-transformed, with the visitor', async () => {
    const { secret } = await createEndpoint()
    const { client, deliverAll } = createReceiver(secret)
    const events: { type: string; data: unknown; identity: unknown; _id: string; _createdDate: string }[] = []
    client.currentCart.onCartCreated((event) => {
      events.push(event)
    })
    client.currentCart.onCartUpdated((event) => {
      events.push(event)
    })
    client.currentCart.onCartDeleted((event) => {
      events.push(event)
    })

    const shop = shopper()
    const page = await merchant().products.queryProducts().eq('slug', 'classic-tee').limit(1).find()
    const product = page.items[0]!
    const variantId = product.variants![0]!._id!
    const cart = await shop.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { catalogItemId: product._id!, appId: 'stores', options: { variantId } },
          quantity: 2,
        },
      ],
    })
    const lineItem = cart.lineItems![0]!
    await shop.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineItem._id!, quantity: 3 }])
    await shop.currentCart.deleteCurrentCart()
    await deliverAll()

    expect(outcomes).toEqual(['HANDLED', 'HANDLED', 'HANDLED'])
    expect(events.map((event) => event.type)).toEqual(['cart.created', 'cart.updated', 'cart.deleted'])
    const [created, updated, deleted] = events
    expect(created?.data).toMatchObject({ _id: cart._id, lineItems: [{ _id: lineItem._id, quantity: 2 }] })
    expect(created?.identity).toEqual({
      identityType: 'ANONYMOUS_VISITOR',
      anonymousVisitorId: expect.any(String),
    })
    expect(updated?.data).toMatchObject({ _id: cart._id, lineItems: [{ _id: lineItem._id, quantity: 3 }] })
    expect(deleted?.data).toEqual({ cartId: cart._id })
    for (const event of events) {
      expect(event._id).toMatch(/^[0-9a-f-]{36}$/)
      expect(event._createdDate).toBe(platform.clock().toISOString())
      expect(JSON.stringify(event)).not.toMatch(/"(id|createdDate|updatedDate)":/)
    }
  })

  it('hands a merchant’s catalogue changes to the products and collections handlers, with the app', async () => {
    const { secret } = await createEndpoint()
    const { client, deliverAll } = createReceiver(secret)
    const seen: { type: string; data: Record<string, unknown>; identity: unknown }[] = []
    const keep = (event: { type: string; data: object; identity: unknown }) => {
      seen.push(event as (typeof seen)[number])
    }
    client.products.onProductCreated(keep)
    client.products.onProductChanged(keep)
    client.products.onProductVariantsChanged(keep)
    client.products.onProductDeleted(keep)
    client.collections.onCollectionCreated(keep)
    client.collections.onCollectionChanged(keep)
    client.collections.onCollectionDeleted(keep)

    const admin = merchant()
    const product = await admin.products.createProduct({
      name: 'Webhook Tee',
      sku: 'HOOK-1',
      priceData: { price: 19.5 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S', description: 'S' }] }],
    })
    await admin.products.updateProduct(product._id!, {
      name: 'Webhook Tee 2',
      productOptions: [
        {
          name: 'Size',
          choices: [
            { value: 'S', description: 'S' },
            { value: 'M', description: 'M' },
          ],
        },
      ],
    })
    await admin.products.deleteProduct(product._id!)
    const collection = await admin.products.createCollection({ name: 'Hooked' })
    await admin.products.updateCollection(collection._id!, { name: 'Hooked on' })
    await admin.products.deleteCollection(collection._id!)
    await deliverAll()

    expect(outcomes.every((outcome) => outcome === 'HANDLED')).toBe(true)
    // In order per entity (the platform's guarantee); entities interleave.
    const ofEntity = (prefix: string) => seen.filter((event) => event.type.startsWith(prefix))
    expect(ofEntity('product.').map((event) => event.type)).toEqual([
      'product.created',
      'product.changed',
      'product.variants_changed',
      'product.deleted',
    ])
    expect(ofEntity('collection.').map((event) => event.type)).toEqual([
      'collection.created',
      'collection.changed',
      'collection.deleted',
    ])
    const [created, changed, variants, deletedProduct] = ofEntity('product.')
    const [createdCollection, changedCollection, deletedCollection] = ofEntity('collection.')
    expect(created!.data).toMatchObject({ _id: product._id, name: 'Webhook Tee', sku: 'HOOK-1' })
    expect(created!.identity).toEqual({ identityType: 'APP', appId: merchantKey.id })
    expect(changed!.data).toEqual({
      productId: product._id,
      modifiedFields: expect.arrayContaining(['name', 'productOptions']),
    })
    expect(variants!.data).toEqual({ productId: product._id, variantIds: expect.any(Array) })
    expect((variants!.data.variantIds as string[]).length).toBe(2)
    expect(deletedProduct!.data).toEqual({ productId: product._id })
    expect(createdCollection!.data).toMatchObject({ _id: collection._id, name: 'Hooked' })
    expect(changedCollection!.data).toEqual({ collectionId: collection._id, modifiedFields: ['name'] })
    expect(deletedCollection!.data).toEqual({ collectionId: collection._id })
  })

  it('hands a new redirect session to onRedirectSessionCreated', async () => {
    const { secret } = await createEndpoint(['redirect_session.created'])
    const { client, deliverAll } = createReceiver(secret)
    const sessions: unknown[] = []
    client.redirects.onRedirectSessionCreated(({ data }) => {
      sessions.push(data)
    })
    const { redirectSession } = await shopper().redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: DEMO_REDIRECT_URI },
    })
    await deliverAll()
    expect(outcomes).toEqual(['HANDLED'])
    expect(sessions).toEqual([
      expect.objectContaining({ _id: redirectSession!._id, kind: 'login', expiresAt: expect.any(String) }),
    ])
    expect(JSON.stringify(sessions)).not.toContain(redirectSession!.sessionToken!)
  })

  it('drops a replayed delivery as a duplicate, answering it 2xx so the platform marks it delivered', async () => {
    const { secret, endpoint } = await createEndpoint(['product.changed'])
    const { client, deliverAll } = createReceiver(secret)
    let calls = 0
    client.products.onProductChanged(() => {
      calls++
    })
    const page = await merchant().products.queryProducts().limit(1).find()
    await merchant().products.updateProduct(page.items[0]!._id!, { description: 'Replayed.' })
    await deliverAll()
    const [delivery] = await deliveriesOf(endpoint.id)
    const replay = await platform.call('POST', `/webhooks/v1/deliveries/${delivery!.id}/replay`, {
      headers: merchantHeaders,
    })
    expect(replay.status).toBe(200)
    await deliverAll()
    expect(outcomes).toEqual(['HANDLED', 'DUPLICATE'])
    expect(calls).toBe(1)
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'DELIVERED', lastResponseStatus: 204 }),
    ])
  })

  it('refuses deliveries under another secret or outside the tolerance, so the platform retries them', async () => {
    const { endpoint } = await createEndpoint(['product.changed'])
    const { secret: otherSecret } = (await createEndpoint(['cart.created'])) as { secret: string }
    const wrongSecret = createReceiver(otherSecret)
    let calls = 0
    wrongSecret.client.products.onProductChanged(() => {
      calls++
    })
    const page = await merchant().products.queryProducts().limit(1).find()
    await merchant().products.updateProduct(page.items[0]!._id!, { description: 'Signed.' })
    await wrongSecret.worker.runOnce()
    expect(outcomes).toEqual(['No webhook signature matches'])
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'PENDING', lastResponseStatus: 400 }),
    ])

    const { secret: rightSecret } = (
      await platform.call('POST', `/webhooks/v1/endpoints/${endpoint.id}/rotate-secret`, {
        headers: merchantHeaders,
      })
    ).json as { secret: string }
    // A receiver whose clock is an hour ahead of the platform's sees every delivery as old.
    const late = createReceiver(rightSecret, () => new Date(platform.clock().getTime() + 3_600_000))
    late.client.products.onProductChanged(() => {
      calls++
    })
    platform.clock.advance(3_600)
    await late.worker.runOnce()
    expect(outcomes.at(-1)).toBe('The webhook timestamp is too old')
    expect(calls).toBe(0)

    const onTime = createReceiver(rightSecret)
    onTime.client.products.onProductChanged(() => {
      calls++
    })
    platform.clock.advance(3 * 3_600)
    await onTime.worker.runOnce()
    expect(outcomes.at(-1)).toBe('HANDLED')
    expect(calls).toBe(1)
  })

  it('answers an event type it has no handler for, or does not know, as UNHANDLED', async () => {
    const { secret } = await createEndpoint(['order.created', 'cart.created'])
    const { deliverAll } = createReceiver(secret)
    await recordEvent(
      db,
      {
        siteId: DEMO_SITE_ID,
        type: 'order.created',
        entityId: '00000000-0000-4000-8000-0000000000aa',
        payload: { orderId: '00000000-0000-4000-8000-0000000000aa', number: 1001 },
        identity: { identityType: 'MEMBER', memberId: 'member-1' },
      },
      platform.clock(),
    )
    await deliverAll()
    expect(outcomes).toEqual(['UNHANDLED'])
  })
})
