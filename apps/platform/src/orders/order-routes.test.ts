import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceCheckout } from '../checkout/checkout-pricing.ts'
import { findCheckout, saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

describe.each(databaseKinds())('orders on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebookId: string
  beforeAll(async () => {
    ;({ db, platform, notebookId } = await openDemoCommerce(kind))
  })
  afterAll(() => db.close())

  /** Places an order of `quantity` notebooks for the visitor with this token. */
  async function order(token: string, quantity: number) {
    await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: notebookId }, quantity }] },
    })
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })
    const checkoutId = created.json.checkoutId as string
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
    const checkout = (await findCheckout(db, checkoutId))!
    const priced = (await priceCheckout(db, checkout, { currency: 'USD', now }))!
    const placed = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      expectedTotalMinor: priced.totals.priceSummary.total,
      payment: { status: 'NOT_PAID', provider: 'offline' },
      now,
    })
    if (placed.kind !== 'placed') throw new Error('not placed')
    platform.clock.advance(60)
    return placed.orderId
  }

  it('shows buyers only their own orders, newest first, in pages', async () => {
    const ada = (await platform.visitorTokens()).access_token
    const bob = (await platform.visitorTokens()).access_token
    const first = await order(ada, 1)
    const second = await order(ada, 2)
    const bobs = await order(bob, 1)

    const page = await platform.call('GET', '/ecom/v1/orders?limit=1', { token: ada })
    expect(page.status).toBe(200)
    expect(page.json.metadata).toEqual({ count: 1, offset: 0, total: 2 })
    expect(page.json.orders[0]).toMatchObject({
      id: second,
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      buyerInfo: { email: 'buyer@example.com' },
      shippingInfo: { code: 'standard' },
      lineItems: [{ productName: 'Meadow Notebook', quantity: 2 }],
    })
    const next = await platform.call('GET', '/ecom/v1/orders?limit=1&offset=1', { token: ada })
    expect(next.json.orders.map((o: { id: string }) => o.id)).toEqual([first])

    expect((await platform.call('GET', `/ecom/v1/orders/${first}`, { token: ada })).json.order.id).toBe(first)
    const foreign = await platform.call('GET', `/ecom/v1/orders/${bobs}`, { token: ada })
    expect(foreign.status).toBe(404)
    expect(foreign.json.details.applicationError.code).toBe('ORDER_NOT_FOUND')
    const bobList = await platform.call('GET', '/ecom/v1/orders', { token: bob })
    expect(bobList.json.orders.map((o: { id: string }) => o.id)).toEqual([bobs])
  })

  it('lists every order of the site for an API key with the orders permission', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'ops', permissions: ['orders'] },
      new Date(),
    )
    const { key: catalogueOnly } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'catalogue', permissions: ['catalogue'] },
      new Date(),
    )
    const headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    const all = await platform.call('GET', '/ecom/v1/merchant/orders?limit=2', { headers })
    expect(all.status).toBe(200)
    expect(all.json.metadata).toEqual({ count: 2, offset: 0, total: 3 })
    const dates = all.json.orders.map((o: { createdDate: string }) => o.createdDate)
    expect([...dates].sort().reverse()).toEqual(dates)
    const refused = await platform.call('GET', '/ecom/v1/merchant/orders', {
      headers: { authorization: catalogueOnly, 'aisle-site-id': DEMO_SITE_ID },
    })
    expect(refused.status).toBe(403)
    const { access_token } = await platform.visitorTokens()
    expect((await platform.call('GET', '/ecom/v1/merchant/orders', { token: access_token })).status).toBe(403)
  })
})
