import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { CartSchema } from './cart-schemas.ts'

const minor = (amount: string) => Math.round(Number(amount) * 100)
const BERLIN = { country: 'DE', city: 'Berlin', postalCode: '10115', addressLine: 'Invalidenstr. 1' }

// Decision 044: the merchant's discounts on a shopper's cart, and the cart's contact address.
describe.each(databaseKinds())("the merchant's discounts and the cart's contact on %s", (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: string
  let tote: string
  let cartsKey: { id: string; key: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const rows = await db.query<{ id: string; slug: string }>(
      "select id, slug from products where slug in ('meadow-notebook', 'meadow-tote')",
    )
    notebook = rows.find((r) => r.slug === 'meadow-notebook')!.id
    tote = rows.find((r) => r.slug === 'meadow-tote')!.id
    await db.query('update products set track_inventory = false, in_stock = true where id = any($1)', [
      [notebook, tote],
    ])
    cartsKey = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'carts', permissions: ['carts'] },
      platform.clock(),
    )
  })
  afterAll(() => db.close())

  const merchant = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { token: cartsKey.key, headers: { 'aisle-site-id': DEMO_SITE_ID }, body })

  /** A visitor with 2 notebooks and a tote in their cart. */
  async function shopper() {
    const { access_token: token } = await platform.visitorTokens()
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          { catalogReference: { catalogItemId: notebook }, quantity: 2 },
          { catalogReference: { catalogItemId: tote }, quantity: 1 },
        ],
      },
    })
    expect(added.status).toBe(200)
    const cart = CartSchema.parse(added.json.cart)
    const [notebookLine, toteLine] = cart.lineItems
    const estimate = (body: unknown = {}) =>
      platform.call('POST', '/ecom/v1/carts/current/estimate-totals', { token, body })
    return {
      token,
      cartId: cart.id,
      notebookLine: { id: notebookLine!.id, amount: minor(notebookLine!.lineItemPrice.amount) },
      toteLine: { id: toteLine!.id, amount: minor(toteLine!.lineItemPrice.amount) },
      estimate,
    }
  }

  const rows = async (cartId: string) =>
    (
      await db.query<{ discounts: unknown; events: number }>(
        `select merchant_discounts as discounts,
                (select count(*)::int from events where entity_id = $1::text) as events
         from carts where id = $1::uuid`,
        [cartId],
      )
    )[0]

  it('sets a percentage on a line and an amount on the whole cart; the cart and the estimate carry them, tax after them', async () => {
    const { token, cartId, notebookLine, toteLine, estimate } = await shopper()
    const set = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ percentage: 12.5, lineItemIds: [notebookLine.id] }, { amount: '3.00' }],
    })
    expect(set.status).toBe(200)
    const cart = CartSchema.parse(set.json.cart)
    expect(cart.merchantDiscounts).toEqual([
      { id: expect.any(String), percentage: 12.5, lineItemIds: [notebookLine.id] },
      { id: expect.any(String), amount: expect.objectContaining({ amount: '3.00' }), lineItemIds: [] },
    ])
    expect(cart.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: { id: cart.merchantDiscounts[0]!.id, percentage: 12.5 },
        lineItemIds: [notebookLine.id],
      },
      {
        discountType: 'GLOBAL',
        merchantDiscount: {
          id: cart.merchantDiscounts[1]!.id,
          amount: expect.objectContaining({ amount: '3.00' }),
        },
        lineItemIds: [],
      },
    ])
    // The shopper's cart is the same cart, and the change is recorded as the merchant's.
    expect((await platform.call('GET', '/ecom/v1/carts/current', { token })).json.cart).toEqual(set.json.cart)
    const [event] = await db.query<{ type: string; identity: unknown }>(
      'select type, identity from events where entity_id = $1 order by sequence desc limit 1',
      [cartId],
    )
    expect(event).toEqual({ type: 'cart.updated', identity: { identityType: 'APP', appId: cartsKey.id } })

    // Berlin: 19 % VAT on the items after discounts (and on shipping, which Germany taxes).
    const estimated = await estimate({
      shippingAddress: BERLIN,
      selectedShippingOption: { code: 'international' },
    })
    expect(estimated.status).toBe(200)
    const percentOff = Math.round((notebookLine.amount * 1250) / 10_000)
    const subtotal = notebookLine.amount + toteLine.amount
    const discounts = estimated.json.appliedDiscounts
    expect(discounts).toHaveLength(2)
    expect(discounts[0]).toMatchObject({
      discountType: 'SPECIFIC_ITEMS',
      amount: { amount: (percentOff / 100).toFixed(2) },
      merchantDiscount: { percentage: 12.5, amount: { amount: (percentOff / 100).toFixed(2) } },
      lineItems: [{ lineItemId: notebookLine.id, amount: { amount: (percentOff / 100).toFixed(2) } }],
    })
    expect(discounts[1]).toMatchObject({
      discountType: 'GLOBAL',
      amount: { amount: '3.00' },
      merchantDiscount: { amount: { amount: '3.00' } },
    })
    expect(discounts[1].merchantDiscount).not.toHaveProperty('percentage')
    const shares = discounts[1].lineItems.map((share: { amount: { amount: string } }) =>
      minor(share.amount.amount),
    )
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBe(300)
    const summary = estimated.json.priceSummary
    expect(minor(summary.subtotal.amount)).toBe(subtotal)
    expect(minor(summary.discount.amount)).toBe(percentOff + 300)
    const shipping = minor(summary.shipping.amount)
    expect(minor(estimated.json.taxSummary.taxableAmount.amount)).toBe(subtotal - percentOff - 300 + shipping)
    expect(minor(summary.total.amount)).toBe(
      subtotal -
        percentOff -
        300 +
        shipping +
        minor(summary.tax.amount) +
        minor(summary.additionalFees.amount),
    )

    // An empty list removes them all; the estimate is back to the full price.
    const cleared = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, { merchantDiscounts: [] })
    expect(cleared.json.cart).toMatchObject({ merchantDiscounts: [], appliedDiscounts: [] })
    expect((await estimate()).json.priceSummary.discount.amount).toBe('0.00')
  })

  it('refuses out-of-bounds amounts and percentages, and unknown lines, changing nothing', async () => {
    const { cartId, notebookLine, toteLine } = await shopper()
    const kept = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ percentage: 5 }],
    })
    expect(kept.status).toBe(200)
    const before = await rows(cartId)
    const cartSubtotal = ((notebookLine.amount + toteLine.amount) / 100).toFixed(2)
    const over = (amount: number) => ((amount + 1) / 100).toFixed(2)
    const refusals: [unknown, string, string][] = [
      [{ amount: '0' }, 'merchantDiscounts[0].amount', 'DECIMAL_GT'],
      [{ amount: '0.00' }, 'merchantDiscounts[0].amount', 'DECIMAL_GT'],
      [{ amount: over(notebookLine.amount + toteLine.amount) }, 'merchantDiscounts[0].amount', 'DECIMAL_LTE'],
      [
        { amount: over(toteLine.amount), lineItemIds: [toteLine.id] },
        'merchantDiscounts[0].amount',
        'DECIMAL_LTE',
      ],
      [{ amount: '1.005' }, 'merchantDiscounts[0].amount', 'DECIMAL_MAX_SCALE'],
      [{ amount: '-1' }, 'merchantDiscounts[0].amount', 'FORMAT'],
      [{ percentage: 0 }, 'merchantDiscounts[0].percentage', 'MIN'],
      [{ percentage: -5 }, 'merchantDiscounts[0].percentage', 'MIN'],
      [{ percentage: 100.01 }, 'merchantDiscounts[0].percentage', 'MAX'],
      [{ percentage: 'Infinity' }, 'merchantDiscounts[0].percentage', 'VALIDATION'],
      [{ percentage: 12.345 }, 'merchantDiscounts[0].percentage', 'DECIMAL_MAX_SCALE'],
      [{ amount: '1.00', percentage: 10 }, 'merchantDiscounts[0].amount', 'ONE_OF_ALIGNMENT'],
      [{}, 'merchantDiscounts[0].amount', 'ONE_OF_ALIGNMENT'],
      [{ percentage: 10, lineItemIds: ['nope'] }, 'merchantDiscounts[0].lineItemIds[0]', 'FORMAT'],
    ]
    for (const [discount, field, rule] of refusals) {
      const refused = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
        merchantDiscounts: [{ percentage: 10 }, discount].reverse(),
        cartInfo: { buyerNote: 'should not stick' },
      })
      expect(refused.status, JSON.stringify(discount)).toBe(400)
      expect(refused.json.message).toMatch(/^INVALID_ARGUMENT/)
      expect(refused.json.details.validationError.fieldViolations, JSON.stringify(discount)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      )
    }
    // The whole cart's subtotal is the bound of a cart-wide amount: exactly it is taken.
    const whole = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ amount: cartSubtotal }],
    })
    expect(whole.status).toBe(200)
    const restored = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ percentage: 5 }],
    })
    expect(restored.status).toBe(200)
    const afterRestore = await rows(cartId)

    const unknown = '00000000-0000-4000-8000-000000000000'
    const notFound = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ percentage: 10, lineItemIds: [notebookLine.id, unknown] }],
    })
    expect(notFound.status).toBe(404)
    expect(notFound.json.details.applicationError).toMatchObject({
      code: 'LINE_ITEM_NOT_FOUND',
      data: { lineItemIds: [unknown] },
    })
    const after = await rows(cartId)
    expect(after).toEqual(afterRestore)
    expect(after!.events).toBe(before!.events + 2)
    expect((await merchant('GET', `/ecom/v1/carts/${cartId}`)).json.cart.cartInfo).toEqual({})
  })

  it('shows no discount whose lines were all removed, and the estimate takes nothing for it', async () => {
    const { token, cartId, toteLine, estimate } = await shopper()
    await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ amount: (toteLine.amount / 100).toFixed(2), lineItemIds: [toteLine.id] }],
    })
    expect((await estimate()).json.priceSummary.discount.amount).toBe((toteLine.amount / 100).toFixed(2))
    const removed = await platform.call('POST', '/ecom/v1/carts/current/remove-line-items', {
      token,
      body: { lineItemIds: [toteLine.id] },
    })
    expect(removed.json.cart).toMatchObject({ merchantDiscounts: [], appliedDiscounts: [] })
    const estimated = await estimate()
    expect(estimated.json.appliedDiscounts).toEqual([])
    expect(estimated.json.priceSummary.discount.amount).toBe('0.00')
  })

  it('prices the estimate for the contact address when given no shipping address, and defaults the checkout to it', async () => {
    const { token, estimate } = await shopper()
    const none = await estimate()
    expect(none.json.shippingInfo.region).toBeUndefined()
    expect(none.json.taxSummary.jurisdictions.map((j: { name: string }) => j.name)).not.toContain(
      'Germany VAT',
    )

    const contactInfo = { address: { ...BERLIN, geocode: { latitude: 52.53, longitude: 13.38 } } }
    await platform.call('PATCH', '/ecom/v1/carts/current', { token, body: { cartInfo: { contactInfo } } })
    const fromContact = await estimate({ selectedShippingOption: { code: 'international' } })
    expect(fromContact.json.shippingInfo.region).toMatchObject({ name: 'European Union' })
    expect(fromContact.json.taxSummary.jurisdictions).toEqual([
      expect.objectContaining({ name: 'Germany VAT', rate: 0.19 }),
    ])
    // A shipping address given wins over the contact's.
    const given = await estimate({ shippingAddress: BROOKLYN_ADDRESS })
    expect(given.json.shippingInfo.region.name).not.toBe(fromContact.json.shippingInfo.region.name)
    expect(given.json.taxSummary.jurisdictions.map((j: { name: string }) => j.name)).toContain(
      'New York State',
    )

    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB', billingAddress: BROOKLYN_ADDRESS },
    })
    expect(created.status).toBe(200)
    const [checkout] = await db.query<{ shipping_address: unknown; billing_address: unknown }>(
      'select shipping_address, billing_address from checkouts where id = $1',
      [created.json.checkoutId],
    )
    expect(checkout).toEqual({ shipping_address: contactInfo.address, billing_address: BROOKLYN_ADDRESS })
  })

  it("carries the merchant's discount into the checkout and the order, which names its own lines", async () => {
    const { token, cartId, notebookLine } = await shopper()
    const set = await merchant('PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ percentage: 10, lineItemIds: [notebookLine.id] }],
    })
    const discountId = set.json.cart.merchantDiscounts[0].id as string
    await platform.call('PATCH', '/ecom/v1/carts/current', {
      token,
      body: { cartInfo: { contactInfo: { address: BROOKLYN_ADDRESS } } },
    })
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB', selectedShippingOption: { code: 'standard' } },
    })
    const checkoutId = created.json.checkoutId as string
    const [frozen] = await db.query<{ totals: { appliedDiscounts: unknown[] } }>(
      'select totals from checkouts where id = $1',
      [checkoutId],
    )
    const tenth = Math.round(notebookLine.amount / 10)
    expect(frozen!.totals.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: expect.objectContaining({ id: discountId, percentage: 10 }),
      }),
    ])
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
    const payment = {
      status: 'PAID',
      provider: 'test-card',
      transactionId: 'tp_test',
      cardLast4: '4242',
    } as const
    const first = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      payment,
      now,
      expectedTotalMinor: -1,
    })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const placed = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      payment,
      now,
      expectedTotalMinor: first.totalMinor,
    })
    if (placed.kind !== 'placed') throw new Error('expected the order to be placed')

    const order = (await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })).json.order
    const notebookOrderLine = order.lineItems.find(
      (l: { catalogItemId: string }) => l.catalogItemId === notebook,
    )
    expect(order.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        amount: expect.objectContaining({ amount: (tenth / 100).toFixed(2) }),
        merchantDiscount: {
          id: discountId,
          amount: expect.objectContaining({ amount: (tenth / 100).toFixed(2) }),
          percentage: 10,
        },
        lineItems: [
          {
            lineItemId: notebookOrderLine.id,
            amount: expect.objectContaining({ amount: (tenth / 100).toFixed(2) }),
          },
        ],
      },
    ])
    expect(minor(order.priceSummary.discount.amount)).toBe(tenth)
    expect(minor(notebookOrderLine.totalPrice.amount)).toBe(notebookLine.amount - tenth)
  })

  it('describes the new fields in the OpenAPI document', async () => {
    const doc = (await platform.call('GET', '/openapi.json')).json
    const text = JSON.stringify(doc)
    const update = doc.paths['/ecom/v1/carts/{id}'].patch
    expect(update.operationId).toBe('updateCart')
    const body = JSON.stringify(update.requestBody)
    for (const field of ['merchantDiscounts', 'percentage', 'lineItemIds', 'contactInfo', 'geocode']) {
      expect(body, field).toContain(`"${field}"`)
    }
    expect(JSON.stringify(doc.paths['/ecom/v1/carts/current'].patch.requestBody)).toContain(
      '"merchantDiscounts"',
    )
    for (const described of ['the discounts the merchant set', 'a discount the merchant set on the cart']) {
      expect(text).toContain(described)
    }
  })
})
