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
import { countText, timeText } from '../kit/dashboard-words.ts'
import { type ListChoice, ListFilters, ListSelect, listHref, Pager } from '../kit/list-controls.tsx'
import { PageHeader } from '../kit/page-header.tsx'
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
            <span className={line.custom?.addedBy ? 'badge' : 'badge off'}>Custom item</span>{' '}
            {`${line.name} × ${line.quantity} at ${props.money(line.unit_price_minor)} (${priced})`}
          </li>
        )
      })}
    </ul>
  )
}

/** How an order stands, as badges (`orderStateParts`). */
export function OrderBadges(props: { order: OrderWithLines['order'] }) {
  return (
    <span className="badges">
      {orderStateParts(props.order).map((part) => (
        <span key={part.words} className={part.tone === 'plain' ? 'badge' : `badge ${part.tone}`}>
          {part.words}
        </span>
      ))}
    </span>
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
        <p className="muted">{props.isFiltered ? 'No order matches these filters.' : 'No orders yet.'}</p>
      ) : (
        <form method="get" action="/dashboard/orders/packing-slips" aria-label="Print packing slips">
          <p className="actions">
            <button type="submit">Print packing slips</button>
            <span className="muted">of the ticked orders (up to {PACKING_SLIPS_LIMIT})</span>
          </p>
          <div className="scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <label className="check">
                      <input
                        type="checkbox"
                        data-select-all="ids"
                        aria-label="Tick every order on this page"
                      />
                    </label>
                  </th>
                  <th scope="col">Number</th>
                  <th scope="col">Date</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.orders.map(({ order, lines }) => (
                  <tr key={order.id}>
                    <td>
                      <input
                        type="checkbox"
                        name="ids"
                        value={order.id}
                        aria-label={`Order #${order.number}`}
                      />
                    </td>
                    <td>
                      <a href={`/dashboard/orders/${order.id}`}>#{String(order.number)}</a>
                    </td>
                    <td className="when">{timeText(order.created_date)}</td>
                    <td>
                      {buyerName(order) && <div>{buyerName(order)}</div>}
                      <span className={buyerName(order) ? 'muted' : undefined}>{order.email}</span>
                    </td>
                    <td>
                      {lines.reduce((sum, line) => sum + line.quantity, 0)}
                      <CustomLines lines={lines} money={money} />
                    </td>
                    <td>
                      <OrderBadges order={order} />
                    </td>
                    <td className="number">{money(order.total_minor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
        <section aria-labelledby="waiting">
          <h2 id="waiting">Waiting to ship</h2>
          {toShip.count > props.waiting.length && (
            <p>
              <a href={toShip.href}>All {toShip.count} waiting to ship</a>
            </p>
          )}
          {props.waiting.length === 0 ? (
            <p className="muted">Nothing is waiting to ship.</p>
          ) : (
            <table>
              <tbody>
                {props.waiting.map(({ order, lines }) => (
                  <tr key={order.id}>
                    <td>
                      <a href={`/dashboard/orders/${order.id}`}>#{String(order.number)}</a>
                    </td>
                    <td>{timeText(order.created_date)}</td>
                    <td>{lines.reduce((sum, line) => sum + unitsLeftToShip(line), 0)} to ship</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="low-stock">
          <h2 id="low-stock">Low on stock</h2>
          {props.lowStock.length === 0 ? (
            <p className="muted">No product is down to {props.lowStockThreshold} or fewer.</p>
          ) : (
            <table>
              <tbody>
                {props.lowStock.map((item) => (
                  <tr key={`${item.productId}${item.variant ?? ''}`}>
                    <td>
                      <a href={`/dashboard/products/${item.productId}`}>{item.name}</a>
                      {item.variant && <span className="muted"> · {item.variant}</span>}
                    </td>
                    <td className="number">{item.quantity === 0 ? 'Sold out' : `${item.quantity} left`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </DashboardPage>
  )
}
