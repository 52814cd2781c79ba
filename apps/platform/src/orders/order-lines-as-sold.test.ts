import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceCheckout } from '../checkout/checkout-pricing.ts'
import { findCheckout, saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite } from '../sites/site-store.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { findOrder } from './order-store.ts'
import { toWireOrder } from './order-wire.ts'

describe.each(databaseKinds())('an order line as sold, on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    ;({ db, platform } = await openDemoCommerce(kind))
  })
  afterAll(() => db.close())

  /** The demo's first tee in size M, red: its product, variant, SKU and the red choice's first picture. */
  async function redTeeInM() {
    const [row] = await db.query<{ product_id: string; variant_id: string; sku: string; media_id: string }>(
      `select p.id as product_id, v.id as variant_id, v.sku,
         (select c->'mediaIds'->>0 from jsonb_array_elements(p.options) o, jsonb_array_elements(o->'choices') c
          where o->>'name' = 'Color' and c->>'description' = 'Red') as media_id
       from products p join product_variants v on v.product_id = p.id
       where p.site_id = $1 and p.name like '% Tee' and v.choices->>'Size' = 'M' and v.choices->>'Color' = 'Red'
       order by p.name limit 1`,
      [DEMO_SITE_ID],
    )
    if (!row) throw new Error('the demo store has no red tee in M')
    return row
  }

  async function placeTeeOrder(productId: string, variantId: string) {
    const token = (await platform.visitorTokens()).access_token
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [{ catalogReference: { catalogItemId: productId, options: { variantId } }, quantity: 2 }],
      },
    })
    expect(added.status, added.text).toBe(200)
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
    const priced = (await priceCheckout(db, (await findCheckout(db, checkoutId))!, { currency: 'USD', now }))!
    const placed = await placeOrder(db, {
      checkoutId,
      expectedTotalMinor: priced.totals.priceSummary.total,
      payment: { status: 'NOT_PAID', provider: 'offline' },
      now,
      publicUrl: TEST_PUBLIC_URL,
    })
    if (placed.kind !== 'placed') throw new Error('not placed')
    return { orderId: placed.orderId, cartLine: added.json.cart.lineItems[0] }
  }

  it('keeps the options, SKU and picture the cart showed, after the product is edited', async () => {
    const tee = await redTeeInM()
    expect(tee.sku).toBeTruthy()
    const { orderId, cartLine } = await placeTeeOrder(tee.product_id, tee.variant_id)
    await db.query("update products set name = 'Renamed Tee', options = '[]' where id = $1", [tee.product_id])
    await db.query("update product_variants set sku = 'CHANGED', weight = 9 where id = $1", [tee.variant_id])

    const stored = (await findOrder(db, { siteId: DEMO_SITE_ID }, orderId))!
    const line = toWireOrder(stored, await getSite(db, DEMO_SITE_ID)).lineItems[0]!
    expect(line.productName).not.toBe('Renamed Tee')
    expect(line.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        lineType: 'PLAIN_TEXT',
        plainText: { original: 'M', translated: 'M' },
      },
      {
        name: { original: 'Color', translated: 'Color' },
        lineType: 'COLOR',
        colorInfo: { original: 'Red', translated: 'Red', code: '#b03a2e' },
      },
    ])
    expect(line.descriptionLines).toEqual(cartLine.descriptionLines)
    expect(line.sku).toBe(tee.sku)
    expect(line.physicalProperties).toEqual({ sku: tee.sku, shippable: true, weight: 0.2 })
    // The variant's own picture: the red one, not the product's first (blue) picture.
    expect(line.image?.url).toBe(`${TEST_PUBLIC_URL}/media/${tee.media_id}`)
    expect(line.image).toEqual(cartLine.image)
  })

  it('writes the options and SKU into the confirmation mail and the order.created payload', async () => {
    const tee = await redTeeInM()
    const { orderId } = await placeTeeOrder(tee.product_id, tee.variant_id)
    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from mail_outbox where topic = 'order-confirmation' order by sequence desc limit 1",
    )
    expect(mail!.text_body).toContain(`(Size: M, Color: Red) · SKU ${tee.sku}`)
    const [event] = await db.query<{
      payload: { lineItems: { sku: string; descriptionLines: unknown[] }[] }
    }>("select payload from events where entity_id = $1 and type = 'order.created'", [orderId])
    expect(event!.payload.lineItems[0]).toMatchObject({ sku: tee.sku, quantity: 2 })
    expect(event!.payload.lineItems[0]!.descriptionLines).toHaveLength(2)
  })

  it('leaves the new fields empty for a line of an order placed before they were kept', async () => {
    const tee = await redTeeInM()
    const { orderId } = await placeTeeOrder(tee.product_id, tee.variant_id)
    await db.query(
      'update order_lines set description_lines = null, sku = null, image = null, weight = null, shippable = null where order_id = $1',
      [orderId],
    )
    const stored = (await findOrder(db, { siteId: DEMO_SITE_ID }, orderId))!
    const line = toWireOrder(stored, await getSite(db, DEMO_SITE_ID)).lineItems[0]!
    expect(line.descriptionLines).toEqual([])
    expect(line.sku).toBeUndefined()
    expect(line.image).toBeUndefined()
    expect(line.physicalProperties).toBeUndefined()
  })
})
