import { createHmac, randomBytes } from 'node:crypto'

/** Every webhook secret starts with this (Standard Webhooks); the rest is the base64 of its bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** A new endpoint secret: 32 random bytes, `whsec_<base64>`. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`
}

/**
 * The `v1,<signature>` of one message under one secret: base64 HMAC-SHA256 of `id.timestamp.body`
 * keyed with the secret's bytes.
 *
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(6) : secret, 'base64')
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

/**
 * The three Standard Webhooks headers of a delivery; with several secrets (rotation) the signature
 * header lists one signature per secret, space-separated, so a receiver holding either verifies.
 */
export function toWebhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  }
}
