import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import type { Api, AppEnv } from '../../http/api.ts'
import { createCsrfToken, isCrossSiteRequest, isCsrfTokenValid } from '../../pages/csrf.ts'
import { readForm } from '../../pages/form-fields.ts'
import { renderPage } from '../../pages/render-page.tsx'
import { CheckoutMessagePage } from '../hosted/hosted-checkout-pages.tsx'
import { type PaymentShopRow, paymentBrandOf } from '../shop-brand.ts'
import { parseCardForm } from './test-card-form.ts'
import { TEST_PROVIDER_PATH, type TestProvider } from './test-provider.ts'
import { TestAuthenticationPage, TestCardPage } from './test-provider-pages.tsx'
import type { TestProviderPaymentRow } from './test-provider-store.ts'

const CSRF_COOKIE = 'aisle_test_provider_csrf'
const Html = z.string().describe('an HTML page, or a redirect')
const Params = z.object({ paymentId: z.string() })
const page = { tag: 'Test payment provider', auth: 'none', response: Html, params: Params } as const
const PAYMENT_ID = /^tp_[0-9a-f]{32}$/

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  })
}

function message(status: number, title: string, text: string): Response {
  return renderPage(<CheckoutMessagePage title={title} message={text} />, { status })
}

/**
 * The built-in test provider's own pages, as a real provider's would be on its own site: the card form
 * (`/test-provider/pay/:paymentId`), the approval step, and cancel. The only handlers that see a card
 * number; each ends by sending the shopper to the payment's return URL.
 */
export function registerTestProviderRoutes(
  api: Api,
  deps: { provider: TestProvider; clock: Clock; publicUrl: string },
) {
  const { provider, clock, publicUrl } = deps
  const base = `${TEST_PROVIDER_PATH}/pay`

  function csrfOf(c: Context<AppEnv>) {
    const existing = getCookie(c, CSRF_COOKIE)
    if (existing && existing.length >= 32) return { token: existing, setCookie: undefined }
    const token = createCsrfToken()
    const secure =
      publicUrl.startsWith('https:') || new URL(c.req.url).protocol === 'https:' ? '; Secure' : ''
    return {
      token,
      setCookie: `${CSRF_COOKIE}=${token}; Path=${TEST_PROVIDER_PATH}; HttpOnly; SameSite=Lax${secure}`,
    }
  }

  async function readProviderForm(c: Context<AppEnv>) {
    const origins = [new URL(c.req.url).origin, new URL(publicUrl).origin]
    if (isCrossSiteRequest(c.req.raw.headers, origins)) return undefined
    const form = await readForm(c)
    return isCsrfTokenValid(getCookie(c, CSRF_COOKIE) ?? '', form.text('csrf')) ? form : undefined
  }

  async function find(paymentId: string) {
    return PAYMENT_ID.test(paymentId) ? provider.find(paymentId) : undefined
  }

  const notFound = () =>
    message(404, 'Payment not found', 'This payment link is not valid. Go back to the shop and try again.')
  const refused = () =>
    message(403, 'Form refused', 'The form expired or came from another site. Reload the page and try again.')

  /**
   * The page a payment's state calls for, in its shop's brand (read with the payment); a decided payment
   * sends the shopper back to the shop.
   */
  function pageOf(
    c: Context<AppEnv>,
    payment: TestProviderPaymentRow,
    shop: PaymentShopRow,
    options: { errors?: Map<string, string>; values?: Record<string, string> } = {},
  ) {
    if (payment.status === 'SUCCEEDED' || payment.status === 'FAILED') return seeOther(payment.return_url)
    const csrf = csrfOf(c)
    const action = `${base}/${payment.id}`
    const element =
      payment.status === 'REQUIRES_ACTION' ? (
        <TestAuthenticationPage payment={payment} action={`${action}/authenticate`} csrfToken={csrf.token} />
      ) : (
        <TestCardPage
          payment={payment}
          action={action}
          csrfToken={csrf.token}
          errors={options.errors ?? new Map()}
          values={options.values ?? {}}
        />
      )
    const response = renderPage(element, {
      status: options.errors?.size ? 400 : 200,
      siteId: shop.shop_site_id ?? undefined,
      brand: paymentBrandOf(shop, publicUrl),
    })
    response.headers.set('referrer-policy', 'no-referrer')
    // The form's answer sends the shopper back through the return URL to wherever the shop sends them
    // next (a storefront's thank-you page), and browsers check form-action on every redirect of that
    // chain: like a real provider's page, this one cannot know those origins, so it allows any.
    const policy = response.headers.get('content-security-policy') ?? ''
    response.headers.set('content-security-policy', policy.replace("form-action 'self'", 'form-action *'))
    if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
    return response
  }

  api.route(
    {
      ...page,
      method: 'get',
      path: `${base}/:paymentId`,
      operationId: 'testProviderPaymentPage',
      summary: 'The test provider’s card page (or its approval step) for a payment',
    },
    async ({ params }, c) => {
      const payment = await find(params.paymentId)
      return payment ? pageOf(c, payment, payment) : notFound()
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${base}/:paymentId`,
      operationId: 'testProviderPay',
      summary: 'Pay with a test card (form: cardNumber, cardExpiry, cardCvc); then back to the shop',
    },
    async ({ params }, c) => {
      // A good card moves the waiting payment in one statement; anything else reads it for its page.
      const form = PAYMENT_ID.test(params.paymentId) ? await readProviderForm(c) : undefined
      const card = form && parseCardForm(form, clock())
      const moved =
        card && card.errors.size === 0 && (await provider.submitCard(params.paymentId, card.number))
      if (moved)
        return moved.status === 'REQUIRES_ACTION'
          ? seeOther(`${base}/${moved.id}`)
          : seeOther(moved.return_url)
      const payment = await find(params.paymentId)
      if (!payment) return notFound()
      if (!form || !card) return refused()
      if (payment.status !== 'REQUIRES_PAYMENT_METHOD' || card.errors.size === 0)
        return pageOf(c, payment, payment)
      // The number is shown again as typed only on this, the provider's own page.
      return pageOf(c, payment, payment, {
        errors: card.errors,
        values: { cardNumber: form.text('cardNumber'), cardExpiry: form.text('cardExpiry'), cardCvc: '' },
      })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${base}/:paymentId/authenticate`,
      operationId: 'testProviderAuthenticate',
      summary: 'Approve or refuse the extra authentication step (form: decision=approve|refuse)',
    },
    async ({ params }, c) => {
      const payment = await find(params.paymentId)
      if (!payment) return notFound()
      const form = await readProviderForm(c)
      if (!form) return refused()
      const after = (await provider.authenticate(payment.id, form.text('decision') === 'approve')) ?? payment
      return after.status === 'SUCCEEDED' || after.status === 'FAILED'
        ? seeOther(after.return_url)
        : pageOf(c, after, payment)
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${base}/:paymentId/cancel`,
      operationId: 'testProviderCancel',
      summary: 'Give up paying and go back to the shop',
    },
    async ({ params }, c) => {
      const payment = await find(params.paymentId)
      if (!payment) return notFound()
      const form = await readProviderForm(c)
      if (!form) return refused()
      const after = (await provider.cancel(payment.id)) ?? payment
      return seeOther(after.return_url)
    },
  )
}
