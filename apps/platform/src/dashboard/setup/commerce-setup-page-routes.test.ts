import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { Db } from '../../db/db.ts'
import { demoCommerceSettings, seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

const manhattan = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
}

describe.each(databaseKinds())('dashboard store setup on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let platform: ReturnType<typeof createTestPlatform>
  let browser: ReturnType<typeof createTestBrowser>
  let merchant: Record<string, string>
  let notebook: { id: string; price: number }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db)
    platform = createTestPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'ops', permissions: ['orders'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    const [row] = await db.query<{ id: string; discounted_price_minor: number }>(
      "select id, discounted_price_minor from products where slug = 'meadow-notebook'",
    )
    notebook = { id: row!.id, price: row!.discounted_price_minor }
  })
  beforeEach(() => seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z')))
  afterAll(() => db.close())

  /** The setup as the merchant JSON API answers it. */
  const settings = async () =>
    (await platform.call('GET', '/ecom/v1/commerce-settings', { headers: merchant })).json as CommerceSettings

  /** A visitor's cart with one notebook, estimated through the JSON API for an address. */
  async function estimate(body: Record<string, unknown>) {
    const { access_token: token } = await platform.visitorTokens()
    await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: notebook.id }, quantity: 1 }] },
    })
    const answer = await platform.call('POST', '/ecom/v1/carts/current/estimate-totals', { token, body })
    expect(answer.status).toBe(200)
    return answer.json
  }

  describe('pages', () => {
    it.each([
      ['/dashboard/setup/shipping', ['United States', 'European Union', 'Standard, Express']],
      ['/dashboard/setup/shipping/new', ['New shipping region', 'name="dest-0-country"']],
      ['/dashboard/setup/shipping/regions/us', ['1 country: United States', 'value="5.99"', 'value="14.99"']],
      [
        '/dashboard/setup/pickup',
        ['Pick up in Brooklyn', 'value="1 Front St"', 'In your shop (store pickup)'],
      ],
      ['/dashboard/setup/tax', ['New York State 4 %', 'California 7.25 %', 'France VAT 20 %']],
      ['/dashboard/setup/tax/new', ['New tax region', 'name="jur-0-rate"']],
      ['/dashboard/setup/tax/regions/US', ['value="New York City"', 'value="4.5"']],
      ['/dashboard/setup/fees', ['Handling', '$1.00, only when delivered', 'value="1.00"', 'Add a fee']],
    ])('GET %s shows the owner the stored setup', async (path, texts) => {
      const page = await browser.get(path)
      expect(page.status).toBe(200)
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      for (const text of texts) expect(page.text).toContain(text)
    })

    it.each([
      '/dashboard/setup/shipping',
      '/dashboard/setup/shipping/regions/us',
      '/dashboard/setup/pickup',
      '/dashboard/setup/tax',
      '/dashboard/setup/fees',
    ])('GET %s sends a visitor without a session to the sign-in page', async (path) => {
      const page = await createTestBrowser(dashboard.app).get(path)
      expect(page.status).toBe(303)
      expect(page.location).toBe(`/dashboard/login?next=${encodeURIComponent(path)}`)
    })

    it('answers 404 for a region the site does not have', async () => {
      expect((await browser.get('/dashboard/setup/shipping/regions/mars')).status).toBe(404)
      expect((await browser.get('/dashboard/setup/tax/regions/JP')).status).toBe(404)
    })
  })

  describe('form protection', () => {
    it.each([
      ['/dashboard/setup/shipping/regions/us', { 'opt-0-price': '0.01' }],
      ['/dashboard/setup/pickup', { 'opt-0-price': '0.01' }],
      ['/dashboard/setup/tax', { calculation: 'AUTO' }],
      ['/dashboard/setup/tax/regions/US', { 'jur-0-rate': '99' }],
      ['/dashboard/setup/fees', { 'fee-0-amount': '99' }],
    ])(
      'POST %s refuses a missing or wrong token and a post without a session; nothing changes',
      async (path, change) => {
        const before = await settings()
        await browser.get(path)
        const fields = { ...browser.formOf(path), ...change }
        expect((await browser.post(path, { ...fields, csrf: '' })).status).toBe(403)
        expect((await browser.post(path, { ...fields, csrf: 'x'.repeat(43) })).status).toBe(403)
        expect((await createTestBrowser(dashboard.app).post(path, fields)).location).toMatch(
          /^\/dashboard\/login/,
        )
        if (path.includes('/regions/'))
          expect((await browser.post(`${path}/delete`, { csrf: '' })).status).toBe(403)
        expect(await settings()).toEqual(before)
      },
    )
  })

  describe('shipping regions', () => {
    it('takes a changed rate at once: the next estimate through the API charges it', async () => {
      const before = await estimate({
        shippingAddress: manhattan,
        selectedShippingOption: { code: 'standard' },
      })
      expect(before.priceSummary.shipping.amount).toBe(notebook.price >= 7500 ? '0.00' : '5.99')
      await browser.get('/dashboard/setup/shipping/regions/us')
      const saved = await browser.submit('/dashboard/setup/shipping/regions/us', {
        'opt-0-price': '7.25',
        'opt-0-freeOverSubtotal': '',
        'opt-0-deliveryTime': '2-4 business days',
      })
      expect(saved.status).toBe(303)
      expect(saved.location).toBe('/dashboard/setup/shipping/regions/us?notice=saved')
      const standard = (await settings()).shipping.regions[0]!.carrierServiceOptions[0]!.shippingOptions[0]!
      expect(standard).toEqual({
        code: 'standard',
        title: 'Standard',
        rate: { type: 'FLAT', price: 725 },
        deliveryTime: '2-4 business days',
      })
      const after = await estimate({
        shippingAddress: manhattan,
        selectedShippingOption: { code: 'standard' },
      })
      expect(after.priceSummary.shipping.amount).toBe('7.25')
    })

    it('refuses what the API would refuse, beside each field, keeps the typed values and stores nothing', async () => {
      const before = await settings()
      await browser.get('/dashboard/setup/shipping/regions/us')
      const formRefused = await browser.submit('/dashboard/setup/shipping/regions/us', {
        'opt-0-price': 'five',
        'opt-1-tier-0-weight': 'heavy',
        'opt-1-title': '',
      })
      expect(formRefused.status).toBe(400)
      // The schema's rules come in the same round as the text that is no number.
      expect(formRefused.text).toMatch(/id="field-opt-1-title-error">/)
      expect(formRefused.text).toMatch(/id="field-opt-0-price-error">must be a number such as 12.50/)
      expect(formRefused.text).toMatch(/id="field-opt-1-tier-0-weight-error">must be a number such as 2.5/)
      expect(formRefused.text).toContain('value="five"')
      const schemaRefused = await browser.submit('/dashboard/setup/shipping/regions/us', {
        name: '',
        'dest-0-country': 'usa',
        'opt-0-price': '-1',
        'opt-1-title': 'Express',
        'opt-0-slotFrom': 'soon',
        'opt-0-slotTo': '2026-12-24 12:00',
      })
      expect(schemaRefused.status).toBe(400)
      expect(schemaRefused.text).toContain('Nothing was saved')
      expect(schemaRefused.text).toMatch(/id="field-name-error">/)
      expect(schemaRefused.text).toMatch(
        /id="field-dest-0-country-error">must be an ISO-3166 alpha-2 code or \*/,
      )
      expect(schemaRefused.text).toMatch(/id="field-opt-0-price-error">/)
      expect(schemaRefused.text).toMatch(/id="field-opt-0-slotFrom-error">/)
      expect(schemaRefused.text).toContain('Shipping option 1 price')
      expect(schemaRefused.text).toContain('value="usa"')
      expect(await settings()).toEqual(before)
    })

    it('creates a region with destinations, a weight-tiered option and a delivery slot, then deletes it', async () => {
      await browser.get('/dashboard/setup/shipping/new')
      const created = await browser.submit('/dashboard/setup/shipping', {
        id: 'ca',
        name: 'Canada',
        'dest-0-country': 'CA',
        'dest-0-subdivisions': 'CA-ON, CA-QC',
        'dest-0-postalCodePrefixes': 'K, M',
        'opt-0-carrierId': 'maple-post',
        'opt-0-title': 'Courier',
        'opt-0-rateType': 'WEIGHT_TIERS',
        'opt-0-tier-0-weight': '2',
        'opt-0-tier-0-price': '12.00',
        'opt-0-tier-1-weight': '10.5',
        'opt-0-tier-1-price': '30.10',
        'opt-0-slotFrom': '2026-12-24 09:00',
        'opt-0-slotTo': '2026-12-24T12:00',
      })
      expect(created.status).toBe(303)
      expect(created.location).toBe('/dashboard/setup/shipping/regions/ca?notice=saved')
      const canada = (await settings()).shipping.regions.find((region) => region.id === 'ca')
      expect(canada).toEqual({
        id: 'ca',
        name: 'Canada',
        destinations: [{ country: 'CA', subdivisions: ['CA-ON', 'CA-QC'], postalCodePrefixes: ['K', 'M'] }],
        carrierServiceOptions: [
          {
            carrierId: 'maple-post',
            shippingOptions: [
              {
                code: 'courier',
                title: 'Courier',
                rate: {
                  type: 'WEIGHT_TIERS',
                  tiers: [
                    { maxWeight: 2, price: 1200 },
                    { maxWeight: 10.5, price: 3010 },
                  ],
                },
                // Typed in the demo shop's zone: 09:00 in New York in December is 14:00 UTC.
                deliveryTimeSlot: { from: '2026-12-24T14:00:00Z', to: '2026-12-24T17:00:00Z' },
              },
            ],
          },
        ],
      })
      const offered = await estimate({
        shippingAddress: { country: 'CA', subdivision: 'CA-ON', postalCode: 'K1A 0B1' },
      })
      expect(JSON.stringify(offered.shippingInfo)).toContain('courier')
      await browser.get('/dashboard/setup/shipping/new')
      const twice = await browser.submit('/dashboard/setup/shipping', {
        id: 'ca',
        name: 'Canada again',
        'dest-0-country': 'CA',
        'opt-0-title': 'X',
        'opt-0-price': '1',
      })
      expect(twice.status).toBe(400)
      expect(twice.text).toMatch(/id="field-id-error">is already the id of another region/)
      await browser.get('/dashboard/setup/shipping/regions/ca')
      const deleted = await browser.post('/dashboard/setup/shipping/regions/ca/delete')
      expect(deleted.location).toBe('/dashboard/setup/shipping?notice=region-deleted')
      expect((await settings()).shipping.regions.map((region) => region.id)).toEqual(['us', 'eu'])
    })

    it('removes an option marked for removal and keeps what the form does not show', async () => {
      const withPickupPoint = structuredClone(demoCommerceSettings)
      const express = withPickupPoint.shipping.regions[0]!.carrierServiceOptions[0]!.shippingOptions[1]!
      express.pickup = { method: 'PICKUP_POINT', address: { country: 'US', city: 'Albany' } }
      await platform.call('PUT', '/ecom/v1/commerce-settings', { headers: merchant, body: withPickupPoint })
      await browser.get('/dashboard/setup/shipping/regions/us')
      const saved = await browser.submit('/dashboard/setup/shipping/regions/us', {
        'opt-0-remove': 'on',
        'opt-1-title': 'Express (tracked)',
      })
      expect(saved.status).toBe(303)
      const [only] = (await settings()).shipping.regions[0]!.carrierServiceOptions[0]!.shippingOptions
      expect(only).toMatchObject({ code: 'express', title: 'Express (tracked)', pickup: express.pickup })
    })
  })

  describe('pickup locations', () => {
    it('adds a pickup point with its address; the estimate offers it', async () => {
      await browser.get('/dashboard/setup/pickup')
      const saved = await browser.submit('/dashboard/setup/pickup', {
        'opt-1-title': 'Locker in Queens',
        'opt-1-price': '1.50',
        'opt-1-method': 'PICKUP_POINT',
        'opt-1-country': 'US',
        'opt-1-subdivision': 'US-NY',
        'opt-1-city': 'Queens',
        'opt-1-postalCode': '11101',
        'opt-1-addressLine': '5 Court Sq',
        'opt-1-instructions': 'Code by e-mail.',
      })
      expect(saved.status).toBe(303)
      const [store] = (await settings()).shipping.pickupCarrierServiceOptions!
      // A new location joins the stored carrier, its code made from its title.
      expect(store!.carrierId).toBe('aisle-store')
      expect(store!.shippingOptions.map((option) => option.code)).toEqual([
        'pickup-brooklyn',
        'locker-in-queens',
      ])
      expect(store!.shippingOptions[1]).toEqual({
        code: 'locker-in-queens',
        title: 'Locker in Queens',
        rate: { type: 'FLAT', price: 150 },
        pickup: {
          method: 'PICKUP_POINT',
          address: {
            country: 'US',
            subdivision: 'US-NY',
            city: 'Queens',
            postalCode: '11101',
            addressLine: '5 Court Sq',
          },
          instructions: 'Code by e-mail.',
        },
      })
      const answer = await estimate({
        shippingAddress: manhattan,
        selectedShippingOption: { code: 'locker-in-queens' },
      })
      expect(answer.priceSummary.shipping.amount).toBe('1.50')
    })

    it('refuses a pickup without a title and stores nothing', async () => {
      const before = await settings()
      await browser.get('/dashboard/setup/pickup')
      const refused = await browser.submit('/dashboard/setup/pickup', { 'opt-0-title': '' })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-opt-0-title-error">/)
      expect(refused.text).toContain('Pickup location 1 title')
      expect(await settings()).toEqual(before)
    })
  })

  describe('tax', () => {
    it('takes a changed jurisdiction rate at once and keeps tax group rates the form does not show', async () => {
      const withGroups = structuredClone(demoCommerceSettings)
      withGroups.tax.regions[0]!.jurisdictions[0]!.ratesByTaxGroup = { books: 0 }
      await platform.call('PUT', '/ecom/v1/commerce-settings', { headers: merchant, body: withGroups })
      await browser.get('/dashboard/setup/tax/regions/US')
      const saved = await browser.submit('/dashboard/setup/tax/regions/US', {
        'jur-0-rate': '4.88',
        isManual: 'yes',
      })
      expect(saved.status).toBe(303)
      const us = (await settings()).tax.regions[0]!
      expect(us.isManual).toBe(true)
      expect(us.jurisdictions[0]).toEqual({
        name: 'New York State',
        type: 'STATE',
        rateBasisPoints: 488,
        subdivision: 'US-NY',
        ratesByTaxGroup: { books: 0 },
      })
      const answer = await estimate({
        shippingAddress: manhattan,
        selectedShippingOption: { code: 'standard' },
      })
      const state = answer.taxSummary.jurisdictions.find((j: { type: string }) => j.type === 'STATE')
      expect(state.rate).toBe(0.0488)
    })

    it('refuses a rate with three decimals or above the maximum, and an unknown type, storing nothing', async () => {
      const before = await settings()
      await browser.get('/dashboard/setup/tax/regions/US')
      const formRefused = await browser.submit('/dashboard/setup/tax/regions/US', { 'jur-0-rate': '8.875' })
      expect(formRefused.text).toMatch(
        /id="field-jur-0-rate-error">must have at most 2 digits after the point/,
      )
      const schemaRefused = await browser.submit('/dashboard/setup/tax/regions/US', {
        'jur-0-rate': '1000.01',
        'jur-1-type': 'GALAXY',
      })
      expect(schemaRefused.status).toBe(400)
      expect(schemaRefused.text).toMatch(/id="field-jur-0-rate-error">/)
      expect(schemaRefused.text).toMatch(/id="field-jur-1-type-error">/)
      expect(schemaRefused.text).toContain('Jurisdiction 1 rate')
      expect(await settings()).toEqual(before)
    })

    it('creates a tax region per country once, sets the rate type, and deletes it', async () => {
      await browser.get('/dashboard/setup/tax')
      expect(
        (await browser.submit('/dashboard/setup/tax', { calculation: 'AUTO', isShippingTaxed: 'on' })).status,
      ).toBe(303)
      expect((await settings()).tax).toMatchObject({
        calculation: 'AUTO',
        isShippingTaxed: true,
        isAutoTaxDeactivated: false,
      })
      await browser.get('/dashboard/setup/tax/new')
      const created = await browser.submit('/dashboard/setup/tax/regions', {
        country: 'CA',
        isShippingTaxed: 'yes',
        'jur-0-name': 'GST',
        'jur-0-type': 'COUNTRY',
        'jur-0-rate': '5',
        'jur-1-name': 'Ontario HST',
        'jur-1-type': 'SPECIAL',
        'jur-1-rate': '8',
        'jur-1-subdivision': 'CA-ON',
      })
      expect(created.location).toBe('/dashboard/setup/tax/regions/CA?notice=saved')
      expect((await settings()).tax.regions.at(-1)).toEqual({
        country: 'CA',
        isShippingTaxed: true,
        jurisdictions: [
          { name: 'GST', type: 'COUNTRY', rateBasisPoints: 500 },
          { name: 'Ontario HST', type: 'SPECIAL', rateBasisPoints: 800, subdivision: 'CA-ON' },
        ],
      })
      await browser.get('/dashboard/setup/tax/new')
      const twice = await browser.submit('/dashboard/setup/tax/regions', {
        country: 'CA',
        'jur-0-name': 'X',
        'jur-0-rate': '1',
      })
      expect(twice.text).toMatch(/id="field-country-error">already has a tax region/)
      await browser.get('/dashboard/setup/tax/regions/CA')
      await browser.post('/dashboard/setup/tax/regions/CA/delete')
      expect((await settings()).tax.regions.map((region) => region.country)).toEqual(['US', 'DE', 'FR'])
    })
  })

  describe('additional fees', () => {
    it('adds a percentage insurance fee in basis points; the estimate charges it', async () => {
      await browser.get('/dashboard/setup/fees')
      const saved = await browser.submit('/dashboard/setup/fees', {
        'fee-1-name': 'Parcel insurance',
        'fee-1-chargeType': 'INSURANCE',
        'fee-1-valueType': 'PERCENTAGE',
        'fee-1-percent': '1.5',
      })
      expect(saved.status).toBe(303)
      expect((await settings()).additionalFees).toEqual([
        {
          code: 'handling',
          name: 'Handling',
          chargeType: 'HANDLING_FEE',
          value: { type: 'FLAT', amount: 100 },
          isDeliveryOnly: true,
        },
        {
          code: 'parcel-insurance',
          name: 'Parcel insurance',
          chargeType: 'INSURANCE',
          value: { type: 'PERCENTAGE', basisPoints: 150 },
          isDeliveryOnly: false,
        },
      ])
      const answer = await estimate({
        shippingAddress: manhattan,
        selectedShippingOption: { code: 'standard' },
      })
      const insurance = answer.additionalFees.find((fee: { code: string }) => fee.code === 'parcel-insurance')
      expect(insurance).toMatchObject({ chargeType: 'INSURANCE' })
      expect(insurance.price.amount).toBe((Math.round((notebook.price * 150) / 10_000) / 100).toFixed(2))
    })

    it('refuses a fee without a name or with a bad amount and stores nothing', async () => {
      const before = await settings()
      await browser.get('/dashboard/setup/fees')
      const refused = await browser.submit('/dashboard/setup/fees', {
        'fee-0-name': '',
        'fee-1-amount': '1.234',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-fee-1-amount-error">must have at most 2 digits/)
      const schemaRefused = await browser.submit('/dashboard/setup/fees', { 'fee-1-amount': '1.23' })
      expect(schemaRefused.text).toMatch(/id="field-fee-0-name-error">/)
      expect(schemaRefused.text).toMatch(/id="field-fee-1-name-error">/)
      expect(await settings()).toEqual(before)
    })
  })
})
