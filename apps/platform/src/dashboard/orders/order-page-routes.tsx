import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { findBookingsOfOrders } from '../../bookings/booking-store.ts'
import { LOW_STOCK_THRESHOLD, listLowStock } from '../../catalogue/products/stock-store.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { Id, IdParam, parseWith } from '../../http/validation.ts'
import { parseScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits, toDecimalString } from '../../money/money.ts'
import { lineSummaryText, orderLineSummary } from '../../orders/line-summary.tsx'
import {
  addOrderNote,
  cancelOrder,
  markOrderPaid,
  type OrderDeskDeps,
  refundOrder,
  shipOrder,
} from '../../orders/order-actions.ts'
import { listOrderEvents } from '../../orders/order-desk-store.ts'
import {
  countOrders,
  findOrder,
  findOrders,
  listOrders,
  type OrderFilter,
  type OrderSort,
  orderSorts,
  ordersPerDay,
  type ShopDay,
} from '../../orders/order-store.ts'
import { orderStatusWords, paymentStatusWords } from '../../orders/order-words.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { findTicketsOfOrder } from '../../ticketed-events/ticketed-event-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { type ActionProblem, OrderPage } from './order-page.tsx'
import {
  DeskHomePage,
  filterQuery,
  fulfillmentFilterWords,
  ORDERS_PAGE_SIZE,
  type OrderFilterText,
  OrdersPage,
} from './order-pages.tsx'
import { toCsv } from './orders-csv.ts'
import { PACKING_SLIPS_LIMIT, PackingSlipsPage } from './packing-slip-page.tsx'
import { lastShopDays, shopDateOf, shopDayOf } from './shop-days.ts'

const CHART_DAYS = 30
/** Rows the CSV export holds at most. */
export const CSV_EXPORT_LIMIT = 10_000

const choice = <T extends Record<string, string>>(words: T) =>
  z
    .union([z.enum(Object.keys(words) as [keyof T & string, ...(keyof T & string)[]]), z.literal('')])
    .optional()
    .default('')
const DateText = z
  .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.literal('')])
  .optional()
  .default('')
  .refine((text) => text === '' || !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'must be a date')

/** The list's filters as a query: each may be empty (a form's "Any"). */
const FilterQuery = z.object({
  status: choice(orderStatusWords),
  payment: choice(paymentStatusWords),
  fulfillment: choice(fulfillmentFilterWords),
  from: DateText,
  to: DateText,
  q: z.string().max(320).optional().default(''),
})

/** The list's query as the orders' filter; its dates are the shop's days, from the start of `from` to the end of `to`. */
function toFilter(query: z.output<typeof FilterQuery>, timeZone: string): OrderFilter {
  return {
    status: query.status || undefined,
    paymentStatus: query.payment || undefined,
    fulfillmentStatus: query.fulfillment === 'TO_SHIP' ? undefined : query.fulfillment || undefined,
    isAwaitingShipment: query.fulfillment === 'TO_SHIP' || undefined,
    from: query.from ? shopDayOf(query.from, timeZone).from : undefined,
    // "To" is the last day shown: orders before the next day's start.
    to: query.to ? shopDayOf(query.to, timeZone).to : undefined,
    search: query.q.trim() || undefined,
  }
}

/** The list's filters as form text: what `toFilter` reads back into `filter` (the links of the home's counts). */
function toFilterText(filter: OrderFilter, timeZone: string): OrderFilterText {
  return {
    status: filter.status ?? '',
    payment: filter.paymentStatus ?? '',
    fulfillment: filter.isAwaitingShipment ? 'TO_SHIP' : (filter.fulfillmentStatus ?? ''),
    from: filter.from ? shopDateOf(filter.from, timeZone) : '',
    // `to` is the start of the day after the last one shown.
    to: filter.to ? shopDateOf(new Date(filter.to.getTime() - 1), timeZone) : '',
    q: filter.search ?? '',
  }
}

/**
 * What the dashboard's home counts, each the filter of the list it links to (issue 35), over the shop's
 * days (`chartDays`, oldest first, the last one today in the shop's zone).
 */
function deskFilters(chartDays: readonly ShopDay[]) {
  return {
    today: { status: 'APPROVED', from: chartDays.at(-1)!.from },
    lastDays: { status: 'APPROVED', from: chartDays[0]!.from },
    toShip: { isAwaitingShipment: true },
  } satisfies Record<string, OrderFilter>
}

/**
 * The orders a packing-slip page asks for: `ids` repeated (the list's tick boxes) or comma-separated,
 * 1 to `PACKING_SLIPS_LIMIT` ids.
 */
const PackingSlipIds = z
  .array(Id)
  .min(1, 'must name at least one order: tick the orders to print')
  .max(PACKING_SLIPS_LIMIT, `must name at most ${PACKING_SLIPS_LIMIT} orders at once`)

/** The units of each of the order's lines that a form's `<prefix>-<lineId>` fields ask for. */
function lineQuantities(form: FormFields, prefix: string, lineIds: readonly string[]) {
  return lineIds.flatMap((lineId) => {
    const text = form.text(`${prefix}-${lineId}`).trim()
    if (text === '') return []
    if (!/^\d{1,6}$/.test(text))
      throw new ValidationError([
        { field: `${prefix}-${lineId}`, description: 'must be a whole number', violatedRule: 'FORMAT' },
      ])
    return [{ lineId, quantity: Number(text), restock: form.isChecked(`restock-${lineId}`) }]
  })
}

/**
 * The order desk: the dashboard's home (today, the last 30 days, orders waiting to ship, low stock),
 * the orders list with filters, paging and CSV export, and each order's page with its actions (ship,
 * cancel, refund, note), which call the orders domain functions with the owner as the caller.
 */
export function registerOrderDeskPages(
  api: Api,
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'logger' | 'publicUrl'> &
    Pick<OrderDeskDeps, 'refunds' | 'linesRefunded' | 'orderCanceled'>,
) {
  const { page, form } = createDashboardRoutes(api, deps)
  const desk: OrderDeskDeps = {
    db: deps.db,
    refunds: deps.refunds,
    linesRefunded: deps.linesRefunded,
    orderCanceled: deps.orderCanceled,
  }

  page(
    {
      path: '/dashboard/home',
      operationId: 'dashboardDeskHome',
      summary: "The dashboard's home: sales, orders to ship, low stock",
    },
    async (owner) => {
      const siteId = owner.session.siteId
      const timeZone = owner.session.site.timeZone
      const chartDays = lastShopDays(deps.clock(), timeZone, CHART_DAYS)
      const filters = deskFilters(chartDays)
      const [counts, days, waiting, lowStock] = await Promise.all([
        countOrders(deps.db, siteId, filters),
        ordersPerDay(deps.db, siteId, chartDays),
        listOrders(deps.db, { siteId }, { limit: 10, offset: 0 }, filters.toShip),
        listLowStock(deps.db, siteId, { threshold: LOW_STOCK_THRESHOLD, limit: 10 }),
      ])
      const href = (filter: OrderFilter) => `/dashboard/orders${filterQuery(toFilterText(filter, timeZone))}`
      return renderDashboardPage(
        <DeskHomePage
          owner={owner}
          counts={{
            today: { ...counts.today, href: href(filters.today) },
            lastDays: { ...counts.lastDays, href: href(filters.lastDays) },
            toShip: { ...counts.toShip, href: href(filters.toShip) },
          }}
          days={days}
          waiting={waiting.orders}
          lowStock={lowStock}
          lowStockThreshold={LOW_STOCK_THRESHOLD}
        />,
        deps,
      )
    },
  )

  page(
    {
      path: '/dashboard/orders',
      operationId: 'dashboardOrders',
      summary:
        "The site's orders: search (number, e-mail, name), filters (status, payment, fulfilment, dates) and sort in the URL, paged",
      query: FilterQuery.extend({
        sort: z.enum(Object.keys(orderSorts) as [OrderSort, ...OrderSort[]]).default('newest'),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
      }),
    },
    async (owner, { query }) => {
      const filter = toFilter(query, owner.session.site.timeZone)
      const { orders, total } = await listOrders(
        deps.db,
        { siteId: owner.session.siteId },
        { limit: ORDERS_PAGE_SIZE, offset: (query.page - 1) * ORDERS_PAGE_SIZE },
        filter,
        query.sort,
      )
      const { page: pageNumber, sort, ...text } = query
      return renderDashboardPage(
        <OrdersPage
          owner={owner}
          orders={orders}
          total={total}
          page={pageNumber}
          filter={text satisfies OrderFilterText}
          sort={sort}
          isFiltered={Object.values(text).some(Boolean) || sort !== 'newest'}
        />,
        deps,
      )
    },
  )

  page(
    {
      path: '/dashboard/orders.csv',
      operationId: 'dashboardOrdersCsv',
      summary: "The site's orders with the list's filters as CSV (formula-safe cells)",
      query: FilterQuery,
    },
    async (owner, { query }) => {
      const site = owner.session.site
      const { orders } = await listOrders(
        deps.db,
        { siteId: owner.session.siteId },
        { limit: CSV_EXPORT_LIMIT, offset: 0 },
        toFilter(query, site.timeZone),
      )
      const rows = orders.map(({ order, lines }) => [
        String(order.number),
        new Date(order.created_date).toISOString(),
        order.email,
        order.status,
        order.payment_status,
        order.fulfillment_status,
        lines.reduce((sum, line) => sum + line.quantity, 0),
        lines.map((line) => `${line.quantity} x ${lineSummaryText(orderLineSummary(line))}`).join('; '),
        order.currency,
        toDecimalString(Number(order.total_minor), order.currency),
        toDecimalString(Number(order.refunded_minor), order.currency),
      ])
      const header = [
        'number',
        'date',
        'email',
        'status',
        'payment',
        'fulfillment',
        'items',
        'lines',
        'currency',
        'total',
        'refunded',
      ]
      const day = shopDateOf(deps.clock(), site.timeZone)
      return new Response(toCsv([header, ...rows]), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="orders-${site.id.slice(0, 8)}-${day}.csv"`,
          'cache-control': 'no-store',
        },
      })
    },
  )

  async function orderPage(
    owner: Owner,
    orderId: string,
    options: { notice?: string; problem?: ActionProblem; status?: number },
  ) {
    const order = await findOrder(deps.db, { siteId: owner.session.siteId }, orderId)
    if (!order) throw new ApplicationError('ORDER_NOT_FOUND', 'There is no such order', { id: orderId })
    const [events, bookings, tickets] = await Promise.all([
      listOrderEvents(deps.db, orderId),
      findBookingsOfOrders(deps.db, [orderId]),
      findTicketsOfOrder(deps.db, orderId),
    ])
    return renderDashboardPage(
      <OrderPage
        owner={owner}
        order={order}
        events={events}
        cancelFrees={{
          bookings: bookings.filter((booking) => booking.status === 'CONFIRMED').length,
          tickets: tickets.filter((ticket) => ticket.cancelled_date === null).length,
        }}
        refundKey={randomUUID()}
        providerTitle={deps.refunds.providerTitle(order.order.payment.provider)}
        notice={options.notice}
        problem={options.problem}
      />,
      deps,
      options.status,
    )
  }

  /** The slips of these of the owner's orders; an id of no order of theirs is the page's 404. */
  async function packingSlips(owner: Owner, ids: readonly string[]) {
    const orders = await findOrders(deps.db, { siteId: owner.session.siteId }, ids)
    const found = new Set(orders.map(({ order }) => order.id.toLowerCase()))
    const missing = ids.find((id) => !found.has(id.toLowerCase()))
    if (missing) throw new ApplicationError('ORDER_NOT_FOUND', 'There is no such order', { id: missing })
    return renderDashboardPage(<PackingSlipsPage owner={owner} orders={orders} />, deps)
  }

  page(
    {
      path: '/dashboard/orders/packing-slips',
      operationId: 'dashboardOrdersPackingSlips',
      summary: `Printable packing slips of up to ${PACKING_SLIPS_LIMIT} orders (ids repeated or comma-separated)`,
      query: z.object({
        ids: z
          .string()
          .max(40 * PACKING_SLIPS_LIMIT * 2)
          .optional(),
      }),
    },
    async (owner, _input, c) => {
      const ids = (c.req.queries('ids') ?? [])
        .flatMap((value) => value.split(','))
        .map((id) => id.trim())
        .filter(Boolean)
      return packingSlips(owner, parseWith(PackingSlipIds, ids, 'ids'))
    },
  )

  page(
    {
      path: '/dashboard/orders/:id/packing-slip',
      operationId: 'dashboardOrderPackingSlip',
      summary: "One order's printable packing slip: ship-to, delivery and the units left to ship",
      params: IdParam,
    },
    async (owner, { params }) => packingSlips(owner, [params.id]),
  )

  page(
    {
      path: '/dashboard/orders/:id',
      operationId: 'dashboardOrder',
      summary: 'One order: lines, addresses, payment, totals, timeline and actions',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => orderPage(owner, params.id, { notice: noticeText(query.notice) }),
  )

  /** Runs an action; a refusal shows the order page again with the reason, and nothing changed. */
  function actionForm(
    name: string,
    summary: string,
    notice: string,
    run: (owner: Owner, form: FormFields, orderId: string) => Promise<unknown>,
  ) {
    form(
      {
        path: `/dashboard/orders/:id/${name}`,
        operationId: `dashboardOrder${name[0]!.toUpperCase()}${name.slice(1)}`,
        summary,
        params: IdParam,
      },
      async (owner, fields, { params }) => {
        try {
          await run(owner, fields, params.id)
        } catch (error) {
          if (error instanceof ValidationError)
            return orderPage(owner, params.id, {
              problem: { violations: error.fieldViolations },
              status: 400,
            })
          if (error instanceof ApplicationError && error.status !== 404)
            return orderPage(owner, params.id, {
              problem: { message: error.description },
              status: error.status,
            })
          throw error
        }
        return seeOther(`/dashboard/orders/${params.id}?notice=${notice}`)
      },
    )
  }

  const lineIdsOf = async (owner: Owner, orderId: string) =>
    (await findOrder(deps.db, { siteId: owner.session.siteId }, orderId))?.lines.map((line) => line.id) ?? []

  actionForm(
    'ship',
    'Ships some or all of the units left, with carrier and tracking; mails the buyer',
    'order-shipped',
    async (owner, fields, orderId) => {
      const lines = lineQuantities(fields, 'ship', await lineIdsOf(owner, orderId))
      return shipOrder(
        desk,
        owner.caller,
        {
          orderId,
          carrier: fields.text('carrier'),
          trackingNumber: fields.text('trackingNumber'),
          trackingUrl: fields.text('trackingUrl'),
          lines: lines.map(({ lineId, quantity }) => ({ lineId, quantity })),
        },
        deps.clock(),
      )
    },
  )

  actionForm(
    'cancel',
    'Cancels an order nothing of which shipped; its stock goes back; mails the buyer',
    'order-canceled',
    (owner, fields, orderId) =>
      cancelOrder(desk, owner.caller, { orderId, reason: fields.text('reason') }, deps.clock()),
  )

  actionForm(
    'refund',
    'Refunds all or part through the payment provider, stock back where asked; mails the buyer',
    'order-refunded',
    async (owner, fields, orderId) => {
      const lines = lineQuantities(fields, 'refund', await lineIdsOf(owner, orderId))
      const order = await findOrder(deps.db, { siteId: owner.session.siteId }, orderId)
      const amount = parseScaledDecimal(fields.text('amount'), fractionDigits(order?.order.currency ?? 'USD'))
      if ('problem' in amount)
        throw new ValidationError([{ field: 'amount', description: amount.problem, violatedRule: 'FORMAT' }])
      return refundOrder(
        desk,
        owner.caller,
        {
          orderId,
          idempotencyKey: fields.text('refundKey'),
          amountMinor: amount.value,
          lines,
          reason: fields.text('reason'),
        },
        deps.clock(),
      )
    },
  )

  actionForm(
    'mark-paid',
    'Marks the rest of the order paid (paid in person, or the rest after a deposit); a second press changes nothing',
    'order-paid',
    (owner, _fields, orderId) => markOrderPaid(desk, owner.caller, { orderId }, deps.clock()),
  )

  actionForm(
    'note',
    "Adds the merchant's note to the order's timeline",
    'note-added',
    (owner, fields, orderId) =>
      addOrderNote(desk, owner.caller, { orderId, text: fields.text('note') }, deps.clock()),
  )
}
