import { redirect } from 'react-router'
import { toSafeReturnPath } from '../account/return-to'
import { CURRENCY_COOKIE, getAisle } from '../platform/aisle.server'
import { requireSameOriginPost } from '../platform/same-origin'
import { findOfferedCurrencies } from '../store/shop-info.server'
import type { Route } from './+types/currency'

/**
 * Keeps the shopper's display currency (the picker's form, from a page of this storefront only) in a cookie
 * for a year and goes back to the page it was picked on; anything but a currency the shop offers (its own
 * currency too) clears it. Only a path on this site is gone back to (`toSafeReturnPath`), else home.
 * @throws {Response} 403 `CROSS_SITE_REQUEST` for a post from another site.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const form = await request.formData()
  const currency = String(form.get('currency') ?? '').toUpperCase()
  const back = toSafeReturnPath(form.get('returnTo'), '/')
  const offered = await findOfferedCurrencies(getAisle(context).publicClient)
  const cookie = offered.includes(currency)
    ? `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${CURRENCY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  return redirect(back, { headers: { 'Set-Cookie': cookie } })
}

/** A GET of the picker's address has nothing to show: home. */
export function loader() {
  return redirect('/')
}
