import type { Logger } from '../../log.ts'
import { createPollingWorker, type PollingWorker } from '../../workers/polling-worker.ts'
import { confirmPayment } from './confirm-payment.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { listStalePendingPayments, settlePayment } from './payment-store.ts'

/** How long a payment may wait for its shopper or its notification before the provider is asked. */
export const PENDING_PAYMENT_LIMIT_MS = 60 * 60 * 1000

/**
 * One round of reconciliation (decision 061): every payment of a provider that can close payments
 * (`closePayment`: Stripe) still pending past the limit is closed at the provider, which answers its final
 * state, and that state is confirmed like a return or a notification: paid places the order once (or
 * refunds it in full when the checkout can no longer be ordered), failed records why. Returns how many
 * payments it asked about; one that cannot be asked now is left for the next round.
 */
export async function reconcilePendingPayments(
  deps: PaymentDeps & { logger: Logger },
  options: { limitMs?: number; batch?: number } = {},
): Promise<number> {
  const closable = deps.providers.filter((provider) => provider.closePayment)
  if (closable.length === 0) return 0
  const stale = await listStalePendingPayments(deps.db, {
    providers: closable.map((provider) => provider.id),
    olderThan: new Date(deps.clock().getTime() - (options.limitMs ?? PENDING_PAYMENT_LIMIT_MS)),
    limit: options.batch ?? 50,
  })
  for (const payment of stale) {
    const provider = closable.find((candidate) => candidate.id === payment.provider)
    if (!provider?.closePayment || !payment.provider_payment_id) continue
    try {
      const state = await provider.closePayment(payment.provider_payment_id)
      if (!state) {
        // The provider has no such payment (another account's keys since): closed, so it is not asked again.
        await settlePayment(
          deps.db,
          { id: payment.id, provider: provider.id, providerPaymentId: payment.provider_payment_id },
          { status: 'FAILED', failureReason: 'The payment provider does not know this payment' },
          deps.clock(),
        )
        continue
      }
      const outcome = await confirmPayment(deps, provider, state)
      deps.logger.info('reconciled a pending payment', {
        paymentId: payment.id,
        provider: provider.id,
        outcome: outcome.kind,
      })
    } catch (error) {
      deps.logger.warn('could not reconcile a pending payment; trying again next round', {
        paymentId: payment.id,
        provider: provider.id,
        error,
      })
    }
  }
  return stale.length
}

/** The worker that runs a reconciliation round every `pollIntervalMs` (a minute by default). */
export function createPaymentReconciliationWorker(
  deps: PaymentDeps & { logger: Logger },
  options: { pollIntervalMs?: number; limitMs?: number } = {},
): PollingWorker {
  return createPollingWorker({
    runOnce: () => reconcilePendingPayments(deps, { limitMs: options.limitMs }),
    logger: deps.logger,
    failureMessage: 'payment reconciliation round failed',
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
  })
}
