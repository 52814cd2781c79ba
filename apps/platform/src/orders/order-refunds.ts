import type { OrderPayment } from './order-store.ts'

/** What the order desk asks the payment provider to refund. */
export interface RefundRequest {
  orderId: string
  /** The order's payment as the provider answered its charge. */
  payment: OrderPayment
  amountMinor: number
  currency: string
  /** One key per refund the merchant asked for: a retried request is the same refund, never a second one. */
  idempotencyKey: string
}

/** The provider's answer: refunded (with its own id), or why not. */
export type RefundResult =
  | { status: 'REFUNDED'; refundId: string }
  | { status: 'NOT_SUPPORTED' | 'DECLINED'; reason: string }

/** How the order desk gives money back: through the provider that took it. */
export interface OrderRefunds {
  refund(request: RefundRequest): Promise<RefundResult>
}

/** A payment provider as far as refunds go: one that can refund has `refund`. */
export interface RefundingProvider {
  id: string
  refund?: ((request: RefundRequest) => Promise<RefundResult>) | undefined
}

/**
 * Refunds through the provider that charged the order (by the payment's `provider` id); a provider
 * without `refund`, or one the platform no longer has, answers `NOT_SUPPORTED`, which the desk says as it is.
 */
export function refundsThroughProviders(providers: readonly RefundingProvider[]): OrderRefunds {
  return {
    async refund(request) {
      const provider = providers.find((candidate) => candidate.id === request.payment.provider)
      if (!provider?.refund)
        return {
          status: 'NOT_SUPPORTED',
          reason: `The payment provider "${request.payment.provider}" cannot refund through Aisle yet: refund the buyer with the provider directly`,
        }
      return provider.refund(request)
    },
  }
}
