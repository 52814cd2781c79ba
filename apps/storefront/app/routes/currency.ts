import { redirect } from 'react-router'
import { CURRENCY_COOKIE } from '../platform/aisle.server'
import type { Route } from './+types/currency'

/**
 * Keeps the shopper's display currency (the picker's form) in a cookie for a year and goes back to the
 * page it was picked on; anything but a currency code clears it. Only a path on this site is gone back to.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const currency = String(form.get('currency') ?? '').toUpperCase()
  const returnTo = String(form.get('returnTo') ?? '/')
  const back = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/'
  const cookie = /^[A-Z]{3}$/.test(currency)
    ? `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${CURRENCY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  return redirect(back, { headers: { 'Set-Cookie': cookie } })
}

/** A GET of the picker's address has nothing to show: home. */
export function loader() {
  return redirect('/')
}
