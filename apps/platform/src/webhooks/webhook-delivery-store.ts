import type { Db } from '../db/db.ts'

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD'

/** One event on its way to one endpoint, with the outcome of its last attempt. */
export interface WebhookDelivery {
  id: string
  endpointId: string
  eventId: string
  eventType: string
  entityId: string
  status: DeliveryStatus
  attemptCount: number
  nextAttemptDate: Date | null
  lastAttemptDate: Date | null
  lastResponseStatus: number | null
  /** The first characters of the receiver's last answer. */
  lastResponseBody: string | null
  lastError: string | null
  deliveredDate: Date | null
  createdDate: Date
}

/** One attempt of a delivery, as the log keeps it. */
export interface WebhookDeliveryAttempt {
  attemptNumber: number
  attemptedDate: Date
  responseStatus: number | null
  responseBody: string | null
  error: string | null
  durationMs: number
}

interface DeliveryRow {
  id: string
  endpoint_id: string
  event_id: string
  type: string
  entity_id: string
  status: DeliveryStatus
  attempt_count: number
  next_attempt_date: Date | null
  last_attempt_date: Date | null
  last_response_status: number | null
  last_response_body: string | null
  last_error: string | null
  delivered_date: Date | null
  created_date: Date
}

const deliveryColumns = `d.id, d.endpoint_id, d.event_id, e.type, d.entity_id, d.status, d.attempt_count,
  d.next_attempt_date, d.last_attempt_date, d.last_response_status, d.last_response_body, d.last_error,
  d.delivered_date, d.created_date`

const dateOrNull = (value: Date | null) => (value ? new Date(value) : null)

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.type,
    entityId: row.entity_id,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptDate: dateOrNull(row.next_attempt_date),
    lastAttemptDate: dateOrNull(row.last_attempt_date),
    lastResponseStatus: row.last_response_status,
    lastResponseBody: row.last_response_body,
    lastError: row.last_error,
    deliveredDate: dateOrNull(row.delivered_date),
    createdDate: new Date(row.created_date),
  }
}

/** An endpoint's deliveries, newest event first, optionally of one status. */
export async function listWebhookDeliveries(
  db: Db,
  siteId: string,
  endpointId: string,
  options: { status?: DeliveryStatus; limit: number; offset: number },
): Promise<WebhookDelivery[]> {
  const rows = await db.query<DeliveryRow>(
    `select ${deliveryColumns} from webhook_deliveries d join events e on e.id = d.event_id
      where d.site_id = $1 and d.endpoint_id = $2 and ($3::text is null or d.status = $3)
      order by d.event_sequence desc limit $4 offset $5`,
    [siteId, endpointId, options.status ?? null, options.limit, options.offset],
  )
  return rows.map(toDelivery)
}

/** One delivery of the site with every attempt, oldest first; `undefined` when there is none. */
export async function findWebhookDelivery(
  db: Db,
  siteId: string,
  id: string,
): Promise<{ delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] } | undefined> {
  const [row] = await db.query<DeliveryRow>(
    `select ${deliveryColumns} from webhook_deliveries d join events e on e.id = d.event_id
      where d.site_id = $1 and d.id = $2`,
    [siteId, id],
  )
  if (!row) return undefined
  const attempts = await db.query<{
    attempt_number: number
    attempted_date: Date
    response_status: number | null
    response_body: string | null
    error: string | null
    duration_ms: number
  }>(
    `select attempt_number, attempted_date, response_status, response_body, error, duration_ms
       from webhook_delivery_attempts where delivery_id = $1 order by attempted_date, attempt_number`,
    [id],
  )
  return {
    delivery: toDelivery(row),
    attempts: attempts.map((attempt) => ({
      attemptNumber: attempt.attempt_number,
      attemptedDate: new Date(attempt.attempted_date),
      responseStatus: attempt.response_status,
      responseBody: attempt.response_body,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    })),
  }
}

/**
 * Sends a delivery again from the first attempt's schedule: due now, whatever its status. The event
 * id stays the same, so a receiver that already has it drops it. `undefined` when there is none.
 */
export async function replayWebhookDelivery(
  db: Db,
  siteId: string,
  id: string,
  now: Date,
): Promise<WebhookDelivery | undefined> {
  const rows = await db.query<{ id: string }>(
    `update webhook_deliveries set status = 'PENDING', attempt_count = 0, next_attempt_date = $3,
        delivered_date = null
      where site_id = $1 and id = $2 returning id`,
    [siteId, id, now],
  )
  if (rows.length === 0) return undefined
  return (await findWebhookDelivery(db, siteId, id))?.delivery
}

/** Sends every dead delivery of an endpoint again, due now. Returns how many. */
export async function replayDeadWebhookDeliveries(
  db: Db,
  siteId: string,
  endpointId: string,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `update webhook_deliveries set status = 'PENDING', attempt_count = 0, next_attempt_date = $3
      where site_id = $1 and endpoint_id = $2 and status = 'DEAD' returning id`,
    [siteId, endpointId, now],
  )
  return rows.length
}
