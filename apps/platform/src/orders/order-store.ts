import type { CustomLineOrigin } from '../carts/custom-line-item.ts'
import type { Address, SelectedShippingOption } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/** What an order keeps of its payment (no card number, at most its last 4). */
export type OrderPayment =
  | { status: 'PAID'; provider: string; transactionId: string; cardLast4?: string; paymentId?: string }
  | { status: 'NOT_PAID'; provider: string; paymentId?: string }

export interface OrderRow {
  id: string
  site_id: string
  number: string
  checkout_id: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  email: string
  status: 'APPROVED' | 'CANCELED'
  payment_status: 'PAID' | 'NOT_PAID'
  payment: OrderPayment
  currency: string
  shipping_address: Address | null
  billing_address: Address | null
  shipping_option: (SelectedShippingOption & { title?: string }) | null
  coupon_code: string | null
  subtotal_minor: string
  total_minor: string
  /** The wire totals at the moment of the order. */
  totals: Record<string, unknown>
  created_date: Date
}

/**
 * What an order line keeps of a custom line item: who added it (the merchant, decision 019). Lines of
 * orders placed before that decision keep `{}`: a shopper priced them.
 */
export interface OrderLineCustom {
  addedBy?: CustomLineOrigin
}

export interface OrderLineRow {
  id: string
  order_id: string
  position: number
  catalog_item_id: string | null
  variant_id: string | null
  name: string
  quantity: number
  unit_price_minor: string
  total_minor: string
  /** `null` for a catalogue line. */
  custom: OrderLineCustom | null
}

export interface OrderWithLines {
  order: OrderRow
  lines: OrderLineRow[]
}

export type OrderInput = Omit<OrderRow, 'number' | 'subtotal_minor' | 'total_minor'> & {
  subtotalMinor: number
  totalMinor: number
  lines: (Omit<OrderLineRow, 'order_id' | 'unit_price_minor' | 'total_minor'> & {
    unitPriceMinor: number
    totalMinor: number
  })[]
}

/** Stores an order and its lines; answers its number. */
export async function insertOrder(tx: Db, input: OrderInput): Promise<string> {
  const [row] = await tx.query<{ number: string }>(
    `insert into orders (id, site_id, checkout_id, owner_kind, owner_id, email, status, payment_status, payment,
       currency, shipping_address, billing_address, shipping_option, coupon_code, subtotal_minor, total_minor,
       totals, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning number`,
    [
      input.id,
      input.site_id,
      input.checkout_id,
      input.owner_kind,
      input.owner_id,
      input.email,
      input.status,
      input.payment_status,
      JSON.stringify(input.payment),
      input.currency,
      input.shipping_address && JSON.stringify(input.shipping_address),
      input.billing_address && JSON.stringify(input.billing_address),
      input.shipping_option && JSON.stringify(input.shipping_option),
      input.coupon_code,
      input.subtotalMinor,
      input.totalMinor,
      JSON.stringify(input.totals),
      input.created_date,
    ],
  )
  await tx.query(
    `insert into order_lines (id, order_id, position, catalog_item_id, variant_id, name, quantity, unit_price_minor,
       total_minor, custom)
     select id, $1, position, catalog_item_id, variant_id, name, quantity, unit_price_minor, total_minor, custom
     from jsonb_to_recordset($2::jsonb) as l(id uuid, position int, catalog_item_id uuid, variant_id uuid, name text,
       quantity int, unit_price_minor bigint, total_minor bigint, custom jsonb)`,
    [
      input.id,
      JSON.stringify(
        input.lines.map((line) => ({
          id: line.id,
          position: line.position,
          catalog_item_id: line.catalog_item_id,
          variant_id: line.variant_id,
          name: line.name,
          quantity: line.quantity,
          unit_price_minor: line.unitPriceMinor,
          total_minor: line.totalMinor,
          custom: line.custom,
        })),
      ),
    ],
  )
  return String(row?.number)
}

async function withLines(db: Db, orders: OrderRow[]): Promise<OrderWithLines[]> {
  if (orders.length === 0) return []
  const lines = await db.query<OrderLineRow>(
    'select * from order_lines where order_id = any($1::uuid[]) order by order_id, position',
    [orders.map((order) => order.id)],
  )
  return orders.map((order) => ({ order, lines: lines.filter((line) => line.order_id === order.id) }))
}

/** The order placed from this checkout, if it has been placed. */
export async function findOrderByCheckout(db: Db, checkoutId: string): Promise<OrderRow | undefined> {
  return queryOne<OrderRow>(db, 'select * from orders where checkout_id = $1', [checkoutId])
}

/** Who may see an order: its buyer, or the site's merchant. */
export type OrderAudience =
  | { siteId: string; ownerKind: 'visitor' | 'member'; ownerId: string }
  | { siteId: string; ownerKind?: undefined }

function audienceFilter(audience: OrderAudience, params: unknown[]): string {
  params.push(audience.siteId)
  let where = `site_id = $${params.length}`
  if (audience.ownerKind) {
    params.push(audience.ownerKind, audience.ownerId)
    where += ` and owner_kind = $${params.length - 1} and owner_id = $${params.length}`
  }
  return where
}

/** The order with this id if the audience may see it. */
export async function findOrder(
  db: Db,
  audience: OrderAudience,
  id: string,
): Promise<OrderWithLines | undefined> {
  const params: unknown[] = [id]
  const order = await queryOne<OrderRow>(
    db,
    `select * from orders where id = $1 and ${audienceFilter(audience, params)}`,
    params,
  )
  return order && (await withLines(db, [order]))[0]
}

/** A page of the audience's orders, newest first, and the total count. */
export async function listOrders(
  db: Db,
  audience: OrderAudience,
  paging: { limit: number; offset: number },
): Promise<{ orders: OrderWithLines[]; total: number }> {
  const params: unknown[] = []
  const where = audienceFilter(audience, params)
  const [rows, counted] = await Promise.all([
    db.query<OrderRow>(
      `select * from orders where ${where} order by created_date desc, id desc limit ${paging.limit} offset ${paging.offset}`,
      params,
    ),
    db.query<{ count: string }>(`select count(*) as count from orders where ${where}`, params),
  ])
  return { orders: await withLines(db, rows), total: Number(counted[0]?.count ?? 0) }
}

/** Orders and revenue (minor units) per UTC day over the last `days` days up to `now`, oldest first. */
export async function ordersPerDay(
  db: Db,
  siteId: string,
  options: { days: number; now: Date },
): Promise<{ day: string; orders: number; revenueMinor: number }[]> {
  const end = new Date(
    Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate()),
  )
  const start = new Date(end.getTime() - (options.days - 1) * 86_400_000)
  const rows = await db.query<{ day: string; orders: string; revenue: string }>(
    `select to_char(created_date at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as orders,
       coalesce(sum(total_minor), 0) as revenue
     from orders where site_id = $1 and created_date >= $2 and status = 'APPROVED'
     group by 1`,
    [siteId, start],
  )
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return Array.from({ length: options.days }, (_, index) => {
    const day = new Date(start.getTime() + index * 86_400_000).toISOString().slice(0, 10)
    const row = byDay.get(day)
    return { day, orders: Number(row?.orders ?? 0), revenueMinor: Number(row?.revenue ?? 0) }
  })
}
