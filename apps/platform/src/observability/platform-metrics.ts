import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Logger } from '../log.ts'
import { createHttpMetrics, type HttpMetrics } from './http-metrics.ts'
import { createCachedOutboxLag, type OutboxLag } from './outbox-lag.ts'
import { createProcessMetrics } from './process-metrics.ts'
import { createGauge, type MetricFamily, renderExposition } from './prometheus-exposition.ts'

/** Everything `GET /metrics` exposes about one platform process. */
export interface PlatformMetrics {
  readonly http: HttpMetrics
  /** The exposition text of every metric, reading the database's figures first. */
  scrape(): Promise<string>
}

function databaseFamilies(db: Db): MetricFamily[] {
  return [
    createGauge({
      name: 'aisle_db_pool_connections',
      help: 'Database connections by state: total held, and idle among them (PGlite has one connection).',
      labelNames: ['database', 'state'],
      collect: () => {
        const stats = db.connectionStats?.()
        // PGlite is one connection; a server database that does not tell its pool is left out.
        if (!stats)
          return db.kind === 'pglite' ? [{ labels: { database: db.kind, state: 'total' }, value: 1 }] : []
        return [
          { labels: { database: db.kind, state: 'total' }, value: stats.total },
          { labels: { database: db.kind, state: 'idle' }, value: stats.idle },
        ]
      },
    }),
    createGauge({
      name: 'aisle_db_pool_waiting_queries',
      help: 'Queries waiting for a free pooled connection (PGlite queues inside its one connection: 0).',
      labelNames: ['database'],
      collect: () => {
        const waiting = db.connectionStats?.().waiting ?? (db.kind === 'pglite' ? 0 : undefined)
        return waiting === undefined ? [] : [{ labels: { database: db.kind }, value: waiting }]
      },
    }),
  ]
}

function outboxFamilies(lag: OutboxLag | undefined): MetricFamily[] {
  const gauge = (name: string, help: string, value: (lag: OutboxLag) => number) =>
    createGauge({ name, help, collect: () => (lag ? [{ value: value(lag) }] : []) })
  return [
    createGauge({
      name: 'aisle_database_up',
      help: 'Whether the database answered the scrape’s outbox query (1) or not (0).',
      collect: () => [{ value: lag ? 1 : 0 }],
    }),
    gauge(
      'aisle_outbox_oldest_undelivered_event_age_seconds',
      'Age of the oldest event not yet delivered to a webhook endpoint (0 when none waits).',
      (lag) => lag.oldestUndeliveredEventAgeSeconds,
    ),
    gauge(
      'aisle_webhook_deliveries_pending',
      'Webhook deliveries still to be made, new or retrying.',
      (lag) => lag.pendingWebhookDeliveries,
    ),
    gauge('aisle_mail_outbox_pending', 'E-mails still to be sent.', (lag) => lag.pendingMails),
    gauge(
      'aisle_mail_outbox_oldest_pending_age_seconds',
      'Age of the oldest e-mail still to be sent (0 when none waits).',
      (lag) => lag.oldestPendingMailAgeSeconds,
    ),
  ]
}

/**
 * Creates the metrics of one platform process. The HTTP metrics' middleware must be installed first
 * in the app; database and outbox figures are read on scrape (the outbox query is cached for a second).
 */
export function createPlatformMetrics(deps: { db: Db; clock: Clock; logger: Logger }): PlatformMetrics {
  const http = createHttpMetrics()
  const processFamilies = createProcessMetrics()
  const readOutboxLag = createCachedOutboxLag({ db: deps.db, clock: deps.clock })
  return {
    http,
    async scrape() {
      const lag = await readOutboxLag().catch((error: unknown) => {
        // A scrape still answers when the database does not: aisle_database_up says so.
        deps.logger.warn('metrics: the outbox query failed', {
          error: error instanceof Error ? error.message : String(error),
        })
        return undefined
      })
      return renderExposition([
        http.requests,
        http.latency,
        ...databaseFamilies(deps.db),
        ...outboxFamilies(lag),
        ...processFamilies,
      ])
    },
  }
}
