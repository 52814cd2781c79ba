import { Form, Link, redirect } from 'react-router'
import { getAisle } from '../lib/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../lib/cache-control'
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
 * The member's page. The SDK does not read a member's identity yet, so it says only what the storefront
 * knows for sure: that this browser is signed in.
 */
export default function AccountPage() {
  return (
    <section className="account-page">
      <h1>Your account</h1>
      <p>
        You’re signed in. Your cart is kept with your account, so it follows you to any device you sign in on.
      </p>
      <p>
        <Link to="/cart">View your cart</Link>
      </p>
      <Form method="post" action="/account/logout">
        <button type="submit" className="button button-secondary">
          Sign out
        </button>
      </Form>
    </section>
  )
}
