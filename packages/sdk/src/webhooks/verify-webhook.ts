import { AisleError, invalidArgument } from '../http/aisle-error.js'
import type { WebhookHeaders, WebhookIdentity } from './webhook-events.js'

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number
  /** The current time; defaults to `new Date()`. */
  now?: Date
}

/** An event as the platform sends it to a webhook endpoint. */
export interface WebhookEvent<Data = unknown> {
  /** The event id, also the `webhook-id` header: the same on every retry, so receivers drop duplicates. */
  id: string
  /** The event type, e.g. `cart.created`. */
  type: string
  /** When the event was recorded (ISO 8601). */
  createdDate: string
  siteId: string
  entityId: string
  /** Who caused it (spec WebhookIdentityType). */
  identity: WebhookIdentity
  data: Data
}

const SECRET_PREFIX = 'whsec_'

function invalid(message: string): AisleError {
  return new AisleError({ code: 'WEBHOOK_VERIFICATION_FAILED', message, retryable: false })
}

/** Reads one header, whatever its case, from a `Headers` object or a plain record. */
export function readWebhookHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue
    return Array.isArray(value) ? value.join(', ') : value
  }
  return undefined
}

function decodeBase64(value: string): Uint8Array {
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

// The key bytes of a `whsec_<base64>` secret (the prefix is optional).
function toKeyBytes(secret: string): Uint8Array {
  let keyBytes: Uint8Array | undefined
  try {
    if (typeof secret === 'string') {
      keyBytes = decodeBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret)
    }
  } catch {
    keyBytes = undefined
  }
  if (!keyBytes?.length) throw invalidArgument('Expected "secret" to be whsec_<base64>')
  return keyBytes
}

// The base64 HMAC-SHA256 of `message` under `keyBytes`.
async function sign(keyBytes: Uint8Array, message: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return encodeBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, message as BufferSource)))
}

// Compares every character whatever the first difference, so the time taken says nothing of the match.
function isEqualInConstantTime(a: string, b: string): boolean {
  let difference = a.length ^ b.length
  for (let index = 0; index < a.length; index++) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index % Math.max(b.length, 1))
  }
  return difference === 0
}

/**
 * Verifies a webhook the Standard Webhooks way and returns its event: the `v1` HMAC-SHA256 signature
 * of `webhook-id.webhook-timestamp.body` under the endpoint's secret, or under any one of `secret`
 * when it is a list (any one of the space-separated signatures may match, for secret rotation),
 * compared in constant time, and a timestamp within the tolerance. Pass the raw body exactly as
 * received: re-serialised JSON does not verify.
 *
 * @throws {AisleError} `WEBHOOK_VERIFICATION_FAILED` for a missing header, a bad secret, a timestamp
 * too old or too new, no matching signature, or a body that is not JSON.
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#verifying-signatures
 * @example
 * ```ts
 * const event = await verifyWebhook(process.env.AISLE_WEBHOOK_SECRET, rawBody, request.headers)
 * if (event.type === 'cart.created') await onCartCreated(event.data)
 * ```
 */
export async function verifyWebhook<Data = unknown>(
  secret: string | readonly string[],
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent<Data>> {
  const id = readWebhookHeader(headers, 'webhook-id')
  const timestamp = readWebhookHeader(headers, 'webhook-timestamp')
  const signatures = readWebhookHeader(headers, 'webhook-signature')
  if (!id || !timestamp || !signatures) {
    throw invalid('Expected the headers webhook-id, webhook-timestamp and webhook-signature')
  }
  if (!/^\d{1,15}$/.test(timestamp)) throw invalid('Expected "webhook-timestamp" to be whole seconds')
  const toleranceSeconds = options.toleranceSeconds ?? 300
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const sentSeconds = Number(timestamp)
  if (sentSeconds < nowSeconds - toleranceSeconds) throw invalid('The webhook timestamp is too old')
  if (sentSeconds > nowSeconds + toleranceSeconds) throw invalid('The webhook timestamp is too new')

  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`)
  const message = new Uint8Array(prefix.length + body.length)
  message.set(prefix)
  message.set(body, prefix.length)
  const candidates = signatures.split(' ').flatMap((candidate) => {
    const [version, signature] = candidate.split(',', 2)
    return version === 'v1' && signature !== undefined ? [signature] : []
  })
  let isMatch = false
  for (const keyBytes of (typeof secret === 'string' ? [secret] : secret).map(toKeyBytes)) {
    const expected = await sign(keyBytes, message)
    // Every candidate is compared, whatever matched before: the time taken says nothing of a match.
    for (const candidate of candidates) if (isEqualInConstantTime(candidate, expected)) isMatch = true
  }
  if (!isMatch) throw invalid('No webhook signature matches')

  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent<Data>
  } catch (cause) {
    throw new AisleError({
      code: 'WEBHOOK_VERIFICATION_FAILED',
      message: 'The webhook body is not JSON',
      cause,
      retryable: false,
    })
  }
}
