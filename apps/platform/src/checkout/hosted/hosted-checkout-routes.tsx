import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { ReactElement } from 'react'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { Api, AppEnv } from '../../http/api.ts'
import type { ValidationError } from '../../http/errors.ts'
import { findOrderByCheckout } from '../../orders/order-store.ts'
import { createCsrfToken, isCrossSiteRequest, isCsrfTokenValid } from '../../pages/csrf.ts'
import { readForm } from '../../pages/form-fields.ts'
import { renderPage } from '../../pages/render-page.tsx'
import { getSite } from '../../sites/site-store.ts'
import { priceCheckout } from '../checkout-pricing.ts'
import { type CheckoutRow, findCheckout, saveCheckoutChoices } from '../checkout-store.ts'
import { defaultPaymentProviders, type PaymentProvider } from '../payment-provider.ts'
import { PlaceOrderRefused, placeOrder } from '../place-order.ts'
import { lineNamesOf } from '../price-cart.ts'
import {
  type CheckoutFormValues,
  formValuesOf,
  formValuesOfCheckout,
  parseCheckoutDetails,
} from './hosted-checkout-form.ts'
import { CheckoutMessagePage, CheckoutPage, ThankYouPage } from './hosted-checkout-pages.tsx'

export interface HostedCheckoutDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /** The ways to pay; the built-in test card and pay-later providers by default. */
  paymentProviders?: readonly PaymentProvider[]
}

export const HOSTED_CHECKOUT_PATH = '/_checkout'
/** The double-submit CSRF cookie of hosted checkout forms (the page has no session of its own). */
const CSRF_COOKIE = 'aisle_checkout_csrf'

const Html = z.string().describe('an HTML page, or a redirect')
// The id is checked by the handler, so a bad link gets a page, not a JSON error.
const Params = z.object({ checkoutId: z.string() })
const page = { tag: 'Hosted checkout', auth: 'none', response: Html, params: Params } as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isHttps(c: Context<AppEnv>, publicUrl: string): boolean {
  return new URL(c.req.url).protocol === 'https:' || publicUrl.startsWith('https:')
}

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  })
}

function messagePage(status: number, title: string, message: string): Response {
  return renderPage(<CheckoutMessagePage title={title} message={message} />, { status })
}

/** Where the buyer goes once the order is placed: the registered callback, else the hosted thank-you page. */
function afterOrderUrl(checkout: CheckoutRow, orderId: string): string {
  const target = checkout.callbacks?.thankYouPageUrl ?? checkout.callbacks?.postFlowUrl
  if (!target) return `${HOSTED_CHECKOUT_PATH}/${checkout.id}/thank-you`
  const url = new URL(target)
  url.searchParams.set('orderId', orderId)
  return url.toString()
}

/**
 * The hosted checkout: `GET /_checkout/:checkoutId` (the page), `POST` of the details form (saved, then
 * the page again with totals recomputed), `POST .../place-order`, and `GET .../thank-you`. The checkout
 * id, a random UUID, is the capability: whoever has the link may finish that checkout.
 */
export function registerHostedCheckoutRoutes(api: Api, deps: HostedCheckoutDeps) {
  const { db, clock, publicUrl } = deps
  const providers = deps.paymentProviders ?? defaultPaymentProviders

  async function findUsable(checkoutId: string) {
    return UUID.test(checkoutId) ? findCheckout(db, checkoutId) : undefined
  }

  /** The token of this browser's checkout forms, and the cookie that sets it when it has none yet. */
  function csrfOf(c: Context<AppEnv>) {
    const existing = getCookie(c, CSRF_COOKIE)
    if (existing && existing.length >= 32) return { token: existing, setCookie: undefined }
    const token = createCsrfToken()
    const secure = isHttps(c, publicUrl) ? '; Secure' : ''
    return {
      token,
      setCookie: `${CSRF_COOKIE}=${token}; Path=${HOSTED_CHECKOUT_PATH}; HttpOnly; SameSite=Strict${secure}`,
    }
  }

  /** A post from this site's own checkout page carrying its token; undefined when it is refused. */
  async function readCheckoutForm(c: Context<AppEnv>) {
    const origins = [new URL(c.req.url).origin, new URL(publicUrl).origin]
    if (isCrossSiteRequest(c.req.raw.headers, origins)) return undefined
    const form = await readForm(c)
    return isCsrfTokenValid(getCookie(c, CSRF_COOKIE) ?? '', form.text('csrf')) ? form : undefined
  }

  async function checkoutPage(
    c: Context<AppEnv>,
    checkout: CheckoutRow,
    options: {
      values?: CheckoutFormValues
      violations?: ValidationError['fieldViolations']
      problem?: string
      notice?: string
      status?: number
    } = {},
  ): Promise<Response> {
    const site = await getSite(db, checkout.site_id)
    const priced = await priceCheckout(db, checkout, { currency: site.currency, now: clock() })
    if (!priced || priced.cart.lines.length === 0)
      return messagePage(409, 'Your cart is empty', 'Go back to the shop and add something to your cart.')
    const names = lineNamesOf(priced)
    const csrf = csrfOf(c)
    const element: ReactElement = (
      <CheckoutPage
        checkout={checkout}
        site={site}
        totals={priced.totals}
        names={names}
        providers={providers}
        csrfToken={csrf.token}
        values={options.values ?? formValuesOfCheckout(checkout)}
        violations={options.violations}
        problem={options.problem}
        cartPageUrl={checkout.callbacks?.cartPageUrl}
        notice={options.notice}
      />
    )
    const response = renderPage(element, { status: options.status ?? 200 })
    response.headers.set('referrer-policy', 'no-referrer')
    const target = checkout.callbacks?.thankYouPageUrl ?? checkout.callbacks?.postFlowUrl
    if (target) {
      // The place-order post ends in a redirect to the callback: form-action must allow its origin.
      const policy = response.headers.get('content-security-policy') ?? ''
      response.headers.set(
        'content-security-policy',
        policy.replace("form-action 'self'", `form-action 'self' ${new URL(target).origin}`),
      )
    }
    if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
    return response
  }

  const notFound = () =>
    messagePage(
      404,
      'Checkout not found',
      'This checkout link is not valid. Go back to the shop and try again.',
    )
  const refusedForm = () =>
    messagePage(
      403,
      'Form refused',
      'The form expired or came from another site. Reload the page and try again.',
    )

  /** The page of an open checkout; a completed one goes to where its order went. */
  async function openOrElsewhere(checkout: CheckoutRow) {
    if (checkout.status === 'COMPLETED') {
      const order = await findOrderByCheckout(db, checkout.id)
      if (order) return seeOther(afterOrderUrl(checkout, order.id))
    }
    if (checkout.status !== 'OPEN')
      return messagePage(
        410,
        'Checkout closed',
        'This checkout is closed. Go back to the shop to start again.',
      )
    return undefined
  }

  api.route(
    {
      ...page,
      method: 'get',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId`,
      operationId: 'hostedCheckoutPage',
      summary:
        'The hosted checkout page: contact, addresses, shipping with live totals, payment, place order',
      query: z.object({ notice: z.string().max(40).optional() }),
    },
    async ({ params, query }, c) => {
      const checkout = await findUsable(params.checkoutId)
      if (!checkout) return notFound()
      const elsewhere = await openOrElsewhere(checkout)
      if (elsewhere) return elsewhere
      return checkoutPage(c, checkout, {
        notice: query.notice === 'saved' ? 'Saved. The totals below are up to date.' : undefined,
      })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId`,
      operationId: 'hostedCheckoutSaveDetails',
      summary: 'Save the e-mail, addresses and shipping choice (form); the page comes back with new totals',
    },
    async ({ params }, c) => {
      const checkout = await findUsable(params.checkoutId)
      if (!checkout) return notFound()
      const form = await readCheckoutForm(c)
      if (!form) return refusedForm()
      const elsewhere = await openOrElsewhere(checkout)
      if (elsewhere) return elsewhere
      const parsed = parseCheckoutDetails(form)
      if (!parsed.details)
        return checkoutPage(c, checkout, {
          values: formValuesOf(form),
          violations: parsed.violations,
          status: 400,
        })
      await saveCheckoutChoices(db, checkout.id, parsed.details, clock())
      return seeOther(`${HOSTED_CHECKOUT_PATH}/${checkout.id}?notice=saved`)
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/place-order`,
      operationId: 'hostedCheckoutPlaceOrder',
      summary:
        'Place the order (form: paymentMethod, card fields, expectedTotal): one transaction; a repeat answers the same order',
    },
    async ({ params }, c) => {
      const checkout = await findUsable(params.checkoutId)
      if (!checkout) return notFound()
      const form = await readCheckoutForm(c)
      if (!form) return refusedForm()
      const provider = providers.find((one) => one.id === form.text('paymentMethod')) ?? providers[0]
      const expectedTotal = Number(form.text('expectedTotal'))
      if (!provider || !Number.isSafeInteger(expectedTotal))
        return checkoutPage(c, checkout, { problem: 'Choose a way to pay.', status: 400 })
      const card = provider.needsCard
        ? { number: form.text('cardNumber'), expiry: form.text('cardExpiry'), cvc: form.text('cardCvc') }
        : undefined
      try {
        const result = await placeOrder(db, {
          checkoutId: checkout.id,
          expectedTotalMinor: expectedTotal,
          provider,
          card,
          now: clock(),
        })
        if (result.kind === 'placed') return seeOther(afterOrderUrl(result.checkout, result.orderId))
        return checkoutPage(c, checkout, {
          problem:
            'Prices changed since you started checking out. Check the new total and place the order again to confirm it.',
          status: 409,
        })
      } catch (error) {
        if (!(error instanceof PlaceOrderRefused)) throw error
        const fresh = (await findCheckout(db, checkout.id)) ?? checkout
        const elsewhere = await openOrElsewhere(fresh)
        if (elsewhere) return elsewhere
        return checkoutPage(c, fresh, { problem: error.message, status: 409 })
      }
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/thank-you`,
      operationId: 'hostedCheckoutThankYou',
      summary: 'The hosted thank-you page of a placed order, with its number',
    },
    async ({ params }) => {
      const checkout = await findUsable(params.checkoutId)
      const order = checkout && (await findOrderByCheckout(db, checkout.id))
      if (!checkout || !order) return notFound()
      const site = await getSite(db, checkout.site_id)
      return renderPage(
        <ThankYouPage
          site={site}
          orderNumber={String(order.number)}
          email={order.email}
          totalMinor={Number(order.total_minor)}
        />,
        { headers: { 'referrer-policy': 'no-referrer' } },
      )
    },
  )
}
