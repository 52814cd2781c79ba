import { isAisleError } from '@aisle/sdk'
import { data, Form, Link, redirect } from 'react-router'
import { UNAVAILABLE_MESSAGE } from '../components/account/login-message'
import { getAisle } from '../lib/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../lib/cache-control'
import { requireSameOriginPost } from '../lib/same-origin'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/account'

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle('Your account') }, { name: 'robots', content: 'noindex' }]
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// Members only: a visitor signs in first and comes back here.
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await getAisle(context).client.auth.loggedIn())) throw redirect('/account/login?returnTo=%2Faccount')
  return null
}

/**
 * Opens the platform's hosted account page (a `membersAccount` redirect session of the signed-in member)
 * at the orders or at the member's details. The SDK has no call for a member's profile or orders yet.
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
 * The member's page: their orders and details are on the platform's hosted account page, opened from
 * here; signing out ends the session on this storefront and the platform.
 */
export default function AccountPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1>Your account</h1>
      <p>
        You’re signed in. Your cart is kept with your account, so it follows you to any device you sign in on.
      </p>
      <p>
        <Link to="/cart">View your cart</Link>
      </p>
      <Form method="post" className="account-links">
        <button type="submit" name="section" value="ORDERS" className="button">
          Your orders
        </button>{' '}
        <button type="submit" name="section" value="ACCOUNT_INFO" className="button button-secondary">
          Your details
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
