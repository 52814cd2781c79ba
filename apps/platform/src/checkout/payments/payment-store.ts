import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'

/**
 * The platform's payment of a checkout or of a plan purchase (decision 046): one per attempt to pay, found
 * again by its idempotency key. Exactly one of `checkout_id` and `plan_purchase_id` is set.
 */
export interface PaymentRow {
  id: string
  site_id: string
  checkout_id: string | null
  plan_purchase_id: string | null
  provider: string
  provider_payment_id: string | null
  idempotency_key: string
  amount_minor: string
  currency: string
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'PAY_LATER'
  failure_reason: string | null
  card_last4: string | null
  refunded_minor: string
  created_date: Date
  updated_date: Date
}

/** What a payment pays for. */
export type PaymentPurpose =
  | { kind: 'checkout'; checkoutId: string }
  | { kind: 'plan'; planPurchaseId: string }

/** A refund of a payment; `PENDING` while the provider is being asked. */
export interface PaymentRefundRow {
  id: string
  payment_id: string
  idempotency_key: string
  amount_minor: string
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED'
  provider_refund_id: string | null
  failure_reason: string | null
  created_date: Date
}

/**
 * Stores a new pending payment, or answers the payment stored before under the same idempotency key:
 * a retried request finds the first attempt instead of making a second.
 */
export async function insertPayment(
  db: Db,
  payment: {
    id: string
    siteId: string
    /** What the payment pays for: a checkout's order, or a plan purchase. */
    purpose: PaymentPurpose
    provider: string
    idempotencyKey: string
    amountMinor: number
    currency: string
  },
  now: Date,
): Promise<PaymentRow> {
  const [inserted] = await db.query<PaymentRow>(
    `insert into payments (id, site_id, checkout_id, provider, idempotency_key, amount_minor, currency, status,
       created_date, updated_date, plan_purchase_id)
     values ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $8, $9)
     on conflict (idempotency_key) do nothing returning *`,
    [
      payment.id,
      payment.siteId,
      payment.purpose.kind === 'checkout' ? payment.purpose.checkoutId : null,
      payment.provider,
      payment.idempotencyKey,
      payment.amountMinor,
      payment.currency,
      now,
      payment.purpose.kind === 'plan' ? payment.purpose.planPurchaseId : null,
    ],
  )
  if (inserted) return inserted
  const existing = await queryOne<PaymentRow>(db, 'select * from payments where idempotency_key = $1', [
    payment.idempotencyKey,
  ])
  if (!existing) throw new Error('payment vanished after an idempotency conflict')
  return existing
}

/** The payment with this id, if any. */
export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return queryOne<PaymentRow>(db, 'select * from payments where id = $1', [id])
}

/** Records the provider's id of a payment (the same on every retry, so writing it twice is harmless). */
export async function setProviderPaymentId(db: Db, id: string, providerPaymentId: string, now: Date) {
  await db.query('update payments set provider_payment_id = $2, updated_date = $3 where id = $1', [
    id,
    providerPaymentId,
    now,
  ])
}

/**
 * Records a pending payment's outcome; a payment already decided keeps its outcome (the return and
 * the notification both tell it). Answers the payment as it is now.
 */
export async function settlePayment(
  db: Db,
  id: string,
  outcome: {
    status: 'SUCCEEDED' | 'FAILED' | 'PAY_LATER'
    failureReason?: string | undefined
    cardLast4?: string | undefined
  },
  now: Date,
): Promise<PaymentRow | undefined> {
  const [settled] = await db.query<PaymentRow>(
    `update payments set status = $2, failure_reason = $3, card_last4 = $4, updated_date = $5
     where id = $1 and status = 'PENDING' returning *`,
    [id, outcome.status, outcome.failureReason ?? null, outcome.cardLast4 ?? null, now],
  )
  return settled ?? findPayment(db, id)
}

/** What claiming a refund found: a new pending refund, one made before under the key, or a refusal. */
export type RefundClaim =
  | { kind: 'claimed'; refund: PaymentRefundRow; payment: PaymentRow }
  | { kind: 'existing'; refund: PaymentRefundRow; payment: PaymentRow }
  | { kind: 'not-refundable'; payment: PaymentRow | undefined }
  | { kind: 'too-large'; leftMinor: number }

/**
 * Claims a refund under its idempotency key in one transaction: the payment row is locked, the amount
 * is counted against what is left to refund at once (so two refunds never give back more than was
 * paid), and the same key answers the refund claimed before.
 */
export async function claimRefund(
  db: Db,
  refund: { id: string; paymentId: string; amountMinor: number; idempotencyKey: string },
  now: Date,
): Promise<RefundClaim> {
  return db.transaction(async (tx) => {
    const payment = await queryOne<PaymentRow>(tx, 'select * from payments where id = $1 for update', [
      refund.paymentId,
    ])
    const earlier = await queryOne<PaymentRefundRow>(
      tx,
      'select * from payment_refunds where idempotency_key = $1',
      [refund.idempotencyKey],
    )
    if (earlier && payment && earlier.payment_id === payment.id)
      return { kind: 'existing', refund: earlier, payment }
    if (payment?.status !== 'SUCCEEDED' || earlier) return { kind: 'not-refundable', payment }
    const leftMinor = Number(payment.amount_minor) - Number(payment.refunded_minor)
    if (refund.amountMinor > leftMinor) return { kind: 'too-large', leftMinor }
    const [claimed] = await tx.query<PaymentRefundRow>(
      `insert into payment_refunds (id, payment_id, idempotency_key, amount_minor, status, created_date)
       values ($1, $2, $3, $4, 'PENDING', $5) returning *`,
      [refund.id, payment.id, refund.idempotencyKey, refund.amountMinor, now],
    )
    const [updated] = await tx.query<PaymentRow>(
      'update payments set refunded_minor = refunded_minor + $2, updated_date = $3 where id = $1 returning *',
      [payment.id, refund.amountMinor, now],
    )
    return { kind: 'claimed', refund: claimed as PaymentRefundRow, payment: updated as PaymentRow }
  })
}

/**
 * Records the provider's answer to a pending refund; a failed one gives its amount back to what is
 * left to refund. A refund already decided keeps its outcome.
 */
export async function settleRefund(
  db: Db,
  refundId: string,
  outcome: { status: 'SUCCEEDED'; providerRefundId: string } | { status: 'FAILED'; reason: string },
  now: Date,
): Promise<PaymentRefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [settled] = await tx.query<PaymentRefundRow>(
      `update payment_refunds set status = $2, provider_refund_id = $3, failure_reason = $4
       where id = $1 and status = 'PENDING' returning *`,
      [
        refundId,
        outcome.status,
        outcome.status === 'SUCCEEDED' ? outcome.providerRefundId : null,
        outcome.status === 'FAILED' ? outcome.reason : null,
      ],
    )
    if (settled && settled.status === 'FAILED')
      await tx.query(
        'update payments set refunded_minor = refunded_minor - $2, updated_date = $3 where id = $1',
        [settled.payment_id, settled.amount_minor, now],
      )
    return (
      settled ?? queryOne<PaymentRefundRow>(tx, 'select * from payment_refunds where id = $1', [refundId])
    )
  })
}

/** The refunds of a payment, oldest first. */
export async function listRefunds(db: Db, paymentId: string): Promise<PaymentRefundRow[]> {
  return db.query<PaymentRefundRow>(
    'select * from payment_refunds where payment_id = $1 order by created_date, id',
    [paymentId],
  )
}
