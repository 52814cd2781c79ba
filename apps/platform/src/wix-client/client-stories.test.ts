import {
  OAuthStrategy as AisleOAuthStrategy,
  collections as aisleCollections,
  currentCart as aisleCurrentCart,
  products as aisleProducts,
  redirects as aisleRedirects,
  createClient as createAisleClient,
  createMemoryTokenStorage,
} from '@aisle/sdk'
import { createWixAdapter } from '@aisle/sdk/wix'
import { currentCart } from '@wix/ecom'
import { redirects } from '@wix/redirects'
import { createClient, OAuthStrategy } from '@wix/sdk'
import { collections, products } from '@wix/stores'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WIX_STORES_APP_ID } from '../carts/catalogue-app-id.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createFramingBrowser } from '../testing/framing-browser.ts'
import { browse, DEMO_REDIRECT_URI, MEMBER_PASSWORD, newEmail } from '../testing/member-flows.ts'
import { findClassicTee } from '../testing/placed-orders.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// The same shopper and member stories, told by the real Wix Headless client (through @aisle/sdk/wix)
// and by @aisle/sdk, against the real app in process (decision 032). Where the two clients' answers
// differ in shape, `cartOf` and `collectionOf` read both: the migration guide lists each difference.

type Platform = ReturnType<typeof createTestPlatform>

interface Driver {
  name: string
  /** A new client of the demo site, with its auth strategy. */
  shop(platform: Platform, fetch: Platform['fetch']): { client: any; auth: any }
  /** The app id the client's code names the catalogue by. */
  appId: string
  /** Member tokens for the member whose login gave `sessionToken`, as the client does it. */
  directLogin(platform: Platform, auth: any, sessionToken: string): Promise<any>
}

const wixDriver: Driver = {
  name: '@wix/sdk through @aisle/sdk/wix',
  shop() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: wixAdapter.tokenStorage() })
    const client = createClient({ auth, modules: { currentCart, products, collections, redirects } })
    return { client, auth }
  },
  appId: WIX_STORES_APP_ID,
  async directLogin(platform, auth, sessionToken) {
    // The Wix client logs in in a hidden frame; this browser loads it from the platform.
    const browser = createFramingBrowser(
      (url) => platform.fetch(url),
      new URL(DEMO_REDIRECT_URI).origin,
      TEST_PUBLIC_URL,
    )
    vi.stubGlobal('window', browser.window)
    vi.stubGlobal('document', browser.document)
    try {
      const tokens = await auth.getMemberTokensForDirectLogin(sessionToken)
      auth.setTokens(tokens)
      expect(browser.frames).toHaveLength(0)
      return tokens
    } finally {
      vi.unstubAllGlobals()
    }
  },
}

const aisleDriver: Driver = {
  name: '@aisle/sdk',
  shop(_platform, fetch) {
    const auth = AisleOAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    const client = createAisleClient({
      auth,
      modules: {
        currentCart: aisleCurrentCart,
        products: aisleProducts,
        collections: aisleCollections,
        redirects: aisleRedirects,
      },
      baseUrl: TEST_PUBLIC_URL,
      fetch,
    })
    return { client, auth }
  },
  appId: 'stores',
  directLogin: (_platform, auth, sessionToken) =>
    auth.getMemberTokensForDirectLogin(sessionToken, { redirectUri: DEMO_REDIRECT_URI }),
}

// Set in beforeAll: the Wix client reaches the platform through the global fetch only.
let wixAdapter: ReturnType<typeof createWixAdapter>

/** The cart of a cart call's answer: `{ cart }` from the Wix client, the cart itself from @aisle/sdk. */
const cartOf = (answer: any) => answer.cart ?? answer
/** The collection of a by-slug answer: `{ collection }` from the Wix client, the collection from @aisle/sdk. */
const collectionOf = (answer: any) => answer.collection ?? answer

describe.each(databaseKinds())('the Wix Headless client’s stories, and @aisle/sdk’s, on %s', (kind) => {
  let db: Db
  let platform: Platform
  let uninstall: () => void
  let tee: { id: string; variantId: string }
  // Every request either client sends, as the platform receives it: `METHOD path?query`.
  const requests: string[] = []
  const recordingFetch: Platform['fetch'] = (input, init) => {
    const url = new URL(String(input))
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
    return platform.fetch(input, init)
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    wixAdapter = createWixAdapter({ platformUrl: TEST_PUBLIC_URL, fetch: recordingFetch })
    uninstall = wixAdapter.install()
    tee = await findClassicTee(db)
    await db.query(
      `insert into coupons (id, site_id, code, name, kind, value)
       select '77777777-7777-4777-8777-777777777777', site_id, 'STORY10', 'Ten off', 'PERCENTAGE', 1000
         from oauth_clients where id = $1`,
      [DEMO_CLIENT_ID],
    )
  })
  afterAll(async () => {
    uninstall()
    await db.close()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  describe.each([wixDriver, aisleDriver])('$name', (driver) => {
    const addTee = (client: any, quantity: number) =>
      client.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: {
              appId: driver.appId,
              catalogItemId: tee.id,
              options: { variantId: tee.variantId },
            },
            quantity,
          },
        ],
      })

    it('gets visitor tokens, and keeps the visitor and the cart across two access-token expiries', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      const { client, auth } = driver.shop(platform, recordingFetch)
      const added = cartOf(await addTee(client, 1))
      const first = auth.getTokens()
      expect(first.refreshToken.role).toBe('visitor')
      expect(first.accessToken.value).not.toBe('')
      for (let expiry = 0; expiry < 2; expiry++) {
        platform.clock.advance(4 * 3600 + 60)
        vi.setSystemTime(Date.now() + (4 * 3600 + 60) * 1000)
        const cart = await client.currentCart.getCurrentCart()
        expect(cartOf(cart)._id).toBe(added._id)
      }
      expect(auth.getTokens().accessToken.value).not.toBe(first.accessToken.value)
      expect(auth.getTokens().refreshToken.role).toBe('visitor')
    })

    it('reads products and collections, with a filtered query and one long enough for the POST fallback', async () => {
      const { client } = driver.shop(platform, recordingFetch)
      const cheap = await client.products.queryProducts().lt('price', 30).ascending('price').limit(5).find()
      const prices = cheap.items.map((product: any) => product.price.discountedPrice)
      expect(prices.length).toBeGreaterThan(0)
      expect(prices.every((price: number) => price < 30)).toBe(true)
      expect(prices).toEqual([...prices].sort((a, b) => a - b))

      const queries = requests.filter((request) => request.includes('/products/query-platformized'))
      expect(queries.at(-1)).toMatch(/^GET .*\?(q|\.r)=/)

      const slugs = Array.from({ length: 99 }, (_, i) => `no-such-product-with-a-rather-long-slug-${i}`)
      const long = await client.products
        .queryProducts()
        .in('slug', [...slugs, 'classic-tee'])
        .find()
      expect(long.items.map((product: any) => product.slug)).toEqual(['classic-tee'])
      expect(requests.at(-1)).toMatch(/^POST \/(stores|stores-reader)\/v1\/products\/query-platformized$/)

      const { product } = await client.products.getProduct(tee.id)
      expect(product).toMatchObject({ _id: tee.id, slug: 'classic-tee' })

      const page = await client.collections.queryCollections().limit(2).find()
      expect(page.items).toHaveLength(2)
      const bags = collectionOf(await client.collections.getCollectionBySlug('bags'))
      expect(bags.slug).toBe('bags')
      expect((await client.collections.getCollection(bags._id))._id).toBe(bags._id)
    })

    it('adds to the cart, changes a quantity, applies and removes a coupon, estimates, checks out with a redirect session, removes and deletes', async () => {
      const { client } = driver.shop(platform, recordingFetch)
      const added = cartOf(await addTee(client, 1))
      const line = added.lineItems[0]
      expect(line.catalogReference).toMatchObject({ catalogItemId: tee.id, appId: 'stores' })

      const changed = cartOf(
        await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id, quantity: 3 }]),
      )
      expect(changed.lineItems[0].quantity).toBe(3)

      const withCoupon = cartOf(await client.currentCart.updateCurrentCart({ couponCode: 'story10' }))
      expect(withCoupon.appliedDiscounts?.[0]?.coupon?.code ?? withCoupon.couponCode).toBe('STORY10')
      const withoutCoupon = cartOf(await client.currentCart.removeCouponFromCurrentCart())
      expect(withoutCoupon.appliedDiscounts ?? []).toEqual([])

      const estimate = await client.currentCart.estimateCurrentCartTotals({
        shippingAddress: BROOKLYN_ADDRESS,
      })
      expect(cartOf(estimate.cart)._id).toBe(added._id)
      expect(Number(estimate.priceSummary.subtotal.amount)).toBeGreaterThan(0)

      const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
        channelType: 'WEB',
        email: 'buyer@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
      })
      expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/)
      const { redirectSession } = await client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: { postFlowUrl: 'http://localhost:3000/thanks' },
      })
      expect(redirectSession.fullUrl.startsWith(`${TEST_PUBLIC_URL}/_redirect/checkout?`)).toBe(true)
      const landing = await browse(platform, redirectSession.fullUrl)
      expect([302, 303]).toContain(landing.status)
      expect(landing.location).toContain(`/_checkout/${checkoutId}`)

      const emptied = cartOf(await client.currentCart.removeLineItemsFromCurrentCart([line._id]))
      expect(emptied.lineItems).toEqual([])
      await client.currentCart.deleteCurrentCart()
      await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({
        details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
      })
    })

    it('registers a member, logs in directly for member tokens that keep the visitor’s cart, and logs out', async () => {
      const { client, auth } = driver.shop(platform, recordingFetch)
      const visitorCart = cartOf(await addTee(client, 2))
      const email = newEmail('story')
      const registered = await auth.register({ email, password: MEMBER_PASSWORD })
      expect(registered.loginState).toBe('SUCCESS')
      const login = await auth.login({ email, password: MEMBER_PASSWORD })
      expect(login.loginState).toBe('SUCCESS')

      const tokens = await driver.directLogin(platform, auth, login.data.sessionToken)
      expect(tokens.refreshToken.role).toBe('member')
      expect(auth.loggedIn()).toBe(true)
      const memberCart = cartOf(await client.currentCart.getCurrentCart())
      expect(memberCart._id).toBe(visitorCart._id)
      expect(memberCart.buyerInfo.memberId).toMatch(/^[0-9a-f-]{36}$/)

      const { logoutUrl } = await auth.logout(DEMO_REDIRECT_URI)
      expect(logoutUrl.startsWith(`${TEST_PUBLIC_URL}/_auth/logout?`)).toBe(true)
      expect(auth.loggedIn()).toBe(false)
      expect(auth.getTokens().refreshToken.role).toBe('none')
    })
  })
})
