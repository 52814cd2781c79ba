import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { BROOKLYN_FIELDS, pathOfLocation, submitCheckout } from '../../testing/hosted-checkout-flow.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { setCheckoutCallbacks } from '../checkout-store.ts'
import { updateShopDetails } from '../shop-details.ts'
import { setShopLogo } from '../shop-icon.ts'
import { insertTestPayment } from './test-provider-store.ts'

const SHOP = 'https://shop.example'
const frameOf = (html: string) => /<header class="shop-frame">.*?<\/header>/.exec(html)?.[0]

describe.each(databaseKinds())('GET /test-provider/pay/:paymentId on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let logoId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await updateShopDetails(db, DEMO_SITE_ID, {
      name: 'Lumen & Loom',
      brandColour: '#2d1b69',
      accentColour: '#b42318',
      checkoutPhone: 'OPTIONAL',
      timeZone: 'UTC',
    })
    // One of the seed's pictures (an SVG kept in its row, so with WebP sizes) as the shop's logo.
    const [media] = await db.query<{ id: string }>(
      "select id from media_files where site_id = $1 and content_type = 'image/svg+xml' limit 1",
      [DEMO_SITE_ID],
    )
    logoId = media!.id
    await setShopLogo(db, DEMO_SITE_ID, logoId)
  })
  afterAll(() => db.close())

  /** A browser on the provider's page of a visitor's notebook checkout, which came from the shop. */
  async function onPaymentPage() {
    const [product] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body: unknown) =>
      platform.call('POST', `/ecom/v1/carts/current${path}`, { token, body })
    await call('/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: product!.id }, quantity: 1 }],
    })
    const checkoutId = (await call('/create-checkout', { channelType: 'WEB' })).json.checkoutId as string
    await setCheckoutCallbacks(db, checkoutId, {
      postFlowUrl: `${SHOP}/account/orders?from=checkout`,
      thankYouPageUrl: `${SHOP}/thank-you`,
    })
    const browser = createTestBrowser(platform.app)
    await browser.get(`/_checkout/${checkoutId}`)
    const fields = { email: 'ada@example.com', ...BROOKLYN_FIELDS, paymentMethod: 'test-card' }
    const pressed = await submitCheckout(browser, checkoutId, fields)
    expect(pressed.location).toMatch(/\/test-provider\/pay\/tp_[0-9a-f]{32}$/)
    return { browser, pay: pathOfLocation(pressed.location!) }
  }

  it('wears the shop’s name, logo and colours, with the way back to the origin of the checkout’s return address', async () => {
    const { browser, pay } = await onPaymentPage()
    const page = await browser.get(pay)
    expect(page.status).toBe(200)
    const frame = frameOf(page.text)
    expect(frame).toContain('<span>Lumen &amp; Loom</span>')
    expect(frame).toMatch(
      new RegExp(`<img class="shop-frame-logo" src="[^"]+/media/${logoId}/[0-9]+w\\.webp"`),
    )
    expect(frame).toContain(`href="${SHOP}/"`)
    expect(page.text).toMatch(/<style nonce="[^"]+">:root\{--brand:#2d1b69;--accent:#b42318\}<\/style>/)
    // The tab shows the shop's icon address, and the card form is still the provider's.
    expect(page.text).toContain(`href="/sites/${DEMO_SITE_ID}/icon"`)
    expect(page.text).toContain('name="cardNumber"')
  })

  it('keeps the brand on a refused card and on the approval step', async () => {
    const { browser, pay } = await onPaymentPage()
    await browser.get(pay)
    const refused = await browser.post(pay, { cardNumber: '4242', cardExpiry: '12/30', cardCvc: '123' })
    expect(refused.status).toBe(400)
    expect(frameOf(refused.text)).toContain('Lumen &amp; Loom')
    const asked = await browser.post(pay, {
      cardNumber: '4000 0025 0000 3155',
      cardExpiry: '12/30',
      cardCvc: '123',
    })
    expect(asked.status).toBe(303)
    const approval = await browser.get(pathOfLocation(asked.location!))
    expect(approval.text).toContain('Approve the payment')
    expect(frameOf(approval.text)).toContain(`href="${SHOP}/"`)
  })

  it('lets no query choose where the way back leads', async () => {
    const { browser, pay } = await onPaymentPage()
    const page = await browser.get(
      `${pay}?postFlowUrl=https%3A%2F%2Fevil.example%2F&returnUrl=https%3A%2F%2Fevil.example%2F`,
    )
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('evil.example')
    expect(frameOf(page.text)).toContain(`href="${SHOP}/"`)
  })

  it('is the provider’s own page, unbranded, for a payment no shop’s payment names', async () => {
    const stray = await insertTestPayment(
      db,
      {
        id: `tp_${'a'.repeat(32)}`,
        idempotency_key: 'stray',
        amountMinor: 500,
        currency: 'USD',
        reference: 'not-a-platform-payment',
        return_url: `${SHOP}/back`,
        notify_url: `${SHOP}/notify`,
      },
      new Date('2026-01-01T00:00:00Z'),
    )
    const page = await createTestBrowser(platform.app).get(`/test-provider/pay/${stray.id}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Pay $5.00')
    expect(frameOf(page.text)).toBeUndefined()
  })
})
