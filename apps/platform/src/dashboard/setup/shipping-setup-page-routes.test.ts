import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

describe.each(databaseKinds())('shipping settings in a merchant’s words on %s', (kind) => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  let platform: ReturnType<typeof createTestPlatform>
  let merchant: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const dashboard = await createDashboardPlatform(db)
    platform = createTestPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'ops', permissions: ['orders'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  beforeEach(() => seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z')))
  afterAll(() => db.close())

  /** The setup as the merchant JSON API answers it. */
  const settings = async () =>
    (await platform.call('GET', '/ecom/v1/commerce-settings', { headers: merchant })).json as CommerceSettings

  describe('GET /dashboard/setup/shipping/regions/:regionId', () => {
    it('shows the countries as a summary by name and each saved option as one line in words', async () => {
      const page = await browser.get('/dashboard/setup/shipping/regions/eu')
      expect(page.status).toBe(200)
      expect(page.text).toContain('9 countries: Austria, Belgium, France, Germany, Ireland and 4 more')
      expect(page.text).toContain('Change countries')
      expect(page.text).toContain('$19.99, 5-10 business days')
      expect(page.text).toContain('Add a shipping option')
      // One empty option block, not two; no ISO code typed in a text box, no carrier or code to type.
      expect(page.text.match(/<summary class="button">Add a shipping option/g)).toHaveLength(1)
      expect(page.text).not.toMatch(/name="opt-\d+-code"/)
      expect(page.text).not.toMatch(/<input[^>]*name="dest-\d+-country"/)
    })
  })

  describe('POST /dashboard/setup/shipping', () => {
    it('creates a region from countries picked by name and a weight-tier table; its id and code come from the words', async () => {
      await browser.get('/dashboard/setup/shipping/new')
      const created = await browser.submit('/dashboard/setup/shipping', {
        name: 'Europe and Norway',
        countryGroup: 'EU',
        countries: ['NO'],
        'opt-0-title': 'Express parcel',
        'opt-0-rateType': 'WEIGHT_TIERS',
        'opt-0-tier-0-weight': '2',
        'opt-0-tier-0-price': '9.50',
        'opt-0-tier-1-weight': '10.5',
        'opt-0-tier-1-price': '30.10',
        'opt-0-deliveryTime': '2-4 business days',
      })
      expect(created.status).toBe(303)
      expect(created.location).toBe('/dashboard/setup/shipping/regions/europe-and-norway?notice=saved')
      const region = (await settings()).shipping.regions.find((r) => r.id === 'europe-and-norway')!
      expect(region.destinations).toHaveLength(28)
      expect(region.destinations).toContainEqual({ country: 'NO' })
      expect(region.destinations).toContainEqual({ country: 'SE' })
      expect(region.carrierServiceOptions).toEqual([
        {
          carrierId: 'standard-carrier',
          shippingOptions: [
            {
              code: 'express-parcel',
              title: 'Express parcel',
              rate: {
                type: 'WEIGHT_TIERS',
                tiers: [
                  { maxWeight: 2, price: 950 },
                  { maxWeight: 10.5, price: 3010 },
                ],
              },
              deliveryTime: '2-4 business days',
            },
          ],
        },
      ])
      const page = await browser.get('/dashboard/setup/shipping/regions/europe-and-norway')
      expect(page.text).toContain('28 countries: Austria, Belgium, Bulgaria, Croatia, Cyprus and 23 more')
      expect(page.text).toContain('By weight, $9.50 to $30.10, 2-4 business days')
    })
  })

  describe('POST /dashboard/setup/shipping/regions/:regionId', () => {
    it('adds an option beside the saved ones; a renamed option keeps its code, a new one gets its own', async () => {
      await browser.get('/dashboard/setup/shipping/regions/us')
      const saved = await browser.submit('/dashboard/setup/shipping/regions/us', {
        countries: ['US', 'CA'],
        'opt-0-title': 'Ground',
        'opt-2-title': 'Standard',
        'opt-2-price': '3.00',
      })
      expect(saved.status).toBe(303)
      const us = (await settings()).shipping.regions.find((region) => region.id === 'us')!
      expect(us.destinations).toEqual([{ country: 'US' }, { country: 'CA' }])
      const [carrier] = us.carrierServiceOptions
      expect(carrier!.carrierId).toBe('aisle-post')
      expect(carrier!.shippingOptions.map((option) => [option.code, option.title])).toEqual([
        ['standard', 'Ground'],
        ['express', 'Express'],
        ['standard-2', 'Standard'],
      ])
      expect(carrier!.shippingOptions[2]!.rate).toEqual({ type: 'FLAT', price: 300 })
    })

    it('narrows a country to provinces ticked by name once the country is chosen', async () => {
      await browser.get('/dashboard/setup/shipping/new')
      await browser.submit('/dashboard/setup/shipping', {
        name: 'Canada',
        'dest-0-country': 'CA',
        'dest-0-subdivisions': 'CA-ON',
        'dest-0-postalCodePrefixes': 'K, M',
        'opt-0-title': 'Courier',
        'opt-0-price': '12',
      })
      const page = await browser.get('/dashboard/setup/shipping/regions/canada')
      expect(page.text).toContain('No whole countries: only the parts of countries below.')
      expect(page.text).toMatch(
        /<input type="checkbox" name="dest-0-subdivisions" checked="" value="CA-ON"\/> Ontario/,
      )
      expect(page.text).toMatch(/<input type="checkbox" name="dest-0-subdivisions" value="CA-QC"\/> Quebec/)
      const saved = await browser.submit('/dashboard/setup/shipping/regions/canada', {
        'dest-0-subdivisions': ['CA-ON', 'CA-QC'],
      })
      expect(saved.status).toBe(303)
      const canada = (await settings()).shipping.regions.find((region) => region.id === 'canada')!
      expect(canada.destinations).toEqual([
        { country: 'CA', subdivisions: ['CA-ON', 'CA-QC'], postalCodePrefixes: ['K', 'M'] },
      ])
      expect((await browser.get('/dashboard/setup/shipping')).text).toContain('Canada (Ontario, Quebec)')
    })

    it('refuses a tier without a price and a region without countries beside their fields, and saves nothing', async () => {
      const before = await settings()
      await browser.get('/dashboard/setup/shipping/regions/us')
      const refused = await browser.submit('/dashboard/setup/shipping/regions/us', {
        countries: undefined,
        'opt-1-tier-3-weight': '50',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Nothing was saved')
      expect(refused.text).toMatch(/id="field-opt-1-tier-3-price-error">is required for a tier/)
      expect(refused.text).toContain('Shipping option 2, weight tier 4 price')
      // The schema's rule (at least one destination) in the same round, named by the picker.
      expect(refused.text).toMatch(/id="field-countries-error">/)
      expect(refused.text).toContain('value="50"')
      expect(await settings()).toEqual(before)
    })
  })
})
