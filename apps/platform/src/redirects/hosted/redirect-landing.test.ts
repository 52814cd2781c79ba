import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import {
  checkoutOf,
  pathOf,
  placeOrderOnHostedCheckout,
  redirectUrl,
  SHOP,
} from '../../testing/redirect-flows.ts'
import { databaseKinds } from '../../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce } from '../../testing/test-platform.ts'

describe.each(databaseKinds())('hosted landing pages of redirect sessions on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  let productId: string
  beforeAll(async () => {
    ;({ db, platform, notebookId: productId } = await openDemoCommerce(kind))
    await db.query('update products set track_inventory = false, in_stock = true where id = $1', [productId])
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  describe('ecomCheckout', () => {
    it('lands on the hosted checkout, links back to the cart and returns the buyer to the thank-you URL', async () => {
      const checkoutId = await checkoutOf(platform, visitor, productId, 2)
      const fullUrl = await redirectUrl(platform, visitor, {
        ecomCheckout: { checkoutId },
        callbacks: {
          thankYouPageUrl: `${SHOP}/thanks`,
          cartPageUrl: `${SHOP}/cart`,
          postFlowUrl: `${SHOP}/`,
        },
      })
      const browser = createTestBrowser(platform.app)
      const landing = await browser.get(pathOf(fullUrl))
      expect(landing.status).toBe(303)
      expect(landing.location).toBe(`/_checkout/${checkoutId}`)
      expect(landing.headers.get('referrer-policy')).toBe('no-referrer')

      const page = await browser.get(landing.location!)
      expect(page.status).toBe(200)
      expect(page.text).toContain(`<a href="${SHOP}/cart">Back to cart</a>`)
      expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${SHOP}`)

      const placed = await placeOrderOnHostedCheckout(browser, checkoutId)
      const [order] = await db.query<{ id: string }>('select id from orders where checkout_id = $1', [
        checkoutId,
      ])
      expect(placed.status).toBe(303)
      expect(placed.location).toBe(`${SHOP}/thanks?orderId=${order!.id}`)

      const again = await browser.get(pathOf(fullUrl))
      expect(again.status).toBe(400)
      expect(again.location).toBeNull()
      expect(again.text).toContain('This link has expired or was already used')
      // The used link still names its shop: its brand, and the way back to its front (decision 100).
      expect(again.text).toContain('<header class="shop-frame">')
      expect(again.text).toContain(`<a class="shop-frame-back" href="${new URL(SHOP).origin}/">`)
    })

    it('sends the buyer to postFlowUrl when there is no thank-you URL', async () => {
      const checkoutId = await checkoutOf(platform, visitor, productId)
      const fullUrl = await redirectUrl(platform, visitor, {
        ecomCheckout: { checkoutId },
        callbacks: { postFlowUrl: `${SHOP}/done` },
      })
      const browser = createTestBrowser(platform.app)
      await browser.get(pathOf(fullUrl))
      const placed = await placeOrderOnHostedCheckout(browser, checkoutId)
      expect(placed.location).toMatch(new RegExp(`^${SHOP}/done\\?orderId=[0-9a-f-]{36}$`))
    })

    it('shows the error page for a session after 10 minutes, and for one of another kind', async () => {
      const checkoutId = await checkoutOf(platform, visitor, productId)
      const late = await redirectUrl(platform, visitor, { ecomCheckout: { checkoutId } })
      platform.clock.advance(601)
      const browser = createTestBrowser(platform.app)
      const expired = await browser.get(pathOf(late))
      expect(expired.status).toBe(400)
      expect(expired.location).toBeNull()
      expect(expired.text).toContain('This link has expired or was already used')

      const other = await redirectUrl(platform, visitor, {
        eventsCheckout: { eventSlug: 'fair', reservationId: randomUUID() },
      })
      const wrongPage = pathOf(other).replace('/_events/checkout', '/_redirect/checkout')
      expect((await browser.get(wrongPage)).status).toBe(400)
      expect((await browser.get('/_redirect/checkout')).status).toBe(400)
      expect((await browser.get('/_redirect/checkout?session=nonsense')).status).toBe(400)
      // The session of the wrong page is still whole: it was never spent there.
      expect((await browser.get(pathOf(other))).status).toBe(303)
    })
  })

  describe('the page of kinds this platform does not sell', () => {
    it('has no kind left to show since events are sold (decision 070): any session there is unusable', async () => {
      const fullUrl = await redirectUrl(platform, visitor, {
        eventsCheckout: { eventSlug: 'fair', reservationId: randomUUID() },
      })
      const session = new URL(fullUrl).searchParams.get('session')
      const page = await createTestBrowser(platform.app).get(`/_redirect/not-offered?session=${session}`)
      expect(page.status).toBe(400)
      expect(page.text).toContain('This link has expired or was already used')
    })
  })
})
