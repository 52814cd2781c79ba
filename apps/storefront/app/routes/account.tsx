import { isAisleError, type Membership } from '@aisle/sdk'
import { data, Form, Link, redirect } from 'react-router'
import { UNAVAILABLE_MESSAGE } from '../account/login-message'
import { findMember, findMyMemberships, findMyOrders, toMemberName } from '../account/member.server'
import { type SavedAddressView, toSavedAddresses } from '../account/saved-addresses'
import { OrderList } from '../orders/order-list'
import { type OrderSummary, toOrderSummary } from '../orders/order-summary'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { requireSameOriginPost } from '../platform/same-origin'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Your account')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** How many of the newest orders the account page shows; "All orders" lists the rest. */
const RECENT_ORDERS = 3

// Members only: a visitor signs in first and comes back here.
export async function loader({ context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  if (!(await client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount')
  const [member, orders, plans] = await Promise.all([
    findMember(client),
    findMyOrders(client, { limit: RECENT_ORDERS }),
    findMyMemberships(client),
  ])
  return {
    details: member && {
      name: toMemberName(member),
      email: member.email?.address,
      phone: member.identityProfile?.phones?.[0]?.phone,
    },
    addresses: member ? toSavedAddresses(member) : undefined,
    orders: orders?.orders.map((order) => toOrderSummary(order, config.apiUrl)),
    plans,
  }
}

/**
 * Opens the platform's hosted account page (a `membersAccount` redirect session of the signed-in member) at
 * the member's details, where they are changed, or at their bookings (`section=BOOKINGS`), where they are
 * cancelled. Orders are this storefront's own pages (`/account/orders`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const { client } = getAisle(context)
  if (!(await client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount')
  const form = await request.formData().catch(() => new FormData())
  const section = form.get('section') === 'BOOKINGS' ? 'BOOKINGS' : 'ACCOUNT_INFO'
  try {
    const { redirectSession } = await client.redirects.createRedirectSession({ membersAccount: { section } })
    if (redirectSession?.fullUrl) return redirect(redirectSession.fullUrl)
  } catch (error) {
    if (!isAisleError(error)) throw error
  }
  return data({ message: UNAVAILABLE_MESSAGE }, { status: 503 })
}

/**
 * The member's page: their orders (each with its lines, totals and status), their saved addresses and their
 * profile, read with their tokens; the hosted account page, opened from here, changes the profile and the
 * addresses; signing out ends the session on this storefront and the platform.
 */
export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { details, orders, addresses, plans } = loaderData
  return (
    <section className="account">
      <header className="account-intro">
        <h1>Your account</h1>
        <p>
          {details?.name ? `Signed in as ${details.name}. ` : ''}Your cart is kept with your account, so it
          follows you to any device you sign in on: <Link to="/cart">view your cart</Link>.
        </p>
      </header>
      <nav aria-label="Account" className="account-nav">
        <a href="#orders">Orders</a>
        <a href="#bookings">Bookings</a>
        <a href="#plans">Plans</a>
        <a href="#addresses">Addresses</a>
        <a href="#profile">Profile</a>
      </nav>
      <p role="alert" className="form-message form-error">
        {actionData?.message}
      </p>
      <section id="orders" className="account-section" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Your orders</h2>
        <RecentOrders orders={orders} />
        {orders && orders.length > 0 ? (
          <p className="account-links">
            <Link to="/account/orders" className="button button-secondary">
              All orders
            </Link>
          </p>
        ) : null}
      </section>
      <section id="bookings" className="account-section" aria-labelledby="bookings-heading">
        <h2 id="bookings-heading">Your bookings</h2>
        <p>
          Your appointments are among your orders above. See what is coming up, or cancel a booking, on the
          shop’s bookings page. <Link to="/services">Book another service</Link>.
        </p>
        <Form method="post" className="account-links">
          <button type="submit" name="section" value="BOOKINGS" className="button button-secondary">
            See and cancel your bookings
          </button>
        </Form>
      </section>
      <section id="plans" className="account-section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Your plans</h2>
        <PlanList plans={plans} />
      </section>
      <div className="account-columns">
        <section id="addresses" className="account-section" aria-labelledby="addresses-heading">
          <h2 id="addresses-heading">Saved addresses</h2>
          <AddressList addresses={addresses} />
        </section>
        <section id="profile" className="account-section" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          {details ? (
            <dl className="account-details">
              <dt>Name</dt>
              <dd>{details.name ?? '—'}</dd>
              <dt>E-mail</dt>
              <dd>{details.email ?? '—'}</dd>
              {details.phone ? (
                <>
                  <dt>Phone</dt>
                  <dd>{details.phone}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p>Your details can’t be shown just now.</p>
          )}
          <Form method="post" className="account-links">
            <button type="submit" name="section" value="ACCOUNT_INFO" className="button button-secondary">
              Edit your details and addresses
            </button>
          </Form>
        </section>
      </div>
      <Form method="post" action="/account/logout" className="account-sign-out">
        <button type="submit" className="button button-secondary">
          Sign out
        </button>
      </Form>
    </section>
  )
}

/** The member's plans: what each has left and until when (items it covers cost nothing in the cart). */
function PlanList({ plans }: { plans: Membership[] | undefined }) {
  if (!plans) return <p>Your plans can’t be shown just now.</p>
  if (plans.length === 0) return <p>You don’t hold any plans.</p>
  return (
    <ul className="held-plan-list" aria-label="Your plans">
      {plans.map((plan) => (
        <li key={plan._id} data-membership-id={plan._id}>
          <strong>{plan.name}</strong>:{' '}
          {plan.sessionsLeft === undefined
            ? 'unlimited sessions'
            : `${plan.sessionsLeft} of ${plan.sessionsTotal} sessions left`}
          , {plan.expirationDate ? `until ${plan.expirationDate.slice(0, 10)}` : 'no end'}
          {plan.status === 'ACTIVE'
            ? ''
            : plan.status === 'EXPIRED'
              ? ' (expired)'
              : plan.status === 'ENDED'
                ? ' (ended)'
                : ' (used up)'}
        </li>
      ))}
    </ul>
  )
}

function RecentOrders({ orders }: { orders: OrderSummary[] | undefined }) {
  if (!orders) return <p>Your orders can’t be shown just now.</p>
  if (orders.length === 0) {
    return (
      <p>
        You haven’t placed an order yet. <Link to="/products">Start shopping</Link>.
      </p>
    )
  }
  return <OrderList orders={orders} />
}

function AddressList({ addresses }: { addresses: SavedAddressView[] | undefined }) {
  if (!addresses) return <p>Your addresses can’t be shown just now.</p>
  if (addresses.length === 0) {
    return <p>No saved addresses yet: add one with your details, or at checkout.</p>
  }
  return (
    <ul className="address-list">
      {addresses.map((address) => (
        <li key={address.key} className="address-card">
          <h3>{address.label}</h3>
          <address>
            {address.lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </li>
      ))}
    </ul>
  )
}
