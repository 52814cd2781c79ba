import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser, readFormFields } from '../testing/dashboard-browser.ts'
import { BROOKLYN_FIELDS, checkOutWithTestCard, pathOfLocation } from '../testing/hosted-checkout-flow.ts'
import { memberTokens, newEmail } from '../testing/member-flows.ts'
import { findClassicTee } from '../testing/placed-orders.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

/**
 * The breakdown rows of a page or mail: each row's kind and amount in minor units, in order. A page that
 * draws its summary twice (the hosted checkout's folded summary on a phone) must draw the same lines.
 */
function breakdownRows(html: string) {
  const rows = [...html.matchAll(/data-line-kind="([A-Z]+)" data-amount-minor="(-?\d+)"/g)].map((match) => ({
    kind: match[1]!,
    amountMinor: Number(match[2]),
  }))
  const groups = rows.reduce<(typeof rows)[]>((found, row) => {
    if (row.kind === 'SUBTOTAL') found.push([])
    found.at(-1)?.push(row)
    return found
  }, [])
  expect(groups.length).toBeGreaterThan(0)
  for (const group of groups) expect(group).toEqual(groups[0])
  return groups[0]!
}

const PARTS = ['SUBTOTAL', 'DISCOUNT', 'SHIPPING', 'FEE', 'TAX']
const sum = (rows: { amountMinor: number }[]) => rows.reduce((total, row) => total + row.amountMinor, 0)

/**
 * Asserts that a surface's lines add up: the parts to the total, the total less the refunds to the net.
 * Answers the rows.
 */
function expectAddsUp(html: string) {
  const rows = breakdownRows(html)
  const totals = rows.filter((row) => row.kind === 'TOTAL')
  expect(totals).toHaveLength(1)
  const total = totals[0]!.amountMinor
  expect(sum(rows.filter((row) => PARTS.includes(row.kind)))).toBe(total)
  const refunds = rows.filter((row) => row.kind === 'REFUND')
  const net = rows.find((row) => row.kind === 'NET')
  if (refunds.length > 0) expect(net?.amountMinor).toBe(total + sum(refunds))
  else expect(net).toBeUndefined()
  return rows
}

const kinds = (rows: { kind: string }[]) => rows.map((row) => row.kind)

// Issue 35, section 3: a sale with a coupon, a merchant discount, shipping, the handling fee and tax, then
// a shipment and a partial refund. Every surface that shows its total draws the one breakdown, and on
// every one the lines sum to the total.
describe.each(databaseKinds())('the totals breakdown on every surface, on %s', (kind) => {
  let db: Db
  let shop: ReturnType<typeof createTestPlatform>
  let desk: Awaited<ReturnType<typeof createDashboardPlatform>>
  let member: { token: string; email: string }
  let checkoutId: string
  let orderId: string
  const html: Record<string, string> = {}

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    shop = createTestPlatform(db)
    desk = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await db.query(
      "update products set track_inventory = false, in_stock = true where slug = 'meadow-notebook'",
    )
    const tee = await findClassicTee(db)
    const [notebook] = await db.query<{ id: string }>(
      "select id from products where slug = 'meadow-notebook'",
    )
    const visitor = (await shop.visitorTokens()).access_token
    const email = newEmail('totals')
    member = { token: (await memberTokens(shop, visitor, email)).tokens.access_token, email }
    const cartCall = (method: string, path: string, body: unknown) =>
      shop.call(method, `/ecom/v1/carts/current${path}`, { token: member.token, body })
    const added = await cartCall('POST', '/add-to-cart', {
      lineItems: [
        { catalogReference: { catalogItemId: tee.id, options: { variantId: tee.variantId } }, quantity: 1 },
        { catalogReference: { catalogItemId: notebook!.id }, quantity: 1 },
      ],
    })
    expect(added.status).toBe(200)
    expect((await cartCall('PATCH', '', { couponCode: 'WELCOME10' })).status).toBe(200)
    const key = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'carts', permissions: ['carts'] },
      shop.clock(),
    )
    const discounted = await shop.call('PATCH', `/ecom/v1/carts/${added.json.cart.id}`, {
      headers: { authorization: key.key, 'aisle-site-id': DEMO_SITE_ID },
      body: { merchantDiscounts: [{ amount: '2.00' }] },
    })
    expect(discounted.status).toBe(200)
    const created = await cartCall('POST', '/create-checkout', { channelType: 'WEB' })
    checkoutId = created.json.checkoutId

    // The hosted checkout's summary once the address is in: the first press shows the totals.
    const buyer = createTestBrowser(shop.app)
    await buyer.get(`/_checkout/${checkoutId}`)
    const priced = await buyer.submit(`/_checkout/${checkoutId}/place-order`, {
      email: member.email,
      ...BROOKLYN_FIELDS,
      paymentMethod: 'test-card',
    })
    expect(priced.status).toBe(200)
    html.checkout = priced.text
    const placed = await checkOutWithTestCard(buyer, checkoutId, { email: member.email })
    expect(placed.status).toBe(303)
    html.thankYou = (await buyer.get(pathOfLocation(placed.location!))).text
    const [row] = await db.query<{ id: string }>('select id from orders where checkout_id = $1', [checkoutId])
    orderId = row!.id

    // The merchant ships the tee and refunds the notebook from the order page.
    const merchant = createTestBrowser(desk.app)
    await merchant.signIn()
    const page = await merchant.get(`/dashboard/orders/${orderId}`)
    const lines = await db.query<{ id: string; name: string }>(
      'select id, name from order_lines where order_id = $1 order by position',
      [orderId],
    )
    const teeLine = lines.find((line) => line.name.startsWith('Classic Tee'))!
    const notebookLine = lines.find((line) => line.name.startsWith('Meadow'))!
    const shipFields = readFormFields(page.text, `/dashboard/orders/${orderId}/ship`)
    const shipped = await merchant.submit(`/dashboard/orders/${orderId}/ship`, {
      ...Object.fromEntries(Object.entries(shipFields).map(([name, values]) => [name, values[0]!])),
      [`ship-${notebookLine.id}`]: '0',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    })
    expect(shipped.status).toBe(303)
    const refundPage = await merchant.get(`/dashboard/orders/${orderId}`)
    const refundKey = readFormFields(refundPage.text, `/dashboard/orders/${orderId}/refund`).refundKey![0]!
    const refunded = await merchant.submit(`/dashboard/orders/${orderId}/refund`, {
      refundKey,
      [`refund-${notebookLine.id}`]: '1',
      [`refund-${teeLine.id}`]: '0',
      reason: 'Out of stock',
    })
    expect(refunded.status).toBe(303)
    html.dashboard = (await merchant.get(`/dashboard/orders/${orderId}`)).text

    const account = createTestBrowser(shop.app)
    const landing = await account.get(
      pathOf(
        await redirectUrl(shop, member.token, {
          membersAccount: { section: 'ORDERS' },
          callbacks: { postFlowUrl: `${SHOP}/` },
        }),
      ),
    )
    html.account = (await account.get(landing.location!)).text
  })
  afterAll(() => db.close())

  it('the hosted checkout summary shows each discount, shipping, the handling fee and tax, adding up to the total', () => {
    const rows = expectAddsUp(html.checkout!)
    expect(kinds(rows)).toEqual(['SUBTOTAL', 'DISCOUNT', 'DISCOUNT', 'SHIPPING', 'FEE', 'TAX', 'TOTAL'])
    expect(html.checkout).toContain('Coupon WELCOME10')
    expect(html.checkout).toContain('Handling fee')
    expect(html.checkout).not.toMatch(/>Fees</)
  })

  it('the thank-you page draws the same lines as the checkout did', () => {
    expect(breakdownRows(html.thankYou!)).toEqual(breakdownRows(html.checkout!))
    expectAddsUp(html.thankYou!)
  })

  it('the dashboard order page shows the fee, the refund with its date and the net, and no longer offers the refunded notebook', () => {
    const rows = expectAddsUp(html.dashboard!)
    expect(kinds(rows)).toEqual([
      'SUBTOTAL',
      'DISCOUNT',
      'DISCOUNT',
      'SHIPPING',
      'FEE',
      'TAX',
      'TOTAL',
      'REFUND',
      'NET',
    ])
    expect(rows.slice(0, 7)).toEqual(breakdownRows(html.checkout!))
    expect(html.dashboard).toContain('Handling fee')
    expect(html.dashboard).toMatch(
      /<time class="muted" dateTime="2026-06-01T12:00:00.000Z">Jun 1, 2026<\/time>/i,
    )
    // Tee shipped, notebook refunded: nothing is left to ship, the order reads Shipped and has no ship form.
    expect(html.dashboard).not.toContain(`/dashboard/orders/${orderId}/ship"`)
    expect(html.dashboard).toContain('>Shipped<')
    expect(html.dashboard).toContain('>Partly refunded<')
  })

  it("the buyer's account shows the order's lines with what was refunded and when", () => {
    const rows = expectAddsUp(html.account!)
    expect(kinds(rows)).toContain('REFUND')
    expect(html.account).toContain('1 × Meadow Notebook')
    expect(html.account).toContain('Partly refunded · Shipped')
  })

  it('every buyer mail with the totals draws the breakdown, in HTML and in text', async () => {
    const mails = await db.query<{ topic: string; text_body: string; html_body: string }>(
      'select topic, text_body, html_body from mail_outbox where recipient = $1 order by sequence',
      [member.email],
    )
    expect(mails.map((mail) => mail.topic)).toEqual(['order-confirmation', 'order-shipped', 'order-refunded'])
    const [confirmation, , refund] = mails
    expect(breakdownRows(confirmation!.html_body)).toEqual(breakdownRows(html.checkout!))
    expect(breakdownRows(refund!.html_body)).toEqual(breakdownRows(html.dashboard!))
    for (const mail of [confirmation!, refund!]) {
      expectAddsUp(mail.html_body)
      expect(mail.text_body).toMatch(/ {2}Handling fee {2}\$1\.00/)
      expect(mail.text_body).toMatch(/ {2}Coupon WELCOME10/)
    }
    expect(refund!.text_body).toMatch(/Refunded · Jun 1, 2026 · 1 × Meadow Notebook {2}-\$/)
  })

  it('the order wire carries each fee by its kind and each refund with its date and lines, adding up as the pages do', async () => {
    const answer = await shop.call('GET', `/ecom/v1/orders/${orderId}`, { token: member.token })
    expect(answer.status).toBe(200)
    const { order } = answer.json
    expect(order.additionalFees).toEqual([
      expect.objectContaining({
        code: 'handling',
        chargeType: 'HANDLING_FEE',
        price: expect.objectContaining({ amount: '1.00' }),
      }),
    ])
    const notebookLine = order.lineItems.find((line: { productName: string }) =>
      line.productName.startsWith('Meadow'),
    )
    expect(order.refunds).toEqual([
      {
        id: expect.any(String),
        createdDate: '2026-06-01T12:00:00.000Z',
        amount: expect.objectContaining({ amount: order.refundedAmount.amount }),
        lineItems: [{ id: notebookLine.id, quantity: 1 }],
      },
    ])
    const rows = breakdownRows(html.dashboard!)
    const cents = (amount: string) => Math.round(Number(amount) * 100)
    expect(cents(order.priceSummary.total.amount)).toBe(rows.find((row) => row.kind === 'TOTAL')!.amountMinor)
    expect(-cents(order.refunds[0].amount.amount)).toBe(
      rows.find((row) => row.kind === 'REFUND')!.amountMinor,
    )
    expect(order.fulfillmentStatus).toBe('FULFILLED')
  })
})
