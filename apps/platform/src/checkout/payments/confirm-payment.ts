import { isUuid } from '../../http/validation.ts'
import type { OrderPayment } from '../../orders/order-store.ts'
import type { CheckoutRow } from '../checkout-store.ts'
import type { PaymentProvider, ProviderPayment } from '../payment-provider.ts'
import { PlaceOrderRefused, placeOrder } from '../place-order.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { findPayment, type PaymentRow, settlePayment } from './payment-store.ts'
import { refundPaymentById } from './refund-payment.ts'

/** What a provider's word about a payment led to. */
export type PaymentConfirmation =
  | { kind: 'placed'; orderId: string; checkout: CheckoutRow }
  /** The shopper still has a step to take on the provider's page. */
  | { kind: 'pending'; checkoutId: string; redirectUrl: string | undefined }
  | { kind: 'failed'; checkoutId: string; reason: string }
  /** Paid, but the order could not be placed (stock ran out, prices changed): the payment was refunded. */
  | { kind: 'refused'; checkoutId: string; reason: string }
  /** The payment is not one of this platform's (or not of this provider). */
  | { kind: 'unknown' }

function orderPaymentOf(payment: PaymentRow, state: ProviderPayment): OrderPayment {
  if (payment.status === 'PAY_LATER')
    return { status: 'NOT_PAID', provider: payment.provider, paymentId: payment.id }
  const last4 = payment.card_last4 ?? undefined
  return {
    status: 'PAID',
    provider: payment.provider,
    transactionId: state.providerPaymentId,
    ...(last4 ? { cardLast4: last4 } : {}),
    paymentId: payment.id,
  }
}

/** Gives a paid payment back in full, once, whatever calls it (the key is the payment's). */
async function refundInFull(deps: PaymentDeps, payment: PaymentRow) {
  if (payment.status !== 'SUCCEEDED') return
  const left = Number(payment.amount_minor) - Number(payment.refunded_minor)
  if (left <= 0) return
  await refundPaymentById(deps, {
    paymentId: payment.id,
    amountMinor: left,
    idempotencyKey: `order-refused:${payment.id}`,
  })
}

/**
 * Acts on what a provider says of a payment, from the shopper's return or a signed notification (both
 * come, in either order, maybe at once): records the outcome once, and for a paid or pay-later payment
 * places the checkout's order (a second call finds the order placed). A payment that succeeded for a
 * checkout whose order went through another attempt, or whose order is refused, is refunded in full.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  provider: PaymentProvider,
  state: ProviderPayment,
): Promise<PaymentConfirmation> {
  if (!isUuid(state.reference)) return { kind: 'unknown' }
  // A final outcome is recorded in one statement when the payment was pending; only a repeat (or a
  // stranger) reads the payment as it is.
  const settled =
    state.status === 'REQUIRES_ACTION'
      ? undefined
      : await settlePayment(
          deps.db,
          { id: state.reference, provider: provider.id, providerPaymentId: state.providerPaymentId },
          { status: state.status, failureReason: state.failureReason, cardLast4: state.cardLast4 },
          deps.clock(),
        )
  const payment = settled ?? (await findPayment(deps.db, state.reference))
  if (
    !payment ||
    payment.provider !== provider.id ||
    (payment.provider_payment_id !== null && payment.provider_payment_id !== state.providerPaymentId)
  )
    return { kind: 'unknown' }
  if (state.status === 'REQUIRES_ACTION')
    return { kind: 'pending', checkoutId: payment.checkout_id, redirectUrl: state.redirectUrl }
  if (payment.status === 'FAILED')
    return {
      kind: 'failed',
      checkoutId: payment.checkout_id,
      reason: payment.failure_reason ?? 'The payment failed',
    }
  try {
    const result = await placeOrder(deps.db, {
      checkoutId: payment.checkout_id,
      expectedTotalMinor: Number(payment.amount_minor),
      payment: orderPaymentOf(payment, state),
      now: deps.clock(),
      downloadsLink: deps.downloadsLink,
    })
    if (result.kind === 'price-changed') {
      await refundInFull(deps, payment)
      return {
        kind: 'refused',
        checkoutId: payment.checkout_id,
        reason: refusedWords(
          'Prices changed since you started checking out: check the new total and pay again.',
          payment,
        ),
      }
    }
    if (result.paymentId !== payment.id) await refundInFull(deps, payment)
    return { kind: 'placed', orderId: result.orderId, checkout: result.checkout }
  } catch (error) {
    if (!(error instanceof PlaceOrderRefused)) throw error
    await refundInFull(deps, payment)
    return { kind: 'refused', checkoutId: payment.checkout_id, reason: refusedWords(error.message, payment) }
  }
}

function refusedWords(reason: string, payment: PaymentRow): string {
  return payment.status === 'SUCCEEDED' ? `${reason} Your payment was refunded in full.` : reason
}
