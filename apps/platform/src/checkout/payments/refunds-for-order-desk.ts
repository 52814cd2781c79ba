import { ApplicationError } from '../../http/errors.ts'
import type { OrderRefunds } from '../../orders/order-refunds.ts'
import { providerTitles } from '../payment-provider.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { refundPaymentById } from './refund-payment.ts'

/**
 * The order desk's refunds through the payments of checkout: the order's payment is refunded by its
 * provider under the desk's idempotency key (`refundPaymentById`), so a retried refund gives back the
 * money once. An order paid offline has no payment to refund, and says so. The providers name
 * themselves to the desk (`providerTitles`, decision 100).
 */
export function orderRefundsThroughPayments(deps: PaymentDeps): OrderRefunds {
  const providerTitle = providerTitles(deps.providers)
  return {
    providerTitle,
    async refund(request) {
      const paymentId = request.payment.paymentId
      if (!paymentId || request.payment.status !== 'PAID')
        return {
          status: 'NOT_SUPPORTED',
          reason: `The payment (${providerTitle(request.payment.provider)}) was not taken through a provider Aisle can refund with: give the money back the way it was paid`,
        }
      try {
        const result = await refundPaymentById(deps, {
          paymentId,
          amountMinor: request.amountMinor,
          idempotencyKey: `order-desk:${request.orderId}:${request.idempotencyKey}`,
        })
        return result.status === 'SUCCEEDED'
          ? { status: 'REFUNDED', refundId: result.refundId }
          : { status: 'DECLINED', reason: result.reason ?? 'The payment provider refused the refund' }
      } catch (error) {
        if (error instanceof ApplicationError && error.code === 'PAYMENT_NOT_REFUNDABLE')
          return { status: 'NOT_SUPPORTED', reason: error.description }
        if (error instanceof ApplicationError && error.code === 'REFUND_EXCEEDS_PAYMENT')
          return { status: 'DECLINED', reason: error.description }
        throw error
      }
    },
  }
}
