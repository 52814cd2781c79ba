import { ApplicationError } from '../http/errors.ts'

/**
 * A card provider as the platform sees it (decision 033): the platform creates a payment, the shopper
 * pays on the provider's own page (card numbers never reach the platform), the provider tells the
 * outcome on the shopper's return and in a signed notification, and refunds go the same way. Every
 * call that moves money carries an idempotency key: the same key answers the first result again.
 */
export interface PaymentProvider {
  id: string
  /** What the shopper chooses at checkout ("Card", "Pay later (offline)"). */
  title: string
  /**
   * What a merchant reads for the provider on an order and in a refund's refusal, when it is not `title`:
   * Stripe's shoppers choose "Card", its merchants read "Stripe" (decision 100).
   */
  merchantTitle?: string
  /** What the shopper reads under the choice (test cards, "pay on delivery"). */
  description?: string
  /** Creates the provider's payment for an amount; the same idempotency key answers the same payment. */
  createPayment(request: CreatePaymentRequest): Promise<ProviderPayment>
  /** The payment as the provider has it now (asked when the shopper comes back). */
  retrievePayment(providerPaymentId: string): Promise<ProviderPayment | undefined>
  /**
   * The payment a notification speaks of, when its signature is the provider's; `acknowledged` for a
   * signed notification the platform has nothing to do with; undefined when it is not signed.
   */
  verifyNotification(body: string, headers: Headers): Promise<ProviderPayment | 'acknowledged' | undefined>
  /** Gives back part or all of a succeeded payment; the same idempotency key answers the same refund. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>
  /**
   * Closes a payment left waiting past the platform's limit (the shopper never came back) so that it can
   * no longer be paid, and answers its final state: failed, or paid when it was paid in the meantime.
   * Providers without it are not reconciled (their payments are decided on their own pages).
   */
  closePayment?(providerPaymentId: string): Promise<ProviderPayment | undefined>
  /**
   * The origins of the provider's own pages, when they are not the platform's: a form post that answers
   * with a redirect there must be allowed by the page's CSP `form-action`, which browsers apply to redirects.
   */
  pageOrigins?: readonly string[]
  /** What the dashboard's payment setup page shows of the provider; nothing for pay later. */
  setup?: ProviderSetup
}

/** A provider's settings as an operator checks them: its mode, where it posts, and whether it has. */
export interface ProviderSetup {
  /** Test or live money (a Stripe key's prefix says which). */
  mode: 'test' | 'live'
  /** The URL to register with the provider for its signed notifications, when it needs registering. */
  notificationUrl?: string | undefined
  /** When a notification signed with the platform's secret last arrived; undefined when none ever did. */
  lastSignedNotification?: () => Promise<Date | undefined>
}

/**
 * The provider could not be asked (down, slow, or refusing the platform's own key): nothing is known to
 * have happened, and the same request with the same idempotency key may be sent again.
 */
export class PaymentProviderUnavailable extends ApplicationError {
  constructor(provider: string, words: string, options?: ErrorOptions) {
    super(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      `${provider} did not answer: ${words}. Try again in a moment.`,
      {},
      options,
    )
  }
}

export interface CreatePaymentRequest {
  amountMinor: number
  currency: string
  /** The platform's payment id: the notification names it, so the platform finds its payment. */
  reference: string
  idempotencyKey: string
  /** Where the provider sends the shopper back, whatever the outcome. */
  returnUrl: string
  /** Where the provider posts its signed notifications. */
  notifyUrl: string
  /** Where a shopper who gives up on the provider's page goes (the checkout again); `returnUrl` when left out. */
  cancelUrl?: string | undefined
}

/**
 * A payment on the provider's side. `REQUIRES_ACTION`: the shopper has a step to take at `redirectUrl`
 * (enter the card, approve it); `PAY_LATER`: nothing to pay now (offline).
 */
export interface ProviderPayment {
  providerPaymentId: string
  reference: string
  status: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED' | 'PAY_LATER'
  redirectUrl?: string | undefined
  /** Why it failed, in words the shopper can read. */
  failureReason?: string | undefined
  cardLast4?: string | undefined
  /**
   * The refunds the provider holds of the payment, when it told of a refund (a notification): those made
   * on the provider's own dashboard are recorded on the order (`recordRefundsMadeAtProvider`).
   */
  refunds?: readonly RefundAtProvider[] | undefined
}

/** A refund of a payment as the provider keeps it. */
export interface RefundAtProvider {
  providerRefundId: string
  amountMinor: number
  createdDate: Date
  /** The platform's refund id it was asked for under (`ProviderRefundRequest.reference`); none when made elsewhere. */
  platformRefundId: string | undefined
  /** What the order says of it, in the merchant's and buyer's words: "Refunded at Stripe". */
  description: string
}

export interface ProviderRefundRequest {
  providerPaymentId: string
  amountMinor: number
  idempotencyKey: string
  /** The platform's refund id: the provider keeps it with the refund, so its notification is known as the platform's own. */
  reference: string
}

export type ProviderRefund =
  | { status: 'SUCCEEDED'; providerRefundId: string }
  | { status: 'FAILED'; reason: string }

/**
 * The lookup the order desk gets (decision 100): a provider's id as a merchant reads it, from the
 * providers' own titles; an id no provider has now (an old order's) as it is.
 */
export function providerTitles(providers: readonly PaymentProvider[]): (providerId: string) => string {
  const titles = new Map(providers.map((provider) => [provider.id, provider.merchantTitle ?? provider.title]))
  return (providerId) => titles.get(providerId) ?? providerId
}

/** Pay later (cash on delivery, bank transfer): the order is placed unpaid, and nothing goes to a provider. */
export const offlineProvider: PaymentProvider = {
  id: 'offline',
  title: 'Pay later (offline)',
  description: 'Pay on delivery or by bank transfer; the shop tells you how.',
  async createPayment(request) {
    return {
      providerPaymentId: `offline_${request.reference}`,
      reference: request.reference,
      status: 'PAY_LATER',
    }
  },
  async retrievePayment() {
    return undefined
  },
  async verifyNotification() {
    return undefined
  },
  async refund() {
    return { status: 'FAILED', reason: 'A pay-later order was not paid through the platform' }
  },
}
