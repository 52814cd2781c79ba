import type { LowStockItem } from '../../catalogue/products/stock-store.ts'
import { formatMoney } from '../../money/money.ts'
import { unitsLeftToShip } from '../../orders/order-state.ts'
import type { OrderCount, OrderLineRow, OrderSort, OrderWithLines } from '../../orders/order-store.ts'
import {
  fulfillmentStatusWords,
  orderStateParts,
  orderStatusWords,
  paymentStatusWords,
} from '../../orders/order-words.ts'
import { DashboardPage } from '../dashboard-layout.tsx'
import { countText } from '../kit/dashboard-words.ts'
import { type Column, DataTable, momentColumn } from '../kit/data-table.tsx'
import { EmptyState } from '../kit/empty-state.tsx'
import { type ListChoice, ListFilters, ListSelect, listHref, Pager } from '../kit/list-controls.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { Badge, Badges } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import { type DayTotals, OrdersChart } from './orders-chart.tsx'
import { PACKING_SLIPS_LIMIT } from './packing-slip-page.tsx'

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 50

/**
 * An order's custom lines, each marked as such with the price it was sold at: the merchant set it, or,
 * for orders placed before decision 019 (no `addedBy`), the buyer did, which the merchant should know.
 */
function CustomLines(props: { lines: readonly OrderLineRow[]; money: (minor: string) => string }) {
  const custom = props.lines.filter((line) => line.custom !== null)
  if (custom.length === 0) return null
  return (
    <ul className="line-notes">
      {custom.map((line) => {
        const priced = line.custom?.addedBy ? 'your price' : 'priced by the buyer, not by you'
        return (
          <li key={line.id}>
            <Badge tone={line.custom?.addedBy ? 'plain' : 'off'}>Custom item</Badge>{' '}
            {`${line.name} × ${line.quantity} at ${props.money(line.unit_price_minor)} (${priced})`}
          </li>
        )
      })}
    </ul>
  )
}

/** How an order stands, as badges (`orderStateParts`). */
export function OrderBadges(props: { order: Pick<OrderWithLines, 'order' | 'lines'> }) {
  return (
    <Badges>
      {orderStateParts(props.order.order, props.order.lines).map((part) => (
        <Badge key={part.words} tone={part.tone}>
          {part.words}
        </Badge>
      ))}
    </Badges>
  )
}

/** The fulfilment filter's choices: the statuses, and the orders waiting to ship (the home's queue). */
export const fulfillmentFilterWords = { ...fulfillmentStatusWords, TO_SHIP: 'Waiting to ship' }

/** The list's filters as they were asked for, as form text. */
export interface OrderFilterText {
  status: string
  payment: string
  fulfillment: string
  from: string
  to: string
  q: string
}

/** A filter's choices in words, "Any" first. */
const anyOf = (words: Record<string, string>): ListChoice[] => [
  { value: '', label: 'Any' },
  ...Object.entries(words).map(([value, label]) => ({ value, label })),
]

/** The sorts of the order list, in words. */
const sortChoices: readonly (ListChoice & { value: OrderSort })[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Highest total' },
  { value: 'total', label: 'Lowest total' },
]

/** The buyer's name as the payer (or else the recipient) gave it, if any. */
function buyerName(order: OrderWithLines['order']): string | undefined {
  for (const contact of [order.billing_contact, order.shipping_contact]) {
    const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ').trim()
    if (name) return name
  }
  return undefined
}

/** The query string of the list with these filters (and a sort and a page). */
export function filterQuery(filter: OrderFilterText, page?: number, sort?: OrderSort): string {
  const href = listHref('', { ...filter, sort: sort === 'newest' ? undefined : sort, page })
  return href
}

/** The orders list's columns: number, when, who, what, how it stands and its total. */
function orderColumns(money: (minor: string | number) => string): Column<OrderWithLines>[] {
  return [
    {
      header: 'Number',
      cell: ({ order }) => <a href={`/dashboard/orders/${order.id}`}>#{String(order.number)}</a>,
    },
    momentColumn('Date', ({ order }) => order.created_date),
    {
      header: 'Buyer',
      cell: ({ order }) => {
        const name = buyerName(order)
        return (
          <>
            {name && <div>{name}</div>}
            <span className={name ? 'muted' : undefined}>{order.email}</span>
          </>
        )
      },
    },
    {
      header: 'Items',
      cell: ({ lines }) => (
        <>
          {lines.reduce((sum, line) => sum + line.quantity, 0)}
          <CustomLines lines={lines} money={money} />
        </>
      ),
    },
    { header: 'Status', cell: (row) => <OrderBadges order={row} /> },
    { header: 'Total', cell: ({ order }) => money(order.total_minor), isNumber: true },
  ]
}

/** The orders list: filters, a page of orders, paging and the CSV export of the same filters. */
export function OrdersPage(props: {
  owner: Owner
  orders: readonly OrderWithLines[]
  total: number
  page: number
  filter: OrderFilterText
  sort: OrderSort
  isFiltered: boolean
}) {
  const { site } = props.owner.session
  const money = (minor: string | number) => formatMoney(Number(minor), site.currency, site.locale)
  const pages = Math.max(1, Math.ceil(props.total / ORDERS_PAGE_SIZE))
  const { filter } = props
  return (
    <DashboardPage owner={props.owner} title="Orders" place="orders">
      <PageHeader title="Orders" description="Every order of the shop: find one by number, e-mail or name." />
      <ListFilters
        action="/dashboard/orders"
        label="Filter orders"
        q={filter.q}
        searchHint="Order number, e-mail or name"
        isFiltered={props.isFiltered}
        extra={
          <a className="button" href={`/dashboard/orders.csv${filterQuery(filter)}`} download>
            Export CSV
          </a>
        }
      >
        <ListSelect label="Status" name="status" value={filter.status} choices={anyOf(orderStatusWords)} />
        <ListSelect
          label="Payment"
          name="payment"
          value={filter.payment}
          choices={anyOf(paymentStatusWords)}
        />
        <ListSelect
          label="Fulfilment"
          name="fulfillment"
          value={filter.fulfillment}
          choices={anyOf(fulfillmentFilterWords)}
        />
        <div className="field">
          <label htmlFor="filter-from">From</label>
          <input id="filter-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">To</label>
          <input id="filter-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <ListSelect label="Sort" name="sort" value={props.sort} choices={sortChoices} />
      </ListFilters>
      {props.orders.length === 0 ? (
        <EmptyState>{props.isFiltered ? 'No order matches these filters.' : 'No orders yet.'}</EmptyState>
      ) : (
        <form method="get" action="/dashboard/orders/packing-slips" aria-label="Print packing slips">
          <p className="actions">
            <button type="submit">Print packing slips</button>
            <span className="muted">of the ticked orders (up to {PACKING_SLIPS_LIMIT})</span>
          </p>
          <DataTable
            label="Orders"
            columns={orderColumns(money)}
            rows={props.orders}
            rowKey={({ order }) => order.id}
            rowHeaders
            stackOnPhone
            empty="No orders yet."
            selection={{
              name: 'ids',
              value: ({ order }) => order.id,
              label: ({ order }) => `Order #${order.number}`,
              allLabel: 'Tick every order on this page',
            }}
          />
        </form>
      )}
      <Pager
        page={props.page}
        pages={pages}
        href={(page) => `/dashboard/orders${filterQuery(filter, page, props.sort)}`}
        total={countText(props.total, 'order')}
        {...(props.sort === 'newest' ? { previousLabel: 'Newer', nextLabel: 'Older' } : {})}
      />
    </DashboardPage>
  )
}

function Figure(props: { label: string; value: string; href?: string }) {
  return (
    <div className="figure">
      <div className="muted">{props.label}</div>
      <div className="figure-value">{props.href ? <a href={props.href}>{props.value}</a> : props.value}</div>
    </div>
  )
}

/** A count of the home page with the list it links to. */
export type LinkedCount = OrderCount & { href: string }

/** The home page's orders waiting to ship: which, when, and how many units are left to send. */
const waitingColumns: readonly Column<OrderWithLines>[] = [
  {
    header: 'Order',
    cell: ({ order }) => <a href={`/dashboard/orders/${order.id}`}>#{String(order.number)}</a>,
  },
  momentColumn('Placed', ({ order }) => order.created_date),
  {
    header: 'Units',
    cell: ({ lines }) => `${lines.reduce((sum, line) => sum + unitsLeftToShip(line), 0)} to ship`,
    isNumber: true,
  },
]

/** The home page's products low on stock: the product (and its variant) and what is left. */
const lowStockColumns: readonly Column<LowStockItem>[] = [
  {
    header: 'Product',
    cell: (item) => (
      <>
        <a href={`/dashboard/products/${item.productId}`}>{item.name}</a>
        {item.variant && <span className="muted"> · {item.variant}</span>}
      </>
    ),
  },
  {
    header: 'Left',
    cell: (item) => (item.quantity === 0 ? <Badge tone="off">Sold out</Badge> : `${item.quantity} left`),
    isNumber: true,
  },
]

/** The dashboard's home: today and the last 30 days, orders waiting to ship, products low on stock. */
export function DeskHomePage(props: {
  owner: Owner
  counts: { today: LinkedCount; lastDays: LinkedCount; toShip: LinkedCount }
  days: readonly DayTotals[]
  waiting: readonly OrderWithLines[]
  lowStock: readonly LowStockItem[]
  lowStockThreshold: number
}) {
  const { site } = props.owner.session
  const money = (minor: string | number) => formatMoney(Number(minor), site.currency, site.locale)
  const { today, lastDays, toShip } = props.counts
  return (
    <DashboardPage owner={props.owner} title="Home" place="home">
      <PageHeader title={site.name} />
      <section className="figures" aria-label="Sales">
        <Figure label="Orders today" value={String(today.count)} href={today.href} />
        <Figure label="Sales today" value={money(today.salesMinor)} href={today.href} />
        <Figure
          label={`Orders, last ${props.days.length} days`}
          value={String(lastDays.count)}
          href={lastDays.href}
        />
        <Figure
          label={`Sales, last ${props.days.length} days`}
          value={money(lastDays.salesMinor)}
          href={lastDays.href}
        />
        <Figure label="Waiting to ship" value={String(toShip.count)} href={toShip.href} />
      </section>
      <OrdersChart days={props.days} currency={site.currency} locale={site.locale} />
      <div className="cols">
        <PageSection
          id="waiting"
          title="Waiting to ship"
          actions={
            toShip.count > props.waiting.length && (
              <a href={toShip.href}>All {countText(toShip.count, 'order')} waiting to ship</a>
            )
          }
        >
          <DataTable
            label="Orders waiting to ship"
            columns={waitingColumns}
            rows={props.waiting}
            rowKey={({ order }) => order.id}
            rowHeaders
            empty="Nothing is waiting to ship."
          />
        </PageSection>
        <PageSection id="low-stock" title="Low on stock">
          <DataTable
            label="Products low on stock"
            columns={lowStockColumns}
            rows={props.lowStock}
            rowKey={(item) => `${item.productId}${item.variant ?? ''}`}
            rowHeaders
            empty={`No product is down to ${countText(props.lowStockThreshold, 'unit')} or fewer.`}
          />
        </PageSection>
      </div>
    </DashboardPage>
  )
}
