import type { DescriptionLine, LineImage } from '../carts/cart-wire.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { CustomLineOrigin } from '../carts/custom-line-item.ts'
import type { Address, SelectedShippingOption } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { mailInsert } from '../mail/mail-outbox.ts'
import { type MailOrder, type MailShop, orderConfirmationMail } from './order-mails.ts'
import { type FulfillmentStatus, fulfillmentStatusOf, type PaymentStatus } from './order-state.ts'
import { type BreakdownTotals, toTotalsBreakdown } from './totals-breakdown.ts'

/** What an order keeps of its payment (no card number, at most its last 4). */
export type OrderPayment =
  | {
      status: 'PAID'
      provider: string
      transactionId: string
      cardLast4?: string
      paymentId?: string
      /** What the provider took (a deposit's share, decision 092); absent on orders paid in full before. */
      amountMinor?: number
    }
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
  payment_status: PaymentStatus
  fulfillment_status: FulfillmentStatus
  /** How much of the total was refunded (minor units). */
  refunded_minor: string
  /**
   * How much of the total has been paid (minor units; migration 040): online when placed, and the rest when
   * the merchant marks it paid. Read it through `balanceDueOf` and `refundableOf` (decision 092).
   */
  paid_minor: string
  payment: OrderPayment
  currency: string
  shipping_address: Address | null
  billing_address: Address | null
  /** Who receives the order, beside `shipping_address` (decision 059); null on orders placed before. */
  shipping_contact: ContactDetails | null
  /** Who pays, beside `billing_address`; null on orders placed before decision 059. */
  billing_contact: ContactDetails | null
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
  /** How the line was paid: the estimate's PaymentOptionType (MEMBERSHIP when a membership paid it). */
  payment_option: string
  /**
   * The membership that paid for the line, as it was called then, and how many of its units it paid (one
   * session each; absent in orders placed before a session paid one unit: the whole line then); `null`
   * when money paid it all.
   */
  membership: { id: string; name: string; quantity?: number } | null
  /**
   * What was sold, as the cart line showed it when the order was placed (decision 058): the chosen
   * options, SKU, picture, weight and whether it ships. `null` in lines of orders placed before.
   */
  description_lines: DescriptionLine[] | null
  sku: string | null
  image: LineImage | null
  weight: number | null
  shippable: boolean | null
  shipped_quantity: number
  refunded_quantity: number
  restocked_quantity: number
}

/** A shipment of some of an order's units, with its carrier and tracking. */
export interface FulfillmentRow {
  id: string
  order_id: string
  carrier: string
  tracking_number: string
  tracking_url: string | null
  lines: { lineId: string; quantity: number }[]
  created_date: Date
}

/** A refund of an order, in full or in part. */
export interface RefundRow {
  id: string
  order_id: string
  idempotency_key: string
  amount_minor: string
  provider_refund_id: string | null
  lines: { lineId: string; quantity: number; restock: boolean }[]
  reason: string | null
  created_date: Date
}

export interface OrderWithLines {
  order: OrderRow
  lines: OrderLineRow[]
  /** Its shipments, oldest first. */
  fulfillments: FulfillmentRow[]
  /** Its refunds, oldest first. */
  refunds: RefundRow[]
}

export type OrderInput = Omit<
  OrderRow,
  | 'number'
  | 'subtotal_minor'
  | 'total_minor'
  | 'payment_status'
  | 'fulfillment_status'
  | 'refunded_minor'
  | 'paid_minor'
> & {
  payment_status: 'PAID' | 'PARTIALLY_PAID' | 'NOT_PAID'
  subtotalMinor: number
  totalMinor: number
  /** What was paid of it when placed: the total, a deposit's share (decision 092), or 0 to pay later. */
  paidMinor: number
  /** The signed link to the order's downloads, for the confirmation mail of a paid digital order. */
  downloadsUrl?: string | undefined
  /** The slots it booked, for its confirmation mail, with their calendar files (decision 069). */
  bookedSlots?: MailOrder['bookedSlots']
  attachments?: MailOrder['attachments']
  lines: (Omit<
    OrderLineRow,
    | 'order_id'
    | 'unit_price_minor'
    | 'total_minor'
    | 'shipped_quantity'
    | 'refunded_quantity'
    | 'restocked_quantity'
  > & {
    unitPriceMinor: number
    totalMinor: number
  })[]
}

/** The shop columns of a site that its buyers' mails wear (`s` is the site's alias). */
export const mailShopColumns =
  's.id as shop_id, s.name as shop_name, s.locale as shop_locale, s.brand_colour as shop_brand_colour, s.accent_colour as shop_accent_colour'

/** A row read with `mailShopColumns`. */
export interface MailShopColumns {
  shop_id: string
  shop_name: string
  shop_locale: string
  shop_brand_colour: string
  shop_accent_colour: string
}

export function toMailShop(row: MailShopColumns): MailShop {
  return {
    id: row.shop_id,
    name: row.shop_name,
    locale: row.shop_locale,
    brandColour: row.shop_brand_colour,
    accentColour: row.shop_accent_colour,
  }
}

/**
 * The inserts of a new order (under the number taken for it), its lines and the buyer's confirmation
 * mail, as parts of a data-modifying `with` (parameters numbered from `$first`): whatever statement
 * stores an order queues its mail beside it, so every order placed, by any path, gets its mail exactly
 * once. Answers the parts (`name as (...)`, comma-separated) and their parameters.
 */
export function orderInserts(
  input: OrderInput & { number: string },
  shop: MailShop,
  first: number,
): { sql: string; params: unknown[] } {
  const mail = mailInsert(
    orderConfirmationMail(shop, {
      number: input.number,
      email: input.email,
      currency: input.currency,
      breakdown: toTotalsBreakdown(input.totals as unknown as BreakdownTotals, {
        currency: input.currency,
        locale: shop.locale,
      }),
      lines: input.lines.map((line) => ({
        name: line.name,
        descriptionLines: line.description_lines,
        sku: line.sku,
        quantity: line.quantity,
        totalMinor: line.totalMinor,
      })),
      shippingAddress: input.shipping_address,
      shippingContact: input.shipping_contact,
      downloadsUrl: input.downloadsUrl,
      bookedSlots: input.bookedSlots,
      attachments: input.attachments,
    }),
    input.created_date,
    first + 20,
  )
  const $ = (index: number) => `$${first + index}`
  const orderValues = Array.from({ length: 19 }, (_, index) => $(index)).join(', ')
  // The recipient's and payer's details come after the mail's parameters.
  const contacts = first + 20 + mail.params.length
  return {
    sql: `placed_order as (
       insert into orders (id, site_id, checkout_id, owner_kind, owner_id, email, status, payment_status, payment,
         currency, shipping_address, billing_address, shipping_option, coupon_code, subtotal_minor, total_minor,
         totals, created_date, number, shipping_contact, billing_contact, paid_minor, fulfillment_status)
       values (${orderValues}, $${contacts}, $${contacts + 1}, $${contacts + 2}, $${contacts + 3})),
     placed_lines as (
       insert into order_lines (id, order_id, position, catalog_item_id, variant_id, name, quantity,
         unit_price_minor, total_minor, custom, payment_option, membership, description_lines, sku, image, weight,
         shippable)
       select id, ${$(0)}, position, catalog_item_id, variant_id, name, quantity, unit_price_minor, total_minor, custom,
         payment_option, membership, description_lines, sku, image, weight, shippable
       from jsonb_to_recordset(${$(19)}::jsonb) as l(id uuid, position int, catalog_item_id uuid, variant_id uuid,
         name text, quantity int, unit_price_minor bigint, total_minor bigint, custom jsonb, payment_option text,
         membership jsonb, description_lines jsonb, sku text, image jsonb, weight double precision, shippable boolean)),
     confirmation_mail as (${mail.sql})`,
    params: [
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
      input.number,
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
          payment_option: line.payment_option,
          membership: line.membership,
          description_lines: line.description_lines,
          sku: line.sku,
          image: line.image,
          weight: line.weight,
          shippable: line.shippable,
        })),
      ),
      ...mail.params,
      input.shipping_contact && JSON.stringify(input.shipping_contact),
      input.billing_contact && JSON.stringify(input.billing_contact),
      input.paidMinor,
      // Nothing shipped yet: an order with no line to ship (bookings, tickets) is fulfilled as placed (decision 101).
      fulfillmentStatusOf(
        input.lines.map((line) => ({ ...line, shipped_quantity: 0, refunded_quantity: 0 })),
      ),
    ],
  }
}

async function withLines(db: Db, orders: OrderRow[]): Promise<OrderWithLines[]> {
  if (orders.length === 0) return []
  const ids = orders.map((order) => order.id)
  const [lines, fulfillments, refunds] = await Promise.all([
    db.query<OrderLineRow>(
      'select * from order_lines where order_id = any($1::uuid[]) order by order_id, position',
      [ids],
    ),
    db.query<FulfillmentRow>(
      'select * from order_fulfillments where order_id = any($1::uuid[]) order by sequence',
      [ids],
    ),
    db.query<RefundRow>('select * from order_refunds where order_id = any($1::uuid[]) order by sequence', [
      ids,
    ]),
  ])
  return orders.map((order) => ({
    order,
    lines: lines.filter((line) => line.order_id === order.id),
    fulfillments: fulfillments.filter((fulfillment) => fulfillment.order_id === order.id),
    refunds: refunds.filter((refund) => refund.order_id === order.id),
  }))
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

/**
 * The orders with these ids the audience may see, in the order the ids were given (each once); an id it
 * may not see, or that names no order, is left out, so a caller compares the counts.
 */
export async function findOrders(
  db: Db,
  audience: OrderAudience,
  ids: readonly string[],
): Promise<OrderWithLines[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))]
  if (unique.length === 0) return []
  const params: unknown[] = [unique]
  const rows = await db.query<OrderRow>(
    `select * from orders where id = any($1::uuid[]) and ${audienceFilter(audience, params)}`,
    params,
  )
  const position = new Map(unique.map((id, index) => [id, index]))
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
  return withLines(db, rows)
}

/** What the merchant's order list narrows to; every part optional. */
export interface OrderFilter {
  status?: 'APPROVED' | 'CANCELED' | undefined
  paymentStatus?: PaymentStatus | undefined
  fulfillmentStatus?: FulfillmentStatus | undefined
  /** Placed at or after. */
  from?: Date | undefined
  /** Placed before. */
  to?: Date | undefined
  /** An order number (with or without `#`), or a part of the buyer's e-mail or name. */
  search?: string | undefined
  /**
   * Only orders waiting to ship: placed and not canceled, with units left to ship (not `FULFILLED`, which
   * counts refunded units as done: `fulfillmentStatusOf`), and not refunded in full.
   */
  isAwaitingShipment?: boolean | undefined
}

function filterSql(filter: OrderFilter, params: unknown[]): string {
  const parts: string[] = []
  const add = (sql: string, value: unknown) => {
    params.push(value)
    parts.push(sql.replace('?', `$${params.length}`))
  }
  if (filter.status) add('status = ?', filter.status)
  if (filter.paymentStatus) add('payment_status = ?', filter.paymentStatus)
  if (filter.fulfillmentStatus) add('fulfillment_status = ?', filter.fulfillmentStatus)
  if (filter.from) add('created_date >= ?', filter.from)
  if (filter.to) add('created_date < ?', filter.to)
  if (filter.isAwaitingShipment)
    parts.push(
      "status = 'APPROVED' and fulfillment_status <> 'FULFILLED' and payment_status <> 'FULLY_REFUNDED'",
    )
  const search = filter.search?.trim().replace(/^#/, '')
  if (search) {
    if (/^\d{1,18}$/.test(search)) add('number = ?::bigint', search)
    else {
      // The e-mail, or the buyer's name as the payer or the recipient gave it.
      params.push(search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`))
      const like = `'%' || $${params.length} || '%'`
      parts.push(
        `(lower(email) like ${like} or lower(concat_ws(' ', billing_contact->>'firstName', billing_contact->>'lastName')) like ${like} or lower(concat_ws(' ', shipping_contact->>'firstName', shipping_contact->>'lastName')) like ${like})`,
      )
    }
  }
  return parts.map((part) => ` and ${part}`).join('')
}

/** How the merchant's order list sorts. */
export const orderSorts = {
  newest: 'created_date desc, id desc',
  oldest: 'created_date asc, id asc',
  'total-desc': 'total_minor desc, created_date desc, id desc',
  total: 'total_minor asc, created_date desc, id desc',
} as const
export type OrderSort = keyof typeof orderSorts

/** A page of the audience's orders, newest first unless sorted, and the total count; the merchant may filter them. */
export async function listOrders(
  db: Db,
  audience: OrderAudience,
  paging: { limit: number; offset: number },
  filter: OrderFilter = {},
  sort: OrderSort = 'newest',
): Promise<{ orders: OrderWithLines[]; total: number }> {
  const params: unknown[] = []
  const where = audienceFilter(audience, params) + filterSql(filter, params)
  const [rows, counted] = await Promise.all([
    db.query<OrderRow>(
      `select * from orders where ${where} order by ${orderSorts[sort]} limit ${paging.limit} offset ${paging.offset}`,
      params,
    ),
    db.query<{ count: string }>(`select count(*) as count from orders where ${where}`, params),
  ])
  return { orders: await withLines(db, rows), total: Number(counted[0]?.count ?? 0) }
}

/** How many of a site's orders a filter finds, and their sales (minor units, totals less refunds). */
export interface OrderCount {
  count: number
  salesMinor: number
}

/**
 * For each named filter, how many of the site's orders it finds and their sales, in one statement: the
 * counts use the list's own filter (`listOrders`), so a count always equals the list it links to.
 */
export async function countOrders<K extends string>(
  db: Db,
  siteId: string,
  filters: Readonly<Record<K, OrderFilter>>,
): Promise<Record<K, OrderCount>> {
  const params: unknown[] = [siteId]
  const names = Object.keys(filters) as K[]
  const columns = names.flatMap((name, index) => {
    const where = `true${filterSql(filters[name], params)}`
    return [
      `count(*) filter (where ${where}) as c${index}`,
      `coalesce(sum(total_minor - refunded_minor) filter (where ${where}), 0) as s${index}`,
    ]
  })
  const [row] = await db.query<Record<string, string>>(
    `select ${columns.join(', ')} from orders where site_id = $1`,
    params,
  )
  return Object.fromEntries(
    names.map((name, index) => [
      name,
      { count: Number(row?.[`c${index}`] ?? 0), salesMinor: Number(row?.[`s${index}`] ?? 0) },
    ]),
  ) as Record<K, OrderCount>
}

/** A day of the shop's calendar: its local date and the instants it starts and ends at in the shop's zone. */
export interface ShopDay {
  day: string
  from: Date
  to: Date
}

/**
 * Approved orders and their revenue less refunds on each of these days, in one statement: the days are
 * the shop's (their bounds come from its time zone, so a 23- or 25-hour day counts as it was lived).
 */
export async function ordersPerDay(
  db: Db,
  siteId: string,
  days: readonly ShopDay[],
): Promise<{ day: string; orders: number; revenueMinor: number }[]> {
  const rows = await db.query<{ day: string; orders: string; revenue: string }>(
    `select d.day, count(o.id) as orders, coalesce(sum(o.total_minor - o.refunded_minor), 0) as revenue
       from unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) as d(day, day_from, day_to)
       left join orders o on o.site_id = $1 and o.status = 'APPROVED'
        and o.created_date >= d.day_from and o.created_date < d.day_to
      group by d.day`,
    [siteId, days.map((day) => day.day), days.map((day) => day.from), days.map((day) => day.to)],
  )
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return days.map(({ day }) => {
    const row = byDay.get(day)
    return { day, orders: Number(row?.orders ?? 0), revenueMinor: Number(row?.revenue ?? 0) }
  })
}
