import { isUuid } from '../../http/validation.ts'
import type { OrderPayment } from '../../orders/order-store.ts'
import { membershipGrantOf } from '../../plans/grant-membership.ts'
import { purchaseLimitWords } from '../../plans/plan-purchase-limit.ts'
import {
  completePlanPurchase,
  failPlanPurchase,
  findPlanPurchase,
  PURCHASE_LIMIT_FAILURE,
} from '../../plans/plan-purchase-store.ts'
import { durationOf, findPlan } from '../../plans/plan-store.ts'
import type { CheckoutRow } from '../checkout-store.ts'
import type { PaymentProvider, ProviderPayment } from '../payment-provider.ts'
import { PlaceOrderRefused, placeOrder, placeOrderOfPayment } from '../place-order.ts'
import type { PaymentDeps } from './payment-deps.ts'
import {
  findPayment,
  type PaymentRow,
  paymentRowFromJson,
  settlePayment,
  settlePaymentPart,
} from './payment-store.ts'
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
  /** A plan purchase's payment (decision 046): the plan granted, still pending, or failed. */
  | {
      kind: 'plan'
      planPurchaseId: string
      outcome: 'granted' | 'pending' | 'failed'
      redirectUrl?: string | undefined
      reason?: string | undefined
    }

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
    amountMinor: Number(payment.amount_minor),
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
  // Paid (or to pay later) and pending: the outcome is written with the order, in its statement (decision
  // 112). Anything else (a repeat, a plan, a refusal) records the outcome first, as below.
  const placed =
    state.status === 'SUCCEEDED' || state.status === 'PAY_LATER'
      ? await placeOrderWithOutcome(deps, provider, { ...state, status: state.status })
      : undefined
  if (placed) return { kind: 'placed', orderId: placed.orderId, checkout: placed.checkout }
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
  if (!payment || !isTheProvidersPayment(payment, provider, state)) return { kind: 'unknown' }
  if (payment.plan_purchase_id !== null) return confirmPlanPayment(deps, payment, state)
  const checkoutId = payment.checkout_id ?? ''
  if (state.status === 'REQUIRES_ACTION')
    return { kind: 'pending', checkoutId, redirectUrl: state.redirectUrl }
  if (payment.status === 'FAILED')
    return {
      kind: 'failed',
      checkoutId,
      reason: payment.failure_reason ?? 'The payment failed',
    }
  try {
    const result = await placeOrder(deps.db, {
      checkoutId,
      expectedTotalMinor: Number(payment.amount_minor),
      payment: orderPaymentOf(payment, state),
      now: deps.clock(),
      publicUrl: deps.publicUrl,
      downloadsLink: deps.downloadsLink,
      bookingCancelLink: deps.bookingCancelLink,
      cartProducts: deps.cartProducts,
    })
    if (result.kind === 'price-changed') {
      await refundInFull(deps, payment)
      return {
        kind: 'refused',
        checkoutId,
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
    return { kind: 'refused', checkoutId, reason: refusedWords(error.message, payment) }
  }
}

/** Whether `payment` is the provider's payment that `state` tells of. */
function isTheProvidersPayment(
  payment: PaymentRow,
  provider: PaymentProvider,
  state: ProviderPayment,
): boolean {
  return (
    payment.provider === provider.id &&
    (payment.provider_payment_id === null || payment.provider_payment_id === state.providerPaymentId)
  )
}

/**
 * Places the order of a pending checkout payment that its provider says is paid (or to pay later), with the
 * outcome written in the order's statement; undefined when that does not apply (`placeOrderOfPayment`).
 */
function placeOrderWithOutcome(
  deps: PaymentDeps,
  provider: PaymentProvider,
  state: ProviderPayment & { status: 'SUCCEEDED' | 'PAY_LATER' },
) {
  const now = deps.clock()
  const outcome = { status: state.status, failureReason: state.failureReason, cardLast4: state.cardLast4 }
  return placeOrderOfPayment(deps.db, {
    paymentId: state.reference,
    now,
    publicUrl: deps.publicUrl,
    downloadsLink: deps.downloadsLink,
    bookingCancelLink: deps.bookingCancelLink,
    cartProducts: deps.cartProducts,
    decide(json) {
      const payment = paymentRowFromJson(json)
      if (payment.status !== 'PENDING' || payment.plan_purchase_id !== null) return undefined
      if (!isTheProvidersPayment(payment, provider, state)) return undefined
      // The payment as the write below leaves it, as `settlePayment` would.
      const settled: PaymentRow = {
        ...payment,
        status: outcome.status,
        failure_reason: outcome.failureReason ?? null,
        card_last4: outcome.cardLast4 ?? null,
      }
      return {
        expectedTotalMinor: Number(payment.amount_minor),
        payment: orderPaymentOf(settled, state),
        alsoWrite: (first) => settlePaymentPart('settled_payment', payment.id, outcome, now, first),
      }
    },
  })
}

/**
 * A plan purchase's payment: records the outcome once, and when it succeeded grants (or renews) the
 * membership (once, whichever of the return and the notification comes first); a declined one closes the
 * purchase as FAILED. A plan is never bought to pay later: such an outcome is a failure.
 */
async function confirmPlanPayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  state: ProviderPayment,
): Promise<PaymentConfirmation> {
  const planPurchaseId = payment.plan_purchase_id ?? ''
  if (state.status === 'REQUIRES_ACTION')
    return { kind: 'plan', planPurchaseId, outcome: 'pending', redirectUrl: state.redirectUrl }
  if (payment.status !== 'SUCCEEDED') {
    const reason = payment.failure_reason ?? 'The payment did not go through'
    // A declined purchase is closed, never left open (decision 051); buying again starts a new one.
    if (payment.status === 'FAILED') await failPlanPurchase(deps.db, planPurchaseId, reason, deps.clock())
    return { kind: 'plan', planPurchaseId, outcome: 'failed', reason }
  }
  const purchase = await findPlanPurchase(deps.db, planPurchaseId)
  const plan = purchase && (await findPlan(deps.db, purchase.site_id, purchase.plan_id))
  if (!purchase || !plan)
    return { kind: 'plan', planPurchaseId, outcome: 'failed', reason: 'The plan is gone' }
  const done =
    purchase.status === 'OPEN' || purchase.status === 'FAILED'
      ? await completePlanPurchase(
          deps.db,
          purchase.id,
          {
            ...membershipGrantOf(plan, {
              memberId: purchase.member_id,
              currency: purchase.currency,
              now: deps.clock(),
            }),
            priceMinor: Number(purchase.amount_minor),
          },
          durationOf(plan),
          deps.clock(),
        )
      : purchase
  if (done?.status === 'FAILED' && done.failure_reason === PURCHASE_LIMIT_FAILURE) {
    // Another purchase of a plan the member may buy once got it first (both paid at once): this money goes back.
    await refundInFull(deps, payment)
    return {
      kind: 'plan',
      planPurchaseId,
      outcome: 'failed',
      reason: refusedWords(`${purchaseLimitWords(plan)}.`, payment),
    }
  }
  return { kind: 'plan', planPurchaseId, outcome: 'granted' }
}

function refusedWords(reason: string, payment: PaymentRow): string {
  return payment.status === 'SUCCEEDED' ? `${reason} Your payment was refunded in full.` : reason
}
