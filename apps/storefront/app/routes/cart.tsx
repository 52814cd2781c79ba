import { useRef } from 'react'
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import { BuyerNoteForm } from '../components/cart/buyer-note-form'
import { CART_CHANGED_ELSEWHERE_STATUS } from '../components/cart/cart-edit'
import { CartLineList } from '../components/cart/cart-line-list'
import { CartSummary } from '../components/cart/cart-summary'
import { toCartView } from '../components/cart/cart-view'
import { CouponForm } from '../components/cart/coupon-form'
import { useCartNotice } from '../components/cart/use-cart-notice'
import { useOptimisticCart } from '../components/cart/use-optimistic-cart'
import { getAisle } from '../lib/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../lib/cache-control'
import { findCurrentCart } from '../lib/cart.server'
import { editCurrentCart } from '../lib/cart-edit.server'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/cart'

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle('Your cart') }, { name: 'robots', content: 'noindex' }]
}

// A cart belongs to one visitor and changes at any moment: never stored by any cache.
export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

export async function loader({ context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const cart = await findCurrentCart(client)
  return { cart: cart ? toCartView(cart, config.apiUrl) : undefined }
}

/** Every cart form posts here, from this page or from the drawer on any other. */
export async function action({ request, context }: Route.ActionArgs) {
  return editCurrentCart(getAisle(context).client, await request.formData())
}

// A form refused because the cart changed elsewhere reads the cart again, as the root does.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === CART_CHANGED_ELSEWHERE_STATUS || defaultShouldRevalidate
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useOptimisticCart(loaderData.cart)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { onEdit, notice } = useCartNotice(headingRef)
  // Without JavaScript the page comes back with the action's answer: a removal says so up here.
  const status = notice ?? (actionData?.ok && actionData.intent === 'remove' ? actionData.message : undefined)
  const lines = cart?.lines ?? []
  return (
    <div className="cart-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Your cart
      </h1>
      <p role="status" className="cart-notice">
        {status}
      </p>
      {cart && lines.length > 0 ? (
        <div className="cart-layout">
          <CartLineList lines={lines} result={actionData} onEdit={onEdit} />
          <div className="cart-aside">
            <CartSummary cart={cart} />
            <CouponForm couponCode={cart.couponCode} result={actionData} />
            <BuyerNoteForm buyerNote={cart.buyerNote} result={actionData} />
          </div>
        </div>
      ) : (
        <p className="cart-empty">Your cart is empty.</p>
      )}
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  )
}
