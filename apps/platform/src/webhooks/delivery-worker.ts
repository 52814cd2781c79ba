import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { OutboundAddressRefused, type ResolveHost, systemResolveHost } from '../http/outbound-request.ts'
import type { Logger } from '../log.ts'
import {
  createPollingWorker,
  jitteredRetryDelaySeconds,
  type PollingWorker,
} from '../workers/polling-worker.ts'
import { toWebhookHeaders } from './sign-webhook.ts'
import { postWebhook, type WebhookAnswer, type WebhookRequest } from './webhook-request.ts'

/** Seconds to wait after each failed attempt; after the last one the delivery is `DEAD`. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600] as const
/** Attempts in all: the first one and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1
/** How long a receiver may take to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000
// A claimed delivery is due again after this unless its attempt is recorded first: a process that
// dies mid-send loses nothing, the next claim sends again (at least once).
const LEASE_SECONDS = 60
const RESPONSE_EXCERPT_CHARS = 1_000

export interface DeliveryWorkerOptions {
  db: Db
  clock: Clock
  logger: Logger
  /**
   * Whether sites in local development mode may receive on loopback and private addresses
   * (`LOCAL_DEVELOPMENT_SITES`); without it every receiver must be public, whatever the site says.
   */
  localDevelopmentSites: boolean
  /** How receivers' host names are resolved; the system's resolver by default (tests inject one). */
  resolveHost?: ResolveHost
  /**
   * Sends one delivery: `postWebhook` by default, which connects only to checked addresses. A test may
   * stand in for the network (a receiver answering in process).
   */
  send?: (request: WebhookRequest) => Promise<WebhookAnswer>
  /** How often `start()` looks for work. Default 1 s. */
  pollIntervalMs?: number
  /** Deliveries sent per round. Default 20. */
  batchSize?: number
  /** Random number in [0, 1) for the jitter; tests pass a constant. */
  random?: () => number
  timeoutMs?: number
}

/** A polling worker whose round turns new events into deliveries, then sends the due ones. */
export type DeliveryWorker = PollingWorker

interface ClaimedDelivery {
  id: string
  attempt_count: number
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_date: Date | null
  local_development: boolean
  event_id: string
  type: string
  site_id: string
  entity_id: string
  payload: unknown
  identity: unknown
  created_date: Date
}

/** The delay before the attempt after `attemptCount` failures, with ±20 % jitter so receivers are not stampeded. */
export function retryDelaySeconds(attemptCount: number, random: () => number): number | undefined {
  return jitteredRetryDelaySeconds(RETRY_DELAYS_SECONDS, attemptCount, random)
}

/**
 * Turns the events recorded since each endpoint's cursor into deliveries, and moves the cursor, in one
 * transaction. Only events of finished transactions are read (`transaction_id` below the snapshot's
 * xmin), in transaction order: an event of a transaction still running is picked up later, never skipped.
 */
export async function createDueDeliveries(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [snapshot] = await tx.query<{ xmin: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    )
    const endpoints = await tx.query<{
      id: string
      site_id: string
      event_types: string[]
      cursor_transaction_id: string
      cursor_sequence: string
    }>(
      `select id, site_id, event_types, cursor_transaction_id::text, cursor_sequence::text
         from webhook_endpoints where is_enabled for update skip locked`,
    )
    let created = 0
    for (const endpoint of endpoints) {
      const events = await tx.query<{ id: string; transaction_id: string; sequence: string }>(
        `select id, transaction_id::text, sequence::text from events
          where site_id = $1 and transaction_id < $2::xid8
            and (transaction_id > $3::xid8 or (transaction_id = $3::xid8 and sequence > $4))
          order by transaction_id, sequence limit 500`,
        [endpoint.site_id, snapshot!.xmin, endpoint.cursor_transaction_id, endpoint.cursor_sequence],
      )
      const last = events.at(-1)
      if (!last) continue
      const inserted = await tx.query(
        `insert into webhook_deliveries
           (id, site_id, endpoint_id, event_id, event_sequence, entity_id, status, next_attempt_date, created_date)
         select gen_random_uuid(), site_id, $1, id, sequence, entity_id, 'PENDING', $5, $5 from events
          where site_id = $2 and type = any($3::text[]) and id = any($4::uuid[])
         on conflict (endpoint_id, event_id) do nothing
         returning id`,
        [endpoint.id, endpoint.site_id, endpoint.event_types, events.map((event) => event.id), now],
      )
      created += inserted.length
      await tx.query(
        'update webhook_endpoints set cursor_transaction_id = $2::xid8, cursor_sequence = $3 where id = $1',
        [endpoint.id, last.transaction_id, last.sequence],
      )
    }
    return created
  })
}

/**
 * Claims due deliveries (`for update skip locked`, so processes share the work) and leases them. A
 * delivery waits while an earlier event of the same entity is pending for the same endpoint, and
 * while its endpoint is disabled.
 */
async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: string }>(
      `select d.id from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where d.status = 'PENDING' and d.next_attempt_date <= $1 and w.is_enabled
          and not exists (
            select 1 from webhook_deliveries earlier
             where earlier.endpoint_id = d.endpoint_id and earlier.entity_id = d.entity_id
               and earlier.status = 'PENDING' and earlier.event_sequence < d.event_sequence)
        order by d.next_attempt_date, d.event_sequence
        limit $2
        for update of d skip locked`,
      [now, limit],
    )
    if (due.length === 0) return []
    return tx.query<ClaimedDelivery>(
      `with leased as (
         update webhook_deliveries set next_attempt_date = $2, attempt_count = attempt_count + 1
          where id = any($1::uuid[]) returning id, attempt_count, endpoint_id, event_id)
       select l.id, l.attempt_count, w.url, w.secret,
              case when w.previous_secret_expires_date > $3 then w.previous_secret end as previous_secret,
              w.previous_secret_expires_date, s.local_development, e.id as event_id, e.type, e.site_id,
              e.entity_id, e.payload, e.identity, e.created_date
         from leased l join webhook_endpoints w on w.id = l.endpoint_id join events e on e.id = l.event_id
         join sites s on s.id = w.site_id`,
      [due.map((row) => row.id), new Date(now.getTime() + LEASE_SECONDS * 1000), now],
    )
  })
}

/** The JSON body of a delivery: the same bytes on every attempt of the same event. */
export function toWebhookBody(event: {
  event_id: string
  type: string
  created_date: Date
  site_id: string
  entity_id: string
  identity: unknown
  payload: unknown
}): string {
  return JSON.stringify({
    id: event.event_id,
    type: event.type,
    createdDate: new Date(event.created_date).toISOString(),
    siteId: event.site_id,
    entityId: event.entity_id,
    identity: event.identity,
    data: event.payload,
  })
}

/**
 * Every header of a delivery's POST: the Standard Webhooks id, timestamp and signatures (one per
 * secret), the JSON content type and the user agent. The worker sends these; the dashboard's inspector
 * shows them.
 */
export function toDeliveryHeaders(
  secrets: readonly string[],
  eventId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    ...toWebhookHeaders(secrets, eventId, timestampSeconds, body),
    'content-type': 'application/json',
    'user-agent': 'Aisle-Webhooks/1',
  }
}

interface AttemptOutcome {
  responseStatus: number | null
  responseBody: string | null
  error: string | null
  durationMs: number
}

async function send(
  options: DeliveryWorkerOptions,
  delivery: ClaimedDelivery,
  now: Date,
): Promise<AttemptOutcome> {
  const body = toWebhookBody(delivery)
  const secrets = delivery.previous_secret ? [delivery.secret, delivery.previous_secret] : [delivery.secret]
  const headers = toDeliveryHeaders(secrets, delivery.event_id, Math.floor(now.getTime() / 1000), body)
  const started = performance.now()
  try {
    // Checked where it connects (DNS rebinding); a redirect is not followed: it is the receiver's answer.
    const answer = await (options.send ?? postWebhook)({
      url: delivery.url,
      headers,
      body,
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      allowLocal: options.localDevelopmentSites && delivery.local_development,
      resolve: options.resolveHost ?? systemResolveHost,
      excerptChars: RESPONSE_EXCERPT_CHARS,
    })
    return {
      responseStatus: answer.status,
      responseBody: answer.body,
      error: null,
      durationMs: Math.round(performance.now() - started),
    }
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`
        : error instanceof OutboundAddressRefused
          ? `refused: ${error.message}`
          : error instanceof Error
            ? `${error.name}: ${error.message}`
            : String(error)
    return {
      responseStatus: null,
      responseBody: null,
      error: message,
      durationMs: Math.round(performance.now() - started),
    }
  }
}

async function recordAttempt(
  options: DeliveryWorkerOptions,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  attemptedDate: Date,
) {
  const isSuccess =
    outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300
  const delay = isSuccess
    ? undefined
    : retryDelaySeconds(delivery.attempt_count, options.random ?? Math.random)
  const status = isSuccess ? 'DELIVERED' : delay === undefined ? 'DEAD' : 'PENDING'
  const next = delay === undefined ? null : new Date(options.clock().getTime() + delay * 1000)
  await options.db.transaction(async (tx) => {
    await tx.query(
      `insert into webhook_delivery_attempts
         (id, delivery_id, attempt_number, attempted_date, response_status, response_body, error, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        randomUUID(),
        delivery.id,
        delivery.attempt_count,
        attemptedDate,
        outcome.responseStatus,
        outcome.responseBody,
        outcome.error,
        outcome.durationMs,
      ],
    )
    await tx.query(
      `update webhook_deliveries set status = $2, next_attempt_date = $3, last_attempt_date = $4,
          last_response_status = $5, last_response_body = $6, last_error = $7,
          delivered_date = case when $2 = 'DELIVERED' then $4 else delivered_date end
        where id = $1`,
      [delivery.id, status, next, attemptedDate, outcome.responseStatus, outcome.responseBody, outcome.error],
    )
  })
  if (status === 'DEAD') {
    options.logger.warn('webhook delivery dead', { deliveryId: delivery.id, eventId: delivery.event_id })
  }
}

/**
 * The webhook delivery worker: turns outbox events into deliveries and sends them signed, with
 * retries, per-entity order and a dead-letter state. Run one per process; several share the work.
 *
 * @example
 * ```ts
 * const worker = createDeliveryWorker({ db, clock: systemClock, logger, localDevelopmentSites: false })
 * worker.start()
 * // on shutdown
 * await worker.stop()
 * ```
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  async function runOnce(): Promise<number> {
    const now = options.clock()
    await createDueDeliveries(options.db, now)
    const claimed = await claimDueDeliveries(options.db, now, options.batchSize ?? 20)
    await Promise.all(
      claimed.map(async (delivery) => {
        const attemptedDate = options.clock()
        const outcome = await send(options, delivery, attemptedDate)
        await recordAttempt(options, delivery, outcome, attemptedDate)
      }),
    )
    return claimed.length
  }

  return createPollingWorker({
    runOnce,
    logger: options.logger,
    failureMessage: 'webhook delivery round failed',
    pollIntervalMs: options.pollIntervalMs,
  })
}
