import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { appFromConfig } from '../../testing/app-from-config.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { BROOKLYN_FIELDS, pathOfLocation, submitCheckout } from '../../testing/hosted-checkout-flow.ts'
import { openDemoCommerce, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'

const BANNER = 'data-test-mode-banner'

describe('the test card provider of a platform built from its configuration (decision 054)', () => {
  let db: Db
  let notebookId: string
  beforeAll(async () => {
    ;({ db, notebookId } = await openDemoCommerce('pglite'))
  })
  afterAll(() => db.close())

  /** The app `main.ts` would make of these settings, at the test address. */
  const appFrom = (env: Record<string, string>) => appFromConfig(db, { PUBLIC_URL: TEST_PUBLIC_URL, ...env })
  const production = { NODE_ENV: 'production' }

  /** A new visitor's checkout of one notebook, and a browser on its page. */
  async function checkoutOn(app: ReturnType<typeof appFrom>) {
    const call = async (path: string, token: string, body: unknown) => {
      const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return (await response.json()) as Record<string, any>
    }
    const { access_token: token } = await call('/oauth2/token', '', {
      clientId: DEMO_CLIENT_ID,
      grantType: 'anonymous',
    })
    await call('/ecom/v1/carts/current/add-to-cart', token, {
      lineItems: [{ catalogReference: { catalogItemId: notebookId }, quantity: 1 }],
    })
    const { checkoutId } = await call('/ecom/v1/carts/current/create-checkout', token, { channelType: 'WEB' })
    const browser = createTestBrowser(app)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.status).toBe(200)
    return { checkoutId: checkoutId as string, browser, page }
  }
  const paymentChoices = (html: string) =>
    [...html.matchAll(/<input[^>]*name="paymentMethod"[^>]*>/g)].map(
      (input) => /value="([^"]+)"/.exec(input[0])?.[1],
    )

  it('offers pay-later alone in production: no test card, its pages 404 and its notifications are refused', async () => {
    const app = appFrom(production)
    expect(app.paymentProviders.map((provider) => provider.id)).toEqual(['offline'])
    const { checkoutId, browser, page } = await checkoutOn(app)
    expect(paymentChoices(page.text)).toEqual(['offline'])
    expect(page.text).not.toContain('4242')
    expect(page.text).not.toContain(BANNER)

    // A form that names the test card anyway is refused, and nothing is placed.
    const pressed = await submitCheckout(browser, checkoutId, {
      email: 'ada@example.com',
      ...BROOKLYN_FIELDS,
      paymentMethod: 'test-card',
    })
    expect(pressed.status).toBe(400)
    expect(pressed.text).toContain('Choose a way to pay.')
    const orders = await db.query('select id from orders where checkout_id = $1', [checkoutId])
    expect(orders).toEqual([])

    const payment = `/test-provider/pay/tp_${'0'.repeat(32)}`
    expect((await app.request(`${TEST_PUBLIC_URL}${payment}`)).status).toBe(404)
    const post = await app.request(`${TEST_PUBLIC_URL}${payment}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242&cardExpiry=12/30&cardCvc=123',
    })
    expect(post.status).toBe(404)

    const body = JSON.stringify({
      type: 'payment.updated',
      payment: { providerPaymentId: `tp_${'0'.repeat(32)}`, reference: checkoutId, status: 'SUCCEEDED' },
    })
    const notification = await app.request(`${TEST_PUBLIC_URL}/payments/v1/notifications/test-card`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'aisle-payment-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`,
      },
      body,
    })
    expect(notification.status).toBe(400)
    expect(((await notification.json()) as any).details.applicationError.code).toBe(
      'PAYMENT_NOTIFICATION_REFUSED',
    )

    // Pay-later still places the order, unpaid.
    const placed = await submitCheckout(browser, checkoutId, { paymentMethod: 'offline' })
    expect(placed.status, /class="problem"[^<]*>([^<]*)/.exec(placed.text)?.[1]).toBe(303)
    const [order] = await db.query<{ payment_status: string }>(
      'select payment_status from orders where checkout_id = $1',
      [checkoutId],
    )
    expect(order?.payment_status).toBe('NOT_PAID')
  })

  it('offers the test card outside production, with no banner', async () => {
    const app = appFrom({})
    expect(app.paymentProviders.map((provider) => provider.id)).toEqual(['test-card', 'offline'])
    const { page } = await checkoutOn(app)
    expect(paymentChoices(page.text)).toEqual(['test-card', 'offline'])
    expect(page.text).not.toContain(BANNER)
    expect((await app.request(`${TEST_PUBLIC_URL}/dashboard/login`)).status).toBe(200)
    expect(await (await app.request(`${TEST_PUBLIC_URL}/dashboard/login`)).text()).not.toContain(BANNER)
  })

  it('says so on every payment page and the dashboard when an operator turns it on in production', async () => {
    const app = appFrom({ ...production, PAYMENTS_TEST_PROVIDER: 'on' })
    expect(app.paymentProviders.map((provider) => provider.id)).toEqual(['test-card', 'offline'])
    const { checkoutId, browser, page } = await checkoutOn(app)
    expect(paymentChoices(page.text)).toEqual(['test-card', 'offline'])
    const bannerFirst = (html: string) => expect(html).toMatch(new RegExp(`<body[^>]*><p [^>]*${BANNER}`))
    bannerFirst(page.text)
    expect(page.text).toContain('Test mode.')

    const toProvider = await submitCheckout(browser, checkoutId, {
      email: 'ada@example.com',
      ...BROOKLYN_FIELDS,
      paymentMethod: 'test-card',
    })
    expect(toProvider.location).toMatch(/\/test-provider\/pay\/tp_[0-9a-f]{32}$/)
    const providerPage = await browser.get(pathOfLocation(toProvider.location!))
    expect(providerPage.status).toBe(200)
    bannerFirst(providerPage.text)

    // A page of each: the plan checkout (a link that is no session), the dashboard, a 404 of either.
    for (const path of ['/_plans/checkout?session=nope', '/dashboard/login', '/dashboard/nothing-here']) {
      const answer = await app.request(`${TEST_PUBLIC_URL}${path}`)
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/)
      bannerFirst(await answer.text())
    }
    // JSON answers and the shop's other pages are left as they are.
    const json = await app.request(`${TEST_PUBLIC_URL}/health`)
    expect(await json.text()).not.toContain(BANNER)
    const docs = await app.request(`${TEST_PUBLIC_URL}/docs`)
    expect(await docs.text()).not.toContain(BANNER)
  })
})
