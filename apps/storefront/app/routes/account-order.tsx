import { data, Link, redirect } from 'react-router'
import { findMyOrder } from '../account/member.server'
import { OrderDetails } from '../orders/order-details'
import { toOrderSummary } from '../orders/order-summary'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-order'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return toPrivatePageMeta(
    matches,
    loaderData?.order ? `Order #${loaderData.order.number}` : 'Order not found',
  )
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Members only; an id that is not one of theirs (or not an id) is not found, as the platform answers it.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const id = params.orderId
  if (!(await client.auth.loggedIn()))
    throw redirect(`/account/login?returnTo=${encodeURIComponent(`/account/orders/${id}`)}`)
  const order = ORDER_ID.test(id) ? await findMyOrder(client, id.toLowerCase()) : undefined
  if (!order) return data({ order: undefined }, { status: 404 })
  return { order: toOrderSummary(order, config.apiUrl) }
}

/** One order of the member's: its lines, shipments with tracking, addresses, payment, totals and refunds. */
export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  return (
    <section className="account order-page">
      <p className="order-back">
        <Link to="/account/orders">All orders</Link>
      </p>
      {order ? (
        <>
          <header className="order-card-header">
            <h1>Order #{order.number}</h1>
            <p className="order-card-meta">
              <span>Placed on {order.date}</span>
              <span className={`order-status${order.status.startsWith('Canceled') ? ' is-canceled' : ''}`}>
                {order.status}
              </span>
              {order.delivery && <span className="order-status">{order.delivery}</span>}
            </p>
          </header>
          <OrderDetails order={order} />
        </>
      ) : (
        <>
          <h1>Order not found</h1>
          <p>
            This order isn’t one of yours, or it doesn’t exist.{' '}
            <Link to="/account/orders">See your orders</Link>.
          </p>
        </>
      )}
    </section>
  )
}
