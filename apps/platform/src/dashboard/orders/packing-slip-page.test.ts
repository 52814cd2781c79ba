import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeCanceledOrder } from '../../checkout/free-canceled-order.ts'
import type { Db } from '../../db/db.ts'
import { type OrderDeskDeps, refundOrder, shipOrder } from '../../orders/order-actions.ts'
import { pageStyles } from '../../pages/page-styles.ts'
import { PAGE_STYLESHEET_PATH } from '../../pages/page-stylesheet-routes.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser, testHasher } from '../../testing/dashboard-browser.ts'
import { placeNotebookOrder } from '../../testing/placed-orders.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { voidRefundedTickets } from '../../ticketed-events/ticketed-event-store.ts'
import { saveSiteUser } from '../session/site-user-store.ts'

const OTHER_SITE_ID = '00000000-0000-4000-8000-0000000005a1'

describe.each(databaseKinds())('the packing slips on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  })
  afterAll(() => db.close())

  const desk = (): OrderDeskDeps => ({
    db,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
    refunds: {
      refund: async (request) => ({ status: 'REFUNDED', refundId: `re_${request.idempotencyKey}` }),
      providerTitle: (id) => id,
    },
  })

  /** The demo's tee in size M, red, and its SKU. */
  async function redTeeInM() {
    const [row] = await db.query<{ product_id: string; variant_id: string; sku: string }>(
      `select p.id as product_id, v.id as variant_id, v.sku
       from products p join product_variants v on v.product_id = p.id
       where p.site_id = $1 and p.name like '% Tee' and v.choices->>'Size' = 'M' and v.choices->>'Color' = 'Red'
       order by p.name limit 1`,
      [DEMO_SITE_ID],
    )
    if (!row) throw new Error('the demo store has no red tee in M')
    return row
  }

  /** Three red tees in M and two notebooks; one tee shipped, one notebook refunded. */
  async function partlyDoneOrder() {
    const tee = await redTeeInM()
    const placed = await placeNotebookOrder(platform.app, db, platform.clock(), {
      quantity: 2,
      paid: true,
      email: 'slip@example.com',
      recipient: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', phone: '+1 718 555 0100' },
      variant: { productId: tee.product_id, variantId: tee.variant_id, quantity: 3 },
    })
    const lines = await db.query<{ id: string; name: string }>(
      'select id, name from order_lines where order_id = $1 order by position',
      [placed.orderId],
    )
    const teeLine = lines.find((line) => line.name.endsWith('Tee'))!
    const notebookLine = lines.find((line) => line.name === 'Meadow Notebook')!
    const owner = await createOwnerCaller(db)
    const now = platform.clock()
    await shipOrder(
      desk(),
      owner,
      {
        orderId: placed.orderId,
        carrier: 'UPS',
        trackingNumber: 'S1',
        lines: [{ lineId: teeLine.id, quantity: 1 }],
      },
      now,
    )
    await refundOrder(
      desk(),
      owner,
      {
        orderId: placed.orderId,
        idempotencyKey: `slip-${placed.orderId}`,
        lines: [{ lineId: notebookLine.id, quantity: 1, restock: false }],
      },
      now,
    )
    return { ...placed, tee, teeLine, notebookLine }
  }

  /** The rows of the slips in a page: each line's id and the quantity printed for it. */
  const slipRows = (html: string) =>
    [...html.matchAll(/<tr data-line="([^"]+)">.*?<td class="number">(\d+)<\/td>/gs)].map((match) => ({
      lineId: match[1]!,
      quantity: Number(match[2]),
    }))

  it("prints one order's slip: the shop, ship-to, delivery, and each line's picture, options, SKU and units left", async () => {
    const order = await partlyDoneOrder()
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const orderPage = await browser.get(`/dashboard/orders/${order.orderId}`)
    expect(orderPage.text).toContain(`href="/dashboard/orders/${order.orderId}/packing-slip"`)
    const slip = await browser.get(`/dashboard/orders/${order.orderId}/packing-slip`)
    expect(slip.status).toBe(200)
    expect(slip.text).toContain(`Packing slip · Order #${order.number}`)
    expect(slip.text).toContain('<div class="slip-shop">')
    const shipTo = slip.text.slice(slip.text.indexOf('<h3>Ship to</h3>'), slip.text.indexOf('</address>'))
    expect(shipTo).toContain('<div>Ada Lovelace</div><div>Engines Ltd</div><div>5 Main St</div>')
    expect(shipTo).toContain('<div>Phone: +1 718 555 0100</div>')
    expect(slip.text).toContain('<strong>Delivery:</strong> Standard')
    expect(slipRows(slip.text)).toEqual([
      { lineId: order.teeLine.id, quantity: 2 },
      { lineId: order.notebookLine.id, quantity: 1 },
    ])
    const teeRow = slip.text.slice(slip.text.indexOf(`data-line="${order.teeLine.id}"`))
    expect(teeRow).toMatch(/^[\s\S]*?<img class="line-thumbnail" src="[^"]+"/)
    expect(teeRow.slice(0, teeRow.indexOf('</tr>'))).toContain(`Size: M, Color: Red · SKU ${order.tee.sku}`)
    // The page prints through a nonce'd script; the button and the navigation are not printed.
    expect(slip.text).toMatch(/<script nonce="[^"]+">[^<]*window\.print\(\)/)
    // The print rules are in the pages' style sheet, which the slip links.
    expect(slip.text).toContain(`<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}"/>`)
    expect(pageStyles).toContain('@media print')
    expect(slip.text).toMatch(
      /<div class="slip-actions">[\s\S]*<button type="button" class="primary" data-print="true">/,
    )

    // The rest shipped, the slip says nothing is left.
    await shipOrder(
      desk(),
      await createOwnerCaller(db),
      {
        orderId: order.orderId,
        carrier: 'UPS',
        trackingNumber: 'S2',
        lines: [{ lineId: order.teeLine.id, quantity: 2 }],
      },
      platform.clock(),
    )
    const teeLeft = await browser.get(`/dashboard/orders/${order.orderId}/packing-slip`)
    expect(slipRows(teeLeft.text)).toEqual([{ lineId: order.notebookLine.id, quantity: 1 }])
    // The last notebook refunded, nothing is left to ship, and the slip says so.
    await refundOrder(
      desk(),
      await createOwnerCaller(db),
      {
        orderId: order.orderId,
        idempotencyKey: `slip-rest-${order.orderId}`,
        lines: [{ lineId: order.notebookLine.id, quantity: 1, restock: false }],
      },
      platform.clock(),
    )
    const done = await browser.get(`/dashboard/orders/${order.orderId}/packing-slip`)
    expect(slipRows(done.text)).toEqual([])
    expect(done.text).toContain('Nothing is left to ship on this order.')
  })

  it('prints the slips of the orders ticked in the list, in one page, one per printed page', async () => {
    const first = await partlyDoneOrder()
    const second = await placeNotebookOrder(platform.app, db, platform.clock(), { quantity: 4 })
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const list = await browser.get('/dashboard/orders')
    expect(list.text).toContain('action="/dashboard/orders/packing-slips"')
    expect(list.text).toContain(`name="ids" value="${first.orderId}"`)
    const both = await browser.get(
      `/dashboard/orders/packing-slips?ids=${second.orderId}&ids=${first.orderId}`,
    )
    expect(both.status).toBe(200)
    expect(both.text).toContain('Packing slips (2)')
    expect(
      [...both.text.matchAll(/<article class="packing-slip"[^>]*data-order="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual([second.orderId, first.orderId])
    expect(slipRows(both.text).map((row) => row.quantity)).toEqual([4, 2, 1])
    const commas = await browser.get(`/dashboard/orders/packing-slips?ids=${first.orderId},${second.orderId}`)
    expect(commas.status).toBe(200)
    expect(commas.text.match(/<article class="packing-slip"/g)?.length).toBe(2)
  })

  it("gives an owner of another site a 404 for this site's orders, alone or in a selection", async () => {
    const ours = await placeNotebookOrder(platform.app, db, platform.clock())
    await db.query(`insert into sites (id, name) values ($1, 'Other shop') on conflict do nothing`, [
      OTHER_SITE_ID,
    ])
    const other = { email: 'other-owner@shop.test', password: 'another horse battery' }
    await saveSiteUser(db, testHasher, { siteId: OTHER_SITE_ID, ...other }, platform.clock())
    const browser = createTestBrowser(platform.app)
    await browser.signIn(other.email, other.password)
    expect((await browser.get('/dashboard/orders')).status).toBe(200)
    const single = await browser.get(`/dashboard/orders/${ours.orderId}/packing-slip`)
    expect(single.status).toBe(404)
    expect(single.text).not.toContain('Brooklyn')
    const selection = await browser.get(`/dashboard/orders/packing-slips?ids=${ours.orderId}`)
    expect(selection.status).toBe(404)
    expect(selection.text).not.toContain('Brooklyn')
    // Signed out, the page asks for a sign-in first.
    const anonymous = await createTestBrowser(platform.app).get(
      `/dashboard/orders/${ours.orderId}/packing-slip`,
    )
    expect(anonymous.status).toBe(303)
  })

  it('refuses bad ids, none, or too many with a clear 400', async () => {
    const ours = await placeNotebookOrder(platform.app, db, platform.clock())
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const notAnId = await browser.get('/dashboard/orders/not-an-id/packing-slip')
    expect(notAnId.status).toBe(400)
    const bad = await browser.get(`/dashboard/orders/packing-slips?ids=${ours.orderId},nope`)
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('must be an id (UUID)')
    const none = await browser.get('/dashboard/orders/packing-slips')
    expect(none.status).toBe(400)
    expect(none.text).toContain('must name at least one order')
    const many = Array.from({ length: 51 }, () => ours.orderId).join(',')
    const tooMany = await browser.get(`/dashboard/orders/packing-slips?ids=${many}`)
    expect(tooMany.status).toBe(400)
    expect(tooMany.text).toContain('must name at most 50 orders at once')
    const unknown = await browser.get(
      '/dashboard/orders/packing-slips?ids=00000000-0000-4000-8000-000000000000',
    )
    expect(unknown.status).toBe(404)
  })
})
