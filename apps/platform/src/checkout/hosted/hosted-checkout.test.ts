import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { setCheckoutCallbacks } from '../checkout-store.ts'

const brooklyn = {
  'shipping.country': 'US',
  'shipping.subdivision': 'US-NY',
  'shipping.city': 'Brooklyn',
  'shipping.postalCode': '11201',
  'shipping.addressLine': '5 Main St',
  billingSameAsShipping: 'on',
}
const CARD_OK = '4242 4242 4242 4242'
const CARD_DECLINED = '4000 0000 0000 0002'

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

  /** A browser on the checkout page with the details saved and the standard option chosen. */
  async function readyBrowser(checkoutId: string) {
    const browser = createTestBrowser(platform.app)
    const page = `/_checkout/${checkoutId}`
    expect((await browser.get(page)).status).toBe(200)
    const saved = await browser.submit(page, { email: 'ada@example.com', ...brooklyn })
    expect(saved.status).toBe(303)
    const withOptions = await browser.get(page)
    const standard = /value="([^"]*\|standard)"/.exec(withOptions.text)?.[1]
    expect(standard).toBeDefined()
    expect((await browser.submit(page, { shippingOption: standard })).status).toBe(303)
    await browser.get(page)
    return browser
  }

  it('takes a buyer from the form through the shipping choice to a placed order and the thank-you page', async () => {
    await setStock(10)
    const { token, checkoutId } = await checkoutOf(2)
    const browser = createTestBrowser(platform.app)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.text).toContain('name="shipping.vatId.id"')

    const invalid = await browser.submit(`/_checkout/${checkoutId}`, {
      email: 'nope',
      'shipping.country': 'United States',
      billingSameAsShipping: 'on',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('must be an e-mail address')
    expect(invalid.text).toContain('must be an ISO-3166 alpha-2 code')
    expect(invalid.text).toMatch(
      /field-shipping\.city[^>]*aria-invalid="true"|aria-invalid="true"[^>]*field-shipping\.city/,
    )

    const ready = await readyBrowser(checkoutId)
    const before = await ready.get(`/_checkout/${checkoutId}`)
    expect(before.text).toMatch(/checked="" value="[^"]*\|standard"/)
    const placeFields = { ...ready.formOf(`/_checkout/${checkoutId}/place-order`), cardNumber: CARD_OK }
    const placed = await ready.post(`/_checkout/${checkoutId}/place-order`, placeFields)
    expect(placed.status).toBe(303)
    expect(placed.location).toBe(`/_checkout/${checkoutId}/thank-you`)
    const thanks = await ready.get(placed.location!)
    const number = /data-order-number="(\d+)"/.exec(thanks.text)?.[1]
    expect(number).toBeDefined()

    expect(await stock()).toBe(8)
    const [order] = await db.query<{ number: string; payment: Record<string, unknown>; total_minor: string }>(
      'select number, payment, total_minor from orders where checkout_id = $1',
      [checkoutId],
    )
    expect(String(order!.number)).toBe(number)
    expect(order!.payment).toEqual({
      status: 'PAID',
      provider: 'test-card',
      transactionId: `test_${checkoutId}`,
      cardLast4: '4242',
    })
    expect(JSON.stringify(order)).not.toContain('4242424242424242')
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(cart.json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
    const events = await db.query<{ type: string }>(
      `select type from events where type in ('order.created', 'cart.deleted') and created_date >= $1 order by type`,
      [platform.clock()],
    )
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['cart.deleted', 'order.created']))

    // A second click, and the page itself, answer the same order.
    const again = await ready.post(`/_checkout/${checkoutId}/place-order`, placeFields)
    expect(again.location).toBe(`/_checkout/${checkoutId}/thank-you`)
    expect((await ready.get(`/_checkout/${checkoutId}`)).location).toBe(`/_checkout/${checkoutId}/thank-you`)
    expect(await orderCount(checkoutId)).toBe(1)
    expect(await stock()).toBe(8)
  })

  it('leaves stock, coupon, cart and checkout as they were when the card is declined', async () => {
    await setStock(5)
    await db.query("update coupons set uses = 0, usage_limit = 10 where code = 'WELCOME10'")
    const { token, checkoutId } = await checkoutOf(1, 'WELCOME10')
    const browser = await readyBrowser(checkoutId)
    const declined = await browser.submit(`/_checkout/${checkoutId}/place-order`, {
      cardNumber: CARD_DECLINED,
    })
    expect(declined.status).toBe(409)
    expect(declined.text).toContain('The card was declined')
    expect(await stock()).toBe(5)
    expect(await orderCount(checkoutId)).toBe(0)
    const [coupon] = await db.query<{ uses: number }>("select uses from coupons where code = 'WELCOME10'")
    expect(coupon!.uses).toBe(0)
    const [checkout] = await db.query<{ status: string }>('select status from checkouts where id = $1', [
      checkoutId,
    ])
    expect(checkout!.status).toBe('OPEN')
    expect((await platform.call('GET', '/ecom/v1/carts/current', { token })).status).toBe(200)

    const paid = await browser.submit(`/_checkout/${checkoutId}/place-order`, { cardNumber: CARD_OK })
    expect(paid.status).toBe(303)
    const [used] = await db.query<{ uses: number }>("select uses from coupons where code = 'WELCOME10'")
    expect(used!.uses).toBe(1)
  })

  it('asks the buyer to confirm a total that changed since the page showed it', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    const browser = await readyBrowser(checkoutId)
    const [old] = await db.query<{ price_minor: number }>('select price_minor from products where id = $1', [
      notebook.id,
    ])
    await db.query(
      'update products set price_minor = price_minor + 500, discounted_price_minor = discounted_price_minor + 500 where id = $1',
      [notebook.id],
    )
    try {
      const changed = await browser.submit(`/_checkout/${checkoutId}/place-order`, {
        paymentMethod: 'offline',
      })
      expect(changed.status).toBe(409)
      expect(changed.text).toContain('Prices changed')
      expect(await orderCount(checkoutId)).toBe(0)
      const confirmed = await browser.submit(`/_checkout/${checkoutId}/place-order`, {
        paymentMethod: 'offline',
      })
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

  it('places exactly one order for ten concurrent place-order posts on one checkout', async () => {
    await setStock(20)
    const { checkoutId } = await checkoutOf(1)
    const browser = await readyBrowser(checkoutId)
    const fields = browser.formOf(`/_checkout/${checkoutId}/place-order`)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.post(`/_checkout/${checkoutId}/place-order`, { ...fields, cardNumber: CARD_OK }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(303))
    expect(new Set(answers.map((answer) => answer.location))).toEqual(
      new Set([`/_checkout/${checkoutId}/thank-you`]),
    )
    expect(await orderCount(checkoutId)).toBe(1)
    expect(await stock()).toBe(19)
  })

  it('sells the last unit to exactly one of two racing checkouts and never goes below zero', async () => {
    await setStock(1)
    const first = await checkoutOf(1)
    const second = await checkoutOf(1)
    const browsers = await Promise.all([readyBrowser(first.checkoutId), readyBrowser(second.checkoutId)])
    const before = await orderCount()
    const answers = await Promise.all(
      [first, second].map(({ checkoutId }, index) =>
        browsers[index]!.submit(`/_checkout/${checkoutId}/place-order`, { cardNumber: CARD_OK }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409])
    expect(answers.find((answer) => answer.status === 409)!.text).toMatch(/no longer available/)
    expect(await orderCount()).toBe(before + 1)
    expect(await stock()).toBe(0)
  })

  it('lets a coupon be used no more often than its limit under concurrent orders', async () => {
    await setStock(null)
    await db.query("update coupons set uses = 0, usage_limit = 2 where code = 'WELCOME10'")
    const checkouts = await Promise.all(Array.from({ length: 4 }, () => checkoutOf(1, 'WELCOME10')))
    const browsers = await Promise.all(checkouts.map(({ checkoutId }) => readyBrowser(checkoutId)))
    const answers = await Promise.all(
      checkouts.map(({ checkoutId }, index) =>
        browsers[index]!.submit(`/_checkout/${checkoutId}/place-order`, { cardNumber: CARD_OK }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(2)
    const [coupon] = await db.query<{ uses: number }>("select uses from coupons where code = 'WELCOME10'")
    expect(coupon!.uses).toBe(2)
    const withCoupon = await db.query(
      "select id from orders where coupon_code = 'WELCOME10' and checkout_id = any($1::uuid[])",
      [checkouts.map((one) => one.checkoutId)],
    )
    expect(withCoupon).toHaveLength(2)
    await db.query("update coupons set usage_limit = null where code = 'WELCOME10'")
  })

  it('returns the buyer to the registered thank-you URL and refuses a post without the token', async () => {
    await setStock(null)
    const { checkoutId } = await checkoutOf(1)
    await setCheckoutCallbacks(db, checkoutId, { thankYouPageUrl: 'https://shop.example/thanks' })
    const browser = await readyBrowser(checkoutId)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example")
    const action = `/_checkout/${checkoutId}/place-order`
    const fields = { ...browser.formOf(action), cardNumber: CARD_OK }
    const forged = await browser.post(action, { ...fields, csrf: 'forged' })
    expect(forged.status).toBe(403)
    const crossSite = await browser.post(action, fields, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await orderCount(checkoutId)).toBe(0)
    const placed = await browser.post(action, fields)
    const [order] = await db.query<{ id: string }>('select id from orders where checkout_id = $1', [
      checkoutId,
    ])
    expect(placed.location).toBe(`https://shop.example/thanks?orderId=${order!.id}`)
    expect((await browser.get('/_checkout/not-a-checkout')).status).toBe(404)
  })
})
