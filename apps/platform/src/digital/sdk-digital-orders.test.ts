import { currentCart, orders } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_DIGITAL_SLUG, seedDemoDigitalProduct } from '../seed/demo-digital.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { checkoutOf, placeOrderOnHostedCheckout } from '../testing/redirect-flows.ts'
import { createSdkShopper } from '../testing/sdk-shoppers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The real SDK reads a paid digital order bought on the hosted checkout: the seed's product, its PDF,
// the buyer's expiring link, and the confirmation mail's page of downloads.
describe.each(databaseKinds())('the SDK’s digital order against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let productId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await seedDemoDigitalProduct(db, DEMO_SITE_ID)
    const [product] = await db.query<{ id: string }>('select id from products where slug = $1', [
      DEMO_DIGITAL_SLUG,
    ])
    productId = product!.id
  })
  afterAll(() => db.close())

  it('gives the buyer the seed’s PDF through a link that works for them and expires', async () => {
    const { auth, client } = createSdkShopper(platform, { currentCart, orders })
    await client.currentCart.getCurrentCart().catch(() => undefined)
    const { accessToken } = await auth.getTokens()
    const checkoutId = await checkoutOf(platform, accessToken.value, productId, 1)
    const placed = await placeOrderOnHostedCheckout(createTestBrowser(platform.app), checkoutId)
    expect(placed.status).toBe(303)

    const [order] = (await client.orders.listMyOrders()).orders
    expect(order).toMatchObject({ paymentStatus: 'PAID', shippingInfo: null })
    const line = order!.lineItems[0]!
    expect(line.digitalFiles).toEqual([
      expect.objectContaining({ fileName: 'weekly-planner.pdf', fileType: 'SECURE_DOCUMENT' }),
    ])
    expect(line.digitalFile?.link).toBe(line.digitalFiles?.[0]?.link)
    const file = await platform.fetch(line.digitalFile!.link)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(await file.arrayBuffer())).toMatch(/^%PDF-1\.4/)

    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from mail_outbox where topic = 'order-confirmation' and text_body like $1",
      [`%#${order!.number}%`],
    )
    const page = mail!.text_body.match(/Download your files: (\S+)/)![1]!
    expect((await platform.fetch(page)).status).toBe(200)

    platform.clock.advance(15 * 60 + 1)
    const late = await platform.fetch(line.digitalFile!.link)
    expect(late.status).toBe(410)
    expect((await platform.fetch(page)).status).toBe(200)
    const fresh = await client.orders.getMyOrder(order!._id)
    expect((await platform.fetch(fresh.lineItems[0]!.digitalFile!.link)).status).toBe(200)
  })
})
