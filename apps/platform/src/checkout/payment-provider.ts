import type { OrderPayment } from '../orders/order-store.ts'

/** What a provider is asked to charge, with the buyer's card as typed (never stored, never logged). */
export interface PaymentRequest {
  amountMinor: number
  currency: string
  /** The order's reference with the provider: the checkout id (a retried charge is the same charge). */
  reference: string
  card?: { number: string; expiry: string; cvc: string } | undefined
}

/** A provider's answer: what the order stores about its payment, or why the card was declined. */
export type PaymentResult = OrderPayment | { status: 'DECLINED'; provider: string; reason: string }

/** A way to pay on the hosted checkout. */
export interface PaymentProvider {
  id: string
  title: string
  /** Whether the page asks for a card. */
  needsCard: boolean
  charge(request: PaymentRequest): Promise<PaymentResult>
}

/** Test cards of the built-in test provider (Stripe's well-known numbers). */
export const TEST_CARDS = { succeeds: '4242424242424242', declines: '4000000000000002' } as const

/**
 * The built-in test card provider: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 and any other
 * number is declined. It never keeps the number.
 */
export const testCardProvider: PaymentProvider = {
  id: 'test-card',
  title: 'Card (test mode)',
  needsCard: true,
  async charge(request) {
    const number = (request.card?.number ?? '').replace(/[\s-]/g, '')
    if (number === TEST_CARDS.succeeds)
      return {
        status: 'PAID',
        provider: 'test-card',
        transactionId: `test_${request.reference}`,
        cardLast4: number.slice(-4),
      }
    return {
      status: 'DECLINED',
      provider: 'test-card',
      reason: number === TEST_CARDS.declines ? 'The card was declined' : 'The card number is not a test card',
    }
  },
}

/** Pay later (cash on delivery, bank transfer): the order is placed unpaid. */
export const offlineProvider: PaymentProvider = {
  id: 'offline',
  title: 'Pay later (offline)',
  needsCard: false,
  async charge() {
    return { status: 'NOT_PAID', provider: 'offline' }
  },
}

/** The providers the hosted checkout offers, in order. */
export const defaultPaymentProviders: readonly PaymentProvider[] = [testCardProvider, offlineProvider]
