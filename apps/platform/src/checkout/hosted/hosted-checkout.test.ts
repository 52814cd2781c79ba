import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { refundOrder } from '../../orders/order-actions.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import {
  BROOKLYN_FIELDS,
  checkOutWithTestCard,
  pathOfLocation,
  payOnTestProvider,
  submitCheckout,
} from '../../testing/hosted-checkout-flow.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { setCheckoutCallbacks } from '../checkout-store.ts'
import { THANK_YOU_LINK_SECONDS } from './hosted-checkout-routes.tsx'

/** The thank-you page's address as the buyer is sent to it: signed, with its expiry. */
const signedThankYou = (checkoutId: string) =>
  new RegExp(`^/_checkout/${checkoutId}/thank-you\\?expires=[0-9]+&signature=[A-Za-z0-9_-]+$`)

import { voidRefundedTickets } from '../../ticketed-events/ticketed-event-store.ts'
import { freeCanceledOrder } from '../free-canceled-order.ts'
import { refundPayment } from '../payments/refund-payment.ts'
import { orderRefundsThroughPayments } from '../payments/refunds-for-order-desk.ts'

const CARD_OK = '4242 4242 4242 4242'
const CARD_DECLINED = '4000 0000 0000 0002'
const CARD_3DS = '4000 0025 0000 3155'

describe.each(databaseKinds())('hosted checkout on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: { id: string; price: number }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [row] = await db.query<{ id: string; discounted_price_minor: number }>(
      "select id, discounted_price_minor from products where slug = 'meadow-notebook'",
    )
    notebook = { id: row!.id, price: row!.discounted_price_minor }
  })
  afterAll(() => db.close())

  async function setStock(quantity: number | null) {
    await db.query('update products set track_inventory = $2, quantity = $3, in_stock = true where id = $1', [
      notebook.id,
      quantity !== null,
      quantity,
    ])
  }
  async function stock() {
    const [row] = await db.query<{ quantity: number }>('select quantity from products where id = $1', [
      notebook.id,
    ])
    return row!.quantity
  }
  async function orderCount(checkoutId?: string) {
    const rows = await db.query<{ count: string }>(
      checkoutId ? 'select count(*) from orders where checkout_id = $1' : 'select count(*) from orders',
      checkoutId ? [checkoutId] : [],
    )
    return Number(rows[0]!.count)
  }

  /** A visitor with `quantity` notebooks in the cart (and a coupon) and a checkout of it. */
  async function checkoutOf(quantity: number, couponCode?: string) {
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body?: unknown, method = 'POST') =>
      platform.call(method, `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: notebook.id }, quantity }],
    })
    if (couponCode) expect((await call('', { couponCode }, 'PATCH')).status).toBe(200)
    const created = await call('/create-checkout', { channelType: 'WEB' })
    expect(created.status).toBe(200)
    return { token, checkoutId: created.json.checkoutId as string }
  }

  /** A browser whose form was pressed once (totals shown): its next press of place-order pays. */
  async function readyBrowser(checkoutId: string, paymentMethod = 'test-card') {
    const browser = createTestBrowser(platform.app)
    await browser.get(`/_checkout/${checkoutId}`)
    const shown = await browser.submit(`/_checkout/${checkoutId}/place-order`, {
      email: 'ada@example.com',
      ...BROOKLYN_FIELDS,
      paymentMethod,
    })
    expect(shown.status).toBe(200)
    return browser
  }
  const placeAction = (checkoutId: string) => `/_checkout/${checkoutId}/place-order`
  const payments = () => ({
    db,
    clock: platform.clock,
    providers: platform.paymentProviders,
    publicUrl: TEST_PUBLIC_URL,
  })

  it('answers the typed form’s field errors beside its totals, as placing the order would word them', async () => {
    const { checkoutId } = await checkoutOf(1)
    const browser = createTestBrowser(platform.app)
    await browser.get(`/_checkout/${checkoutId}`)
    const fields = { ...browser.formOf(placeAction(checkoutId)), ...BROOKLYN_FIELDS }
    const estimate = async (changes: Record<string, string>) => {
      const answer = await browser.post(`/_checkout/${checkoutId}/estimate`, { ...fields, ...changes })
      expect(answer.status).toBe(200)
      return JSON.parse(answer.text) as { errors: Record<string, string>; total: number }
    }
    const wrong = await estimate({ email: 'ada@', 'shipping.postalCode': 'ABCDE' })
    expect(Object.keys(wrong.errors).sort()).toEqual(['email', 'shipping.postalCode'])
    expect(wrong.errors.email).toBe('Enter an e-mail address, like name@example.com.')
    expect(wrong.total).toBeGreaterThan(0)
    expect((await estimate({ email: 'ada@example.com' })).errors).toEqual({})
    expect(await orderCount(checkoutId)).toBe(0)
  })

  it('says where a pickup option is, beside its title, so the shopper knows where to go before choosing it', async () => {
    const { checkoutId } = await checkoutOf(1)
    const browser = createTestBrowser(platform.app)
    await browser.get(`/_checkout/${checkoutId}`)
    const shown = await browser.submit(placeAction(checkoutId), {
      email: 'ada@example.com',
      ...BROOKLYN_FIELDS,
    })
    const option =
      /<label[^>]*class="check option"[^>]*>(?:(?!<\/label>)[\s\S])*Pick up in Brooklyn[\s\S]*?<\/label>/.exec(
        shown.text,
      )?.[0]
    expect(option).toContain(
      '<span class="muted block" data-pickup-address="true">1 Front St, Brooklyn, NY 11201, United States</span>',
    )
  })

  it('takes a shopper from one form through the provider’s page to the confirmation', async () => {
    await setStock(10)
    const { token, checkoutId } = await checkoutOf(2)
    const browser = createTestBrowser(platform.app)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'")
    expect(page.text).toContain('<option value="DE">Germany</option>')
    expect(page.text).toContain('<optgroup label="We ship to">')
    expect(page.text).not.toContain('name="cardNumber"')

    const invalid = await browser.submit(placeAction(checkoutId), {
      email: 'nope',
      'shipping.country': 'QQ',
      'shipping.postalCode': '1',
      billingSameAsShipping: 'on',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('Enter an e-mail address')
    expect(invalid.text).toContain('Choose a country from the list.')
    expect(invalid.text).toContain('Enter the city or town.')
    const badPostal = await browser.submit(placeAction(checkoutId), {
      email: 'ada@example.com',
      ...BROOKLYN_FIELDS,
      'shipping.postalCode': 'ABC',
    })
    expect(badPostal.status).toBe(400)
    expect(badPostal.text).toContain('This is not a postal code of that country (for example 11201')

    // The page shown with the errors priced what was typed: the corrected press goes to the provider.
    const toProvider = await browser.submit(placeAction(checkoutId), { 'shipping.postalCode': '11201' })
    expect(toProvider.status).toBe(303)
    expect(toProvider.location).toMatch(/\/test-provider\/pay\/tp_[0-9a-f]{32}$/)
    expect(await orderCount(checkoutId)).toBe(0)
    const back = await payOnTestProvider(browser, toProvider.location!, CARD_OK)
    expect(back.location).toMatch(signedThankYou(checkoutId))
    const thanks = await browser.get(back.location!)
    const number = /data-order-number="(\d+)"/.exec(thanks.text)?.[1]
    expect(number).toBeDefined()
    expect(thanks.text).toContain('Meadow Notebook')
    expect(thanks.text).toContain('5 Main St')
    expect(thanks.text).toContain('by card ending 4242')
    expect(thanks.text).toContain('What happens next')
    expect(thanks.text).toContain('ada@example.com')

    // Whoever holds only the bare address, an altered link or the buyer's after its hour: no personal data.
    const signed = new URL(back.location!, 'https://platform.test')
    const altered = new URL(signed)
    altered.searchParams.set('signature', `${signed.searchParams.get('signature')!.slice(0, -2)}AA`)
    const bare = `/_checkout/${checkoutId}/thank-you`
    const stranger = createTestBrowser(platform.app)
    for (const address of [bare, `${altered.pathname}${altered.search}`, `${bare}?expires=1&signature=x`]) {
      const page = await stranger.get(address)
      expect(page.status).toBe(200)
      expect(page.text).toContain('Your order is placed')
      expect(page.text).toContain('check your e-mail')
      for (const personal of ['ada@example.com', '5 Main St', 'Brooklyn', '11201', 'Ada', '4242'])
        expect(page.text).not.toContain(personal)
    }
    platform.clock.advance(THANK_YOU_LINK_SECONDS + 1)
    const late = await stranger.get(back.location!)
    expect(late.text).toContain('Your order is placed')
    expect(late.text).not.toContain('ada@example.com')
    expect(late.text).not.toContain('5 Main St')
    // The provider's return address, kept in the browser's history, signs no new link after the hour.
    const [payment] = await db.query<{ id: string }>('select id from payments where checkout_id = $1', [
      checkoutId,
    ])
    const returned = await stranger.get(`/_checkout/${checkoutId}/payment-return?payment=${payment!.id}`)
    expect(returned.location).toBe(`/_checkout/${checkoutId}/thank-you`)

    expect(await stock()).toBe(8)
    const [order] = await db.query<{ number: string; payment: Record<string, unknown> }>(
      'select number, payment from orders where checkout_id = $1',
      [checkoutId],
    )
    expect(String(order!.number)).toBe(number)
    expect(order!.payment).toMatchObject({ status: 'PAID', provider: 'test-card', cardLast4: '4242' })
    expect(order!.payment.transactionId).toMatch(/^tp_/)
    const everything = JSON.stringify([
      order,
      await db.query('select * from payments where checkout_id = $1', [checkoutId]),
      await db.query('select * from test_provider_payments'),
    ])
    expect(everything).not.toContain('4242424242424242')
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(cart.json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
    // The page itself now answers the order.
    expect((await browser.get(`/_checkout/${checkoutId}`)).location).toBe(
      `/_checkout/${checkoutId}/thank-you`,
    )
    expect(await orderCount(checkoutId)).toBe(1)
  })

  it('asks for the extra approval step of 4000 0025 0000 3155 and places the order only once approved', async () => {
    await setStock(null)
    const refused = await checkoutOf(1)
    const browser = await readyBrowser(refused.checkoutId)
    const toProvider = await browser.submit(placeAction(refused.checkoutId))
    const back = await payOnTestProvider(browser, toProvider.location!, CARD_3DS, { approve: false })
    expect(back.status).toBe(409)
    expect(back.text).toContain('authentication was not approved')
    expect(await orderCount(refused.checkoutId)).toBe(0)

    const approved = await checkoutOf(1)
    const second = await readyBrowser(approved.checkoutId)
    const location = (await second.submit(placeAction(approved.checkoutId))).location!
    await second.get(pathOfLocation(location))
    const step = await second.post(pathOfLocation(location), {
      cardNumber: CARD_3DS,
      cardExpiry: '12/30',
      cardCvc: '123',
    })
    expect(step.location).toBe(pathOfLocation(location))
    expect(await orderCount(approved.checkoutId)).toBe(0)
    expect((await second.get(step.location!)).text).toContain('Approve the payment')
    const done = await second.post(`${pathOfLocation(location)}/authenticate`, { decision: 'approve' })
    // The signed notification placed the order before the shopper even came back.
    expect(await orderCount(approved.checkoutId)).toBe(1)
    const thanks = await second.get(pathOfLocation(done.location!))
    expect(thanks.location).toMatch(signedThankYou(approved.checkoutId))
    expect(await orderCount(approved.checkoutId)).toBe(1)
  })

  it('leaves stock, coupon, cart and checkout as they were when the card is declined', async () => {
    await setStock(5)
    await db.query("update coupons set uses = 0, usage_limit = 10 where code = 'WELCOME10'")
    const { token, checkoutId } = await checkoutOf(1, 'WELCOME10')
    const browser = await readyBrowser(checkoutId)
    const toProvider = await browser.submit(placeAction(checkoutId))
    const declined = await payOnTestProvider(browser, toProvider.location!, CARD_DECLINED)
    expect(declined.status).toBe(409)
    expect(declined.text).toContain('The card was declined')
    expect(await stock()).toBe(5)
    expect(await orderCount(checkoutId)).toBe(0)
    const [coupon] = await db.query<{ uses: number }>("select uses from coupons where code = 'WELCOME10'")
    expect(coupon!.uses).toBe(0)
    expect((await platform.call('GET', '/ecom/v1/carts/current', { token })).status).toBe(200)

    const again = await browser.submit(placeAction(checkoutId))
    const paid = await payOnTestProvider(browser, again.location!, CARD_OK)
    expect(paid.location).toMatch(signedThankYou(checkoutId))
    const [used] = await db.query<{ uses: number }>("select uses from coupons where code = 'WELCOME10'")
    expect(used!.uses).toBe(1)
  })

  it('asks the buyer to confirm a total that changed since the page showed it', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    const browser = await readyBrowser(checkoutId, 'offline')
    const [old] = await db.query<{ price_minor: number }>('select price_minor from products where id = $1', [
      notebook.id,
    ])
    await db.query(
      'update products set price_minor = price_minor + 500, discounted_price_minor = discounted_price_minor + 500 where id = $1',
      [notebook.id],
    )
    try {
      const changed = await browser.submit(placeAction(checkoutId))
      expect(changed.status).toBe(200)
      expect(changed.text).toContain('Your total is updated')
      expect(await orderCount(checkoutId)).toBe(0)
      const confirmed = await browser.submit(placeAction(checkoutId))
      expect(confirmed.status).toBe(303)
      const [order] = await db.query<{ subtotal_minor: string; payment_status: string }>(
        'select subtotal_minor, payment_status from orders where checkout_id = $1',
        [checkoutId],
      )
      expect(Number(order!.subtotal_minor)).toBe(notebook.price + 500)
      expect(order!.payment_status).toBe('NOT_PAID')
    } finally {
      await db.query('update products set price_minor = $2, discounted_price_minor = $3 where id = $1', [
        notebook.id,
        old!.price_minor,
        notebook.price,
      ])
    }
  })

  it('creates one payment for ten concurrent posts of one form, and one order', async () => {
    await setStock(20)
    const { checkoutId } = await checkoutOf(1)
    const browser = await readyBrowser(checkoutId)
    const fields = browser.formOf(placeAction(checkoutId))
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.post(placeAction(checkoutId), fields)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(303))
    expect(new Set(answers.map((answer) => answer.location)).size).toBe(1)
    const rows = await db.query('select id from payments where checkout_id = $1', [checkoutId])
    expect(rows).toHaveLength(1)
    const paid = await payOnTestProvider(browser, answers[0]!.location!, CARD_OK)
    expect(paid.location).toMatch(signedThankYou(checkoutId))
    // The same form posted again after the order finds the order, not a second payment.
    const again = await browser.post(placeAction(checkoutId), fields)
    expect(again.location).toMatch(signedThankYou(checkoutId))
    expect(await orderCount(checkoutId)).toBe(1)
    expect(await stock()).toBe(19)
  })

  it('sells the last unit to one of two paid checkouts and refunds the other in full', async () => {
    await setStock(1)
    const first = await checkoutOf(1)
    const second = await checkoutOf(1)
    const browsers = await Promise.all([readyBrowser(first.checkoutId), readyBrowser(second.checkoutId)])
    const locations = await Promise.all(
      [first, second].map(
        async ({ checkoutId }, index) => (await browsers[index]!.submit(placeAction(checkoutId))).location!,
      ),
    )
    const answers = await Promise.all(
      locations.map((location, index) => payOnTestProvider(browsers[index]!, location, CARD_OK)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409])
    expect(answers.find((answer) => answer.status === 409)!.text).toMatch(
      /no longer available.*refunded in full/,
    )
    expect(await stock()).toBe(0)
    const refunded = await db.query<{ refunded_minor: string; amount_minor: string }>(
      'select refunded_minor, amount_minor from payments where checkout_id = any($1::uuid[]) and refunded_minor > 0',
      [[first.checkoutId, second.checkoutId]],
    )
    expect(refunded).toHaveLength(1)
    expect(refunded[0]!.refunded_minor).toBe(refunded[0]!.amount_minor)
  })

  it('refunds part and then the rest of a payment, once per idempotency key, never more than was paid', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(2)
    const placed = await checkOutWithTestCard(createTestBrowser(platform.app), checkoutId)
    expect(placed.location).toMatch(signedThankYou(checkoutId))
    const [order] = await db.query<{ id: string; total_minor: string }>(
      'select id, total_minor from orders where checkout_id = $1',
      [checkoutId],
    )
    const total = Number(order!.total_minor)
    const request = { siteId: DEMO_SITE_ID, orderId: order!.id, amountMinor: 500, idempotencyKey: 'refund-1' }
    const [one, two] = await Promise.all([
      refundPayment(payments(), request),
      refundPayment(payments(), request),
    ])
    expect(one!.status).toBe('SUCCEEDED')
    expect(two!.refundId).toBe(one!.refundId)
    const retried = await refundPayment(payments(), request)
    expect(retried).toMatchObject({ refundId: one!.refundId, isReplay: true, refundedMinor: 500 })
    const atProvider = await db.query<{ amount_minor: string }>(
      'select amount_minor from test_provider_refunds',
    )
    expect(atProvider.filter((row) => Number(row.amount_minor) === 500)).toHaveLength(1)

    const tooMuch = await refundPayment(payments(), {
      ...request,
      idempotencyKey: 'refund-2',
      amountMinor: total,
    }).catch((error: unknown) => error)
    expect((tooMuch as { code?: string }).code).toBe('REFUND_EXCEEDS_PAYMENT')
    const rest = await refundPayment(payments(), {
      ...request,
      idempotencyKey: 'refund-3',
      amountMinor: total - 500,
    })
    expect(rest).toMatchObject({ status: 'SUCCEEDED', refundedMinor: total })
    const [payment] = await db.query<{ refunded_minor: string }>(
      'select refunded_minor from test_provider_payments where reference = (select payment ->> $2 from orders where id = $1)',
      [order!.id, 'paymentId'],
    )
    expect(Number(payment!.refunded_minor)).toBe(total)
  })

  it('lets the order desk refund part of a paid order through the provider that took it, once per key', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    const placed = await checkOutWithTestCard(createTestBrowser(platform.app), checkoutId)
    expect(placed.location).toMatch(signedThankYou(checkoutId))
    const [order] = await db.query<{ id: string }>('select id from orders where checkout_id = $1', [
      checkoutId,
    ])
    const desk = {
      db,
      refunds: orderRefundsThroughPayments(payments()),
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
    }
    const owner = await createOwnerCaller(db)
    const request = { orderId: order!.id, idempotencyKey: 'desk-1', amountMinor: 300 }
    const first = await refundOrder(desk, owner, request, platform.clock())
    expect(first).toMatchObject({ isReplay: false, state: { paymentStatus: 'PARTIALLY_REFUNDED' } })
    const again = await refundOrder(desk, owner, request, platform.clock())
    expect(again.isReplay).toBe(true)
    const [payment] = await db.query<{ refunded_minor: string }>(
      'select refunded_minor from payments where checkout_id = $1',
      [checkoutId],
    )
    expect(Number(payment!.refunded_minor)).toBe(300)
    const [desked] = await db.query<{ refunded_minor: string }>(
      'select refunded_minor from orders where id = $1',
      [order!.id],
    )
    expect(Number(desked!.refunded_minor)).toBe(300)
  })

  it('refuses a notification whose signature is not the provider’s, changing nothing', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    const browser = await readyBrowser(checkoutId)
    const location = (await browser.submit(placeAction(checkoutId))).location!
    const providerId = location.split('/').pop()!
    const [payment] = await db.query<{ id: string }>('select id from payments where checkout_id = $1', [
      checkoutId,
    ])
    await db.query("update test_provider_payments set status = 'SUCCEEDED' where id = $1", [providerId])
    const body = JSON.stringify({
      type: 'payment.updated',
      payment: { providerPaymentId: providerId, reference: payment!.id },
    })
    for (const signature of [
      undefined,
      't=1,v1=00',
      `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`,
    ]) {
      const answer = await platform.app.request('/payments/v1/notifications/test-card', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'aisle-payment-signature': signature } : {}),
        },
        body,
      })
      expect(answer.status).toBe(400)
    }
    expect(await orderCount(checkoutId)).toBe(0)
    const garbage = await platform.app.request('/payments/v1/notifications/nope', {
      method: 'POST',
      body: '{',
    })
    expect(garbage.status).toBe(400)
  })

  it('asks for the recipient’s names and the phone the shop requires, and keeps them on the order', async () => {
    await setStock(null)
    await db.query("update sites set checkout_phone = 'REQUIRED' where id = $1", [DEMO_SITE_ID])
    try {
      const { checkoutId } = await checkoutOf(1)
      const browser = createTestBrowser(platform.app)
      await browser.get(`/_checkout/${checkoutId}`)
      const nameless = { ...BROOKLYN_FIELDS, 'shipping.firstName': '', 'shipping.lastName': '' }
      const refused = await browser.submit(placeAction(checkoutId), { email: 'ada@example.com', ...nameless })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Enter the first name.')
      expect(refused.text).toContain('Enter the last name.')
      expect(refused.text).toContain('Enter a phone number for the delivery.')
      expect(await orderCount(checkoutId)).toBe(0)
      const fields = { email: 'ada@example.com', ...BROOKLYN_FIELDS, 'shipping.phone': '+1 718 555 0100' }
      const placed = await submitCheckout(browser, checkoutId, fields)
      await payOnTestProvider(browser, placed.location!, CARD_OK)
      const [order] = await db.query<{ shipping_contact: unknown; billing_contact: unknown }>(
        'select shipping_contact, billing_contact from orders where checkout_id = $1',
        [checkoutId],
      )
      const recipient = { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 718 555 0100' }
      expect(order).toEqual({ shipping_contact: recipient, billing_contact: recipient })
    } finally {
      await db.query("update sites set checkout_phone = 'OPTIONAL' where id = $1", [DEMO_SITE_ID])
    }
  })

  it('returns the buyer to the registered thank-you URL and refuses a post without the token', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    await setCheckoutCallbacks(db, checkoutId, { thankYouPageUrl: 'https://shop.example/thanks' })
    const browser = await readyBrowser(checkoutId)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example")
    const fields = browser.formOf(placeAction(checkoutId))
    const forged = await browser.post(placeAction(checkoutId), { ...fields, csrf: 'forged' })
    expect(forged.status).toBe(403)
    const crossSite = await browser.post(placeAction(checkoutId), fields, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await db.query('select id from payments where checkout_id = $1', [checkoutId])).toHaveLength(0)
    await browser.get(`/_checkout/${checkoutId}`)
    const placed = await submitCheckout(browser, checkoutId, { email: 'ada@example.com', ...BROOKLYN_FIELDS })
    const back = await payOnTestProvider(browser, placed.location!, CARD_OK)
    const [order] = await db.query<{ id: string }>('select id from orders where checkout_id = $1', [
      checkoutId,
    ])
    expect(back.location).toBe(`https://shop.example/thanks?orderId=${order!.id}`)
    expect((await browser.get('/_checkout/not-a-checkout')).status).toBe(404)
  })
})
