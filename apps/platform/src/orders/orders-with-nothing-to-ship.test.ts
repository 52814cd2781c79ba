import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKINGS_APP_ID } from '../carts/catalogue-app-id.ts'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { bookSlotOnHostedPages } from '../testing/booked-slots.ts'
import { createDashboardPlatform, createTestBrowser } from '../testing/dashboard-browser.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// Decision 101: an order of bookings alone has nothing to ship, and a mixed order ships only its goods. Told
// through the real app: the hosted bookings pages, the cart and checkout, the merchant API and the dashboard.
// The clock stands at Monday 1 June 2026, 12:00 UTC; the demo calendar is New York's.
describe.each(databaseKinds())('orders with nothing to ship, on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let merchant: Record<string, string>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'orders', permissions: ['orders'] },
      platform.clock(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    browser = createTestBrowser(platform.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await platform.app.request(`${TEST_PUBLIC_URL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as Record<string, any> }
  }

  /** A shopper's order of a booked fitting at `start` and two notebooks, placed from the current cart. */
  async function placeMixedOrder(start: string) {
    const token = (await call('/oauth2/token', { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' })).json
      .access_token as string
    const shopper = { authorization: token }
    const held = await call(
      '/bookings/v2/bookings',
      {
        booking: {
          bookedEntity: {
            slot: { serviceId: DEMO_FITTING_ID, startDate: start, timezone: 'America/New_York' },
          },
        },
      },
      shopper,
    )
    expect(held.status).toBe(200)
    const [notebook] = await db.query<{ id: string }>(
      "select id from products where slug = 'meadow-notebook'",
    )
    const added = await call(
      '/ecom/v1/carts/current/add-to-cart',
      {
        lineItems: [
          { catalogReference: { catalogItemId: notebook!.id }, quantity: 2 },
          { catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: held.json.booking.id }, quantity: 1 },
        ],
      },
      shopper,
    )
    expect(added.status).toBe(200)
    const { checkoutId } = (await call('/ecom/v1/carts/current/create-checkout', {}, shopper)).json
    const now = platform.clock()
    await saveCheckoutChoices(
      db,
      checkoutId,
      {
        email: 'mixed@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      },
      now,
    )
    const payment = { status: 'PAID', provider: 'test-card', transactionId: `t_${checkoutId}` } as const
    const request = { publicUrl: TEST_PUBLIC_URL, checkoutId, payment, now }
    const first = await placeOrder(db, { ...request, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error(`expected the total first, got ${first.kind}`)
    const placed = await placeOrder(db, { ...request, expectedTotalMinor: first.totalMinor })
    if (placed.kind !== 'placed') throw new Error(`the order was not placed: ${placed.kind}`)
    return placed.orderId
  }

  const changesOf = async (orderId: string) => ({
    order: await db.query('select fulfillment_status, status from orders where id = $1', [orderId]),
    lines: await db.query('select shipped_quantity from order_lines where order_id = $1 order by id', [
      orderId,
    ]),
    events: await db.query('select count(*)::int as n from order_events where order_id = $1', [orderId]),
  })

  it('fulfils an order of a booking alone as placed: no Ship, no ship-to, not waiting to ship, refused by the API', async () => {
    const { orderId } = await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T13:00:00.000Z',
      email: 'booked@example.com',
    })
    const { json: read } = await call(`/ecom/v1/merchant/orders/${orderId}`, undefined, merchant)
    expect(read.order.fulfillmentStatus).toBe('FULFILLED')
    expect(read.order.lineItems[0].physicalProperties).toMatchObject({ shippable: false })

    const page = await browser.get(`/dashboard/orders/${orderId}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Nothing to ship')
    expect(page.text).not.toContain('Not shipped')
    expect(page.text).not.toContain(`action="/dashboard/orders/${orderId}/ship"`)
    expect(page.text).not.toContain(`/dashboard/orders/${orderId}/packing-slip"`)
    // Where a shipping address would be, the page says why there is none (the billing one may still be missing).
    expect(page.text).toMatch(
      /Shipping address<\/h3><p class="muted" data-nothing-to-ship="true">Nothing to ship/,
    )
    // Nothing of it has left: it may still be canceled.
    expect(page.text).toContain(`action="/dashboard/orders/${orderId}/cancel"`)
    const slip = await browser.get(`/dashboard/orders/${orderId}/packing-slip`)
    expect(slip.text).toContain('Nothing to ship: this order is of bookings, tickets or downloads')
    expect(slip.text).not.toContain('Ship to')

    const waiting = await browser.get('/dashboard/orders?fulfillment=TO_SHIP')
    expect(waiting.text).not.toContain(`/dashboard/orders/${orderId}"`)
    const home = await browser.get('/dashboard/home')
    expect(home.text).toMatch(/Waiting to ship<\/div><div class="figure-value"><a [^>]+>0</)

    const before = await changesOf(orderId)
    const lineId = read.order.lineItems[0].id
    const refused = await call(
      `/ecom/v1/merchant/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z', lineItems: [{ id: lineId, quantity: 1 }] },
      merchant,
    )
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.json)).toContain(
      'is not shipped: a booking, a ticket or a download has nothing to send',
    )
    const whole = await call(
      `/ecom/v1/merchant/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z' },
      merchant,
    )
    expect(whole.status).toBe(400)
    expect(JSON.stringify(whole.json)).toContain('this order has nothing to ship')
    expect(await changesOf(orderId)).toEqual(before)
  })

  it('asks to ship only the goods of a mixed order, refuses its booking, and counts it fulfilled once they leave', async () => {
    const orderId = await placeMixedOrder('2026-06-03T10:00:00')
    const { json: read } = await call(`/ecom/v1/merchant/orders/${orderId}`, undefined, merchant)
    expect(read.order.fulfillmentStatus).toBe('NOT_FULFILLED')
    const lineNamed = (name: string) =>
      read.order.lineItems.find((line: { productName: string }) => line.productName === name)
    const notebook = lineNamed('Meadow Notebook')
    const fitting = lineNamed('Tailored fitting')

    const page = await browser.get(`/dashboard/orders/${orderId}`)
    expect(page.text).toContain('Not shipped')
    expect(page.text).toContain(`name="ship-${notebook.id}"`)
    expect(page.text).not.toContain(`name="ship-${fitting.id}"`)
    expect((await browser.get('/dashboard/orders?fulfillment=TO_SHIP')).text).toContain(
      `/dashboard/orders/${orderId}"`,
    )
    const slip = await browser.get(`/dashboard/orders/${orderId}/packing-slip`)
    expect(slip.text).toContain('Ship to')
    expect(slip.text).toContain(`data-line="${notebook.id}"`)
    expect(slip.text).not.toContain(`data-line="${fitting.id}"`)

    const before = await changesOf(orderId)
    const refused = await call(
      `/ecom/v1/merchant/orders/${orderId}/ship`,
      {
        carrier: 'UPS',
        trackingNumber: '1Z',
        lineItems: [
          { id: notebook.id, quantity: 2 },
          { id: fitting.id, quantity: 1 },
        ],
      },
      merchant,
    )
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.json)).toContain('"Tailored fitting')
    expect(await changesOf(orderId)).toEqual(before)

    // Shipping "everything left" sends the notebooks alone, and the order is fulfilled.
    const shipped = await call(
      `/ecom/v1/merchant/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z' },
      merchant,
    )
    expect(shipped.status).toBe(200)
    expect(shipped.json.order.fulfillmentStatus).toBe('FULFILLED')
    expect(shipped.json.order.fulfillments).toMatchObject([{ lineItems: [{ id: notebook.id, quantity: 2 }] }])
    const after = await browser.get(`/dashboard/orders/${orderId}`)
    expect(after.text).toContain('Shipped')
    expect(after.text).not.toContain(`action="/dashboard/orders/${orderId}/ship"`)
    expect((await browser.get('/dashboard/orders?fulfillment=TO_SHIP')).text).not.toContain(
      `/dashboard/orders/${orderId}"`,
    )
  })
})
