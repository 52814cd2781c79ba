import { data, redirect } from 'react-router'
import { findCurrentCart } from '../cart/current-cart.server'
import { findPlanChoice, findShippingChoice } from '../checkout/cart-estimate.server'
import { startCheckout } from '../checkout/hosted-checkout.server'
import { hasPlanChoice, planChoiceForLines } from '../checkout/plan-choice'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toRequestOrigin } from '../platform/same-origin'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/checkout'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Checkout')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/**
 * Creates the checkout from the current cart, with the address and shipping option the shopper chose on
 * the cart page, and sends the shopper to the platform's hosted checkout.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const aisle = getAisle(context)
  const { client, config } = aisle
  const chosen = findPlanChoice(request, client)
  // The plan choice goes along for the lines still in the cart (the cart is read only when there is one).
  const plans = hasPlanChoice(chosen)
    ? planChoiceForLines(
        chosen,
        ((await findCurrentCart(aisle))?.lineItems ?? []).flatMap((line) => line._id ?? []),
      )
    : chosen
  const started = await startCheckout(
    client,
    config.apiUrl,
    findShippingChoice(request, client),
    toRequestOrigin(request),
    plans,
  )
  if (started.ok) return redirect(started.url)
  return data(started, { status: 409, headers: { 'Cache-Control': NO_STORE_CACHE_CONTROL } })
}

/** Only a POST starts a checkout; this page shows why one could not start, or points to the cart. */
export default function CheckoutRefused({ actionData }: Route.ComponentProps) {
  const refused = actionData?.ok === false ? actionData : undefined
  return (
    <div className="cart-page">
      <h1>{refused ? refused.title : 'Checkout'}</h1>
      {refused ? <p role="alert">{refused.message}</p> : <p>Checkouts start from your cart.</p>}
      <p>
        <a href="/cart">Go to your cart</a>
      </p>
    </div>
  )
}
