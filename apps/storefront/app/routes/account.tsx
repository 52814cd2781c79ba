import { isAisleError } from '@aisle/sdk'
import { data, Form, Link, redirect } from 'react-router'
import { UNAVAILABLE_MESSAGE } from '../account/login-message'
import { findMember, findMyOrders, toMemberName } from '../account/member.server'
import { type OrderSummary, toOrderSummary } from '../checkout/order-summary'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { requireSameOriginPost } from '../platform/same-origin'
import { toPageTitle } from '../store/store'
import type { Route } from './+types/account'

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle('Your account') }, { name: 'robots', content: 'noindex' }]
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// Members only: a visitor signs in first and comes back here.
export async function loader({ context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  if (!(await client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount')
  const [member, orders] = await Promise.all([findMember(client), findMyOrders(client)])
  return {
    details: member && {
      name: toMemberName(member),
      email: member.email?.address,
    },
    orders: orders?.orders.map(toOrderSummary),
  }
}

/**
 * Opens the platform's hosted account page (a `membersAccount` redirect session of the signed-in member)
 * at the orders or at the member's details, where they are changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const { client } = getAisle(context)
  if (!(await client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount')
  const section = (await request.formData()).get('section') === 'ACCOUNT_INFO' ? 'ACCOUNT_INFO' : 'ORDERS'
  try {
    const { redirectSession } = await client.redirects.createRedirectSession({ membersAccount: { section } })
    if (redirectSession?.fullUrl) return redirect(redirectSession.fullUrl)
  } catch (error) {
    if (!isAisleError(error)) throw error
  }
  return data({ message: UNAVAILABLE_MESSAGE }, { status: 503 })
}

/**
 * The member's page: their details and their orders (number, date, total, status), read with their
 * tokens; the hosted account page, opened from here, changes the details; signing out ends the session
 * on this storefront and the platform.
 */
export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { details, orders } = loaderData
  return (
    <section className="account-page">
      <h1>Your account</h1>
      <p>
        You’re signed in. Your cart is kept with your account, so it follows you to any device you sign in on.
      </p>
      <p>
        <Link to="/cart">View your cart</Link>
      </p>
      <h2>Your details</h2>
      {details ? (
        <dl className="account-details">
          <dt>Name</dt>
          <dd>{details.name ?? '—'}</dd>
          <dt>E-mail</dt>
          <dd>{details.email ?? '—'}</dd>
        </dl>
      ) : (
        <p>Your details can’t be shown just now.</p>
      )}
      <Form method="post" className="account-links">
        <button type="submit" name="section" value="ACCOUNT_INFO" className="button button-secondary">
          Edit your details
        </button>
      </Form>
      <h2>Your orders</h2>
      <OrderList orders={orders} />
      <Form method="post" className="account-links">
        <button type="submit" name="section" value="ORDERS" className="button button-secondary">
          All orders on the account page
        </button>
      </Form>
      <p role="alert" className="form-message form-error">
        {actionData?.message}
      </p>
      <Form method="post" action="/account/logout">
        <button type="submit" className="button button-secondary">
          Sign out
        </button>
      </Form>
    </section>
  )
}

function OrderList({ orders }: { orders: OrderSummary[] | undefined }) {
  if (!orders) return <p>Your orders can’t be shown just now.</p>
  if (orders.length === 0) return <p>You haven’t placed an order yet.</p>
  return (
    <table className="order-table">
      <caption className="visually-hidden">Your orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">#{order.number}</th>
            <td>{order.date}</td>
            <td>{order.total}</td>
            <td>{order.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
