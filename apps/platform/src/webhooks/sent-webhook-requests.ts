import type { Db } from '../db/db.ts'
import { toDeliveryHeaders, toWebhookBody } from './delivery-worker.ts'
import { SECRET_OVERLAP_MS } from './webhook-endpoint-store.ts'

/** One attempt of a delivery: the request the worker sent, and what the receiver answered. */
export interface SentWebhookRequest {
  attemptId: string
  deliveryId: string
  endpointId: string
  eventId: string
  eventType: string
  attemptNumber: number
  attemptedDate: Date
  method: 'POST'
  url: string
  headers: Record<string, string>
  body: string
  responseStatus: number | null
  /** The first characters of the answer, as the delivery log keeps them. */
  responseBody: string | null
  error: string | null
  durationMs: number
  /** Why the request shown may differ from the one sent, when it may; `undefined` when it is exact. */
  caveat: string | undefined
}

interface AttemptRow {
  attempt_id: string
  attempt_number: number
  attempted_date: Date
  response_status: number | null
  response_body: string | null
  error: string | null
  duration_ms: number
  delivery_id: string
  endpoint_id: string
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_date: Date | null
  endpoint_updated_date: Date
  event_id: string
  type: string
  site_id: string
  entity_id: string
  payload: unknown
  identity: unknown
  created_date: Date
}

/**
 * The secrets that signed at `sentAt`, as the worker chose them: the current one, and the previous one
 * while its overlap lasts. An attempt from before the last rotation was signed with the secret that
 * rotation retired; a secret retired before that is no longer known.
 */
function secretsAt(row: AttemptRow, sentAt: Date): { secrets: string[]; isExact: boolean } {
  const expires = row.previous_secret_expires_date && new Date(row.previous_secret_expires_date)
  if (!expires || !row.previous_secret) return { secrets: [row.secret], isExact: true }
  const rotatedAt = expires.getTime() - SECRET_OVERLAP_MS
  if (sentAt.getTime() >= rotatedAt) {
    return {
      secrets: sentAt < expires ? [row.secret, row.previous_secret] : [row.secret],
      isExact: true,
    }
  }
  return { secrets: [row.previous_secret], isExact: false }
}

function toSentRequest(row: AttemptRow): SentWebhookRequest {
  const attemptedDate = new Date(row.attempted_date)
  const body = toWebhookBody(row)
  const { secrets, isExact } = secretsAt(row, attemptedDate)
  const caveats = [
    isExact
      ? undefined
      : 'Sent before the secret’s last rotation: the signature shown is the one under the secret then in use; a secret retired even earlier may have added a second one.',
    new Date(row.endpoint_updated_date) > attemptedDate
      ? 'The endpoint was changed after this attempt: it may have had another URL then.'
      : undefined,
  ].filter((caveat) => caveat !== undefined)
  return {
    attemptId: row.attempt_id,
    deliveryId: row.delivery_id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.type,
    attemptNumber: row.attempt_number,
    attemptedDate,
    method: 'POST',
    url: row.url,
    headers: toDeliveryHeaders(secrets, row.event_id, Math.floor(attemptedDate.getTime() / 1000), body),
    body,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
    durationMs: row.duration_ms,
    caveat: caveats.length > 0 ? caveats.join(' ') : undefined,
  }
}

/**
 * The site's most recent delivery attempts, newest first, each with the request as the worker sent it:
 * the body (the event, byte for byte) and every header, signatures included, rebuilt from the stored
 * event, the attempt's time and the endpoint's secrets. Secrets themselves never leave this function.
 */
export async function listSentWebhookRequests(
  db: Db,
  siteId: string,
  options: { endpointId?: string | undefined; deliveryId?: string | undefined; limit: number },
): Promise<SentWebhookRequest[]> {
  const rows = await db.query<AttemptRow>(
    `select a.id as attempt_id, a.attempt_number, a.attempted_date, a.response_status, a.response_body,
            a.error, a.duration_ms, d.id as delivery_id, d.endpoint_id, w.url, w.secret, w.previous_secret,
            w.previous_secret_expires_date, w.updated_date as endpoint_updated_date, e.id as event_id, e.type,
            e.site_id, e.entity_id, e.payload, e.identity, e.created_date
       from webhook_delivery_attempts a
       join webhook_deliveries d on d.id = a.delivery_id
       join webhook_endpoints w on w.id = d.endpoint_id
       join events e on e.id = d.event_id
      where d.site_id = $1 and ($2::uuid is null or d.endpoint_id = $2::uuid)
        and ($3::uuid is null or d.id = $3::uuid)
      order by a.attempted_date desc, a.attempt_number desc, a.id
      limit $4`,
    [siteId, options.endpointId ?? null, options.deliveryId ?? null, options.limit],
  )
  return rows.map(toSentRequest)
}
