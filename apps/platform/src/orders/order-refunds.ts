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
  /**
   * A payment provider's id as a merchant reads it ("Card (test mode)", "Stripe"): the providers name
   * themselves, and the app hands their names in here with the refunds (decision 100).
   */
  providerTitle(providerId: string): string
}
