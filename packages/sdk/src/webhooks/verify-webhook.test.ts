import { describe, expect, it } from 'vitest'
import { isAisleError } from '../http/aisle-error.js'
import { newWebhookSecret, signWebhook } from '../testing/sign-webhook.js'
import { verifyWebhook } from './verify-webhook.js'

const secret = newWebhookSecret()
const now = new Date('2026-06-01T12:00:00Z')
const timestamp = Math.floor(now.getTime() / 1000)
const event = {
  id: 'evt_1',
  type: 'cart.created',
  createdDate: now.toISOString(),
  data: { cart: { id: 'c1' } },
}
const body = JSON.stringify(event)

async function headersFor(options: { key?: string; at?: number; payload?: string; id?: string } = {}) {
  const id = options.id ?? 'evt_1'
  const at = options.at ?? timestamp
  return {
    'webhook-id': id,
    'webhook-timestamp': String(at),
    'webhook-signature': await signWebhook(options.key ?? secret, id, at, options.payload ?? body),
  }
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(isAisleError(error)).toBe(true)
  return error as { code: string; message: string }
}

describe('verifyWebhook', () => {
  it('returns the parsed event of a correctly signed body', async () => {
    expect(await verifyWebhook(secret, body, await headersFor(), { now })).toEqual(event)
  })

  it('accepts the Standard Webhooks reference vector', async () => {
    const reference = await verifyWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      '{"test": 2432232314}',
      {
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'webhook-timestamp': '1614265330',
        'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
      },
      { now: new Date(1614265330 * 1000) },
    )
    expect(reference).toEqual({ test: 2432232314 })
  })

  it('accepts raw bytes as well as a string', async () => {
    expect(await verifyWebhook(secret, new TextEncoder().encode(body), await headersFor(), { now })).toEqual(
      event,
    )
  })

  it('rejects a modified body', async () => {
    const modified = body.replace('c1', 'c2')
    expect((await rejection(verifyWebhook(secret, modified, await headersFor(), { now }))).code).toBe(
      'WEBHOOK_VERIFICATION_FAILED',
    )
  })

  it('rejects the body re-serialised with different whitespace', async () => {
    const reserialised = JSON.stringify(event, null, 2)
    await rejection(verifyWebhook(secret, reserialised, await headersFor(), { now }))
  })

  it('rejects a wrong secret', async () => {
    const other = newWebhookSecret()
    await rejection(verifyWebhook(other, body, await headersFor(), { now }))
  })

  it('rejects a timestamp older or newer than the tolerance, both ways', async () => {
    const old = await rejection(
      verifyWebhook(secret, body, await headersFor({ at: timestamp - 301 }), { now }),
    )
    expect(old.message).toMatch(/too old/)
    const future = await rejection(
      verifyWebhook(secret, body, await headersFor({ at: timestamp + 301 }), { now }),
    )
    expect(future.message).toMatch(/too new/)
    expect(await verifyWebhook(secret, body, await headersFor({ at: timestamp - 299 }), { now })).toEqual(
      event,
    )
    await rejection(
      verifyWebhook(secret, body, await headersFor({ at: timestamp - 61 }), { now, toleranceSeconds: 60 }),
    )
  })

  it('rejects a signature made for another id or timestamp (the signed message binds both)', async () => {
    const headers = await headersFor()
    await rejection(verifyWebhook(secret, body, { ...headers, 'webhook-id': 'evt_2' }, { now }))
    await rejection(
      verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': String(timestamp + 1) }, { now }),
    )
  })

  it.each([['webhook-id'], ['webhook-timestamp'], ['webhook-signature']])(
    'rejects a missing %s header',
    async (name) => {
      const headers: Record<string, string> = await headersFor()
      delete headers[name]
      await rejection(verifyWebhook(secret, body, headers, { now }))
    },
  )

  it('rejects a malformed timestamp and signatures of another version or partial ones', async () => {
    const headers = await headersFor()
    await rejection(verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': '1e9' }, { now }))
    const signature = headers['webhook-signature'].slice(3)
    await rejection(
      verifyWebhook(secret, body, { ...headers, 'webhook-signature': `v2,${signature}` }, { now }),
    )
    await rejection(verifyWebhook(secret, body, { ...headers, 'webhook-signature': signature }, { now }))
    await rejection(
      verifyWebhook(
        secret,
        body,
        { ...headers, 'webhook-signature': `v1,${signature.slice(0, 20)}` },
        { now },
      ),
    )
  })

  it('accepts any one matching signature of several (secret rotation)', async () => {
    const other = newWebhookSecret()
    const headers = await headersFor()
    const both = {
      ...headers,
      'webhook-signature': `${await signWebhook(other, 'evt_1', timestamp, body)} ${headers['webhook-signature']}`,
    }
    expect(await verifyWebhook(secret, body, both, { now })).toEqual(event)
    expect(await verifyWebhook(other, body, both, { now })).toEqual(event)
  })

  it('accepts a body signed with any one of several secrets (rotation on the receiving side)', async () => {
    const other = newWebhookSecret()
    expect(await verifyWebhook([other, secret], body, await headersFor(), { now })).toEqual(event)
    expect((await rejection(verifyWebhook([other], body, await headersFor(), { now }))).message).toBe(
      'No webhook signature matches',
    )
  })

  it('accepts header names in any case, in a record or a Headers object', async () => {
    const headers = await headersFor()
    const upper = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    )
    const mixed = {
      'Webhook-Id': headers['webhook-id'],
      'Webhook-Timestamp': headers['webhook-timestamp'],
      'WebHook-Signature': headers['webhook-signature'],
    }
    expect(await verifyWebhook(secret, body, upper, { now })).toEqual(event)
    expect(await verifyWebhook(secret, body, mixed, { now })).toEqual(event)
    expect(await verifyWebhook(secret, body, new Headers(upper), { now })).toEqual(event)
  })

  it('rejects a secret that is not base64', async () => {
    expect((await rejection(verifyWebhook('whsec_!!!', body, await headersFor(), { now }))).code).toBe(
      'INVALID_ARGUMENT',
    )
  })
})
