import { randomUUID } from 'node:crypto'
import type { CheckoutChoices } from '../checkout-store.ts'
import type { PaymentProvider } from '../payment-provider.ts'
import { confirmPayment, type PaymentConfirmation } from './confirm-payment.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { insertPayment, type PaymentPurpose, setProviderPaymentId } from './payment-store.ts'

/** Where the platform sends the shopper back, and where providers post notifications. */
export interface PaymentUrls {
  returnUrl: (paymentId: string) => string
  notifyUrl: (providerId: string) => string
  /** Where a shopper who gives up on the provider's page goes back to (the checkout or plan page). */
  cancelUrl?: string | undefined
}

/** What starting a payment led to: the provider's page to go to, or the outcome at once (pay later). */
export type PaymentStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'confirmed'; confirmation: PaymentConfirmation }
  /** The checkout was no longer open when the choices were to be saved: nothing was stored. */
  | { kind: 'closed' }

/**
 * Starts paying a checkout's total (or a plan purchase's price, decision 046) with a provider: a payment
 * is stored under the form's idempotency key (the form carries one per attempt, so a double click or a
 * retried post finds the first payment, never a second charge), then created at the provider with the
 * payment's id as its key. A payment with a step for the shopper answers its page; one decided at once
 * (pay later) is confirmed, which places the order (or grants the plan). With `choices`, the buyer's
 * choices are saved on the checkout in the statement that stores the payment (an open checkout only).
 */
export async function startPayment(
  deps: PaymentDeps,
  urls: PaymentUrls,
  request: {
    /** The site, and what is paid for: a checkout or a plan purchase. */
    siteId: string
    purpose: PaymentPurpose
    provider: PaymentProvider
    amountMinor: number
    currency: string
    idempotencyKey: string
    choices?: CheckoutChoices
  },
): Promise<PaymentStart> {
  const { purpose, provider } = request
  const purposeId = purpose.kind === 'checkout' ? purpose.checkoutId : purpose.planPurchaseId
  const payment = await insertPayment(
    deps.db,
    {
      id: randomUUID(),
      siteId: request.siteId,
      purpose,
      provider: provider.id,
      // Scoped to the checkout (or purchase), provider and amount: a key copied from another checkout's
      // form finds nothing of it, and a changed choice or total on the same page is a new attempt.
      idempotencyKey: `${purposeId}:${provider.id}:${request.amountMinor}:${request.idempotencyKey}`,
      amountMinor: request.amountMinor,
      currency: request.currency,
    },
    deps.clock(),
    request.choices,
  )
  if (!payment) return { kind: 'closed' }
  const created = await provider.createPayment({
    amountMinor: Number(payment.amount_minor),
    currency: payment.currency,
    reference: payment.id,
    idempotencyKey: payment.id,
    returnUrl: urls.returnUrl(payment.id),
    notifyUrl: urls.notifyUrl(provider.id),
    cancelUrl: urls.cancelUrl,
  })
  if (payment.provider_payment_id !== created.providerPaymentId)
    await setProviderPaymentId(deps.db, payment.id, created.providerPaymentId, deps.clock())
  if (created.status === 'REQUIRES_ACTION' && created.redirectUrl)
    return { kind: 'redirect', url: created.redirectUrl }
  return { kind: 'confirmed', confirmation: await confirmPayment(deps, provider, created) }
}
