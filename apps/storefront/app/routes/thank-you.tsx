import { Link } from 'react-router'
import { findMyOrder } from '../account/member.server'
import { DownloadLinks } from '../checkout/download-links'
import { type OrderSummary, toOrderSummary } from '../checkout/order-summary'
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
  const order = orderId ? await findMyOrder(getAisle(context).client, orderId) : undefined
  return { orderId, order: order && toOrderSummary(order) }
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { orderId, order } = loaderData
  return (
    <section className="account-page">
      <h1>Thank you for your order</h1>
      <p role="status">
        {order
          ? `Your order #${order.number} is placed.`
          : orderId
            ? `Your order is placed. Its reference is ${orderId.slice(0, 8).toUpperCase()}.`
            : 'Your order is placed.'}
      </p>
      {order ? <OrderDetails order={order} /> : null}
      <p>
        <Link to="/products">Continue shopping</Link> or <Link to="/account">see your account</Link>.
      </p>
    </section>
  )
}

function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <>
      <h2>Order #{order.number}</h2>
      <ul className="order-lines">
        {order.lines.map((line, index) => (
          // Lines have no stable key of their own here; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <li key={index}>
            {line.quantity} × {line.name}: {line.total}
            {line.paidBy && <span className="line-paid-by"> ({line.paidBy})</span>}
            <DownloadLinks line={line} />
          </li>
        ))}
      </ul>
      <dl className="account-details">
        <dt>Placed on</dt>
        <dd>{order.date}</dd>
        <dt>Total</dt>
        <dd>{order.total}</dd>
        <dt>Status</dt>
        <dd>{order.status}</dd>
      </dl>
    </>
  )
}
