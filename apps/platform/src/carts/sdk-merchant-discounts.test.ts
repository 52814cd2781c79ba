import {
  ApiKeyStrategy,
  carts,
  createClient,
  createMemoryTokenStorage,
  currentCart,
  isAisleError,
  OAuthStrategy,
  orders,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { placeOrderOnHostedCheckout } from '../testing/redirect-flows.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

const minor = (amount: string | undefined) => Math.round(Number(amount) * 100)

// The real SDK against the real app (decision 044): the merchant's discounts through `carts.updateCart`
// with an API key, the shopper's cart, estimate and order through `currentCart` and `orders`.
describe.each(databaseKinds())(
  'the SDK’s merchant discounts and cart contact against the platform on %s',
  (kind) => {
    let db: Db
    let platform: ReturnType<typeof createTestPlatform>
    let notebook: string
    let apiKey: string
    beforeAll(async () => {
      ;({ db, platform, notebookId: notebook } = await openDemoCommerce(kind))
      await db.query('update products set track_inventory = false, in_stock = true where id = $1', [notebook])
      const key = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'carts', permissions: ['carts'] },
        platform.clock(),
      )
      apiKey = key.key
    })
    afterAll(() => db.close())

    const shopper = () =>
      createClient({
        auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
        modules: { currentCart, orders, carts },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
    const merchant = () =>
      createClient({
        auth: ApiKeyStrategy({ apiKey, siteId: DEMO_SITE_ID }),
        modules: { carts },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })

    const failure = (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (error: unknown) => (isAisleError(error) ? { status: error.status, code: error.code } : { error }),
      )

    async function withNotebooks(client: ReturnType<typeof shopper>, quantity = 2) {
      return client.currentCart.addToCurrentCart({
        lineItems: [{ catalogReference: { catalogItemId: notebook, appId: 'stores' }, quantity }],
      })
    }

    it('a visitor token cannot set merchant discounts, on its own cart or by the cart’s id', async () => {
      const client = shopper()
      const cart = await withNotebooks(client)
      const lineId = cart.lineItems![0]!._id!
      expect(
        await failure(client.currentCart.updateCurrentCart({ merchantDiscounts: [{ percentage: 50 }] })),
      ).toEqual({ status: 403, code: 'MERCHANT_DISCOUNTS_FORBIDDEN' })
      expect(
        await failure(
          client.carts.updateCart(cart._id!, {
            merchantDiscounts: [{ amount: '1.00', lineItemIds: [lineId] }],
          }),
        ),
      ).toEqual({ status: 403, code: 'FORBIDDEN' })
      const after = await client.currentCart.getCurrentCart()
      expect(after.merchantDiscounts).toEqual([])
      expect((await client.currentCart.estimateCurrentCartTotals()).priceSummary?.discount?.amount).toBe(
        '0.00',
      )
    })

    it('the merchant sets a discount the shopper’s cart and estimate show, and the contact address prices the estimate', async () => {
      const client = shopper()
      const cart = await withNotebooks(client)
      const line = cart.lineItems![0]!
      const updated = await merchant().carts.updateCart(cart._id!, {
        merchantDiscounts: [{ percentage: 15, lineItemIds: [line._id!] }],
      })
      expect(updated.merchantDiscounts).toEqual([
        { _id: expect.any(String), percentage: 15, lineItemIds: [line._id] },
      ])
      expect(await merchant().carts.getCart(cart._id!)).toEqual(updated)

      const contactInfo = {
        address: { ...BROOKLYN_ADDRESS, geocode: { latitude: 40.6928, longitude: -73.9903 } },
        contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
      }
      const mine = await client.currentCart.updateCurrentCart({ cartInfo: { contactInfo } })
      expect(mine.contactInfo).toEqual(contactInfo)
      expect(mine.merchantDiscounts).toEqual(updated.merchantDiscounts)

      const estimate = await client.currentCart.estimateCurrentCartTotals({
        selectedShippingOption: { code: 'standard' },
      })
      const lineAmount = minor(line.lineItemPrice?.amount)
      const off = Math.round((lineAmount * 15) / 100)
      expect(estimate.appliedDiscounts).toEqual([
        expect.objectContaining({
          discountType: 'SPECIFIC_ITEMS',
          merchantDiscount: expect.objectContaining({
            _id: updated.merchantDiscounts![0]!._id,
            percentage: 15,
          }),
          lineItems: [expect.objectContaining({ lineItemId: line._id })],
        }),
      ])
      expect(minor(estimate.appliedDiscounts![0]!.merchantDiscount!.amount!.amount)).toBe(off)
      // The contact's Brooklyn address found the New York region and its taxes, on the discounted price.
      expect(estimate.shippingInfo?.region?.name).toBe('United States')
      const taxed = estimate.taxSummary?.jurisdictions?.map((j) => j.name)
      expect(taxed).toContain('New York State')
      expect(minor(estimate.taxSummary?.taxableAmount?.amount)).toBe(lineAmount - off)
    })

    it('the order keeps the merchant discount, naming its own lines', async () => {
      const client = shopper()
      const cart = await withNotebooks(client, 3)
      await merchant().carts.updateCart(cart._id!, { merchantDiscounts: [{ amount: '2.50' }] })
      await client.currentCart.updateCurrentCart({ cartInfo: { contactInfo: { address: BROOKLYN_ADDRESS } } })
      const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' })
      // The checkout took the cart's contact address as its own (the hosted form then shows it).
      const [frozen] = await db.query<{ shipping_address: unknown }>(
        'select shipping_address from checkouts where id = $1',
        [checkoutId],
      )
      expect(frozen!.shipping_address).toEqual(BROOKLYN_ADDRESS)
      const placed = await placeOrderOnHostedCheckout(createTestBrowser(platform.app), checkoutId!)
      expect(placed.status).toBe(303)

      const { orders: mine } = await client.orders.listMyOrders()
      expect(mine).toHaveLength(1)
      const order = await client.orders.getMyOrder(mine[0]!._id)
      expect(order.appliedDiscounts).toEqual([
        {
          discountType: 'GLOBAL',
          amount: expect.objectContaining({ amount: '2.50' }),
          merchantDiscount: expect.objectContaining({ amount: expect.objectContaining({ amount: '2.50' }) }),
          lineItems: [
            { lineItemId: order.lineItems[0]!._id, amount: expect.objectContaining({ amount: '2.50' }) },
          ],
        },
      ])
      expect(order.priceSummary.discount?.amount).toBe('2.50')
    })
  },
)
