import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { MAX_LINE_ITEMS } from './cart-limits.ts'
import { CartSchema } from './cart-schemas.ts'

const OTHER_SITE_ID = '5d2b7c1e-0000-4000-8000-00000000c0c0'
const OTHER_CART_ID = '5d2b7c1e-0000-4000-8000-00000000ca57'

describe.each(databaseKinds())("the merchant's cart calls by id on %s", (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: string
  let cartsKey: { id: string; key: string }
  let ordersKey: { id: string; key: string }
  let otherSiteKey: { id: string; key: string }
  beforeAll(async () => {
    ;({ db, platform, notebookId: notebook } = await openDemoCommerce(kind))
    const now = platform.clock()
    cartsKey = await createApiKey(db, { siteId: DEMO_SITE_ID, name: 'carts', permissions: ['carts'] }, now)
    ordersKey = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'everything but carts', permissions: ['catalogue', 'orders'] },
      now,
    )
    await db.query(`insert into sites (id, name) values ($1, 'Other shop')`, [OTHER_SITE_ID])
    await db.query(
      `insert into carts (id, site_id, owner_kind, owner_id, currency)
       values ($1, $2, 'visitor', '5d2b7c1e-0000-4000-8000-0000000000aa', 'USD')`,
      [OTHER_CART_ID, OTHER_SITE_ID],
    )
    otherSiteKey = await createApiKey(
      db,
      { siteId: OTHER_SITE_ID, name: 'carts', permissions: ['carts'] },
      now,
    )
  })
  afterAll(() => db.close())

  /** A merchant call with `key` (the `carts` key unless told), on the demo site unless told. */
  const merchant = (
    method: string,
    path: string,
    options: { body?: unknown; key?: string; siteId?: string } = {},
  ) =>
    platform.call(method, path, {
      token: options.key ?? cartsKey.key,
      headers: { 'aisle-site-id': options.siteId ?? DEMO_SITE_ID },
      body: options.body,
    })

  /** A visitor with a notebook in their cart. */
  async function shopper() {
    const { access_token: token } = await platform.visitorTokens()
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }] },
    })
    expect(added.status).toBe(200)
    return { token, cartId: added.json.cart.id as string }
  }

  const engraving = {
    productName: { original: 'Engraving' },
    price: '7.50',
    quantity: 2,
    descriptionLines: [
      { name: { original: 'Text' }, plainText: { original: 'For Ada' } },
      { name: { original: 'Ink' }, colorInfo: { original: 'Gold', code: '#d4af37' } },
    ],
    itemType: { preset: 'SERVICE' },
  }

  it("adds custom line items to a shopper's cart by id, priced and described by the merchant, never merged", async () => {
    const { token, cartId } = await shopper()
    const response = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [engraving, engraving] },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const cart = CartSchema.parse(response.json.cart)
    expect(cart.id).toBe(cartId)
    expect(cart.lineItems).toHaveLength(3)
    const custom = cart.lineItems.filter((l) => l.catalogReference === undefined)
    expect(custom).toHaveLength(2)
    expect(custom[0]).toMatchObject({
      quantity: 2,
      price: { amount: '7.50' },
      lineItemPrice: { amount: '15.00' },
      itemType: { preset: 'SERVICE' },
    })
    expect(custom[0]!.descriptionLines.map((d) => d.lineType)).toEqual(['PLAIN_TEXT', 'COLOR'])
    const notebookPrice = Number(cart.lineItems[0]!.price.amount)
    expect(cart.subtotal.amount).toBe((notebookPrice + 30).toFixed(2))
    // The shopper sees the merchant's lines in their current cart, as the merchant's answer showed them.
    const seen = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(seen.json.cart).toEqual(response.json.cart)
    // Who added them is kept for the record; the change is recorded as the merchant's (the key's app).
    const stored = await db.query<{ custom: { addedBy: unknown; priceMinor: number } }>(
      'select custom from cart_line_items where cart_id = $1 and custom is not null',
      [cartId],
    )
    expect(stored.map((row) => row.custom.addedBy)).toEqual([
      { apiKeyId: cartsKey.id },
      { apiKeyId: cartsKey.id },
    ])
    const [event] = await db.query<{ type: string; identity: unknown; payload: { id: string } }>(
      'select type, identity, payload from events where entity_id = $1 order by sequence desc limit 1',
      [cartId],
    )
    expect(event).toMatchObject({
      type: 'cart.updated',
      identity: { identityType: 'APP', appId: cartsKey.id },
      payload: { id: cartId },
    })
    const tooPrecise = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [{ ...engraving, price: '1.005' }] },
    })
    expect(tooPrecise.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'customLineItems[0].price',
      violatedRule: 'DECIMAL_MAX_SCALE',
    })
  })

  it('keeps a cart’s amounts exact up to its bound and refuses the line that would take it past', async () => {
    const { token, cartId } = await shopper()
    const dear = { ...engraving, price: '999999999.99', quantity: 9_999 }
    const first = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [dear] },
    })
    expect(first.status).toBe(200)
    // 9,999 × 999,999,999.99 + the notebook: exact to the cent, as decimal arithmetic gives it.
    const notebookPrice = BigInt(first.json.cart.lineItems[0].price.amount.replace('.', ''))
    const exact = 9_999n * 99_999_999_999n + notebookPrice
    const subtotal = first.json.cart.subtotal.amount as string
    expect(subtotal).toBe(`${exact / 100n}.${String(exact % 100n).padStart(2, '0')}`)
    const estimate = await platform.call('POST', '/ecom/v1/carts/current/estimate-totals', {
      token,
      body: {},
    })
    expect(estimate.status).toBe(200)
    expect(estimate.json.priceSummary.subtotal.amount).toBe(subtotal)

    const second = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [dear] },
    })
    expect(second.status).toBe(400)
    expect(second.json.details.applicationError).toMatchObject({
      code: 'CART_AMOUNT_TOO_LARGE',
      data: { maximum: '11258999068426.24' },
    })
    const after = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(after.json.cart.lineItems).toHaveLength(2)
  })

  it("lets the shopper remove the merchant's custom line but not change its quantity", async () => {
    const { token, cartId } = await shopper()
    const added = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [{ ...engraving, price: '0' }] },
    })
    const cart = CartSchema.parse(added.json.cart)
    const customId = cart.lineItems.find((line) => line.catalogReference === undefined)!.id
    const notebookId = cart.lineItems.find((line) => line.catalogReference !== undefined)!.id
    const path = '/ecom/v1/carts/current/update-line-items-quantity'
    const raised = await platform.call('POST', path, {
      token,
      body: {
        lineItems: [
          { id: notebookId, quantity: 2 },
          { id: customId, quantity: 10_000 },
        ],
      },
    })
    expect(raised.status).toBe(403)
    expect(raised.json.details.applicationError).toMatchObject({
      code: 'CUSTOM_LINE_ITEMS_FORBIDDEN',
      data: { lineItemIds: [customId] },
    })
    // Refused whole: the catalogue line's change did not happen either.
    const unchanged = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(unchanged.json.cart).toEqual(added.json.cart)
    // The same quantity is no change, and 0 removes the line.
    const kept = await platform.call('POST', path, {
      token,
      body: { lineItems: [{ id: customId, quantity: 2 }] },
    })
    expect(kept.status).toBe(200)
    const removed = await platform.call('POST', path, {
      token,
      body: { lineItems: [{ id: customId, quantity: 0 }] },
    })
    expect(removed.status).toBe(200)
    expect(removed.json.cart.lineItems.map((line: { id: string }) => line.id)).toEqual([notebookId])
  })

  it('adds catalogue lines by id too, to the line of the same item, and reads the cart back by id', async () => {
    const { cartId } = await shopper()
    const added = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { lineItems: [{ catalogReference: { catalogItemId: notebook }, quantity: 2 }] },
    })
    expect(added.status).toBe(200)
    expect(added.json.cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([3])
    const read = await merchant('GET', `/ecom/v1/carts/${cartId}`)
    expect(read.status).toBe(200)
    expect(read.json).toEqual(added.json)
  })

  it('holds a cart to 300 lines, custom ones included, and refuses the add that passes it whole', async () => {
    const { cartId } = await shopper()
    const hundred = { customLineItems: Array.from({ length: 100 }, () => ({ ...engraving, quantity: 1 })) }
    for (let round = 0; round < 2; round++) {
      const added = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, { body: hundred })
      expect(added.status).toBe(200)
    }
    const refused = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, { body: hundred })
    expect(refused.status).toBe(409)
    expect(refused.json.details.applicationError).toMatchObject({
      code: 'CART_LINE_ITEM_LIMIT',
      description: `A cart holds at most ${MAX_LINE_ITEMS} line items`,
    })
    expect((await merchant('GET', `/ecom/v1/carts/${cartId}`)).json.cart.lineItems).toHaveLength(201)
    const tooMany = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: { customLineItems: [{ ...engraving, quantity: 10_001 }] },
    })
    expect(tooMany.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'customLineItems[0].quantity',
      violatedRule: 'MAX',
    })
  })

  it('answers an API key without the carts permission, and a shopper, with 403, changing nothing', async () => {
    const { token, cartId } = await shopper()
    const body = { customLineItems: [engraving] }
    const [before] = await db.query('select count(*)::int as n from events')
    const noPermission = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body,
      key: ordersKey.key,
    })
    expect(noPermission.status).toBe(403)
    expect(noPermission.json.details.applicationError).toMatchObject({
      code: 'FORBIDDEN',
      data: { permission: 'carts' },
    })
    expect((await merchant('GET', `/ecom/v1/carts/${cartId}`, { key: ordersKey.key })).status).toBe(403)
    const asShopper = await platform.call('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, { token, body })
    expect(asShopper.status).toBe(403)
    expect(asShopper.json.details.applicationError.code).toBe('FORBIDDEN')
    expect(await db.query('select count(*)::int as n from events')).toEqual([before])
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(cart.json.cart.lineItems).toHaveLength(1)
  })

  it("answers another site's cart, and an unknown one, with 404 CART_NOT_FOUND", async () => {
    const body = { customLineItems: [engraving] }
    for (const id of [OTHER_CART_ID, '00000000-0000-4000-8000-000000000000']) {
      const read = await merchant('GET', `/ecom/v1/carts/${id}`)
      expect(read.status, id).toBe(404)
      expect(read.json.details.applicationError).toMatchObject({ code: 'CART_NOT_FOUND', data: { id } })
      const add = await merchant('POST', `/ecom/v1/carts/${id}/add-to-cart`, { body })
      expect(add.status, id).toBe(404)
      expect(add.json.details.applicationError.code).toBe('CART_NOT_FOUND')
    }
    expect(
      await db.query('select count(*)::int as n from cart_line_items where cart_id = $1', [OTHER_CART_ID]),
    ).toEqual([{ n: 0 }])
    // That site's own key reaches it; the demo site's cart is not that key's.
    expect(
      (
        await merchant('GET', `/ecom/v1/carts/${OTHER_CART_ID}`, {
          key: otherSiteKey.key,
          siteId: OTHER_SITE_ID,
        })
      ).status,
    ).toBe(200)
    const { cartId } = await shopper()
    expect(
      (
        await merchant('GET', `/ecom/v1/carts/${cartId}`, {
          key: otherSiteKey.key,
          siteId: OTHER_SITE_ID,
        })
      ).status,
    ).toBe(404)
    expect((await merchant('GET', '/ecom/v1/carts/not-a-uuid')).status).toBe(400)
  })

  it('keeps the current-cart paths for shoppers: a key on /carts/current is still refused there', async () => {
    const response = await merchant('GET', '/ecom/v1/carts/current')
    expect(response.status).toBe(403)
    expect(response.json.message).toContain('access token')
  })

  it("places the order of a cart with the merchant's custom line at the merchant's price, marked custom", async () => {
    const { token, cartId } = await shopper()
    const added = await merchant('POST', `/ecom/v1/carts/${cartId}/add-to-cart`, {
      body: {
        customLineItems: [
          {
            productName: { original: 'Gift wrap' },
            price: '3.25',
            quantity: 2,
            itemType: { preset: 'SERVICE' },
          },
        ],
      },
    })
    expect(added.status).toBe(200)
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB' },
    })
    expect(created.status).toBe(200)
    const checkoutId = created.json.checkoutId as string
    const now = platform.clock()
    const choices = {
      email: 'buyer@example.com',
      shippingAddress: BROOKLYN_ADDRESS,
      billingAddress: BROOKLYN_ADDRESS,
      selectedShippingOption: { code: 'standard' },
    }
    await saveCheckoutChoices(db, checkoutId, choices, now)
    const payment = {
      status: 'PAID',
      provider: 'test-card',
      transactionId: 'tp_test',
      cardLast4: '4242',
    } as const
    const input = { checkoutId, payment, now, publicUrl: TEST_PUBLIC_URL }
    const first = await placeOrder(db, { ...input, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const placed = await placeOrder(db, { ...input, expectedTotalMinor: first.totalMinor })
    if (placed.kind !== 'placed') throw new Error('expected the order to be placed')

    const mine = await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })
    expect(mine.status).toBe(200)
    expect(mine.json.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' })
    expect(mine.json.order.lineItems).toEqual([
      expect.objectContaining({ catalogItemId: notebook, customLineItem: false }),
      expect.objectContaining({
        catalogItemId: null,
        productName: 'Gift wrap',
        customLineItem: true,
        quantity: 2,
        price: expect.objectContaining({ amount: '3.25' }),
        totalPrice: expect.objectContaining({ amount: '6.50' }),
      }),
    ])
    const listed = await merchant('GET', '/ecom/v1/merchant/orders', { key: ordersKey.key })
    const order = listed.json.orders.find((o: { id: string }) => o.id === placed.orderId)
    expect(order.lineItems.map((l: { customLineItem: boolean }) => l.customLineItem)).toEqual([false, true])
    const stored = await db.query<{ custom: unknown }>(
      'select custom from order_lines where order_id = $1 order by position',
      [placed.orderId],
    )
    expect(stored).toEqual([{ custom: null }, { custom: { addedBy: { apiKeyId: cartsKey.id } } }])
  })
})
