import type { PaymentDeps } from '../checkout/payments/payment-deps.ts'
import { type RefundResult, refundPaymentById } from '../checkout/payments/refund-payment.ts'
import type { EventIdentity } from '../events/event-outbox.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  endRefundedPurchase,
  findPaidPaymentOfPurchase,
  findPlanPurchase,
} from '../plans/plan-purchase-store.ts'

/**
 * Refunds a plan purchase in full through the provider that took its payment, as order refunds do
 * (`refundPaymentById`: claimed under the merchant's idempotency key, so a retried press gives the money
 * back once and a second refund finds nothing left), then ends its membership (decision 051): it pays for
 * no more lines, and the orders it paid keep their record.
 *
 * @throws ApplicationError PLAN_PURCHASE_NOT_FOUND (not the site's), PAYMENT_NOT_REFUNDABLE (not completed,
 * or a free plan: nothing was paid), REFUND_EXCEEDS_PAYMENT (refunded already under another key).
 */
export async function refundPlanPurchase(
  deps: PaymentDeps,
  request: { siteId: string; purchaseId: string; idempotencyKey: string; identity: EventIdentity },
): Promise<RefundResult> {
  const purchase = await findPlanPurchase(deps.db, request.purchaseId)
  if (!purchase || purchase.site_id !== request.siteId)
    throw new ApplicationError('PLAN_PURCHASE_NOT_FOUND', 'There is no such plan purchase', {
      purchaseId: request.purchaseId,
    })
  const payment =
    purchase.status === 'COMPLETED' || purchase.status === 'REFUNDED'
      ? await findPaidPaymentOfPurchase(deps.db, purchase.id)
      : undefined
  if (!payment)
    throw new ApplicationError(
      'PAYMENT_NOT_REFUNDABLE',
      purchase.status === 'COMPLETED'
        ? 'This plan was free: nothing was paid to give back'
        : 'Only a completed purchase can be refunded',
      { purchaseId: purchase.id },
    )
  const result = await refundPaymentById(deps, {
    paymentId: payment.id,
    amountMinor: Number(purchase.amount_minor),
    idempotencyKey: `plan-refund:${purchase.id}:${request.idempotencyKey}`,
  })
  if (result.status === 'SUCCEEDED')
    await endRefundedPurchase(deps.db, purchase, request.identity, deps.clock())
  return result
}
