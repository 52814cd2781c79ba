import { Link, redirect } from 'react-router'
import { findMyOrders } from '../account/member.server'
import { OrderList } from '../orders/order-list'
import { toOrderSummary } from '../orders/order-summary'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-orders'

/** Orders on one page of the list. */
const ORDERS_PER_PAGE = 20

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Your orders')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** The page number of `?page=`: a whole number from 1, else the first page. */
function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

// Members only: a visitor signs in first and comes back here.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  if (!(await client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount%2Forders')
  const page = parsePage(new URL(request.url).searchParams.get('page'))
  const found = await findMyOrders(client, { limit: ORDERS_PER_PAGE, offset: (page - 1) * ORDERS_PER_PAGE })
  return {
    page,
    orders: found?.orders.map((order) => toOrderSummary(order, config.apiUrl)),
    hasNext: found ? found.metadata.offset + found.orders.length < found.metadata.total : false,
  }
}

/** Every order of the member, newest first, a page at a time; each leads to its own page. */
export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, page, hasNext } = loaderData
  return (
    <section className="account">
      <p className="order-back">
        <Link to="/account">Your account</Link>
      </p>
      <h1>Your orders</h1>
      {!orders ? (
        <p>Your orders can’t be shown just now.</p>
      ) : orders.length === 0 ? (
        <p>
          {page > 1 ? 'No more orders. ' : 'You haven’t placed an order yet. '}
          <Link to="/products">Start shopping</Link>.
        </p>
      ) : (
        <OrderList orders={orders} />
      )}
      {page > 1 || hasNext ? (
        <nav aria-label="Pages of orders" className="account-links order-pages">
          {page > 1 ? <Link to={page === 2 ? '?' : `?page=${page - 1}`}>Newer orders</Link> : null}
          {hasNext ? <Link to={`?page=${page + 1}`}>Older orders</Link> : null}
        </nav>
      ) : null}
    </section>
  )
}
