import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../../checkout/checkout-store.ts'
import { placeOrder } from '../../checkout/place-order.ts'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { placeNotebookOrder } from '../../testing/placed-orders.ts'
import { BROOKLYN_ADDRESS } from '../../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'

describe.each(databaseKinds())('GET /dashboard/orders on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  })
  afterAll(() => db.close())

  async function json(method: string, path: string, token: string, body?: unknown) {
    const response = await platform.app.request(`${TEST_PUBLIC_URL}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await response.json()) as Record<string, any>
  }

  /** Places a visitor's order of a notebook, with the merchant's custom line when `custom` is given. */
  async function placeOne(custom?: { key: string; line: Record<string, unknown> }) {
    const tokens = await json('POST', '/oauth2/token', '', {
      clientId: DEMO_CLIENT_ID,
      grantType: 'anonymous',
    })
    const token = tokens.access_token as string
    const [product] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    await json('POST', '/ecom/v1/carts/current/add-to-cart', token, {
      lineItems: [{ catalogReference: { catalogItemId: product!.id }, quantity: 1 }],
    })
    if (custom) {
      const cart = await json('GET', '/ecom/v1/carts/current', token)
      const added = await platform.app.request(
        `${TEST_PUBLIC_URL}/ecom/v1/carts/${cart.cart.id}/add-to-cart`,
        {
          method: 'POST',
          headers: {
            authorization: custom.key,
            'aisle-site-id': DEMO_SITE_ID,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ customLineItems: [custom.line] }),
        },
      )
      expect(added.status).toBe(200)
    }
    const { checkoutId } = await json('POST', '/ecom/v1/carts/current/create-checkout', token, {})
    const now = platform.clock()
    await saveCheckoutChoices(
      db,
      checkoutId,
      {
        email: 'buyer@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      },
      now,
    )
    const first = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      expectedTotalMinor: -1,
      payment: { status: 'NOT_PAID', provider: 'offline' },
      now,
    })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    return placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      expectedTotalMinor: first.totalMinor,
      payment: { status: 'NOT_PAID', provider: 'offline' },
      now,
    })
  }

  it('shows the home page with the chart of orders and revenue per day, and lists the orders', async () => {
    await placeOne()
    platform.clock.advance(86_400)
    await placeOne()
    const browser = createTestBrowser(platform.app)
    expect((await browser.get('/dashboard/orders')).status).not.toBe(200)
    await browser.signIn()
    const home = await browser.get('/dashboard/home')
    expect(home.status).toBe(200)
    expect(home.text).toContain('data-chart="orders-per-day"')
    const bars = [...home.text.matchAll(/data-day="([\d-]+)" data-orders="(\d+)"/g)].map((match) => [
      match[1],
      match[2],
    ])
    expect(bars).toHaveLength(30)
    expect(bars.slice(-2)).toEqual([
      ['2026-06-01', '1'],
      ['2026-06-02', '1'],
    ])
    expect(home.text).toMatch(/Orders today<\/div><div class="figure-value"><a [^>]+>1</)
    expect(home.text).toMatch(/Waiting to ship<\/div><div class="figure-value"><a [^>]+>2</)
    const page = await browser.get('/dashboard/orders')
    expect(page.status).toBe(200)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.text).toContain('href="/dashboard/orders"')
    expect(
      page.text.match(/<th scope="row"><a href="\/dashboard\/orders\/[\w-]+">#\d+<\/a><\/th>/g),
    ).toHaveLength(2)
    expect(page.text).toContain('buyer@example.com')
  })

  it('finds an order by the buyer’s name, and sorts by total or age as the URL says, keeping it in its links', async () => {
    const grace = await placeNotebookOrder(platform.app, db, platform.clock(), {
      quantity: 3,
      email: 'grace@example.com',
      recipient: { firstName: 'Grace', lastName: 'Hopper' },
    })
    await placeOne()
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const numbers = (text: string) =>
      [...text.matchAll(/<a href="\/dashboard\/orders\/[\w-]+">#(\d+)<\/a>/g)].map((m) => Number(m[1]))
    const found = await browser.get('/dashboard/orders?q=hopper')
    expect(numbers(found.text)).toEqual([Number(grace.number)])
    expect(found.text).toContain('<div>Grace Hopper</div>')
    const totals = await db.query<{ number: string }>(
      'select number from orders where site_id = $1 order by total_minor desc, created_date desc, id desc',
      [DEMO_SITE_ID],
    )
    const byTotal = await browser.get('/dashboard/orders?sort=total-desc')
    expect(numbers(byTotal.text)).toEqual(totals.map((row) => Number(row.number)))
    expect(numbers(byTotal.text)[0]).toBe(Number(grace.number))
    const byAge = await db.query<{ number: string }>(
      'select number from orders where site_id = $1 order by created_date asc, id asc',
      [DEMO_SITE_ID],
    )
    const oldest = numbers((await browser.get('/dashboard/orders?sort=oldest')).text)
    expect(oldest).toEqual(byAge.map((row) => Number(row.number)))
    expect(byTotal.text).toContain('<option value="total-desc" selected="">Highest total</option>')
    expect((await browser.get('/dashboard/orders?sort=cheapest')).status).toBe(400)
  })

  it('marks custom lines with their price: the merchant’s own, or the buyer’s on an order from before decision 019', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'carts', permissions: ['carts'] },
      platform.clock(),
    )
    const line = { productName: { original: 'Gift wrap' }, price: '3.25', quantity: 2 }
    await placeOne({ key, line })
    const earlier = await placeOne()
    if (earlier.kind !== 'placed') throw new Error('expected an order')
    // What migration 016 left of a shopper's custom line on an order placed before the fix.
    await db.query(
      `insert into order_lines (id, order_id, position, catalog_item_id, variant_id, name, quantity, unit_price_minor,
         total_minor, custom)
       values ($1, $2, 2, null, null, 'Summit Pouch', 50, 1, 50, '{}')`,
      [randomUUID(), earlier.orderId],
    )
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const page = await browser.get('/dashboard/orders')
    expect(page.status).toBe(200)
    expect(page.text).toContain('<span class="badge">Custom item</span> Gift wrap × 2 at $3.25 (your price)')
    expect(page.text).toContain(
      '<span class="badge off">Custom item</span> Summit Pouch × 50 at $0.01 (priced by the buyer, not by you)',
    )
    expect(page.text.match(/Custom item/g)).toHaveLength(2)
  })
})
