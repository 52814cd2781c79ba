import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'

/** How far the outboxes are behind: what waits to be delivered, and since when. */
export interface OutboxLag {
  /** Webhook deliveries still to be made (new or retrying). */
  pendingWebhookDeliveries: number
  /**
   * Age in seconds of the oldest event not yet delivered: of a pending delivery, or recorded after an
   * enabled endpoint's cursor (not yet turned into deliveries); 0 when nothing waits.
   */
  oldestUndeliveredEventAgeSeconds: number
  /** E-mails still to be sent. */
  pendingMails: number
  /** Age in seconds of the oldest e-mail still to be sent; 0 when none waits. */
  oldestPendingMailAgeSeconds: number
}

// One statement, every part on an index: pending deliveries and mails on their partial indexes, the
// first event after each enabled endpoint's cursor on events (site_id, transaction_id, sequence).
const OUTBOX_LAG_SQL = `
select
  (select count(*) from webhook_deliveries where status = 'PENDING')::int as pending_deliveries,
  least(
    (select min(e.created_date) from webhook_deliveries d join events e on e.id = d.event_id
      where d.status = 'PENDING'),
    (select min(next.created_date) from webhook_endpoints w
       cross join lateral (
         select e.created_date from events e
          where e.site_id = w.site_id
            and (e.transaction_id > w.cursor_transaction_id
                 or (e.transaction_id = w.cursor_transaction_id and e.sequence > w.cursor_sequence))
          order by e.transaction_id, e.sequence limit 1) next
      where w.is_enabled)
  ) as oldest_event,
  (select count(*) from mail_outbox where status = 'PENDING')::int as pending_mails,
  (select min(created_date) from mail_outbox where status = 'PENDING') as oldest_mail`

function ageSeconds(since: Date | string | null, now: Date): number {
  if (since === null) return 0
  return Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000)
}

/** Reads the outbox lag with one statement; ages are measured against the platform's clock. */
export async function readOutboxLag(db: Db, now: Date): Promise<OutboxLag> {
  const [row] = await db.query<{
    pending_deliveries: number
    oldest_event: Date | string | null
    pending_mails: number
    oldest_mail: Date | string | null
  }>(OUTBOX_LAG_SQL)
  return {
    pendingWebhookDeliveries: Number(row?.pending_deliveries ?? 0),
    oldestUndeliveredEventAgeSeconds: ageSeconds(row?.oldest_event ?? null, now),
    pendingMails: Number(row?.pending_mails ?? 0),
    oldestPendingMailAgeSeconds: ageSeconds(row?.oldest_mail ?? null, now),
  }
}

/**
 * `readOutboxLag` behind a short cache: scrapes from several Prometheus servers (or a dashboard that
 * refreshes often) within `maxAgeMs` share one query. A failed read is not cached.
 */
export function createCachedOutboxLag(options: { db: Db; clock: Clock; maxAgeMs?: number }) {
  const maxAgeMs = options.maxAgeMs ?? 1_000
  let cached: { at: number; lag: Promise<OutboxLag> } | undefined
  return function read(): Promise<OutboxLag> {
    const at = performance.now()
    if (cached && at - cached.at < maxAgeMs) return cached.lag
    const lag = readOutboxLag(options.db, options.clock())
    cached = { at, lag }
    lag.catch(() => {
      if (cached?.lag === lag) cached = undefined
    })
    return lag
  }
}
