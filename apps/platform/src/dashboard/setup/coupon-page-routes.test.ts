import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

interface StoredCoupon {
  id: string
  code: string
  kind: string
  value: number
  minimum_subtotal_minor: number | null
  expires_at: Date | null
  usage_limit: number | null
  uses: number
}

describe.each(databaseKinds())('dashboard coupons on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let platform: ReturnType<typeof createTestPlatform>
  let browser: ReturnType<typeof createTestBrowser>
  let notebook: { id: string; price: number }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    dashboard = await createDashboardPlatform(db)
    platform = createTestPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const [row] = await db.query<{ id: string; discounted_price_minor: number }>(
      "select id, discounted_price_minor from products where slug = 'meadow-notebook'",
    )
    notebook = { id: row!.id, price: row!.discounted_price_minor }
  })
  afterAll(() => db.close())

  const coupons = () =>
    db.query<StoredCoupon>(
      `select id, code, kind, value, minimum_subtotal_minor, expires_at, usage_limit, uses
         from coupons where site_id = $1 order by code`,
      [DEMO_SITE_ID],
    )
  const newCoupon = {
    code: 'SPRING125',
    name: 'Spring',
    kind: 'PERCENTAGE',
    value: '12.5',
    minimumSubtotal: '40.05',
    startsAt: '',
    expiresAt: '2027-03-31 23:59',
    usageLimit: '100',
  }

  /** A visitor's cart with one notebook and a coupon, estimated through the JSON API. */
  async function estimateWith(couponCode: string) {
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body: unknown, method = 'POST') =>
      platform.call(method, `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: notebook.id }, quantity: 5 }],
    })
    await call('', { couponCode }, 'PATCH')
    return (await call('/estimate-totals', { shippingAddress: { country: 'US', subdivision: 'US-NY' } })).json
  }

  describe('GET /dashboard/setup/coupons', () => {
    it('lists the coupons with their discount, minimum and usage for the owner', async () => {
      const page = await browser.get('/dashboard/setup/coupons')
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(page.text).toContain('WELCOME10')
      expect(page.text).toContain('10 % off')
      expect(page.text).toMatch(/FREESHIP.*Free shipping.*\$40\.00.*0 used/s)
    })

    it('sends a visitor without a session to the sign-in page', async () => {
      const anonymous = createTestBrowser(dashboard.app)
      const page = await anonymous.get('/dashboard/setup/coupons')
      expect(page.status).toBe(303)
      expect(page.location).toBe('/dashboard/login?next=%2Fdashboard%2Fsetup%2Fcoupons')
    })
  })

  describe('POST /dashboard/setup/coupons', () => {
    it('stores decimals as exact minor units and basis points; the cart API applies the coupon at once', async () => {
      await browser.get('/dashboard/setup/coupons')
      const created = await browser.submit('/dashboard/setup/coupons', newCoupon)
      expect(created.status).toBe(303)
      expect(created.location).toMatch(/^\/dashboard\/setup\/coupons\/[0-9a-f-]{36}\?notice=coupon-created$/)
      const stored = (await coupons()).find((coupon) => coupon.code === 'SPRING125')!
      expect(stored).toMatchObject({
        kind: 'PERCENTAGE',
        value: 1250,
        minimum_subtotal_minor: 4005,
        usage_limit: 100,
        uses: 0,
      })
      // Typed in the shop's zone: 23:59 in New York (EDT) is 03:59 the next day in UTC.
      expect(new Date(stored.expires_at!).toISOString()).toBe('2027-04-01T03:59:00.000Z')
      const edit = await browser.get(created.location!)
      expect(edit.text).toContain('value="2027-03-31 23:59"')
      expect(edit.text).toContain('Expires (New York time)')
      const estimate = await estimateWith('spring125')
      const [discount] = estimate.appliedDiscounts
      expect(discount.coupon.code).toBe('SPRING125')
      const subtotal = notebook.price * 5
      expect(discount.amount.amount).toBe((Math.round((subtotal * 1250) / 10_000) / 100).toFixed(2))
    })

    it('refuses every broken rule beside its field, keeps what was typed and stores nothing', async () => {
      const before = await coupons()
      await browser.get('/dashboard/setup/coupons')
      const refused = await browser.submit('/dashboard/setup/coupons', {
        ...newCoupon,
        code: 'TWO WORDS',
        value: '150',
        minimumSubtotal: '12.345',
        startsAt: '2027-04-01 00:00',
        expiresAt: '2027-03-01 00:00',
        usageLimit: '0',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Nothing was saved')
      // The form's own check (text that is no amount) and the API schema's rules, in one round.
      expect(refused.text).toMatch(/id="field-minimumSubtotal-error">must have at most 2 digits/)
      expect(refused.text).toMatch(/id="field-code-error">must be letters, digits, - and _/)
      expect(refused.text).toMatch(/id="field-value-error">must be between 1 and 10000 basis points/)
      expect(refused.text).toMatch(/id="field-expiresAt-error">must be after the start/)
      expect(refused.text).toMatch(/id="field-usageLimit-error">/)
      expect(refused.text).toContain('value="TWO WORDS"')
      expect(refused.text).toContain('value="12.345"')
      const schemaRefused = await browser.submit('/dashboard/setup/coupons', { minimumSubtotal: '12.34' })
      expect(schemaRefused.status).toBe(400)
      expect(schemaRefused.text).not.toMatch(/id="field-minimumSubtotal-error">/)
      expect(schemaRefused.text).toMatch(/id="field-code-error">must be letters, digits, - and _/)
      expect(await coupons()).toEqual(before)
    })

    it('refuses a code another coupon has in any case', async () => {
      await browser.get('/dashboard/setup/coupons')
      const refused = await browser.submit('/dashboard/setup/coupons', { ...newCoupon, code: 'welcome10' })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-code-error">is already the code of another coupon/)
      expect((await coupons()).filter((coupon) => coupon.code.toLowerCase() === 'welcome10')).toHaveLength(1)
    })

    it('refuses a post without the session’s token, or from another site, and stores nothing', async () => {
      const before = await coupons()
      await browser.get('/dashboard/setup/coupons')
      const fields = { ...browser.formOf('/dashboard/setup/coupons'), ...newCoupon, code: 'FORGED' }
      expect((await browser.post('/dashboard/setup/coupons', { ...fields, csrf: '' })).status).toBe(403)
      expect(
        (await browser.post('/dashboard/setup/coupons', { ...fields, csrf: 'x'.repeat(43) })).status,
      ).toBe(403)
      const crossSite = await browser.post('/dashboard/setup/coupons', fields, {
        'sec-fetch-site': 'cross-site',
      })
      expect(crossSite.status).toBe(403)
      const anonymous = createTestBrowser(dashboard.app)
      expect((await anonymous.post('/dashboard/setup/coupons', fields)).location).toMatch(
        /^\/dashboard\/login/,
      )
      expect(await coupons()).toEqual(before)
    })
  })

  describe('POST /dashboard/setup/coupons/:id', () => {
    it('changes a coupon, keeps its usage count, and the cart API prices with the change', async () => {
      const welcome = (await coupons()).find((coupon) => coupon.code === 'WELCOME10')!
      await db.query('update coupons set uses = 3 where id = $1', [welcome.id])
      const page = await browser.get(`/dashboard/setup/coupons/${welcome.id}`)
      expect(page.text).toContain('3 used')
      expect(browser.formOf(`/dashboard/setup/coupons/${welcome.id}`)).toMatchObject({
        code: ['WELCOME10'],
        kind: ['PERCENTAGE'],
        value: ['10'],
      })
      const saved = await browser.submit(`/dashboard/setup/coupons/${welcome.id}`, {
        kind: 'FIXED_AMOUNT',
        value: '2.10',
      })
      expect(saved.status).toBe(303)
      const after = (await coupons()).find((coupon) => coupon.id === welcome.id)!
      expect(after).toMatchObject({ kind: 'FIXED_AMOUNT', value: 210, uses: 3 })
      const [discount] = (await estimateWith('WELCOME10')).appliedDiscounts
      expect(discount.amount.amount).toBe('2.10')
    })

    it('refuses a bad value on the edit page and leaves the coupon as it was', async () => {
      const welcome = (await coupons()).find((coupon) => coupon.code === 'WELCOME10')!
      await browser.get(`/dashboard/setup/coupons/${welcome.id}`)
      const refused = await browser.submit(`/dashboard/setup/coupons/${welcome.id}`, { value: 'ten' })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('value="ten"')
      expect((await coupons()).find((coupon) => coupon.id === welcome.id)).toEqual(welcome)
    })

    it('answers 404 for a coupon of another site and changes nothing', async () => {
      await db.query(
        "insert into sites (id, name) values ('00000000-0000-4000-8000-0000000000c1', 'Other') on conflict do nothing",
      )
      await db.query(
        `insert into coupons (id, site_id, code, kind, value)
         values ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c1', 'THEIRS', 'PERCENTAGE', 500)`,
      )
      expect(
        (await browser.get('/dashboard/setup/coupons/00000000-0000-4000-8000-0000000000c2')).status,
      ).toBe(404)
      await browser.get('/dashboard/setup/coupons')
      const posted = await browser.post(
        '/dashboard/setup/coupons/00000000-0000-4000-8000-0000000000c2',
        newCoupon,
      )
      expect(posted.status).toBe(404)
      expect(
        (await browser.post('/dashboard/setup/coupons/00000000-0000-4000-8000-0000000000c2/delete')).status,
      ).toBe(404)
      const [theirs] = await db.query<{ code: string }>(
        "select code from coupons where id = '00000000-0000-4000-8000-0000000000c2'",
      )
      expect(theirs!.code).toBe('THEIRS')
    })
  })

  describe('POST /dashboard/setup/coupons/:id/delete', () => {
    it('deletes a coupon: the cart API no longer knows the code', async () => {
      const freeShip = (await coupons()).find((coupon) => coupon.code === 'FREESHIP')!
      await browser.get(`/dashboard/setup/coupons/${freeShip.id}`)
      const deleted = await browser.post(`/dashboard/setup/coupons/${freeShip.id}/delete`)
      expect(deleted.status).toBe(303)
      expect(deleted.location).toBe('/dashboard/setup/coupons?notice=coupon-deleted')
      expect((await browser.get(deleted.location!)).text).toContain('Coupon deleted.')
      const { access_token: token } = await platform.visitorTokens()
      await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: { lineItems: [{ catalogReference: { catalogItemId: notebook.id }, quantity: 1 }] },
      })
      const applied = await platform.call('PATCH', '/ecom/v1/carts/current', {
        token,
        body: { couponCode: 'FREESHIP' },
      })
      expect(applied.status).toBe(404)
      expect(applied.json.details.applicationError.code).toBe('COUPON_NOT_FOUND')
    })
  })
})
