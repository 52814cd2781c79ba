import { randomUUID } from 'node:crypto'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { findOrder } from '../../orders/order-store.ts'
import { type PaymentDeps, providerOf } from './payment-deps.ts'
import { claimRefund, type PaymentRefundRow, settleRefund } from './payment-store.ts'

/** A refund as the platform recorded it. */
export interface RefundResult {
  refundId: string
  paymentId: string
  amountMinor: number
  status: 'SUCCEEDED' | 'FAILED'
  /** The provider's words when it refused. */
  reason?: string | undefined
  /** How much of the payment has been given back in all, this refund included when it succeeded. */
  refundedMinor: number
  /** True when the idempotency key had been used: this is the first request's result again. */
  isReplay: boolean
}

function toResult(refund: PaymentRefundRow, refundedMinor: number, isReplay: boolean): RefundResult {
  return {
    refundId: refund.id,
    paymentId: refund.payment_id,
    amountMinor: Number(refund.amount_minor),
    status: refund.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED',
    reason: refund.failure_reason ?? undefined,
    refundedMinor,
    isReplay,
  }
}

/**
 * Refunds `amountMinor` of a succeeded payment through its provider. The refund is claimed first under
 * its idempotency key (counted against what is left to refund), then asked of the provider with a key
 * of its own: a retried request, even after a crash between the two, gives back the money once.
 *
 * @throws ApplicationError PAYMENT_NOT_REFUNDABLE, REFUND_EXCEEDS_PAYMENT; ValidationError for a bad amount or key.
 */
export async function refundPaymentById(
  deps: PaymentDeps,
  request: { paymentId: string; amountMinor: number; idempotencyKey: string },
): Promise<RefundResult> {
  const violations = []
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
    violations.push({
      field: 'amount',
      description: 'must be a positive whole number of minor units',
      violatedRule: 'MIN' as const,
    })
  if (request.idempotencyKey.length < 1 || request.idempotencyKey.length > 200)
    violations.push({
      field: 'idempotencyKey',
      description: 'must be 1 to 200 characters',
      violatedRule: 'FORMAT' as const,
    })
  if (violations.length > 0) throw new ValidationError(violations)
  const claim = await claimRefund(
    deps.db,
    {
      id: randomUUID(),
      paymentId: request.paymentId,
      amountMinor: request.amountMinor,
      idempotencyKey: request.idempotencyKey,
    },
    deps.clock(),
  )
  if (claim.kind === 'not-refundable')
    throw new ApplicationError(
      'PAYMENT_NOT_REFUNDABLE',
      'This payment cannot be refunded: it was not paid through a provider',
      {
        paymentId: request.paymentId,
      },
    )
  if (claim.kind === 'too-large')
    throw new ApplicationError(
      'REFUND_EXCEEDS_PAYMENT',
      `At most ${claim.leftMinor} (minor units) is left to refund`,
      {
        leftMinor: claim.leftMinor,
      },
    )
  const { refund, payment } = claim
  if (refund.status !== 'PENDING') return toResult(refund, Number(payment.refunded_minor), true)
  const provider = providerOf(deps, payment.provider)
  if (!provider || !payment.provider_payment_id)
    throw new ApplicationError('PAYMENT_NOT_REFUNDABLE', 'The payment’s provider is not available', {
      paymentId: payment.id,
    })
  // The provider's key is the claimed refund's id: the same on every retry of this request.
  const answer = await provider.refund({
    providerPaymentId: payment.provider_payment_id,
    amountMinor: Number(refund.amount_minor),
    idempotencyKey: `refund_${refund.id}`,
    reference: refund.id,
  })
  const settled = (await settleRefund(deps.db, refund.id, answer, deps.clock())) ?? refund
  const refunded =
    Number(payment.refunded_minor) - (settled.status === 'FAILED' ? Number(settled.amount_minor) : 0)
  return toResult(settled, refunded, claim.kind === 'existing')
}

/**
 * Refunds part or all of an order's payment (the order desk calls this): `amountMinor` in the order's
 * currency, `idempotencyKey` chosen by the caller once per intended refund (a retry sends the same).
 *
 * @throws ApplicationError ORDER_NOT_FOUND, PAYMENT_NOT_REFUNDABLE, REFUND_EXCEEDS_PAYMENT.
 */
export async function refundPayment(
  deps: PaymentDeps,
  request: { siteId: string; orderId: string; amountMinor: number; idempotencyKey: string },
): Promise<RefundResult> {
  const found = await findOrder(deps.db, { siteId: request.siteId }, request.orderId)
  if (!found)
    throw new ApplicationError('ORDER_NOT_FOUND', 'There is no such order', { orderId: request.orderId })
  const paymentId = found.order.payment.paymentId
  if (!paymentId || found.order.payment.status !== 'PAID')
    throw new ApplicationError('PAYMENT_NOT_REFUNDABLE', 'This order was not paid through a provider', {
      orderId: request.orderId,
    })
  return refundPaymentById(deps, {
    paymentId,
    amountMinor: request.amountMinor,
    idempotencyKey: request.idempotencyKey,
  })
}
