import { randomUUID } from 'node:crypto'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { PaymentProvider, ProviderPayment } from '../payment-provider.ts'
import type { PaymentShopRow } from '../shop-brand.ts'
import {
  findTestPayment,
  findTestPaymentWithShop,
  insertTestPayment,
  moveTestPayment,
  refundTestPayment,
  type TestProviderPaymentRow,
} from './test-provider-store.ts'

/** Where the test provider's own pages are: the only handlers that ever see a card number. */
export const TEST_PROVIDER_PATH = '/test-provider'

/** Test cards of the built-in test provider (Stripe's well-known numbers). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  /** Asks the shopper to approve the payment on a second step (3-D Secure style). */
  authenticates: '4000002500003155',
} as const

export interface TestProviderDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /**
   * Tells the platform a payment's final state: what a real provider's signed notification does over the
   * network, done in this process by the function the notification route calls (decision 103).
   */
  tell: (provider: PaymentProvider, payment: ProviderPayment) => Promise<unknown>
}

/** The test provider: the provider side (its pages' steps) and the platform's PaymentProvider of it. */
export interface TestProvider extends PaymentProvider {
  /** The payment as the provider keeps it, with the shop it is for (its brand), for its own pages. */
  find(id: string): Promise<(TestProviderPaymentRow & PaymentShopRow) | undefined>
  /**
   * The shopper entered a card: paid, declined, or an approval step to take. Undefined when the
   * payment was not waiting for a card (or is not there): nothing moved.
   */
  submitCard(id: string, cardNumber: string): Promise<TestProviderPaymentRow | undefined>
  /** The shopper approved (or refused) the extra authentication step. */
  authenticate(id: string, approved: boolean): Promise<TestProviderPaymentRow | undefined>
  /** The shopper gave up on the provider's page. */
  cancel(id: string): Promise<TestProviderPaymentRow | undefined>
}

function toProviderPayment(row: TestProviderPaymentRow, publicUrl: string): ProviderPayment {
  const isOpen = row.status === 'REQUIRES_PAYMENT_METHOD' || row.status === 'REQUIRES_ACTION'
  return {
    providerPaymentId: row.id,
    reference: row.reference,
    status: row.status === 'SUCCEEDED' || row.status === 'FAILED' ? row.status : 'REQUIRES_ACTION',
    redirectUrl: isOpen ? `${publicUrl}${TEST_PROVIDER_PATH}/pay/${row.id}` : undefined,
    failureReason: row.failure_reason ?? undefined,
    cardLast4: row.card_last4 ?? undefined,
  }
}

/**
 * The built-in test card provider, shaped like a real one: a payment is created for an amount, the
 * shopper enters the card on the provider's page, 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is
 * declined, 4000 0025 0000 3155 asks for an approval first. Each final state is told to the platform as a
 * real provider's notification would tell it, but in process (`tell`): the provider runs inside the
 * platform, which never calls its own HTTP API. It keeps the last 4 digits, never the number.
 */
export function createTestProvider(deps: TestProviderDeps): TestProvider {
  const { db, clock, publicUrl } = deps

  /** Tells a final state; the shopper's return confirms it anyway. */
  async function notify(row: TestProviderPaymentRow) {
    try {
      await deps.tell(provider, toProviderPayment(row, publicUrl))
    } catch {
      // A lost notification is what the shopper's return (and a real provider's retries) are for.
    }
  }

  /** Tells a final state; the moved payment, or the payment as it is when it was not moved. */
  async function settle(moved: TestProviderPaymentRow | undefined, id: string) {
    if (moved && (moved.status === 'SUCCEEDED' || moved.status === 'FAILED')) await notify(moved)
    return moved ?? findTestPayment(db, id)
  }

  const provider: TestProvider = {
    id: 'test-card',
    title: 'Card (test mode)',
    description:
      'You enter the card on the payment provider’s page. Test cards: 4242 4242 4242 4242 is paid, 4000 0025 0000 3155 asks you to approve, 4000 0000 0000 0002 is declined.',
    async createPayment(request) {
      const row = await insertTestPayment(
        db,
        {
          id: `tp_${randomUUID().replaceAll('-', '')}`,
          idempotency_key: request.idempotencyKey,
          amountMinor: request.amountMinor,
          currency: request.currency,
          reference: request.reference,
          return_url: request.returnUrl,
          notify_url: request.notifyUrl,
        },
        clock(),
      )
      return toProviderPayment(row, publicUrl)
    },
    async retrievePayment(providerPaymentId) {
      const row = await findTestPayment(db, providerPaymentId)
      return row && toProviderPayment(row, publicUrl)
    },
    // Its word arrives in process (`tell`), never over the network: a notification posted in its name is
    // refused, as a forged one would be.
    async verifyNotification() {
      return undefined
    },
    async refund(request) {
      const outcome = await refundTestPayment(
        db,
        {
          id: `tpr_${randomUUID().replaceAll('-', '')}`,
          paymentId: request.providerPaymentId,
          amountMinor: request.amountMinor,
          idempotencyKey: request.idempotencyKey,
        },
        clock(),
      )
      return outcome.kind === 'refunded'
        ? { status: 'SUCCEEDED', providerRefundId: outcome.refundId }
        : { status: 'FAILED', reason: outcome.reason }
    },
    setup: { mode: 'test' },
    find: (id) => findTestPaymentWithShop(db, id),
    async submitCard(id, cardNumber) {
      const number = cardNumber.replace(/[\s-]/g, '')
      const cardLast4 = number.slice(-4)
      const to =
        number === TEST_CARDS.authenticates
          ? ({ status: 'REQUIRES_ACTION', cardLast4 } as const)
          : number === TEST_CARDS.succeeds
            ? ({ status: 'SUCCEEDED', cardLast4 } as const)
            : ({ status: 'FAILED', cardLast4, failureReason: 'The card was declined' } as const)
      const moved = await moveTestPayment(db, id, ['REQUIRES_PAYMENT_METHOD'], to)
      if (moved && moved.status !== 'REQUIRES_ACTION') await notify(moved)
      return moved
    },
    async authenticate(id, approved) {
      const moved = await moveTestPayment(
        db,
        id,
        ['REQUIRES_ACTION'],
        approved
          ? { status: 'SUCCEEDED' }
          : { status: 'FAILED', failureReason: 'The card’s authentication was not approved' },
      )
      return settle(moved, id)
    },
    async cancel(id) {
      const moved = await moveTestPayment(db, id, ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION'], {
        status: 'FAILED',
        failureReason: 'You canceled the payment',
      })
      return settle(moved, id)
    },
  }
  return provider
}
