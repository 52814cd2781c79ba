import type { Db } from '../db/db.ts'
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../webhooks/delivery-worker.ts'
import type { WebhookAnswer, WebhookRequest } from '../webhooks/webhook-request.ts'

/**
 * Waits until every event recorded so far is older than every transaction still open on the database
 * server. The worker turns events into deliveries only then (`createDueDeliveries`), and on the shared
 * PostgreSQL server of a test run, other test files' transactions hold that horizon back for a moment.
 * @throws when the events stay behind an open transaction for 10 s.
 */
export async function waitForOutboxHorizon(db: Db): Promise<void> {
  for (let round = 0; round < 400; round++) {
    const [row] = await db.query<{ isPast: boolean }>(
      `select coalesce(max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()), true) as "isPast"
         from events`,
    )
    if (row?.isPast) return
    await new Promise((done) => setTimeout(done, 25))
  }
  throw new Error('the events stayed behind an open transaction of the database server for 10 s')
}

/**
 * A test worker's options: local development sites allowed unless told (the demo site's receivers are
 * on 127.0.0.1). With `fetch`, deliveries go through it instead of the worker's own checked connection:
 * for a receiver answered in process; the address checks are then not exercised.
 */
export type TestDeliveryWorkerOptions = Omit<DeliveryWorkerOptions, 'localDevelopmentSites'> & {
  localDevelopmentSites?: boolean
  fetch?: typeof globalThis.fetch
}

/** Sends a delivery through `fetch`, as the worker did before it made its own connections. */
function sendThrough(fetch: typeof globalThis.fetch) {
  return async (request: WebhookRequest): Promise<WebhookAnswer> => {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    })
    const text = await response.text().catch(() => '')
    return { status: response.status, body: text.slice(0, request.excerptChars) }
  }
}

/**
 * The webhook delivery worker for tests: each `runOnce` first waits until the events recorded so far can
 * be delivered (see `waitForOutboxHorizon`), so a round finds what the test recorded before it.
 */
export function createTestDeliveryWorker(options: TestDeliveryWorkerOptions): DeliveryWorker {
  const { fetch, ...rest } = options
  const worker = createDeliveryWorker({
    ...rest,
    localDevelopmentSites: options.localDevelopmentSites ?? true,
    ...(fetch && !options.send ? { send: sendThrough(fetch) } : {}),
  })
  return {
    ...worker,
    async runOnce() {
      await waitForOutboxHorizon(options.db)
      return worker.runOnce()
    },
  }
}
