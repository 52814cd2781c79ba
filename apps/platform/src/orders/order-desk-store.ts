import { randomUUID } from 'node:crypto'
import type { DescriptionLine } from '../carts/cart-wire.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { EventIdentity } from '../events/event-outbox.ts'
import type { MailShop } from './order-mails.ts'
import type { OrderState } from './order-state.ts'
import {
  type FulfillmentRow,
  type MailShopColumns,
  mailShopColumns,
  type OrderLineRow,
  type OrderRow,
  type OrderWithLines,
  type RefundRow,
  toMailShop,
} from './order-store.ts'

/** The SQL of the order desk: the merchant's changes to an order, its shipments, refunds and timeline. */

/** One entry of an order's timeline. */
export interface OrderEventRow {
  id: string
  order_id: string
  kind: 'SHIPPED' | 'CANCELED' | 'REFUNDED' | 'PAID' | 'NOTE'
  data: Record<string, unknown>
  actor: EventIdentity | null
  created_date: Date
}

/** An order locked for a change (until the transaction ends), with its lines, refunds and the shop of its mails (not its shipments). */
export async function lockOrder(
  tx: Db,
  siteId: string,
  orderId: string,
): Promise<(OrderWithLines & { shop: MailShop }) | undefined> {
  const row = await queryOne<OrderRow & MailShopColumns>(
    tx,
    `select o.*, ${mailShopColumns} from orders o join sites s on s.id = o.site_id
      where o.id = $1 and o.site_id = $2 for update of o`,
    [orderId, siteId],
  )
  if (!row) return undefined
  const [lines, refunds] = await Promise.all([
    tx.query<OrderLineRow>('select * from order_lines where order_id = $1 order by position', [orderId]),
    tx.query<RefundRow>('select * from order_refunds where order_id = $1 order by sequence', [orderId]),
  ])
  return { order: row, lines, fulfillments: [], refunds, shop: toMailShop(row) }
}

/** Stores what an order line says it sold now (a moved booking's new time, decision 084). */
export async function setOrderLineDescription(
  tx: Db,
  lineId: string,
  descriptionLines: readonly DescriptionLine[],
): Promise<void> {
  await tx.query('update order_lines set description_lines = $2 where id = $1', [
    lineId,
    JSON.stringify(descriptionLines),
  ])
}

/** Stores the order's new state, what it refunded so far, and each line's new counts. */
export async function saveOrderChange(
  tx: Db,
  orderId: string,
  state: OrderState,
  refundedMinor: number,
  lines: readonly Pick<
    OrderLineRow,
    'id' | 'shipped_quantity' | 'refunded_quantity' | 'restocked_quantity'
  >[],
): Promise<void> {
  await tx.query(
    `with lines as (
       update order_lines l set shipped_quantity = c.shipped_quantity, refunded_quantity = c.refunded_quantity,
         restocked_quantity = c.restocked_quantity
       from jsonb_to_recordset($5::jsonb) as c(id uuid, shipped_quantity int, refunded_quantity int, restocked_quantity int)
       where l.id = c.id and l.order_id = $1 returning l.id)
     update orders set status = $2, payment_status = $3, fulfillment_status = $4, refunded_minor = $6 where id = $1`,
    [
      orderId,
      state.status,
      state.paymentStatus,
      state.fulfillmentStatus,
      JSON.stringify(lines),
      refundedMinor,
    ],
  )
}

/** Records an order paid in full (decision 092): its payment status and what was paid, the total. */
export async function saveOrderPaid(tx: Db, orderId: string, state: OrderState, paidMinor: number) {
  await tx.query('update orders set payment_status = $2, paid_minor = $3 where id = $1', [
    orderId,
    state.paymentStatus,
    paidMinor,
  ])
}

/** Adds an entry to the order's timeline. */
export async function insertOrderEvent(
  tx: Db,
  event: {
    orderId: string
    siteId: string
    kind: OrderEventRow['kind']
    data: unknown
    actor: EventIdentity | null
  },
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into order_events (id, order_id, site_id, kind, data, actor, created_date)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      event.orderId,
      event.siteId,
      event.kind,
      JSON.stringify(event.data),
      event.actor && JSON.stringify(event.actor),
      now,
    ],
  )
}

/** The order's timeline, oldest first. */
export async function listOrderEvents(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>('select * from order_events where order_id = $1 order by sequence', [
    orderId,
  ])
}

/** Stores a shipment. */
export async function insertFulfillment(tx: Db, fulfillment: FulfillmentRow): Promise<void> {
  await tx.query(
    `insert into order_fulfillments (id, order_id, carrier, tracking_number, tracking_url, lines, created_date)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      fulfillment.id,
      fulfillment.order_id,
      fulfillment.carrier,
      fulfillment.tracking_number,
      fulfillment.tracking_url,
      JSON.stringify(fulfillment.lines),
      fulfillment.created_date,
    ],
  )
}

/** The refund an earlier post with this key made, if any. */
export async function findRefundByKey(tx: Db, orderId: string, key: string): Promise<RefundRow | undefined> {
  return queryOne<RefundRow>(tx, 'select * from order_refunds where order_id = $1 and idempotency_key = $2', [
    orderId,
    key,
  ])
}

/** Stores a refund. */
export async function insertRefund(tx: Db, refund: RefundRow): Promise<void> {
  await tx.query(
    `insert into order_refunds (id, order_id, idempotency_key, amount_minor, provider_refund_id, lines, reason, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      refund.id,
      refund.order_id,
      refund.idempotency_key,
      refund.amount_minor,
      refund.provider_refund_id,
      JSON.stringify(refund.lines),
      refund.reason,
      refund.created_date,
    ],
  )
}
