import { useRef } from 'react'
import { Link, type ShouldRevalidateFunctionArgs, useFetchers, useRouteLoaderData } from 'react-router'
import { BuyerNoteForm } from '../cart/buyer-note-form'
import { CART_ACTION_PATH, CART_CHANGED_ELSEWHERE_STATUS, type CartEditResult } from '../cart/cart-edit'
import { editCurrentCart } from '../cart/cart-edit-action.server'
import { CartLineList } from '../cart/cart-line-list'
import { CartSummary, CheckoutForm } from '../cart/cart-summary'
import { toCartView } from '../cart/cart-view'
import { CouponForm } from '../cart/coupon-form'
import { findCurrentCart } from '../cart/current-cart.server'
import { useCartNotice } from '../cart/use-cart-notice'
import { useOptimisticCart } from '../cart/use-optimistic-cart'
import {
  estimateCart,
  findPlanChoice,
  findShippingChoice,
  savePlanChoice,
  saveShippingChoice,
} from '../checkout/cart-estimate.server'
import { hasPlanChoice, PLAN_CHOICE_INTENT, planChoiceForLines } from '../checkout/plan-choice'
import { PlanChoiceForm } from '../checkout/plan-choice-form'
import { toShippingAddressValues } from '../checkout/shipping-choice'
import { ShippingEstimate } from '../checkout/shipping-estimate'
import { isShippingIntent, type ShippingFormResult } from '../checkout/shipping-form'
import { TotalsNote, TotalsRows } from '../checkout/totals-rows'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/cart'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Your cart')
}

// A cart belongs to one visitor and changes at any moment: never stored by any cache.
export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// The cart and its totals estimate for the shopper's saved address and option, read side by side.
export async function loader({ request, context }: Route.LoaderArgs) {
  const aisle = getAisle(context)
  const { client, config } = aisle
  const choice = findShippingChoice(request, client)
  // A visitor without tokens has no cart: nothing to read or estimate.
  const plans = findPlanChoice(request, client)
  // A plan choice is estimated for the lines still in the cart: the cart is read first only then.
  const [cart, estimate] = !aisle.hasSession()
    ? [undefined, undefined]
    : hasPlanChoice(plans)
      ? await findCurrentCart(aisle).then(
          async (found) =>
            [
              found,
              await estimateCart(
                client,
                choice,
                planChoiceForLines(
                  plans,
                  (found?.lineItems ?? []).flatMap((line) => line._id ?? []),
                ),
              ),
            ] as const,
        )
      : await Promise.all([findCurrentCart(aisle), estimateCart(client, choice)])
  const hasLines = (cart?.lineItems?.length ?? 0) > 0
  return {
    cart: cart ? toCartView(cart, config.apiUrl) : undefined,
    estimate: hasLines ? estimate : undefined,
    address: toShippingAddressValues(choice?.address),
  }
}

/** Every cart form posts here, from this page or from the drawer on any other; so do the shipping forms. */
export async function action({ request, context }: Route.ActionArgs) {
  const { client } = getAisle(context)
  const form = await request.formData()
  const intent = form.get('intent')
  if (isShippingIntent(intent)) return saveShippingChoice(request, client, intent, form)
  if (intent === PLAN_CHOICE_INTENT) return savePlanChoice(request, client, form)
  return editCurrentCart(client, form)
}

/** Fetchers whose answer moves the totals: every cart form but the note's. */
function useIsTotalsPending(): boolean {
  return useFetchers().some(
    (fetcher) =>
      fetcher.state !== 'idle' &&
      fetcher.key !== 'cart-note' &&
      fetcher.formAction?.split('?')[0] === CART_ACTION_PATH,
  )
}

function splitResult(
  result: CartEditResult | ShippingFormResult | { ok: true; intent: typeof PLAN_CHOICE_INTENT } | undefined,
) {
  if (!result || result.intent === PLAN_CHOICE_INTENT) return {}
  return isShippingIntent(result.intent)
    ? { shipping: result as ShippingFormResult }
    : { edit: result as CartEditResult }
}

// A form refused because the cart changed elsewhere reads the cart again, as the root does.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === CART_CHANGED_ELSEWHERE_STATUS || defaultShouldRevalidate
}

export default function CartPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const cart = useOptimisticCart(loaderData.cart)
  const isTotalsPending = useIsTotalsPending()
  const { edit: actionData, shipping } = splitResult(answered)
  const { estimate } = loaderData
  const breakdown = estimate?.breakdown
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { onEdit, notice } = useCartNotice(headingRef)
  // Without JavaScript the page comes back with the action's answer: a removal says so up here.
  const status = notice ?? (actionData?.ok && actionData.intent === 'remove' ? actionData.message : undefined)
  const lines = cart?.lines ?? []
  // The root's currencies (a route may not import the root, so its type is spelt here).
  const root = useRouteLoaderData('root') as { displayCurrency?: string; storeCurrency?: string } | undefined
  return (
    <div className="cart-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Your cart
      </h1>
      {root?.displayCurrency && root.storeCurrency && (
        // The shop shows converted prices; the cart, the checkout and the payment stay in the store's currency.
        <p className="currency-note">
          Prices in the shop are shown in {root.displayCurrency}. Your cart and checkout are in{' '}
          {root.storeCurrency}, and you pay in {root.storeCurrency}.
        </p>
      )}
      <p role="status" className="cart-notice">
        {status}
      </p>
      {cart && lines.length > 0 ? (
        <div className="cart-layout">
          {/* The way back stays beside the lines: under the long aside it would sit far below them. */}
          <div className="cart-main">
            <CartLineList lines={lines} result={actionData} onEdit={onEdit} />
            <CheckoutForm disabled={cart.isPending} />
            <p>
              <Link to="/">Continue shopping</Link>
            </p>
          </div>
          {/* The forms come first and the figures last, so what an answer adds to the figures moves nothing
              the shopper is using; checkout is the first thing after the lines. */}
          <div className="cart-aside">
            {estimate?.coveredLines && estimate.coveredLines.length > 0 && (
              <PlanChoiceForm
                lines={estimate.coveredLines}
                names={new Map(lines.map((line) => [line.id, line.name]))}
              />
            )}
            <CouponForm couponCode={cart.couponCode} result={actionData} />
            <ShippingEstimate
              address={loaderData.address}
              breakdown={breakdown}
              problem={estimate?.problem}
              result={shipping}
            />
            <BuyerNoteForm buyerNote={cart.buyerNote} result={actionData} />
            <CartSummary
              cart={cart}
              isTotalsPending={isTotalsPending}
              rows={breakdown ? <TotalsRows totals={breakdown} isPending={isTotalsPending} /> : null}
              note={breakdown ? <TotalsNote totals={breakdown} isPending={isTotalsPending} /> : null}
            />
          </div>
        </div>
      ) : (
        <>
          <p className="cart-empty">Your cart is empty.</p>
          <p>
            <Link to="/">Continue shopping</Link>
          </p>
        </>
      )}
    </div>
  )
}
