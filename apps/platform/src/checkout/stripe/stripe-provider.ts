import Stripe from 'stripe'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import {
  type PaymentProvider,
  PaymentProviderUnavailable,
  type ProviderPayment,
  type ProviderRefund,
  type RefundAtProvider,
} from '../payment-provider.ts'
import { lastSignedNotification, recordSignedNotification } from '../payments/payment-store.ts'

/** The provider's id: in payment rows, and in the webhook URL `/payments/v1/notifications/stripe`. */
export const STRIPE_PROVIDER_ID = 'stripe'

/** What the platform needs to take payments with a Stripe account (`config.ts`: `STRIPE_*`). */
export interface StripeSettings {
  /** `sk_test_…` / `sk_live_…` (or a restricted `rk_…` key): the mode follows its prefix. */
  secretKey: string
  /** `whsec_…`: the signing secret of the webhook endpoint registered with Stripe. */
  webhookSecret: string
  /**
   * Where the official library sends its requests instead of api.stripe.com: the local Stripe of the
   * tests and of development (`STRIPE_API_BASE`, refused in production).
   */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined
}

/** The events the provider acts on; every other signed event is acknowledged and left alone. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
])
const INTENT_EVENTS = new Set(['payment_intent.payment_failed', 'payment_intent.succeeded'])

/** A Stripe key's mode: `sk_live_…` and `rk_live_…` take real money. */
export function stripeModeOf(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test'
}

/** Stripe's error in words for a person, never with a key in it; `undefined` for one worth retrying. */
function wordsOf(error: unknown): string | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined
  if (
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  )
    return undefined
  return error.message
}

/** A failure the platform cannot act on now: Stripe is down, or refuses the platform's own key. */
function unavailable(error: unknown): PaymentProviderUnavailable {
  const words =
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
      ? 'it refused the platform’s secret key (check STRIPE_SECRET_KEY)'
      : error instanceof Stripe.errors.StripeError
        ? `it answered ${error.statusCode ?? 'no status'} (${error.type})`
        : 'the connection failed'
  return new PaymentProviderUnavailable('Stripe', words)
}

/**
 * The session's payment intent and its last charge, as expanded on the session (`expand[]`), or ids when
 * not expanded.
 */
function intentOf(session: Stripe.Checkout.Session): Stripe.PaymentIntent | undefined {
  return typeof session.payment_intent === 'object' && session.payment_intent !== null
    ? session.payment_intent
    : undefined
}

/** Stripe's reasons for a refund, as the order reads them. */
const REFUND_REASONS: Record<string, string> = {
  duplicate: 'a duplicate payment',
  fraudulent: 'fraudulent',
  requested_by_customer: 'requested by the customer',
}

/** A Stripe refund as the platform records it; a failed or canceled one gave nothing back. */
export function refundAtStripe(refund: Stripe.Refund): RefundAtProvider | undefined {
  if (refund.status === 'failed' || refund.status === 'canceled') return undefined
  const reason = refund.reason ? REFUND_REASONS[refund.reason] : undefined
  const platformRefundId = refund.metadata?.aisle_refund_id
  return {
    providerRefundId: refund.id,
    amountMinor: refund.amount,
    createdDate: new Date(refund.created * 1000),
    platformRefundId: platformRefundId || undefined,
    description: `Refunded at Stripe${reason ? `: ${reason}` : ''}`,
  }
}

/** A Checkout Session as the platform sees a payment (decision 061's table). */
export function providerPaymentOfSession(session: Stripe.Checkout.Session): ProviderPayment {
  const intent = intentOf(session)
  const charge = typeof intent?.latest_charge === 'object' ? intent.latest_charge : undefined
  const decline = intent?.last_payment_error?.message
  const reference = session.client_reference_id ?? session.metadata?.aisle_payment_id ?? ''
  const base = { providerPaymentId: session.id, reference }
  if (session.status === 'complete' && session.payment_status !== 'unpaid')
    return {
      ...base,
      status: 'SUCCEEDED',
      cardLast4: charge?.payment_method_details?.card?.last4 ?? undefined,
    }
  if (session.status === 'expired')
    return {
      ...base,
      status: 'FAILED',
      failureReason: decline ?? 'The payment page expired before the payment was made',
    }
  if (
    session.status === 'complete' &&
    intent &&
    ['canceled', 'requires_payment_method'].includes(intent.status)
  )
    // An asynchronous payment (a bank debit) that failed after the shopper left Stripe's page.
    return { ...base, status: 'FAILED', failureReason: decline ?? 'The payment did not go through' }
  // Open (the shopper may still pay, a decline included: Stripe's page lets them try another card), or
  // complete and waiting for an asynchronous payment.
  return {
    ...base,
    status: 'REQUIRES_ACTION',
    redirectUrl: session.status === 'open' ? (session.url ?? undefined) : undefined,
    failureReason: decline ?? undefined,
  }
}

/**
 * Stripe through the official library (decision 061): the shopper pays on a Checkout Session's page; the
 * platform's payment id is the session's `client_reference_id` and metadata, and its idempotency key the
 * session's. Every word from Stripe about a payment (the return, a webhook, the reconciliation) is turned
 * into the session's state as Stripe has it now, read with its payment intent and charge expanded: the
 * webhook only says when to look, so duplicated, late or out-of-order events all lead to the same state.
 */
export function createStripeProvider(
  settings: StripeSettings,
  deps: { db: Db; clock: Clock; notificationUrl: string },
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Aisle', url: 'https://github.com/aisle' },
    ...(settings.api ?? {}),
  })
  const expand = ['payment_intent', 'payment_intent.latest_charge']

  /** The session with its payment intent and charge; undefined when Stripe has no such session. */
  async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | undefined> {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId, { expand })
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return undefined
      throw unavailable(error)
    }
  }

  async function retrieve(sessionId: string): Promise<ProviderPayment | undefined> {
    const session = await retrieveSession(sessionId)
    return session && providerPaymentOfSession(session)
  }

  /** The session an event's payment intent or charge belongs to (Stripe lists it by the intent). */
  async function sessionOfIntent(intentId: string): Promise<ProviderPayment | undefined> {
    try {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 })
      const session = sessions.data[0]
      return session ? retrieve(session.id) : undefined
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable) throw error
      throw unavailable(error)
    }
  }

  /** Every refund Stripe holds of a payment intent, however it was made (the order desk, Stripe's dashboard). */
  async function refundsOfIntent(intentId: string): Promise<RefundAtProvider[]> {
    try {
      const made: RefundAtProvider[] = []
      for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        const recorded = refundAtStripe(refund)
        if (recorded) made.push(recorded)
      }
      return made
    } catch (error) {
      throw unavailable(error)
    }
  }

  return {
    id: STRIPE_PROVIDER_ID,
    title: 'Card',
    merchantTitle: 'Stripe',
    description: 'You pay on Stripe’s secure page; the shop never sees your card.',
    async createPayment(request) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: 'Your order' },
                },
              },
            ],
            client_reference_id: request.reference,
            metadata: { aisle_payment_id: request.reference },
            payment_intent_data: { metadata: { aisle_payment_id: request.reference } },
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl ?? request.returnUrl,
          },
          { idempotencyKey: `aisle-payment-${request.idempotencyKey}` },
        )
        return providerPaymentOfSession(session)
      } catch (error) {
        const words = wordsOf(error)
        if (words === undefined) throw unavailable(error)
        return {
          providerPaymentId: `stripe_refused_${request.reference}`,
          reference: request.reference,
          status: 'FAILED',
          failureReason: `Stripe refused the payment: ${words}`,
        }
      }
    },
    retrievePayment: retrieve,
    async verifyNotification(body, headers) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          body,
          headers.get('stripe-signature') ?? '',
          settings.webhookSecret,
          300,
          undefined,
          // In milliseconds: the signature's age is measured against the platform's clock.
          deps.clock().getTime(),
        )
      } catch {
        return undefined
      }
      await recordSignedNotification(deps.db, STRIPE_PROVIDER_ID, event.type, deps.clock())
      // A signed body is still checked for shape: an event without its object names nothing.
      const object = (event.data?.object ?? {}) as { id?: unknown; payment_intent?: unknown }
      if (SESSION_EVENTS.has(event.type) && typeof object.id === 'string')
        return (await retrieve(object.id)) ?? 'acknowledged'
      if (event.type === 'charge.refunded' && typeof object.payment_intent === 'string') {
        // A refund: the payment again, with every refund Stripe holds of it. Those the platform asked for
        // carry its refund id and are recorded when asked; one made on Stripe's dashboard is recorded now.
        const payment = await sessionOfIntent(object.payment_intent)
        return payment
          ? { ...payment, refunds: await refundsOfIntent(object.payment_intent) }
          : 'acknowledged'
      }
      const intentId = INTENT_EVENTS.has(event.type) && typeof object.id === 'string' ? object.id : undefined
      return (intentId && (await sessionOfIntent(intentId))) || 'acknowledged'
    },
    async refund(request): Promise<ProviderRefund> {
      const session = await retrieveSession(request.providerPaymentId)
      const intentId = session && intentOf(session)?.id
      if (!session || providerPaymentOfSession(session).status !== 'SUCCEEDED' || !intentId)
        return { status: 'FAILED', reason: 'Stripe has no succeeded payment for this order to refund' }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: request.amountMinor,
            // Its charge.refunded event is then known as the platform's own, even before it is settled.
            metadata: { aisle_refund_id: request.reference },
          },
          { idempotencyKey: request.idempotencyKey },
        )
        return refund.status === 'failed' || refund.status === 'canceled'
          ? { status: 'FAILED', reason: `Stripe could not refund: ${refund.failure_reason ?? refund.status}` }
          : { status: 'SUCCEEDED', providerRefundId: refund.id }
      } catch (error) {
        const words = wordsOf(error)
        if (words === undefined) throw unavailable(error)
        return { status: 'FAILED', reason: `Stripe refused the refund: ${words}` }
      }
    },
    async closePayment(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId)
      } catch (error) {
        // Paid (or closed) in the meantime: Stripe refuses to expire it, and the state below says which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error)
      }
      return retrieve(sessionId)
    },
    // Stripe Checkout's pages; the local Stripe serves its page from its API's origin.
    pageOrigins: [
      settings.api
        ? `${settings.api.protocol}://${settings.api.host}:${settings.api.port}`
        : 'https://checkout.stripe.com',
    ],
    setup: {
      mode: stripeModeOf(settings.secretKey),
      notificationUrl: deps.notificationUrl,
      lastSignedNotification: () => lastSignedNotification(deps.db, STRIPE_PROVIDER_ID),
    },
  }
}
