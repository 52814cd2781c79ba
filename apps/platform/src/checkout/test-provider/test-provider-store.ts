import { type Db, prepared, queryOne } from '../../db/db.ts'
import type { PaymentShopRow } from '../shop-brand.ts'

// The provider's statements on the order path, prepared (decision 102): parsed and planned once per
// connection.
const INSERT_TEST_PAYMENT = prepared(
  `insert into test_provider_payments (id, idempotency_key, amount_minor, currency, reference, return_url,
     notify_url, status, created_date)
   values ($1, $2, $3, $4, $5, $6, $7, 'REQUIRES_PAYMENT_METHOD', $8)
   on conflict (idempotency_key) do nothing returning *`,
)
const FIND_TEST_PAYMENT_WITH_SHOP = prepared(
  `select tp.*, p.site_id as shop_site_id, s.name as shop_name, s.brand_colour as shop_brand_colour,
          s.accent_colour as shop_accent_colour,
          coalesce(c.callbacks->>'postFlowUrl', c.callbacks->>'cartPageUrl') as shop_home_url,
          m.id as logo_id, m.content_type as logo_content_type, m.width as logo_width,
          m.height as logo_height, octet_length(m.bytes) = 0 as logo_in_storage
     from test_provider_payments tp
     left join payments p
       on p.id = case when tp.reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      then tp.reference::uuid end
     left join sites s on s.id = p.site_id
     left join checkouts c on c.id = p.checkout_id
     left join media_files m on m.id = s.logo_media_id
    where tp.id = $1`,
)
const MOVE_TEST_PAYMENT = prepared(
  `update test_provider_payments set status = $3, failure_reason = coalesce($4, failure_reason),
     card_last4 = coalesce($5, card_last4)
   where id = $1 and status = any($2::text[]) returning *`,
)

/** The test provider's own record of a payment (its side of the wire: the platform never reads it). */
export interface TestProviderPaymentRow {
  id: string
  idempotency_key: string
  amount_minor: string
  currency: string
  reference: string
  return_url: string
  notify_url: string
  status: 'REQUIRES_PAYMENT_METHOD' | 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED'
  failure_reason: string | null
  card_last4: string | null
  refunded_minor: string
  created_date: Date
}

/**
 * Stores a new payment, or answers the one stored before under the same idempotency key (a retried
 * create is the same payment).
 */
export async function insertTestPayment(
  db: Db,
  payment: Pick<
    TestProviderPaymentRow,
    'id' | 'idempotency_key' | 'currency' | 'reference' | 'return_url' | 'notify_url'
  > & {
    amountMinor: number
  },
  now: Date,
): Promise<TestProviderPaymentRow> {
  const [inserted] = await db.query<TestProviderPaymentRow>(INSERT_TEST_PAYMENT, [
    payment.id,
    payment.idempotency_key,
    payment.amountMinor,
    payment.currency,
    payment.reference,
    payment.return_url,
    payment.notify_url,
    now,
  ])
  if (inserted) return inserted
  const existing = await queryOne<TestProviderPaymentRow>(
    db,
    'select * from test_provider_payments where idempotency_key = $1',
    [payment.idempotency_key],
  )
  if (!existing) throw new Error('test provider payment vanished after an idempotency conflict')
  return existing
}

/** The payment with this id, if any. */
export async function findTestPayment(db: Db, id: string): Promise<TestProviderPaymentRow | undefined> {
  return queryOne<TestProviderPaymentRow>(db, 'select * from test_provider_payments where id = $1', [id])
}

/**
 * The payment with this id and the shop it is for, in one statement, for the provider's pages: the platform's
 * payment its `reference` names, that payment's site (name, colours, logo) and its checkout's return address.
 * The built-in provider shares the platform's database, so it reads the shop's brand as a real provider reads
 * its merchant account's branding (decision 095). The shop's columns are null when no platform payment
 * has this reference.
 */
export async function findTestPaymentWithShop(
  db: Db,
  id: string,
): Promise<(TestProviderPaymentRow & PaymentShopRow) | undefined> {
  return queryOne<TestProviderPaymentRow & PaymentShopRow>(db, FIND_TEST_PAYMENT_WITH_SHOP, [id])
}

/**
 * Moves a payment from one of the states in `from` to `to`; undefined when it was not in one of them
 * (another request moved it first).
 */
export async function moveTestPayment(
  db: Db,
  id: string,
  from: readonly TestProviderPaymentRow['status'][],
  to: { status: TestProviderPaymentRow['status']; failureReason?: string; cardLast4?: string },
): Promise<TestProviderPaymentRow | undefined> {
  return queryOne<TestProviderPaymentRow>(db, MOVE_TEST_PAYMENT, [
    id,
    from,
    to.status,
    to.failureReason ?? null,
    to.cardLast4 ?? null,
  ])
}

/** What a refund request got: the refund stored now or before under its key, or why there is none. */
export type TestRefundOutcome =
  | { kind: 'refunded'; refundId: string; paymentId: string; amountMinor: number }
  | { kind: 'refused'; reason: string }

/**
 * Refunds part of a succeeded payment in one transaction: the same idempotency key answers the refund
 * made before; never more than the payment's amount in total.
 */
export async function refundTestPayment(
  db: Db,
  refund: { id: string; paymentId: string; amountMinor: number; idempotencyKey: string },
  now: Date,
): Promise<TestRefundOutcome> {
  return db.transaction(async (tx) => {
    const payment = await queryOne<TestProviderPaymentRow>(
      tx,
      'select * from test_provider_payments where id = $1 for update',
      [refund.paymentId],
    )
    const earlier = await queryOne<{ id: string; payment_id: string; amount_minor: string }>(
      tx,
      'select id, payment_id, amount_minor from test_provider_refunds where idempotency_key = $1',
      [refund.idempotencyKey],
    )
    if (earlier)
      return {
        kind: 'refunded',
        refundId: earlier.id,
        paymentId: earlier.payment_id,
        amountMinor: Number(earlier.amount_minor),
      }
    if (!payment) return { kind: 'refused', reason: 'There is no such payment' }
    if (payment.status !== 'SUCCEEDED') return { kind: 'refused', reason: 'The payment did not succeed' }
    const left = Number(payment.amount_minor) - Number(payment.refunded_minor)
    if (!Number.isSafeInteger(refund.amountMinor) || refund.amountMinor <= 0 || refund.amountMinor > left)
      return { kind: 'refused', reason: `At most ${left} (minor units) of the payment is left to refund` }
    await tx.query(
      `insert into test_provider_refunds (id, payment_id, idempotency_key, amount_minor, created_date)
       values ($1, $2, $3, $4, $5)`,
      [refund.id, refund.paymentId, refund.idempotencyKey, refund.amountMinor, now],
    )
    await tx.query('update test_provider_payments set refunded_minor = refunded_minor + $2 where id = $1', [
      refund.paymentId,
      refund.amountMinor,
    ])
    return {
      kind: 'refunded',
      refundId: refund.id,
      paymentId: refund.paymentId,
      amountMinor: refund.amountMinor,
    }
  })
}
