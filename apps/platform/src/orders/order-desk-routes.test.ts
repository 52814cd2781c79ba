import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { placeNotebookOrder, trackNotebookStock } from '../testing/placed-orders.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { listOrderEvents } from './order-desk-store.ts'
import type { RefundRequest } from './order-refunds.ts'

const now = new Date('2026-06-01T12:00:00Z')

describe.each(databaseKinds())('the order desk’s JSON calls on %s', (kind) => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let merchant: Record<string, string>
  let cartsOnly: Record<string, string>
  const refundsAsked: RefundRequest[] = []
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      clock: () => now,
      orderRefunds: {
        async refund(request) {
          refundsAsked.push(request)
          return { status: 'REFUNDED', refundId: `re_${refundsAsked.length}` }
        },
      },
    })
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await trackNotebookStock(db, 50)
    const key = async (permissions: ('orders' | 'carts')[]) =>
      (await createApiKey(db, { siteId: DEMO_SITE_ID, name: permissions.join(), permissions }, now)).key
    merchant = { authorization: await key(['orders']), 'aisle-site-id': DEMO_SITE_ID }
    cartsOnly = { authorization: await key(['carts']), 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())

  async function call(path: string, body?: unknown, headers: Record<string, string> = merchant) {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as Record<string, any> }
  }
  const stock = async () =>
    Number(
      (
        await db.query<{ quantity: number }>("select quantity from products where slug = 'meadow-notebook'")
      )[0]?.quantity,
    )

  it('ships part of an order, then the rest, answering the order with its tracking each time', async () => {
    const placed = await placeNotebookOrder(app, db, now, { quantity: 3, email: 'json-ship@example.com' })
    const { json: read } = await call(`/ecom/v1/merchant/orders/${placed.orderId}`)
    const lineId = read.order.lineItems[0].id
    const first = await call(`/ecom/v1/merchant/orders/${placed.orderId}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z001',
      trackingUrl: 'https://ups.example/1Z001',
      lineItems: [{ id: lineId, quantity: 1 }],
    })
    expect(first.status).toBe(200)
    expect(first.json.order).toMatchObject({
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      fulfillments: [
        {
          lineItems: [{ id: lineId, quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z001', shippingProvider: 'UPS' },
        },
      ],
    })
    const rest = await call(`/ecom/v1/merchant/orders/${placed.orderId}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD002',
    })
    expect(rest.json.order.fulfillmentStatus).toBe('FULFILLED')
    const again = await call(`/ecom/v1/merchant/orders/${placed.orderId}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD003',
    })
    expect(again.status).toBe(409)
    expect(again.json.details.applicationError.code).toBe('ORDER_ALREADY_FULFILLED')
  })

  it('refunds once per Idempotency-Key, in exact minor units, and refuses a refund without one', async () => {
    const placed = await placeNotebookOrder(app, db, now, {
      quantity: 2,
      paid: true,
      email: 'json-refund@example.com',
    })
    const path = `/ecom/v1/merchant/orders/${placed.orderId}/refund`
    const keyless = await call(path, { amount: '1.10' })
    expect(keyless.status).toBe(400)
    expect(keyless.json.details.validationError.fieldViolations[0].field).toBe('Idempotency-Key')
    const asked = refundsAsked.length
    const keyed = { ...merchant, 'idempotency-key': `refund-${placed.orderId}` }
    const first = await call(path, { amount: '1.10', reason: 'scuffed cover' }, keyed)
    const retry = await call(path, { amount: '1.10', reason: 'scuffed cover' }, keyed)
    expect(first.status).toBe(200)
    expect(retry.json).toEqual(first.json)
    expect(first.json.order).toMatchObject({ paymentStatus: 'PARTIALLY_REFUNDED' })
    expect(first.json.order.refundedAmount.amount).toBe('1.10')
    expect(refundsAsked.slice(asked)).toEqual([expect.objectContaining({ amountMinor: 110 })])
    const tooPrecise = await call(path, { amount: '1.105' }, { ...merchant, 'idempotency-key': 'other' })
    expect(tooPrecise.status).toBe(400)
    expect(tooPrecise.json.details.validationError.fieldViolations[0].field).toBe('amount')
  })

  it('cancels an order with its stock going back, and keeps a note on the timeline', async () => {
    const before = await stock()
    const placed = await placeNotebookOrder(app, db, now, { quantity: 2, email: 'json-cancel@example.com' })
    expect(await stock()).toBe(before - 2)
    const noted = await call(`/ecom/v1/merchant/orders/${placed.orderId}/notes`, { text: 'Buyer phoned' })
    expect(noted.status).toBe(200)
    const canceled = await call(`/ecom/v1/merchant/orders/${placed.orderId}/cancel`, {
      reason: 'Buyer asked',
    })
    expect(canceled.json.order.status).toBe('CANCELED')
    expect(await stock()).toBe(before)
    const kinds = (await listOrderEvents(db, placed.orderId)).map((event) => event.kind)
    expect(kinds).toEqual(expect.arrayContaining(['NOTE', 'CANCELED']))
  })

  it('marks an order to pay in person paid once: POST /ecom/v1/merchant/orders/{id}/mark-as-paid', async () => {
    const placed = await placeNotebookOrder(app, db, now, { email: 'json-mark-paid@example.com' })
    const { json: before } = await call(`/ecom/v1/merchant/orders/${placed.orderId}`)
    expect(before.order.paymentStatus).toBe('NOT_PAID')
    expect(before.order.balanceSummary.paid.amount).toBe('0.00')
    const marked = await call(`/ecom/v1/merchant/orders/${placed.orderId}/mark-as-paid`, {})
    expect(marked.status).toBe(200)
    expect(marked.json.order.paymentStatus).toBe('PAID')
    expect(marked.json.order.balanceSummary.balance.amount).toBe('0.00')
    expect(marked.json.order.balanceSummary.paid.amount).toBe(before.order.priceSummary.total.amount)
    // A second press answers the same order and changes nothing: one timeline entry, one order.paid.
    const again = await call(`/ecom/v1/merchant/orders/${placed.orderId}/mark-as-paid`, {})
    expect(again.status).toBe(200)
    expect((await listOrderEvents(db, placed.orderId)).filter((event) => event.kind === 'PAID')).toHaveLength(
      1,
    )
    const events = await db.query("select id from events where entity_id = $1 and type = 'order.paid'", [
      placed.orderId,
    ])
    expect(events).toHaveLength(1)
    // Nothing was paid through a provider: nothing is refundable, said in words, and nothing changes.
    const refused = await app.request(`${TEST_PUBLIC_URL}/ecom/v1/merchant/orders/${placed.orderId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'mark-paid-refund', ...merchant },
      body: JSON.stringify({ amount: '1.00' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('nothing paid through Pay later (offline) is left to refund')
  })

  it('answers 404 for another site’s or an unknown order, 403 without the orders permission, 400 for bad bodies', async () => {
    const placed = await placeNotebookOrder(app, db, now, { email: 'json-guard@example.com' })
    const unknown = await call('/ecom/v1/merchant/orders/00000000-0000-4000-8000-000000000000/cancel', {})
    expect(unknown.status).toBe(404)
    expect(unknown.json.details.applicationError.code).toBe('ORDER_NOT_FOUND')
    expect((await call(`/ecom/v1/merchant/orders/${placed.orderId}`, undefined, cartsOnly)).status).toBe(403)
    const bad = await call(`/ecom/v1/merchant/orders/${placed.orderId}/ship`, {
      carrier: 'UPS',
      trackingNumber: '',
      colour: 'red',
    })
    expect(bad.status).toBe(400)
    const { json } = await call(`/ecom/v1/merchant/orders/${placed.orderId}`)
    expect(json.order).toMatchObject({ status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' })
  })
})
