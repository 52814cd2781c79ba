import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { formatMoney } from '../../money/money.ts'
import { listOrders, type OrderLineRow, type OrderWithLines, ordersPerDay } from '../../orders/order-store.ts'
import { DashboardPage, renderDashboardPage } from '../dashboard-layout.tsx'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { type DayTotals, OrdersChart } from './orders-chart.tsx'

const PAGE_SIZE = 50
const CHART_DAYS = 30

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

function OrdersPage(props: {
  owner: Owner
  orders: readonly OrderWithLines[]
  total: number
  page: number
  days: readonly DayTotals[]
}) {
  const { site } = props.owner.session
  const money = (minor: string | number) => formatMoney(Number(minor), site.currency, site.locale)
  const pages = Math.max(1, Math.ceil(props.total / PAGE_SIZE))
  return (
    <DashboardPage owner={props.owner} title="Orders" section="orders">
      <h1>Orders</h1>
      <OrdersChart days={props.days} currency={site.currency} locale={site.locale} />
      {props.orders.length === 0 ? (
        <p className="muted">No orders yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Date</th>
              <th scope="col">Buyer</th>
              <th scope="col">Items</th>
              <th scope="col">Payment</th>
              <th scope="col" className="number">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {props.orders.map(({ order, lines }) => (
              <tr key={order.id}>
                <td>#{String(order.number)}</td>
                <td>{new Date(order.created_date).toISOString().slice(0, 16).replace('T', ' ')}</td>
                <td>{order.email}</td>
                <td>
                  {lines.reduce((sum, line) => sum + line.quantity, 0)}
                  <CustomLines lines={lines} money={money} />
                </td>
                <td>
                  <span className={order.payment_status === 'PAID' ? 'badge ok' : 'badge'}>
                    {order.payment_status === 'PAID' ? 'Paid' : 'Not paid'}
                  </span>
                </td>
                <td className="number">{money(order.total_minor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Pages">
        {props.page > 1 && <a href={`/dashboard/orders?page=${props.page - 1}`}>Newer</a>}
        <span>
          Page {props.page} of {pages} · {props.total} orders
        </span>
        {props.page < pages && <a href={`/dashboard/orders?page=${props.page + 1}`}>Older</a>}
      </nav>
    </DashboardPage>
  )
}

/** The dashboard's orders page: the site's orders, newest first, with orders and revenue per day. */
export function registerDashboardOrderPages(
  api: Api,
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'logger' | 'publicUrl'>,
) {
  const { page } = createDashboardRoutes(api, deps)
  page(
    {
      path: '/dashboard/orders',
      operationId: 'dashboardOrders',
      summary: "The site's orders with a chart of orders and revenue per day",
      query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
    },
    async (owner, { query }) => {
      const siteId = owner.session.siteId
      const [{ orders, total }, days] = await Promise.all([
        listOrders(deps.db, { siteId }, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE }),
        ordersPerDay(deps.db, siteId, { days: CHART_DAYS, now: deps.clock() }),
      ])
      return renderDashboardPage(
        <OrdersPage owner={owner} orders={orders} total={total} page={query.page} days={days} />,
        deps,
      )
    },
  )
}
