import { type Db, prepared, queryOne } from '../../db/db.ts'
import { type CheckoutChoices, saveChoicesPart } from '../checkout-store.ts'

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

/** A payment's row read as JSON (`to_json(p)`), its dates text again turned dates. */
export function paymentRowFromJson(json: unknown): PaymentRow {
  const row = json as Omit<PaymentRow, 'created_date' | 'updated_date'> & {
    created_date: string
    updated_date: string
  }
  return { ...row, created_date: new Date(row.created_date), updated_date: new Date(row.updated_date) }
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
 * a retried request finds the first attempt instead of making a second. With `choices`, the buyer's
 * choices are saved on the checkout in the same statement, and a payment is stored only while the
 * checkout is open: undefined when it is not and no payment was stored before under the key.
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
  choices?: CheckoutChoices,
): Promise<PaymentRow | undefined> {
  const checkoutId = payment.purpose.kind === 'checkout' ? payment.purpose.checkoutId : null
  const params: unknown[] = [
    payment.id,
    payment.siteId,
    checkoutId,
    payment.provider,
    payment.idempotencyKey,
    payment.amountMinor,
    payment.currency,
    now,
    payment.purpose.kind === 'plan' ? payment.purpose.planPurchaseId : null,
  ]
  const columns = `id, site_id, checkout_id, provider, idempotency_key, amount_minor, currency, status,
       created_date, updated_date, plan_purchase_id`
  // Typed: in `insert ... select` the values are a select list, which would read them as text.
  const values = `$1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::bigint, $7::text, 'PENDING',
       $8::timestamptz, $8::timestamptz, $9::uuid`
  // The buyer's choices are a checkout's: a plan purchase has none to save.
  const saved = choices && checkoutId && saveChoicesPart('saved', checkoutId, choices, now, params.length + 1)
  // Two texts only (with choices or without), prepared (decision 102).
  const [inserted] = await db.query<PaymentRow>(
    prepared(
      saved
        ? `with ${saved.sql} insert into payments (${columns}) select ${values} from saved
         on conflict (idempotency_key) do nothing returning *`
        : `insert into payments (${columns}) values (${values})
         on conflict (idempotency_key) do nothing returning *`,
    ),
    saved ? [...params, ...saved.params] : params,
  )
  if (inserted) return inserted
  const existing = await queryOne<PaymentRow>(db, 'select * from payments where idempotency_key = $1', [
    payment.idempotencyKey,
  ])
  if (!existing && !choices) throw new Error('payment vanished after an idempotency conflict')
  return existing
}

/** The payment with this id, if any. */
export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return queryOne<PaymentRow>(db, 'select * from payments where id = $1', [id])
}

const SET_PROVIDER_PAYMENT_ID = prepared(
  'update payments set provider_payment_id = $2, updated_date = $3 where id = $1',
)

/** Records the provider's id of a payment (the same on every retry, so writing it twice is harmless). */
export async function setProviderPaymentId(db: Db, id: string, providerPaymentId: string, now: Date) {
  await db.query(SET_PROVIDER_PAYMENT_ID, [id, providerPaymentId, now])
}

const SETTLE_PAYMENT = prepared(
  `update payments set status = $2, failure_reason = $3, card_last4 = $4, updated_date = $5
   where id = $1 and status = 'PENDING' and provider = $6
     and (provider_payment_id is null or provider_payment_id = $7)
   returning *`,
)

/**
 * Recording a pending payment's outcome as part of a bigger statement (placing its order, decision 112): a
 * `with` part named `name`, its parameters numbered from `first`. The caller holds the payment's row lock
 * and has checked it is pending and the provider's.
 */
export function settlePaymentPart(
  name: string,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  first: number,
): { sql: string; params: unknown[] } {
  const at = (offset: number) => `$${first + offset}`
  return {
    sql: `${name} as (update payments set status = ${at(1)}, failure_reason = ${at(2)}, card_last4 = ${at(3)},
       updated_date = ${at(4)} where id = ${at(0)} and status = 'PENDING')`,
    params: [paymentId, outcome.status, outcome.failureReason ?? null, outcome.cardLast4 ?? null, now],
  }
}

/** What a provider said a payment came to. */
export interface PaymentOutcome {
  status: 'SUCCEEDED' | 'FAILED' | 'PAY_LATER'
  failureReason?: string | undefined
  cardLast4?: string | undefined
}

/**
 * Records a pending payment's outcome, in one statement, when the payment is the provider's (its
 * provider, and the provider's id when one is recorded). Undefined when nothing changed: the payment is
 * decided already (the return and the notification both tell it), not this provider's, or unknown.
 */
export async function settlePayment(
  db: Db,
  payment: { id: string; provider: string; providerPaymentId: string },
  outcome: PaymentOutcome,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [settled] = await db.query<PaymentRow>(SETTLE_PAYMENT, [
    payment.id,
    outcome.status,
    outcome.failureReason ?? null,
    outcome.cardLast4 ?? null,
    now,
    payment.provider,
    payment.providerPaymentId,
  ])
  return settled
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

/**
 * Payments of these providers still pending since before `olderThan`, oldest first: what the
 * reconciliation worker asks the provider about (the shopper never came back, the notification never came).
 */
export async function listStalePendingPayments(
  db: Db,
  filter: { providers: readonly string[]; olderThan: Date; limit: number },
): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `select * from payments
     where status = 'PENDING' and created_date < $1 and provider = any($2::text[])
       and provider_payment_id is not null
     order by created_date limit $3`,
    [filter.olderThan, filter.providers, filter.limit],
  )
}

/** Notes that a notification signed with the provider's secret arrived (the payment setup page shows it). */
export async function recordSignedNotification(db: Db, provider: string, eventType: string, now: Date) {
  await db.query(
    `insert into payment_notification_receipts (provider, last_signed_date, last_event_type) values ($1, $2, $3)
     on conflict (provider) do update set last_signed_date = excluded.last_signed_date,
       last_event_type = excluded.last_event_type`,
    [provider, now, eventType],
  )
}

/** When a signed notification of the provider last arrived, if ever. */
export async function lastSignedNotification(db: Db, provider: string): Promise<Date | undefined> {
  const row = await queryOne<{ last_signed_date: Date }>(
    db,
    'select last_signed_date from payment_notification_receipts where provider = $1',
    [provider],
  )
  return row ? new Date(row.last_signed_date) : undefined
}
