import { describe, expect, it, vi } from 'vitest'
import { OAuthStrategy } from '../auth/oauth-strategy.js'
import { createClient } from '../client.js'
import { isAisleError } from '../http/aisle-error.js'
import { newWebhookSecret, webhookHeaders } from '../testing/sign-webhook.js'
import { collections } from './collections.js'
import { currentCart } from './current-cart.js'
import { products } from './products.js'
import { redirects } from './redirects.js'
import { type WebhooksOptions, webhooks } from './webhooks.js'

const secret = newWebhookSecret()
const now = new Date('2026-06-01T12:00:00Z')
const timestamp = Math.floor(now.getTime() / 1000)

function createReceiver(options: Partial<WebhooksOptions> = {}) {
  return createClient({
    auth: OAuthStrategy({ clientId: 'c' }),
    modules: {
      currentCart,
      products,
      collections,
      redirects,
      webhooks: webhooks({ secret, now: () => now, ...options }),
    },
    baseUrl: 'http://api.test',
    fetch: () => Promise.reject(new Error('a receiver makes no calls')),
  })
}

// A delivery as the platform's delivery worker sends it (apps/platform/src/webhooks/delivery-worker.ts).
function envelope(id: string, type: string, data: unknown) {
  return {
    id,
    type,
    createdDate: '2026-06-01T11:59:58.000Z',
    siteId: 'site-1',
    entityId: 'entity-1',
    identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
    data,
  }
}

async function delivery(body: unknown, options: { id?: string; at?: number; key?: string } = {}) {
  const text = JSON.stringify(body)
  const id = options.id ?? (body as { id: string }).id
  const headers = await webhookHeaders(options.key ?? secret, id, options.at ?? timestamp, text)
  return new Request('https://shop.test/webhooks/aisle', { method: 'POST', headers, body: text })
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(isAisleError(error)).toBe(true)
  return error as { code: string; message: string }
}

const cart = {
  id: 'cart-1',
  createdDate: '2026-06-01T11:59:58.000Z',
  lineItems: [{ id: 'line-1', quantity: 'Infinity', productName: { original: 'NaN' } }],
}

describe('webhooks.process', () => {
  it('verifies a Request, applies the wire transforms and calls the typed handler of its type', async () => {
    const client = createReceiver()
    const received: unknown[] = []
    client.currentCart.onCartCreated((event) => {
      received.push(event)
    })
    const result = await client.webhooks.process(await delivery(envelope('evt-1', 'cart.created', cart)))
    const expected = {
      _id: 'evt-1',
      type: 'cart.created',
      _createdDate: '2026-06-01T11:59:58.000Z',
      siteId: 'site-1',
      entityId: 'entity-1',
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
      data: {
        _id: 'cart-1',
        _createdDate: '2026-06-01T11:59:58.000Z',
        lineItems: [{ _id: 'line-1', quantity: Number.POSITIVE_INFINITY, productName: { original: 'NaN' } }],
      },
    }
    expect(received).toEqual([expected])
    expect(result).toEqual({ status: 'HANDLED', event: expected })
  })

  it('takes the raw body and its headers, as bytes and as a plain record', async () => {
    const client = createReceiver()
    const deleted = vi.fn()
    client.products.onProductDeleted(deleted)
    const body = JSON.stringify(envelope('evt-2', 'product.deleted', { productId: 'p1' }))
    const headers = await webhookHeaders(secret, 'evt-2', timestamp, body)
    const result = await client.webhooks.process(new TextEncoder().encode(body), headers)
    expect(result.status).toBe('HANDLED')
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ data: { productId: 'p1' } }))
  })

  it('runs every handler of a type in the order registered, and only those of that type', async () => {
    const client = createReceiver()
    const calls: string[] = []
    client.collections.onCollectionChanged(async () => {
      calls.push('first')
    })
    client.collections.onCollectionChanged(() => {
      calls.push('second')
    })
    client.collections.onCollectionDeleted(() => {
      calls.push('deleted')
    })
    const data = { collectionId: 'c1', modifiedFields: ['name'] }
    await client.webhooks.process(await delivery(envelope('evt-3', 'collection.changed', data)))
    expect(calls).toEqual(['first', 'second'])
  })

  it('drops a delivery whose id it has processed, without calling the handlers again', async () => {
    const client = createReceiver()
    const handler = vi.fn()
    client.redirects.onRedirectSessionCreated(handler)
    const event = envelope('evt-4', 'redirect_session.created', { id: 'rs-1', kind: 'ecomCheckout' })
    expect((await client.webhooks.process(await delivery(event))).status).toBe('HANDLED')
    const again = await client.webhooks.process(await delivery(event, { at: timestamp + 60 }))
    expect(again.status).toBe('DUPLICATE')
    expect(again.event.data).toEqual({ _id: 'rs-1', kind: 'ecomCheckout' })
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('processes a delivery again after its handler failed, so the retry is not lost', async () => {
    const client = createReceiver()
    const handler = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined)
    client.products.onProductVariantsChanged(handler)
    const event = envelope('evt-5', 'product.variants_changed', { productId: 'p1', variantIds: ['v1'] })
    await expect(client.webhooks.process(await delivery(event))).rejects.toThrow('database down')
    expect((await client.webhooks.process(await delivery(event))).status).toBe('HANDLED')
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('remembers only the most recent ids it was told to', async () => {
    const client = createReceiver({ rememberedIds: 2 })
    const handler = vi.fn()
    client.products.onProductChanged(handler)
    const change = (id: string) => envelope(id, 'product.changed', { productId: 'p1', modifiedFields: [] })
    for (const id of ['a', 'b', 'c']) await client.webhooks.process(await delivery(change(id)))
    expect((await client.webhooks.process(await delivery(change('c')))).status).toBe('DUPLICATE')
    expect((await client.webhooks.process(await delivery(change('a')))).status).toBe('HANDLED')
    expect(handler).toHaveBeenCalledTimes(4)
  })

  it('answers UNHANDLED for a type without handlers, one the SDK does not know included', async () => {
    const client = createReceiver()
    const order = envelope('evt-6', 'order.created', { orderId: 'o1', number: 1001 })
    expect(await client.webhooks.process(await delivery(order))).toEqual({
      status: 'UNHANDLED',
      event: expect.objectContaining({
        _id: 'evt-6',
        type: 'order.created',
        data: { orderId: 'o1', number: 1001 },
      }),
    })
    const updated = envelope('evt-7', 'cart.updated', cart)
    expect((await client.webhooks.process(await delivery(updated))).status).toBe('UNHANDLED')
  })

  it('refuses a bad signature, an old or future timestamp and a body that is no event, calling nothing', async () => {
    const client = createReceiver()
    const handler = vi.fn()
    client.currentCart.onCartDeleted(handler)
    const event = envelope('evt-8', 'cart.deleted', { cartId: 'cart-1' })
    const forged = await rejection(
      client.webhooks.process(await delivery(event, { key: newWebhookSecret() })),
    )
    expect(forged).toMatchObject({
      code: 'WEBHOOK_VERIFICATION_FAILED',
      message: 'No webhook signature matches',
    })
    const old = await rejection(client.webhooks.process(await delivery(event, { at: timestamp - 301 })))
    expect(old.message).toBe('The webhook timestamp is too old')
    const future = await rejection(client.webhooks.process(await delivery(event, { at: timestamp + 301 })))
    expect(future.message).toBe('The webhook timestamp is too new')
    const notAnEvent = await rejection(client.webhooks.process(await delivery(['x'], { id: 'evt-9' })))
    expect(notAnEvent.code).toBe('WEBHOOK_VERIFICATION_FAILED')
    expect(handler).not.toHaveBeenCalled()
    // None of them was remembered: the genuine delivery still runs.
    expect((await client.webhooks.process(await delivery(event))).status).toBe('HANDLED')
  })

  it('accepts deliveries signed with any of several secrets, and a wider tolerance when asked', async () => {
    const next = newWebhookSecret()
    const client = createReceiver({ secret: [secret, next], toleranceSeconds: 3600 })
    const event = envelope('evt-10', 'collection.created', { id: 'c1', name: 'Summer' })
    const result = await client.webhooks.process(await delivery(event, { key: next, at: timestamp - 1800 }))
    expect(result.status).toBe('UNHANDLED')
    expect(result.event.data).toEqual({ _id: 'c1', name: 'Summer' })
  })
})

describe('webhooks on<Event> calls', () => {
  it('are added to the modules of a client with the webhooks module, under any name', () => {
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'c' }),
      modules: { cart: currentCart, catalogue: products, hooks: webhooks({ secret }) },
      baseUrl: 'http://api.test',
    })
    expect(typeof client.cart.onCartCreated).toBe('function')
    expect(typeof client.catalogue.onProductCreated).toBe('function')
    expect(Object.keys(client.hooks)).toEqual(['process'])
  })

  it('are not there without the webhooks module', () => {
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'c' }),
      modules: { currentCart },
      baseUrl: 'http://api.test',
    })
    expect(Object.keys(client.currentCart).filter((name) => name.startsWith('on'))).toEqual([])
  })

  it('return a function that removes the handler', async () => {
    const client = createReceiver()
    const handler = vi.fn()
    const remove = client.collections.onCollectionDeleted(handler)
    remove()
    const result = await client.webhooks.process(
      await delivery(envelope('evt-11', 'collection.deleted', { collectionId: 'c1' })),
    )
    expect(result.status).toBe('UNHANDLED')
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuse a handler that is not a function', () => {
    const client = createReceiver()
    expect(() => client.currentCart.onCartCreated('nope' as never)).toThrowError(
      '"handler" of onCartCreated must be a function',
    )
  })
})

describe('webhooks options', () => {
  it.each([
    [{ secret: '' }, /"secret"/],
    [{ secret: [] }, /"secret"/],
    [{ secret: [secret, 7 as never] }, /"secret"/],
    [{ secret, toleranceSeconds: -1 }, /"toleranceSeconds"/],
    [{ secret, rememberedIds: 0 }, /"rememberedIds"/],
    [{ secret, rememberedIds: 1.5 }, /"rememberedIds"/],
  ])('refuse %o', (options, message) => {
    expect(() => webhooks(options as WebhooksOptions)).toThrowError(message)
  })

  it('ask for the headers with a raw body, and for a Request otherwise', async () => {
    const client = createReceiver()
    const process = client.webhooks.process as (input: unknown, headers?: unknown) => Promise<unknown>
    expect((await rejection(process('{}'))).code).toBe('INVALID_ARGUMENT')
    expect((await rejection(process({ body: '{}' }))).code).toBe('INVALID_ARGUMENT')
  })
})
