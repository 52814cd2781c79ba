import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

const manhattan = { ...BROOKLYN_ADDRESS, city: 'New York', postalCode: '10001' }

describe.each(databaseKinds())('totals and checkout on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: { id: string; price: number }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [row] = await db.query<{ id: string; discounted_price_minor: number }>(
      "select id, discounted_price_minor from products where slug = 'meadow-notebook'",
    )
    notebook = { id: row!.id, price: row!.discounted_price_minor }
  })
  afterAll(() => db.close())

  async function shopperWith(quantity: number) {
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body?: unknown, method = 'POST') =>
      platform.call(method, `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: notebook.id }, quantity }],
    })
    return call
  }

  it('offers the region’s options and pickup, prices the chosen one, and adds state and city tax', async () => {
    const call = await shopperWith(2)
    const response = await call('/estimate-totals', {
      shippingAddress: manhattan,
      selectedShippingOption: { code: 'standard' },
    })
    expect(response.status).toBe(200)
    const subtotal = notebook.price * 2
    expect(response.json.cart.lineItems).toHaveLength(1)
    const codes = response.json.shippingInfo.carrierServiceOptions.flatMap(
      (c: { shippingOptions: { code: string }[] }) => c.shippingOptions.map((o) => o.code),
    )
    expect(codes).toEqual(expect.arrayContaining(['standard', 'express', 'pickup-brooklyn']))
    expect(response.json.shippingInfo.selectedCarrierServiceOption.code).toBe('standard')
    const shipping = subtotal >= 7500 ? 0 : 599
    const tax = Math.round((subtotal * 400) / 10_000) + Math.round((subtotal * 450) / 10_000)
    expect(response.json.priceSummary.subtotal.amount).toBe((subtotal / 100).toFixed(2))
    expect(response.json.priceSummary.shipping.amount).toBe((shipping / 100).toFixed(2))
    expect(response.json.taxSummary.jurisdictions.map((j: { type: string }) => j.type).sort()).toEqual([
      'CITY',
      'STATE',
    ])
    expect(Number(response.json.priceSummary.tax.amount)).toBeCloseTo(tax / 100, 2)
    expect(response.json.priceSummary.total.amount).toBe(((subtotal + shipping + 100 + tax) / 100).toFixed(2))
    expect(response.json.additionalFees[0]).toMatchObject({
      code: 'handling',
      chargeType: 'HANDLING_FEE',
      price: { amount: '1.00' },
    })
  })

  it('applies the cart’s coupon to the estimate, and reports an unmet minimum as a warning', async () => {
    const call = await shopperWith(1)
    await call('', { couponCode: 'WELCOME10' }, 'PATCH')
    const estimate = (await call('/estimate-totals', { shippingAddress: BROOKLYN_ADDRESS })).json
    const [discount] = estimate.appliedDiscounts
    expect(discount.coupon.code).toBe('WELCOME10')
    expect(discount.amount.amount).toBe((Math.round(notebook.price / 10) / 100).toFixed(2))
    await call('', { couponCode: 'FREESHIP' }, 'PATCH')
    const free = (
      await call('/estimate-totals', {
        shippingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      })
    ).json
    if (notebook.price < 4000) {
      expect(free.violations).toEqual([
        expect.objectContaining({ code: 'COUPON_MINIMUM_SUBTOTAL_NOT_MET', severity: 'WARNING' }),
      ])
    }
  })

  it('says there is no delivery to a country no region ships to, without failing', async () => {
    const call = await shopperWith(1)
    const response = await call('/estimate-totals', { shippingAddress: { country: 'JP', city: 'Tokyo' } })
    expect(response.status).toBe(200)
    expect(response.json.violations.map((v: { code: string }) => v.code)).toContain('DELIVERY_UNAVAILABLE')
  })

  it('creates a checkout that freezes lines and totals, and refuses a cart with nothing to buy', async () => {
    const call = await shopperWith(3)
    const created = await call('/create-checkout', {
      channelType: 'WEB',
      email: 'ada@example.com',
      shippingAddress: manhattan,
      billingAddress: manhattan,
      selectedShippingOption: { code: 'express' },
    })
    expect(created.status).toBe(200)
    const [checkout] = await db.query<{
      channel_type: string
      email: string
      totals: { priceSummary: { total: { amount: string } } }
      lines: unknown[]
    }>('select channel_type, email, totals, lines from checkouts where id = $1', [created.json.checkoutId])
    expect(checkout).toMatchObject({ channel_type: 'WEB', email: 'ada@example.com' })
    expect(checkout!.lines).toHaveLength(1)
    expect(Number(checkout!.totals.priceSummary.total.amount)).toBeGreaterThan(0)
    const bad = await call('/create-checkout', { channelType: 'CARRIER_PIGEON', email: 'not-an-email' })
    expect(bad.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual([
      'channelType',
      'email',
    ])
    await db.query('update products set visible = false where id = $1', [notebook.id])
    const nothing = await call('/create-checkout', { channelType: 'WEB' })
    expect(nothing.json.details.applicationError.code).toBe('CART_NOT_PURCHASABLE')
    await db.query('update products set visible = true where id = $1', [notebook.id])
  })

  it('tells any shopper where the shop ships, at which rates, and where to pick up, but not its tax or fees', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const response = await platform.call('GET', '/ecom/v1/shop-info', { token })
    expect(response.status).toBe(200)
    expect(response.json.name).toBe('Aisle Demo Store')
    expect(response.json.currency).toBe('USD')
    const [us, eu] = response.json.shipping.regions
    expect(us).toEqual({
      name: 'United States',
      countries: ['US'],
      options: [
        {
          title: 'Standard',
          rate: { type: 'FLAT', amount: '5.99' },
          freeOverSubtotal: '75.00',
          deliveryTime: '3-5 business days',
        },
        {
          title: 'Express',
          rate: { type: 'WEIGHT_TIERS', amount: '14.99' },
          deliveryTime: '1-2 business days',
        },
      ],
    })
    expect(eu.countries).toContain('DE')
    expect(response.json.shipping.pickup).toEqual([
      expect.objectContaining({
        title: 'Pick up in Brooklyn',
        rate: { type: 'FLAT', amount: '0.00' },
        method: 'STORE_PICKUP',
        address: expect.objectContaining({ city: 'Brooklyn', addressLine: '1 Front St' }),
      }),
    ])
    expect(Object.keys(response.json).sort()).toEqual([
      'currency',
      'displayCurrencies',
      'locale',
      'name',
      'shipping',
    ])
    expect(JSON.stringify(response.json)).not.toMatch(/aisle-post|rateBasisPoints|Handling/)
    expect((await platform.call('GET', '/ecom/v1/shop-info')).status).toBe(401)
  })

  it('lets the merchant read and replace the setup, validated', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'ops', permissions: ['orders'] },
      new Date(),
    )
    const headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    const current = await platform.call('GET', '/ecom/v1/commerce-settings', { headers })
    expect(current.json.shipping.regions.map((r: { id: string }) => r.id)).toEqual(['us', 'eu'])
    const invalid = await platform.call('PUT', '/ecom/v1/commerce-settings', {
      headers,
      body: { ...current.json, tax: { ...current.json.tax, calculation: 'GUESS' } },
    })
    expect(invalid.status).toBe(400)
    const replaced = await platform.call('PUT', '/ecom/v1/commerce-settings', {
      headers,
      body: { ...current.json, additionalFees: [] },
    })
    expect(replaced.json.additionalFees).toEqual([])
    const { access_token } = await platform.visitorTokens()
    expect((await platform.call('GET', '/ecom/v1/commerce-settings', { token: access_token })).status).toBe(
      403,
    )
  })
})
