import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header a signed payment notification carries: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'aisle-payment-signature'

/** How old a notification may be: an older one is a replay. */
const TOLERANCE_SECONDS = 300

/** The signature header of `body` sent at `now`: HMAC-SHA256 of `<t>.<body>` with the shared secret. */
export function signNotification(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000)
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${mac}`
}

/** Whether `header` signs `body` with the secret, within the tolerance of `now` (constant-time compare). */
export function isNotificationSigned(
  secret: string,
  body: string,
  header: string | null,
  now: Date,
): boolean {
  if (!header) return false
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const timestamp = Number(parts.get('t'))
  const given = parts.get('v1') ?? ''
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest()
  return timingSafeEqual(expected, Buffer.from(given, 'hex'))
}
