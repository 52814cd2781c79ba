import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { createLogger } from '../../log.ts'
import { refundOrder } from '../../orders/order-actions.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { checkOutWithTestCard, pathOfLocation } from '../../testing/hosted-checkout-flow.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { voidRefundedTickets } from '../../ticketed-events/ticketed-event-store.ts'
import { freeCanceledOrder } from '../free-canceled-order.ts'
import { providerTitles } from '../payment-provider.ts'
import { reconcilePendingPayments } from '../payments/payment-reconciliation.ts'
import { orderRefundsThroughPayments } from '../payments/refunds-for-order-desk.ts'
import {
  type LocalStripe,
  STRIPE_TEST_CARDS,
  startLocalStripe,
  stripeSignatureHeader,
} from './testing/local-stripe.ts'

const SECRET_KEY = 'sk_test_aisleLocalStripeKey0123456789'
const WEBHOOK_SECRET = 'whsec_aisleLocalWebhookSecret0123456789'
const WEBHOOK_PATH = '/payments/v1/notifications/stripe'

// The stories of issue 30 through the real app in process, the official library, and the local Stripe
// it is pointed at with its own host/port/protocol options: no internet.
describe.each(databaseKinds())('Stripe payments on %s', (kind) => {
  let db: Db
  let stripe: LocalStripe
  let platform: ReturnType<typeof createTestPlatform>
  let notebookId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    let app: ReturnType<typeof createTestPlatform>['app'] | undefined
    stripe = await startLocalStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${TEST_PUBLIC_URL}${WEBHOOK_PATH}`,
      deliver: async (request) => (app ? app.request(request) : new Response(null, { status: 503 })),
      now: () => platform.clock(),
    })
    platform = createTestPlatform(db, {
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: stripe.apiOptions },
    })
    app = platform.app
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [row] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    notebookId = row!.id
  })
  afterAll(async () => {
    await stripe.close()
    await db.close()
  })
  beforeEach(() => stripe.setWebhooks('send'))

  const payments = () => platform.app.payments
  const silent = createLogger('silent')

  async function checkoutOf(quantity = 1) {
    await db.query('update products set track_inventory = false, in_stock = true where id = $1', [notebookId])
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body: unknown) =>
      platform.call('POST', `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', { lineItems: [{ catalogReference: { catalogItemId: notebookId }, quantity }] })
    const created = await call('/create-checkout', { channelType: 'WEB' })
    expect(created.status).toBe(200)
    return created.json.checkoutId as string
  }

  /** A shopper who filled in the hosted checkout and chose Stripe: on Stripe's page now. */
  async function onStripePage() {
    const checkoutId = await checkoutOf()
    const browser = createTestBrowser(platform.app)
    const sent = await checkOutWithTestCard(browser, checkoutId, { paymentMethod: 'stripe' })
    expect(sent.status).toBe(303)
    const location = sent.location ?? ''
    expect(location.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true)
    const sessionId = location.split('/pay/')[1] ?? ''
    return { checkoutId, browser, sessionId }
  }

  async function ordersOf(checkoutId: string) {
    return db.query<{ id: string; payment: { status: string; provider: string; cardLast4?: string } }>(
      'select id, payment from orders where checkout_id = $1',
      [checkoutId],
    )
  }
  async function paymentOf(sessionId: string) {
    const [row] = await db.query<{ status: string; failure_reason: string | null; amount_minor: string }>(
      'select status, failure_reason, amount_minor from payments where provider_payment_id = $1',
      [sessionId],
    )
    return row!
  }
  /** The shopper's browser following Stripe's redirect back to the platform. */
  async function comeBack(browser: ReturnType<typeof createTestBrowser>, location: string | undefined) {
    expect(location?.startsWith(`${TEST_PUBLIC_URL}/_checkout/`)).toBe(true)
    return browser.get(pathOfLocation(location ?? ''))
  }
  const eventsOf = (sessionId: string, type: string) =>
    stripe
      .events()
      .filter((event) => event.type === type && (event.data.object as { id: string }).id === sessionId)

  it('offers Stripe first and sends the shopper to a Checkout Session for the total, named by the payment', async () => {
    expect(platform.paymentProviders.map((provider) => provider.id)).toEqual([
      'stripe',
      'test-card',
      'offline',
    ])
    // The providers name themselves to the merchant (decision 100): the order desk reads these.
    expect(
      platform.paymentProviders.map((provider) => providerTitles(platform.paymentProviders)(provider.id)),
    ).toEqual(['Stripe', 'Card (test mode)', 'Pay later (offline)'])
    const page = await createTestBrowser(platform.app).get(`/_checkout/${await checkoutOf()}`)
    // The place-order post ends on Stripe's page: browsers check that redirect against form-action.
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${stripe.url}`)
    const { checkoutId, sessionId } = await onStripePage()
    const session = stripe.sessions().find((candidate) => candidate.id === sessionId)!
    const [payment] = await db.query<{ id: string; amount_minor: string; currency: string }>(
      'select id, amount_minor, currency from payments where provider_payment_id = $1',
      [sessionId],
    )
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: payment!.id,
      metadata: { aisle_payment_id: payment!.id },
      amount_total: Number(payment!.amount_minor),
      currency: payment!.currency.toLowerCase(),
      cancel_url: `${TEST_PUBLIC_URL}/_checkout/${checkoutId}`,
    })
    expect(session.success_url).toBe(
      `${TEST_PUBLIC_URL}/_checkout/${checkoutId}/payment-return?payment=${payment!.id}`,
    )
  })

  it('a paid order: the webhook comes first and places it; the return finds it; placed once', async () => {
    const { checkoutId, browser, sessionId } = await onStripePage()
    const paid = await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds)
    expect(paid.status).toBe(303)
    // The webhook was delivered before Stripe sent the shopper back.
    const [order] = await ordersOf(checkoutId)
    expect(order?.payment).toMatchObject({ status: 'PAID', provider: 'stripe', cardLast4: '4242' })
    const back = await comeBack(browser, paid.location)
    expect(back.status).toBe(303)
    expect(back.location).toMatch(new RegExp(`/_checkout/${checkoutId}/thank-you\\?expires=`))
    expect(await ordersOf(checkoutId)).toHaveLength(1)
  })

  it('return before webhook, then the webhook twice: placed once', async () => {
    stripe.setWebhooks('hold')
    const { checkoutId, browser, sessionId } = await onStripePage()
    const paid = await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds)
    expect(await ordersOf(checkoutId)).toHaveLength(0)
    const back = await comeBack(browser, paid.location)
    expect(back.location).toMatch(new RegExp(`/_checkout/${checkoutId}/thank-you`))
    expect(await ordersOf(checkoutId)).toHaveLength(1)
    const [completed] = eventsOf(sessionId, 'checkout.session.completed')
    expect(await stripe.deliver(completed!.id)).toBe(200)
    expect(await stripe.deliver(completed!.id)).toBe(200)
    for (const event of stripe.heldEvents()) expect(await stripe.deliver(event.id)).toBe(200)
    expect(await ordersOf(checkoutId)).toHaveLength(1)
  })

  it('a declined card: Stripe’s words on its page, no order; another card pays on the same session', async () => {
    const { checkoutId, browser, sessionId } = await onStripePage()
    const declined = await stripe.pay(sessionId, STRIPE_TEST_CARDS.declines)
    expect(declined.status).toBe(402)
    expect(declined.html).toContain('Your card was declined.')
    expect(eventsOf(sessionId, 'checkout.session.completed')).toHaveLength(0)
    expect(await ordersOf(checkoutId)).toHaveLength(0)
    expect((await paymentOf(sessionId)).status).toBe('PENDING')
    const paid = await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds)
    await comeBack(browser, paid.location)
    expect(await ordersOf(checkoutId)).toHaveLength(1)
  })

  it('3-D Secure: approved pays; failed leaves Stripe’s words on the page and no order', async () => {
    const first = await onStripePage()
    const asked = await stripe.pay(first.sessionId, STRIPE_TEST_CARDS.authenticates)
    expect(asked.location).toBe(`/pay/${first.sessionId}`)
    expect(await ordersOf(first.checkoutId)).toHaveLength(0)
    const approved = await stripe.authenticate(first.sessionId, 'approve')
    await comeBack(first.browser, approved.location)
    expect(await ordersOf(first.checkoutId)).toHaveLength(1)

    const second = await onStripePage()
    await stripe.pay(second.sessionId, STRIPE_TEST_CARDS.authenticates)
    const failed = await stripe.authenticate(second.sessionId, 'fail')
    expect(failed.location).toBe(`/pay/${second.sessionId}`)
    const page = await fetch(`${stripe.url}/pay/${second.sessionId}`)
    expect(await page.text()).toContain('We are unable to authenticate your payment method.')
    expect(await ordersOf(second.checkoutId)).toHaveLength(0)
  })

  it('never told: the reconciliation places a paid payment past the limit once, and closes an unpaid one with Stripe’s words', async () => {
    stripe.setWebhooks('hold')
    const paid = await onStripePage()
    await stripe.pay(paid.sessionId, STRIPE_TEST_CARDS.succeeds)
    const unpaid = await onStripePage()
    await stripe.pay(unpaid.sessionId, STRIPE_TEST_CARDS.declines)
    expect(await reconcilePendingPayments({ ...payments(), logger: silent })).toBe(0)
    platform.clock.advance(2 * 3600)
    await reconcilePendingPayments({ ...payments(), logger: silent })
    expect(await ordersOf(paid.checkoutId)).toHaveLength(1)
    expect(await paymentOf(unpaid.sessionId)).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Your card was declined.',
    })
    expect(stripe.sessions().find((session) => session.id === unpaid.sessionId)?.status).toBe('expired')
    // The late webhooks change nothing.
    for (const event of stripe.heldEvents()) expect(await stripe.deliver(event.id)).toBe(200)
    expect(await ordersOf(paid.checkoutId)).toHaveLength(1)
    expect(await ordersOf(unpaid.checkoutId)).toHaveLength(0)
  })

  it('a payment that succeeds after its checkout was ordered another way is refunded in full', async () => {
    const { checkoutId, sessionId } = await onStripePage()
    const other = createTestBrowser(platform.app)
    const placed = await checkOutWithTestCard(other, checkoutId)
    expect(placed.location).toMatch(/thank-you/)
    await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds)
    const payment = await paymentOf(sessionId)
    const refunds = stripe
      .refunds()
      .filter((refund) =>
        stripe.sessions().some((s) => s.id === sessionId && s.payment_intent === refund.payment_intent),
      )
    expect(refunds.map((refund) => refund.amount)).toEqual([Number(payment.amount_minor)])
    expect(await ordersOf(checkoutId)).toHaveLength(1)
  })

  async function paidOrder() {
    const { checkoutId, browser, sessionId } = await onStripePage()
    const paid = await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds)
    await comeBack(browser, paid.location)
    const [order] = await ordersOf(checkoutId)
    const intent = stripe.sessions().find((session) => session.id === sessionId)?.payment_intent ?? ''
    return {
      orderId: order!.id,
      intent,
      refundsAtStripe: () => stripe.refunds().filter((r) => r.payment_intent === intent),
    }
  }

  /** The order's refunds and money as the order desk has them. */
  async function refundsOnOrder(orderId: string) {
    const refunds = await db.query<{ amount_minor: string; reason: string | null; created_date: Date }>(
      'select amount_minor, reason, created_date from order_refunds where order_id = $1 order by created_date',
      [orderId],
    )
    const [order] = await db.query<{ refunded_minor: string; payment_status: string; total_minor: string }>(
      'select refunded_minor, payment_status, total_minor from orders where id = $1',
      [orderId],
    )
    // Amounts as numbers: the two databases' drivers read the columns differently.
    return {
      refunds: refunds.map((refund) => ({ ...refund, amount_minor: Number(refund.amount_minor) })),
      order: {
        ...order!,
        refunded_minor: Number(order!.refunded_minor),
        total_minor: Number(order!.total_minor),
      },
    }
  }

  it('a refund from the order desk, twice with one key: one refund at Stripe', async () => {
    const { orderId, refundsAtStripe } = await paidOrder()
    const desk = {
      db,
      refunds: orderRefundsThroughPayments(payments()),
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
    }
    const owner = await createOwnerCaller(db)
    const request = { orderId, idempotencyKey: 'desk-stripe-1', amountMinor: 300 }
    const first = await refundOrder(desk, owner, request, platform.clock())
    const again = await refundOrder(desk, owner, request, platform.clock())
    expect(first.isReplay).toBe(false)
    expect(again.isReplay).toBe(true)
    expect(refundsAtStripe().map((refund) => refund.amount)).toEqual([300])
    // Stripe's charge.refunded webhook came while the refund was being asked for (before the platform
    // knew Stripe's refund id) and again later: the desk's refund is on the order once.
    const echo = stripe.events().at(-1)
    expect(echo?.type).toBe('charge.refunded')
    expect(stripe.heldEvents()).toHaveLength(0)
    expect(await stripe.deliver(echo!.id)).toBe(200)
    const { refunds, order } = await refundsOnOrder(orderId)
    expect(refunds.map((refund) => refund.amount_minor)).toEqual([300])
    expect(order.refunded_minor).toBe(300)
  })

  it('a refund made on Stripe’s dashboard goes on the order once: its amount, its date and Stripe’s words', async () => {
    const { orderId, intent, refundsAtStripe } = await paidOrder()
    const library = new Stripe(SECRET_KEY, { ...stripe.apiOptions, maxNetworkRetries: 0 })
    // The webhook comes an hour late, and twice: the refund keeps Stripe's date and is recorded once.
    stripe.setWebhooks('hold')
    const atStripe = await library.refunds.create({
      payment_intent: intent,
      amount: 400,
      reason: 'requested_by_customer',
    })
    platform.clock.advance(3600)
    const [event] = stripe.heldEvents()
    expect(event?.type).toBe('charge.refunded')
    expect(await stripe.deliver(event!.id)).toBe(200)
    expect(await stripe.deliver(event!.id)).toBe(200)
    const after = await refundsOnOrder(orderId)
    expect(after.refunds).toEqual([
      {
        amount_minor: 400,
        reason: 'Refunded at Stripe: requested by the customer',
        created_date: new Date(atStripe.created * 1000),
      },
    ])
    expect(after.order).toMatchObject({ refunded_minor: 400, payment_status: 'PARTIALLY_REFUNDED' })
    const [payment] = await db.query<{ refunded_minor: string }>(
      "select refunded_minor from payments where id = (select (payment->>'paymentId')::uuid from orders where id = $1)",
      [orderId],
    )
    expect(Number(payment?.refunded_minor)).toBe(400)
    const [timeline] = await db.query<{ actor: unknown }>(
      "select actor from order_events where order_id = $1 and kind = 'REFUNDED'",
      [orderId],
    )
    expect(timeline?.actor).toEqual({ identityType: 'APP', appId: 'stripe' })
    // The order desk refunds the rest: the books at Stripe and on the order agree.
    stripe.setWebhooks('send')
    const rest = after.order.total_minor - 400
    const desk = {
      db,
      refunds: orderRefundsThroughPayments(payments()),
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
    }
    await refundOrder(
      desk,
      await createOwnerCaller(db),
      { orderId, idempotencyKey: 'desk-after-stripe', amountMinor: rest },
      platform.clock(),
    )
    expect(refundsAtStripe().map((refund) => refund.amount)).toEqual([400, rest])
    const last = await refundsOnOrder(orderId)
    expect(last.refunds.map((refund) => refund.amount_minor)).toEqual([400, rest])
    expect(last.order.payment_status).toBe('FULLY_REFUNDED')
  })

  it('Stripe answering 500 to a refund: the library retries with the same key; one refund', async () => {
    const { orderId, refundsAtStripe } = await paidOrder()
    const desk = {
      db,
      refunds: orderRefundsThroughPayments(payments()),
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
    }
    const owner = await createOwnerCaller(db)
    stripe.failNext('/v1/refunds', 1)
    await refundOrder(
      desk,
      owner,
      { orderId, idempotencyKey: 'desk-500-a', amountMinor: 200 },
      platform.clock(),
    )
    expect(refundsAtStripe().map((refund) => refund.amount)).toEqual([200])
  })

  it('Stripe down through every retry: a clear 503 and nothing refunded; the merchant’s retry with the same key refunds once', async () => {
    const { orderId, refundsAtStripe } = await paidOrder()
    const desk = {
      db,
      refunds: orderRefundsThroughPayments(payments()),
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
    }
    const owner = await createOwnerCaller(db)
    const request = { orderId, idempotencyKey: 'desk-500-b', amountMinor: 250 }
    stripe.failNext('/v1/refunds', 3)
    const failure = await refundOrder(desk, owner, request, platform.clock()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApplicationError)
    expect(failure).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', status: 503 })
    expect(String((failure as Error).message)).not.toContain(SECRET_KEY)
    expect(refundsAtStripe()).toHaveLength(0)
    const retried = await refundOrder(desk, owner, request, platform.clock())
    expect(retried.isReplay).toBe(false)
    expect(refundsAtStripe().map((refund) => refund.amount)).toEqual([250])
  })

  it('refuses an unsigned or wrongly signed webhook, and signs as the official library does', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {},
    })
    const time = Math.floor(platform.clock().getTime() / 1000)
    const library = new Stripe(SECRET_KEY)
    expect(stripeSignatureHeader(body, WEBHOOK_SECRET, time)).toBe(
      library.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: time }),
    )
    const post = (signature: string) =>
      platform.call('POST', WEBHOOK_PATH, {
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      })
    const forged = await post(stripeSignatureHeader(body, 'whsec_someoneElse', time))
    expect(forged.status).toBe(400)
    expect(forged.text).toContain('PAYMENT_NOTIFICATION_REFUSED')
    const stale = await post(stripeSignatureHeader(body, WEBHOOK_SECRET, time - 3600))
    expect(stale.status).toBe(400)
    // Signed, but with no object: taken, and nothing done.
    expect((await post(stripeSignatureHeader(body, WEBHOOK_SECRET, time))).status).toBe(200)
    const other = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    })
    const taken = await platform.call('POST', WEBHOOK_PATH, {
      body: other,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(other, WEBHOOK_SECRET, time),
      },
    })
    expect(taken.status).toBe(200)
    expect(taken.json).toEqual({ received: true })
  })

  it('the local Stripe keeps Idempotency-Key semantics: same key and body, same answer; another body, idempotency_error', async () => {
    const library = new Stripe(SECRET_KEY, { ...stripe.apiOptions, maxNetworkRetries: 0 })
    const params = {
      mode: 'payment' as const,
      success_url: 'http://shop.test/ok',
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } },
      ],
    }
    const first = await library.checkout.sessions.create(params, { idempotencyKey: 'same-key' })
    const again = await library.checkout.sessions.create(params, { idempotencyKey: 'same-key' })
    expect(again.id).toBe(first.id)
    const other = await library.checkout.sessions
      .create({ ...params, success_url: 'http://shop.test/other' }, { idempotencyKey: 'same-key' })
      .catch((error: unknown) => error)
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    const wrongKey = await new Stripe('sk_test_wrong0000000000', {
      ...stripe.apiOptions,
      maxNetworkRetries: 0,
    }).checkout.sessions
      .retrieve(first.id)
      .catch((error: unknown) => error)
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    const missing = await library.checkout.sessions
      .retrieve('cs_test_nothing')
      .catch((error: unknown) => error)
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' })
  })
})
