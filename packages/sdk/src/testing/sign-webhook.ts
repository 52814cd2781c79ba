// Signs deliveries for SDK tests the Standard Webhooks way, independently of the SDK's verification:
// Web Crypto HMAC over `id.timestamp.body`, base64 by hand.
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

/** A new endpoint secret, `whsec_<base64 of 32 random bytes>`. */
export const newWebhookSecret = () => `whsec_${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`

/** The `v1,<signature>` of one delivery under `secret`. */
export async function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.replace(/^whsec_/, '')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestampSeconds}.${body}`),
  )
  return `v1,${toBase64(new Uint8Array(mac))}`
}

/** The three headers of a delivery of `body`, signed with `secret`. */
export async function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': await signWebhook(secret, id, timestampSeconds, body),
  }
}
