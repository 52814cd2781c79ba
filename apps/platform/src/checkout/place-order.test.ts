import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Db } from '../db/db.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { saveCheckoutChoices } from './checkout-store.ts'
import { PlaceOrderRefused, placeOrder } from './place-order.ts'
import { claimOrderNeeds } from './place-order-store.ts'

describe.each(databaseKinds())('placing an order with custom lines on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: string
  beforeAll(async () => {
    ;({ db, platform, notebookId: notebook } = await openDemoCommerce(kind))
  })
  afterAll(() => db.close())

  /**
   * A visitor's checkout of a notebook and a custom line stored as `custom` says (how a shopper's custom
   * line was stored before decision 019, or a merchant's), ready to be paid by card.
   */
  async function checkoutWithCustomLine(custom: Record<string, unknown>) {
    const { access_token: token } = await platform.visitorTokens()
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }] },
    })
    const cartId = added.json.cart.id as string
    await db.query(
      `insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, custom, quantity)
       values ($1, $2, 2, 'custom', null, null, $3, 50)`,
      [randomUUID(), cartId, JSON.stringify(custom)],
    )
    await db.query('update carts set updated_date = now() where id = $1', [cartId])
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB' },
    })
    expect(created.status).toBe(200)
    const checkoutId = created.json.checkoutId as string
    const choices = {
      email: 'buyer@example.com',
      shippingAddress: BROOKLYN_ADDRESS,
      billingAddress: BROOKLYN_ADDRESS,
      selectedShippingOption: { code: 'standard' },
    }
    await saveCheckoutChoices(db, checkoutId, choices, platform.clock())
    const payment = {
      status: 'PAID',
      provider: 'test-card',
      transactionId: 'tp_test',
      cardLast4: '4242',
    } as const
    return { checkoutId, payment, now: platform.clock(), publicUrl: TEST_PUBLIC_URL }
  }

  const pouch = {
    productName: { original: 'Summit Pouch' },
    priceMinor: 1,
    descriptionLines: [],
    itemType: { preset: 'PHYSICAL' },
    physicalProperties: { sku: 'SKU-0042', shippable: true },
    paymentOption: 'FULL_PAYMENT_ONLINE',
  }
  const orders = async () => (await db.query<{ n: number }>('select count(*)::int as n from orders'))[0]!.n

  it('refuses a custom line that no merchant added, placing nothing and charging nothing', async () => {
    for (const addedBy of [undefined, null, {}, { apiKeyId: '' }, 'merchant']) {
      const input = await checkoutWithCustomLine(addedBy === undefined ? pouch : { ...pouch, addedBy })
      const before = await orders()
      const refusal = await placeOrder(db, { ...input, expectedTotalMinor: -1 }).catch(
        (error: unknown) => error,
      )
      expect(refusal, JSON.stringify(addedBy)).toBeInstanceOf(PlaceOrderRefused)
      expect((refusal as PlaceOrderRefused).code).toBe('CUSTOM_LINE_NOT_FROM_MERCHANT')
      expect((refusal as PlaceOrderRefused).message).toContain('"Summit Pouch" was not added by the shop')
      expect(await orders()).toBe(before)
      const [checkout] = await db.query<{ status: string }>('select status from checkouts where id = $1', [
        input.checkoutId,
      ])
      expect(checkout!.status).toBe('OPEN')
    }
  })

  it('takes a custom line the merchant added, without catalogue or stock checks', async () => {
    const input = await checkoutWithCustomLine({ ...pouch, addedBy: { apiKeyId: randomUUID() } })
    const first = await placeOrder(db, { ...input, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const placed = await placeOrder(db, { ...input, expectedTotalMinor: first.totalMinor })
    expect(placed.kind).toBe('placed')
  })

  it('places an order with a confirmed payment in at most 4 statements (it talks to no provider)', async () => {
    const input = await checkoutWithCustomLine({ ...pouch, addedBy: { apiKeyId: randomUUID() } })
    const first = await placeOrder(db, { ...input, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const counting = createCountingDb(db)
    const statements = await counting.measure(() =>
      placeOrder(counting.db, { ...input, expectedTotalMinor: first.totalMinor }),
    )
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(4)
  })

  it('places a checkout pressed twice at once once: the second finds its cart gone and answers the order', async () => {
    const input = await checkoutWithCustomLine({ ...pouch, addedBy: { apiKeyId: randomUUID() } })
    const first = await placeOrder(db, { ...input, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const confirmed = { ...input, expectedTotalMinor: first.totalMinor }
    const both = await Promise.all([placeOrder(db, confirmed), placeOrder(db, confirmed)])
    const placed = both.map((result) => (result.kind === 'placed' ? result : undefined))
    expect(placed[0]?.orderId).toBeDefined()
    expect(placed[1]?.orderId).toBe(placed[0]?.orderId)
    expect(placed.map((result) => result?.isReplay).sort()).toEqual([false, true])
    const orders = await db.query('select id from orders where checkout_id = $1', [input.checkoutId])
    expect(orders).toHaveLength(1)
    // And once more, now that the cart is gone: the checkout alone is locked and the order answered.
    expect(await placeOrder(db, confirmed)).toMatchObject({ kind: 'placed', isReplay: true })
  })

  /** A visitor's checkout of a tracked product and a tracked variant with the WELCOME10 coupon. */
  async function checkoutTakingStock() {
    const [product] = await db.query<{ id: string }>(
      `select id from products where track_inventory and not manage_variants and visible and quantity > 2
        order by id limit 1`,
    )
    const [variant] = await db.query<{ id: string; product_id: string }>(
      `select v.id, v.product_id from product_variants v join products p on p.id = v.product_id
        where p.manage_variants and p.visible and v.track_quantity and v.visible and v.quantity > 2
        order by v.id limit 1`,
    )
    const { access_token: token } = await platform.visitorTokens()
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          { catalogReference: { catalogItemId: product!.id }, quantity: 2 },
          {
            catalogReference: { catalogItemId: variant!.product_id, options: { variantId: variant!.id } },
            quantity: 1,
          },
        ],
      },
    })
    expect(added.status, JSON.stringify(added.json)).toBe(200)
    const coupon = await platform.call('PATCH', '/ecom/v1/carts/current', {
      token,
      body: { couponCode: 'WELCOME10' },
    })
    expect(coupon.status, JSON.stringify(coupon.json)).toBe(200)
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB' },
    })
    const checkoutId = created.json.checkoutId as string
    await saveCheckoutChoices(
      db,
      checkoutId,
      {
        email: 'buyer@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      },
      platform.clock(),
    )
    const payment = { status: 'PAID', provider: 'test-card', transactionId: 'tp_test' } as const
    const first = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      payment,
      now: platform.clock(),
      expectedTotalMinor: -1,
    })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    return {
      input: {
        checkoutId,
        payment,
        now: platform.clock(),
        publicUrl: TEST_PUBLIC_URL,
        expectedTotalMinor: first.totalMinor,
      },
      productId: product!.id,
      variantId: variant!.id,
    }
  }
  const stockOf = async (productId: string, variantId: string) => {
    const [row] = await db.query<{ product: number; variant: number; uses: number }>(
      `select (select quantity from products where id = $1) as product,
              (select quantity from product_variants where id = $2) as variant,
              (select uses from coupons where code = 'WELCOME10') as uses`,
      [productId, variantId],
    )
    return row!
  }

  it('takes the stock of a product and a variant and counts the coupon, in at most 5 statements', async () => {
    const { input, productId, variantId } = await checkoutTakingStock()
    const before = await stockOf(productId, variantId)
    const counting = createCountingDb(db)
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined
    const statements = await counting.measure(async () => {
      placed = await placeOrder(counting.db, input)
    })
    expect(placed?.kind).toBe('placed')
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(5)
    expect(await stockOf(productId, variantId)).toEqual({
      product: before.product - 2,
      variant: before.variant - 1,
      uses: before.uses + 1,
    })
    const [order] = await db.query<{ lines: number; mails: number; events: number; status: string }>(
      `select (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
              (select count(*)::int from mail_outbox m where m.subject like '%' || o.number || '%') as mails,
              (select count(*)::int from events e where e.entity_id = o.id::text and e.type = 'order.created') as events,
              (select status from checkouts k where k.id = o.checkout_id) as status
         from orders o where o.checkout_id = $1`,
      [input.checkoutId],
    )
    expect(order).toEqual({ lines: 2, mails: 1, events: 1, status: 'COMPLETED' })
  })

  it('refuses the order when one counter lacks the units, taking no stock and no coupon use', async () => {
    const { input, productId, variantId } = await checkoutTakingStock()
    // Another order took the variant's units after this total was shown.
    const [{ quantity } = { quantity: 0 }] = await db.query<{ quantity: number }>(
      'update product_variants v set quantity = 0 from product_variants old where v.id = $1 and old.id = v.id returning old.quantity',
      [variantId],
    )
    onTestFinished(async () => {
      await db.query('update product_variants set quantity = $2 where id = $1', [variantId, quantity])
    })
    const before = await stockOf(productId, variantId)
    const ordersBefore = await orders()
    const refusal = await placeOrder(db, input).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(PlaceOrderRefused)
    expect((refusal as PlaceOrderRefused).code).toBe('OUT_OF_STOCK')
    expect(await stockOf(productId, variantId)).toEqual(before)
    expect(await orders()).toBe(ordersBefore)
    const [checkout] = await db.query<{ status: string }>('select status from checkouts where id = $1', [
      input.checkoutId,
    ])
    expect(checkout!.status).toBe('OPEN')
  })

  it('claims only the counters that have the units, and a coupon use only within its limit', async () => {
    const { productId, variantId } = await checkoutTakingStock()
    const before = await stockOf(productId, variantId)
    await db.query("update coupons set usage_limit = uses + 1 where code = 'WELCOME10'")
    const [coupon] = await db.query<{ id: string }>("select id from coupons where code = 'WELCOME10'")
    const claim = (quantity: number) =>
      db.transaction((tx) =>
        claimOrderNeeds(tx, {
          takes: [
            { counter: { kind: 'product', id: productId }, quantity: 1 },
            { counter: { kind: 'variant', id: variantId }, quantity },
          ],
          couponId: coupon!.id,
          now: platform.clock(),
        }),
      )
    const first = await claim(before.variant + 1)
    expect([...first.taken]).toEqual([`product:${productId}`])
    expect(first.couponCounted).toBe(true)
    const second = await claim(1)
    expect(new Set(second.taken)).toEqual(new Set([`product:${productId}`, `variant:${variantId}`]))
    expect(second.couponCounted).toBe(false)
    expect(Number(second.number)).toBeGreaterThan(Number(first.number))
    expect(await stockOf(productId, variantId)).toEqual({
      product: before.product - 2,
      variant: before.variant - 1,
      uses: before.uses + 1,
    })
  })
})
