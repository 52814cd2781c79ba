import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createCountingDb } from '../../testing/counting-db.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { BROOKLYN_FIELDS, pathOfLocation } from '../../testing/hosted-checkout-flow.ts'
import { openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

// The SQL statements of each step of paying on the hosted checkout, as the funnel benchmark takes them
// (BEGIN and COMMIT not counted): each was cut to what its guarantees need, and this keeps it there.
describe('the hosted checkout’s payment steps', () => {
  let inner: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let productId: string
  beforeAll(async () => {
    inner = await openTestDatabase('pglite')
    await seedDemoCommerce(inner, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    counting = createCountingDb(inner)
    platform = createTestPlatform(counting.db)
    const [row] = await inner.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    productId = row!.id
  })
  afterAll(() => inner.close())

  /** A visitor's checkout of one notebook, its page open in a browser with the details typed and priced. */
  async function readyCheckout() {
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body: unknown) =>
      platform.call('POST', `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: productId }, quantity: 1 }],
    })
    const checkoutId = (await call('/create-checkout', { channelType: 'WEB' })).json.checkoutId as string
    const browser = createTestBrowser(platform.app)
    await browser.get(`/_checkout/${checkoutId}`)
    const fields = { email: 'ada@example.com', ...BROOKLYN_FIELDS, paymentMethod: 'test-card' }
    expect((await browser.submit(`/_checkout/${checkoutId}/place-order`, fields)).status).toBe(200)
    return { checkoutId, browser, fields }
  }

  async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    let result: T | undefined
    const statements = await counting.measure(async () => {
      result = await fn()
    })
    return { result: result as T, statements }
  }

  it('shows the checkout page in 1 statement: the checkout with its site and its cart', async () => {
    const { checkoutId } = await readyCheckout()
    const browser = createTestBrowser(platform.app)
    const { result, statements } = await counted(() => browser.get(`/_checkout/${checkoutId}`))
    expect(result.status).toBe(200)
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(1)
  })

  it('starts the payment in at most 4 statements, pays in at most 4 and comes back in 1', async () => {
    const { checkoutId, browser, fields } = await readyCheckout()
    // The press: the checkout with its site and its cart (with the site's setup and catalogue version;
    // its products kept by the process), the choices saved with the payment stored under its key, the
    // provider's payment, and the provider's id.
    const press = await counted(() => browser.submit(`/_checkout/${checkoutId}/place-order`, fields))
    expect(press.result.status).toBe(303)
    expect(press.statements.length, press.statements.join('\n\n')).toBeLessThanOrEqual(4)

    const pay = pathOfLocation(press.result.location!)
    const page = await counted(() => browser.get(pay))
    expect(page.result.status).toBe(200)
    expect(page.statements.length, page.statements.join('\n\n')).toBeLessThanOrEqual(1)

    // The card moves the provider's payment; its signed notification places the order with the platform's
    // payment settled in the order's own statement (3 statements with the products this process keeps:
    // the payment, checkout, site and cart locked; stock and number claimed; the order written with the
    // payment's outcome; decision 112), all before the provider answers.
    const card = await counted(() =>
      browser.post(pay, { cardNumber: '4242 4242 4242 4242', cardExpiry: '12/30', cardCvc: '123' }),
    )
    expect(card.result.status).toBe(303)
    expect(card.statements.length, card.statements.join('\n\n')).toBeLessThanOrEqual(4)

    // The return finds the order the notification placed with this payment in one read.
    const back = await counted(() => browser.get(pathOfLocation(card.result.location!)))
    expect(back.result.location).toMatch(new RegExp(`^/_checkout/${checkoutId}/thank-you\\?expires=`))
    expect(back.statements.length, back.statements.join('\n\n')).toBeLessThanOrEqual(1)
    const orders = await inner.query('select id from orders where checkout_id = $1', [checkoutId])
    expect(orders).toHaveLength(1)
  })
})
