import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listLowStock } from '../../catalogue/products/stock-store.ts'
import { freeCanceledOrder } from '../../checkout/free-canceled-order.ts'
import type { Db } from '../../db/db.ts'
import { cancelOrder, type OrderDeskDeps, refundOrder, shipOrder } from '../../orders/order-actions.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { placeNotebookOrder, trackNotebookStock } from '../../testing/placed-orders.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { voidRefundedTickets } from '../../ticketed-events/ticketed-event-store.ts'
import { OrdersChart } from './orders-chart.tsx'

describe('the orders chart', () => {
  it('reads correctly with no orders at all: no scale of "1" and "$0.01", but words', async () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-06-${String(index + 1).padStart(2, '0')}`,
      orders: 0,
      revenueMinor: 0,
    }))
    const svg = renderToStaticMarkup(createElement(OrdersChart, { days, currency: 'USD', locale: 'en-US' }))
    expect(svg).toContain('No orders in these 30 days')
    expect(svg).not.toContain('$0.01')
    expect(svg).not.toContain('data-scale')
  })

  it("labels its scales with the busiest day's true figures, where its bar and line reach", () => {
    const days = [
      { day: '2026-06-01', orders: 3, revenueMinor: 8_722 },
      { day: '2026-06-02', orders: 1, revenueMinor: 1_000 },
    ]
    const svg = renderToStaticMarkup(createElement(OrdersChart, { days, currency: 'USD', locale: 'en-US' }))
    expect(svg).toMatch(/data-scale="orders">3 orders</)
    expect(svg).toMatch(/data-scale="revenue">\$87\.22</)
    // The busiest day's bar and the line's peak touch the labelled top (y 16); the quieter day's do not.
    expect(svg).toMatch(/y="16\.0"[^>]*data-day="2026-06-01"/)
    expect(svg).toMatch(/points="[\d.]+,16\.0 /)
    expect(svg).toContain('Tue, 2 Jun 2026: 1 order, $10.00')
  })
})

describe.each(databaseKinds())('the order desk pages on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  })
  afterAll(() => db.close())

  const place = (options: Parameters<typeof placeNotebookOrder>[3] = {}) =>
    placeNotebookOrder(platform.app, db, platform.clock(), options)
  const stock = async () =>
    Number(
      (
        await db.query<{ quantity: number }>("select quantity from products where slug = 'meadow-notebook'")
      )[0]?.quantity,
    )

  it('filters the list by status, fulfilment, date and search, and exports the same orders as formula-safe CSV', async () => {
    const a = await place({ email: 'alice@example.com' })
    const b = await place({ email: '=cmd@example.com' })
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    await browser.get(`/dashboard/orders/${b.orderId}`)
    expect((await browser.submit(`/dashboard/orders/${b.orderId}/cancel`)).status).toBe(303)
    const byEmail = await browser.get('/dashboard/orders?q=ALICE')
    expect(byEmail.text).toContain(`#${a.number}<`)
    expect(byEmail.text).not.toContain(`#${b.number}<`)
    const byNumber = await browser.get(`/dashboard/orders?q=%23${b.number}`)
    expect(byNumber.text).toContain(`#${b.number}<`)
    expect(byNumber.text).not.toContain(`#${a.number}<`)
    const canceled = await browser.get('/dashboard/orders?status=CANCELED&fulfillment=NOT_FULFILLED&payment=')
    expect(canceled.text).toContain(`#${b.number}<`)
    expect(canceled.text).not.toContain(`#${a.number}<`)
    const future = await browser.get('/dashboard/orders?from=2030-01-01')
    expect(future.text).toContain('No order matches these filters.')
    const today = platform.clock().toISOString().slice(0, 10)
    expect((await browser.get(`/dashboard/orders?from=${today}&to=${today}`)).text).toContain(`#${a.number}<`)
    expect((await browser.get('/dashboard/orders?status=LOST')).status).toBe(400)
    expect((await browser.get('/dashboard/orders?from=2026-13-45')).status).toBe(400)
    const csv = await browser.get('/dashboard/orders.csv?status=CANCELED')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-/)
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('number,date,email,status,payment,fulfillment,items,lines,currency,total,refunded')
    expect(lines.filter((line) => line.startsWith(`${b.number},`))[0]).toContain(
      ",'=cmd@example.com,CANCELED,",
    )
    expect(lines.some((line) => line.startsWith(`${a.number},`))).toBe(false)
  })

  it('ships part of an order and then the rest from its page, with tracking the buyer sees in the mail and the wire', async () => {
    const placed = await place({ quantity: 2, email: 'ship-page@example.com' })
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const page = await browser.get(`/dashboard/orders/${placed.orderId}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Brooklyn')
    expect(page.text).toContain('Placed by ship-page@example.com')
    const fields = browser.formOf(`/dashboard/orders/${placed.orderId}/ship`)
    const lineField = Object.keys(fields).find((name) => name.startsWith('ship-'))!
    expect(fields[lineField]).toEqual(['2'])
    const missing = await browser.submit(`/dashboard/orders/${placed.orderId}/ship`, {
      [lineField]: '1',
      carrier: 'UPS',
    })
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('trackingNumber must not be empty')
    const tooMany = await browser.submit(`/dashboard/orders/${placed.orderId}/ship`, {
      [lineField]: '3',
      carrier: 'UPS',
      trackingNumber: '1Z1',
    })
    expect(tooMany.status).toBe(400)
    const first = await browser.submit(`/dashboard/orders/${placed.orderId}/ship`, {
      [lineField]: '1',
      carrier: 'UPS',
      trackingNumber: '1Z1',
    })
    expect(first.status).toBe(303)
    const partly = await browser.get(first.location!)
    expect(partly.text).toContain('Shipment recorded.')
    expect(partly.text).toContain('Partly shipped')
    expect(partly.text).toContain('Shipped 1 × Meadow Notebook with UPS, tracking 1Z1.')
    const rest = await browser.submit(`/dashboard/orders/${placed.orderId}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD2',
      trackingUrl: 'https://dhl.example/JD2',
    })
    expect(rest.status).toBe(303)
    const shipped = await browser.get(rest.location!)
    expect(shipped.text).not.toContain(`/dashboard/orders/${placed.orderId}/ship"`)
    expect(shipped.text).not.toContain(`/dashboard/orders/${placed.orderId}/cancel"`)
    const wire = await platform.app.request(`${platform.publicUrl}/ecom/v1/orders/${placed.orderId}`, {
      headers: { authorization: placed.token },
    })
    const { order } = (await wire.json()) as { order: Record<string, any> }
    expect(order.fulfillmentStatus).toBe('FULFILLED')
    expect(order.fulfillments.map((f: any) => f.trackingInfo)).toEqual([
      { trackingNumber: '1Z1', shippingProvider: 'UPS' },
      { trackingNumber: 'JD2', shippingProvider: 'DHL', trackingLink: 'https://dhl.example/JD2' },
    ])
    const mails = await db.query<{ topic: string }>(
      "select topic from mail_outbox where recipient = 'ship-page@example.com' order by sequence",
    )
    expect(mails.map((mail) => mail.topic)).toEqual(['order-confirmation', 'order-shipped', 'order-shipped'])
  })

  it('cancels an order from its page (stock back), refuses a forged post, and says why a refund cannot be made', async () => {
    await trackNotebookStock(db, 10)
    const placed = await place({ quantity: 3, paid: true, email: 'cancel-page@example.com' })
    expect(await stock()).toBe(7)
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    // Goods alone: the cancel section says they go back in stock, and the refund form offers to restock them.
    const before = await browser.get(`/dashboard/orders/${placed.orderId}`)
    expect(before.text).toContain('Its goods go back in stock. Refund a payment on its own.')
    expect(before.text).toContain('name="restock-')
    const forged = await browser.submit(`/dashboard/orders/${placed.orderId}/cancel`, { csrf: 'forged' })
    expect(forged.status).toBe(403)
    expect(await stock()).toBe(7)
    await browser.get(`/dashboard/orders/${placed.orderId}`)
    const canceled = await browser.submit(`/dashboard/orders/${placed.orderId}/cancel`, {
      reason: 'Sold out',
    })
    expect(canceled.status).toBe(303)
    expect(await stock()).toBe(10)
    const again = await browser.post(`/dashboard/orders/${placed.orderId}/cancel`, {})
    expect(again.status).toBe(409)
    expect(again.text).toContain('This order is canceled')
    expect(await stock()).toBe(10)
    const page = await browser.get(`/dashboard/orders/${placed.orderId}`)
    expect(page.text).toContain('Canceled: Sold out. 3 units went back in stock.')
    expect(page.text).not.toContain(`/dashboard/orders/${placed.orderId}/cancel"`)
    // The built-in test card provider has no refunds yet: the desk says so, and changes nothing.
    const refused = await browser.submit(`/dashboard/orders/${placed.orderId}/refund`, { amount: '1.00' })
    expect(refused.status).toBe(409)
    expect(refused.text).toContain('give the money back the way it was paid')
    const notes = await browser.submit(`/dashboard/orders/${placed.orderId}/note`, {
      note: 'Called the buyer',
    })
    expect(notes.status).toBe(303)
    expect((await browser.get(`/dashboard/orders/${placed.orderId}`)).text).toContain(
      'Note: Called the buyer',
    )
    expect((await browser.get('/dashboard/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await browser.get('/dashboard/orders/not-an-id')).status).toBe(400)
  })

  it('counts on the home page exactly the orders of the list each count links to', async () => {
    const owner = await createOwnerCaller(db)
    const desk: OrderDeskDeps = {
      db,
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
      refunds: {
        refund: async (request) => ({ status: 'REFUNDED', refundId: `re_${request.idempotencyKey}` }),
        providerTitle: (id) => id,
      },
    }
    const now = platform.clock()
    const waiting = await place({ quantity: 2 })
    const partly = await place({ quantity: 2 })
    const partlyLine = (
      await db.query<{ id: string }>('select id from order_lines where order_id = $1', [partly.orderId])
    )[0]!
    await shipOrder(
      desk,
      owner,
      {
        orderId: partly.orderId,
        carrier: 'UPS',
        trackingNumber: 'P1',
        lines: [{ lineId: partlyLine.id, quantity: 1 }],
      },
      now,
    )
    // One unit shipped, the other refunded: nothing is left to ship, so it is no longer waiting.
    const done = await place({ quantity: 2, paid: true })
    const doneLine = (
      await db.query<{ id: string }>('select id from order_lines where order_id = $1', [done.orderId])
    )[0]!
    await shipOrder(
      desk,
      owner,
      {
        orderId: done.orderId,
        carrier: 'UPS',
        trackingNumber: 'D1',
        lines: [{ lineId: doneLine.id, quantity: 1 }],
      },
      now,
    )
    await refundOrder(
      desk,
      owner,
      {
        orderId: done.orderId,
        idempotencyKey: 'done-1',
        lines: [{ lineId: doneLine.id, quantity: 1, restock: false }],
      },
      now,
    )
    const canceled = await place()
    await cancelOrder(desk, owner, { orderId: canceled.orderId }, now)

    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const home = await browser.get('/dashboard/home')
    const figures = [
      ...home.text.matchAll(
        /<div class="muted">([^<]+)<\/div><div class="figure-value"><a href="([^"]+)">([^<]+)<\/a>/g,
      ),
    ].map((match) => ({ label: match[1]!, href: match[2]!.replace(/&amp;/g, '&'), value: match[3]! }))
    expect(figures.map((figure) => figure.label)).toEqual([
      'Orders today',
      'Sales today',
      'Orders, last 30 days',
      'Sales, last 30 days',
      'Waiting to ship',
    ])
    const listed = new Map<string, string>()
    for (const figure of figures) {
      const list = await browser.get(figure.href)
      expect(list.status).toBe(200)
      listed.set(figure.href, list.text)
      if (figure.label.startsWith('Sales')) continue
      expect(`${figure.label}: ${/· (\d+) orders/.exec(list.text)?.[1]}`).toBe(
        `${figure.label}: ${figure.value}`,
      )
    }
    // A sales figure links to the list of the orders it adds up.
    expect(figures[1]!.href).toBe(figures[0]!.href)
    expect(figures[3]!.href).toBe(figures[2]!.href)
    const queue = listed.get(figures[4]!.href)!
    expect(queue).toContain(`#${waiting.number}<`)
    expect(queue).toContain(`#${partly.number}<`)
    expect(queue).not.toContain(`#${done.number}<`)
    expect(queue).not.toContain(`#${canceled.number}<`)
    const section = home.text.slice(
      home.text.indexOf('id="waiting-heading"'),
      home.text.indexOf('id="low-stock-heading"'),
    )
    expect(section).toContain(`#${partly.number}<`)
    expect(section).not.toContain(`#${done.number}<`)
  })

  it('counts today, the last 30 days, the chart and the date filter in the shop’s days, not UTC’s', async () => {
    // The demo shop's zone (its seed's), said here as the test depends on it.
    await db.query("update sites set time_zone = 'America/New_York' where id = $1", [DEMO_SITE_ID])
    // 01:30 UTC is still the evening before in New York (20:30 or 21:30).
    const now = platform.clock()
    const next0130 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1, 30)
    platform.clock.advance((next0130 - now.getTime()) / 1000)
    const late = await place({ email: 'late@example.com' })
    const utcDay = platform.clock().toISOString().slice(0, 10)
    const shopDay = new Date(next0130 - 86_400_000).toISOString().slice(0, 10)
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const home = await browser.get('/dashboard/home')
    const bars = [...home.text.matchAll(/data-day="([\d-]+)" data-orders="(\d+)"/g)]
    expect(bars.at(-1)?.[1]).toBe(shopDay)
    expect(Number(bars.at(-1)?.[2])).toBeGreaterThanOrEqual(1)
    expect(home.text).not.toContain(`data-day="${utcDay}"`)
    const today = /Orders today<\/div><div class="figure-value"><a href="([^"]+)">/.exec(home.text)?.[1]
    expect(today?.replace(/&amp;/g, '&')).toContain(`from=${shopDay}`)
    const listed = await browser.get(`/dashboard/orders?from=${shopDay}&to=${shopDay}`)
    expect(listed.text).toContain(`#${late.number}<`)
    const nextDay = await browser.get(`/dashboard/orders?from=${utcDay}`)
    expect(nextDay.text).not.toContain(`#${late.number}<`)
  })

  it('shows the products and variants lowest on stock on the home page, fewest first', async () => {
    await trackNotebookStock(db, 2)
    const lowest = await listLowStock(db, DEMO_SITE_ID, { threshold: 5, limit: 10 })
    expect(lowest.length).toBeGreaterThan(0)
    expect(lowest.map((item) => item.quantity)).toEqual(
      [...lowest.map((item) => item.quantity)].sort((x, y) => x - y),
    )
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const home = await browser.get('/dashboard/home')
    const section = home.text.slice(home.text.indexOf('id="low-stock-heading"'))
    expect(section).toContain(`href="/dashboard/products/${lowest[0]!.productId}"`)
    // A row per product or variant, each headed by its name.
    expect(section.match(/<th scope="row">/g)?.length).toBe(lowest.length)
  })
})
