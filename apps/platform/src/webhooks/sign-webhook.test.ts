import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateWebhookSecret, signWebhook, toWebhookHeaders } from './sign-webhook.ts'

// Computed here without the module's code, to catch a wrong key encoding or message layout.
function expectedSignature(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference vector', () => {
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it.each([
    ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt_1', 1_700_000_000, '{}'],
    [generateWebhookSecret(), '5f1c1f8e-8f0e-4c7e-9a55-1f0e2b7c9d11', 1_780_000_000, '{"a":"é","b":[1,2]}'],
    [generateWebhookSecret(), 'x', 0, ''],
  ])('signs HMAC-SHA256 of id.timestamp.body with the secret bytes (%#)', (secret, id, timestamp, body) => {
    expect(signWebhook(secret, id, timestamp, body)).toBe(expectedSignature(secret, id, timestamp, body))
  })

  it('generates 32-byte secrets with the whsec_ prefix, different each time', () => {
    const secret = generateWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(generateWebhookSecret()).not.toBe(secret)
  })
})

describe('toWebhookHeaders', () => {
  it('lists one signature per secret, space-separated, during a rotation', () => {
    const [next, previous] = [generateWebhookSecret(), generateWebhookSecret()]
    const headers = toWebhookHeaders([next, previous], 'evt_1', 1_700_000_000, '{"a":1}')
    expect(headers).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': `${expectedSignature(next, 'evt_1', 1_700_000_000, '{"a":1}')} ${expectedSignature(previous, 'evt_1', 1_700_000_000, '{"a":1}')}`,
    })
  })
})
