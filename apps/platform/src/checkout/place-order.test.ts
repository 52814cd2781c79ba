import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { saveCheckoutChoices } from './checkout-store.ts'
import { PlaceOrderRefused, placeOrder } from './place-order.ts'

describe.each(databaseKinds())('placing an order with custom lines on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [row] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    notebook = row!.id
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
    return { checkoutId, payment, now: platform.clock() }
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

  it('places an order with a confirmed payment in at most 14 statements (it talks to no provider)', async () => {
    const input = await checkoutWithCustomLine({ ...pouch, addedBy: { apiKeyId: randomUUID() } })
    const first = await placeOrder(db, { ...input, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    const counting = createCountingDb(db)
    const statements = await counting.measure(() =>
      placeOrder(counting.db, { ...input, expectedTotalMinor: first.totalMinor }),
    )
    expect(statements.length).toBeLessThanOrEqual(14)
  })
})
