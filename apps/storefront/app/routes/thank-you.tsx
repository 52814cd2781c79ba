import { Link } from 'react-router'
import { NO_STORE_CACHE_CONTROL } from '../lib/cache-control'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/thank-you'

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle('Thank you for your order') }, { name: 'robots', content: 'noindex' }]
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Where the hosted checkout sends the buyer once the order is placed (the `thankYouPageUrl` callback),
 * with `orderId` in the query. An id that is not one is not shown.
 */
export function loader({ request }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? ''
  return { orderId: ORDER_ID.test(orderId) ? orderId.toLowerCase() : undefined }
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1>Thank you for your order</h1>
      <p role="status">
        {loaderData.orderId
          ? `Your order is placed. Its reference is ${loaderData.orderId.slice(0, 8).toUpperCase()}.`
          : 'Your order is placed.'}
      </p>
      <p>
        <Link to="/products">Continue shopping</Link> or <Link to="/account">see your account</Link>.
      </p>
    </section>
  )
}
