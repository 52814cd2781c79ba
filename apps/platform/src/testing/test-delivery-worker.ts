import type { Db } from '../db/db.ts'
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../webhooks/delivery-worker.ts'

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
 * The webhook delivery worker for tests: each `runOnce` first waits until the events recorded so far can
 * be delivered (see `waitForOutboxHorizon`), so a round finds what the test recorded before it.
 */
export function createTestDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const worker = createDeliveryWorker(options)
  return {
    ...worker,
    async runOnce() {
      await waitForOutboxHorizon(options.db)
      return worker.runOnce()
    },
  }
}
