import { Link } from 'react-router'
import { findMyOrder } from '../account/member.server'
import { OrderDetails } from '../orders/order-details'
import { toOrderPath } from '../orders/order-list'
import { toOrderSummary } from '../orders/order-summary'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/thank-you'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Thank you for your order')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Where the hosted checkout sends the buyer once the order is placed (the `thankYouPageUrl` callback),
 * with `orderId` in the query. The order is shown when this shopper (member or visitor) placed it; an id
 * that is not one is not shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const given = new URL(request.url).searchParams.get('orderId') ?? ''
  const orderId = ORDER_ID.test(given) ? given.toLowerCase() : undefined
  // Shown only to whoever placed it: the platform answers 404 for another shopper's order.
  const { client, config } = getAisle(context)
  const order = orderId ? await findMyOrder(client, orderId) : undefined
  return {
    orderId,
    order: order && toOrderSummary(order, config.apiUrl),
    isMember: Boolean(order?.buyerInfo.memberId),
  }
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { orderId, order, isMember } = loaderData
  return (
    <section className="account order-page">
      <h1>Thank you for your order</h1>
      <p role="status">
        {order
          ? `Your order #${order.number} is placed.`
          : orderId
            ? `Your order is placed. Its reference is ${orderId.slice(0, 8).toUpperCase()}.`
            : 'Your order is placed.'}
      </p>
      {order ? <OrderDetails order={order} /> : null}
      <p className="account-links">
        <Link to="/products">Continue shopping</Link>
        {order && isMember ? (
          <>
            {' '}
            or <Link to={toOrderPath(order.id)}>follow this order in your account</Link>.
          </>
        ) : (
          <>
            {' '}
            or <Link to="/account">see your account</Link>.
          </>
        )}
      </p>
    </section>
  )
}
