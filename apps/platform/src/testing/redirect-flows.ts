import type { createTestBrowser } from './dashboard-browser.ts'
import type { createTestPlatform } from './test-platform.ts'

type Platform = ReturnType<typeof createTestPlatform>
export type TestBrowser = ReturnType<typeof createTestBrowser>

/** An origin registered for the demo client (its redirect URIs are on it): callbacks may lead here. */
export const SHOP = 'http://localhost:3000'

/** The path and query of a session's full URL, for the test browser. */
export function pathOf(fullUrl: string): string {
  const url = new URL(fullUrl)
  return `${url.pathname}${url.search}`
}

/** `POST /redirects/v1/redirect-session` as the shopper of `token`. */
export function createRedirect(platform: Platform, token: string, body: unknown) {
  return platform.call('POST', '/redirects/v1/redirect-session', { token, body })
}

/** Creates a session and returns its full URL; fails the test when the platform refuses it. */
export async function redirectUrl(platform: Platform, token: string, body: unknown): Promise<string> {
  const created = await createRedirect(platform, token, body)
  if (created.status !== 200) throw new Error(`redirect session refused: ${created.text}`)
  return created.json.redirectSession.fullUrl as string
}

/** Puts `quantity` of a product in the shopper's cart and creates a checkout of it; returns its id. */
export async function checkoutOf(platform: Platform, token: string, productId: string, quantity = 1) {
  const call = (path: string, body: unknown) =>
    platform.call('POST', `/ecom/v1/carts/current${path}`, { token, body })
  const added = await call('/add-to-cart', {
    lineItems: [{ catalogReference: { catalogItemId: productId }, quantity }],
  })
  if (added.status !== 200) throw new Error(`add to cart refused: ${added.text}`)
  const created = await call('/create-checkout', { channelType: 'WEB' })
  if (created.status !== 200) throw new Error(`checkout refused: ${created.text}`)
  return created.json.checkoutId as string
}

const BROOKLYN = {
  'shipping.country': 'US',
  'shipping.subdivision': 'US-NY',
  'shipping.city': 'Brooklyn',
  'shipping.postalCode': '11201',
  'shipping.addressLine': '5 Main St',
  billingSameAsShipping: 'on',
}

/**
 * Fills in the hosted checkout a browser is on (e-mail, address, the standard shipping) and places the
 * order with the test card, as a buyer would. Needs the demo commerce settings (shipping to the US).
 */
export async function placeOrderOnHostedCheckout(browser: TestBrowser, checkoutId: string) {
  const page = `/_checkout/${checkoutId}`
  await browser.get(page)
  const saved = await browser.submit(page, { email: 'buyer@example.com', ...BROOKLYN })
  if (saved.status !== 303) throw new Error(`checkout details refused: ${saved.status}`)
  const withOptions = await browser.get(page)
  const standard = /value="([^"]*\|standard)"/.exec(withOptions.text)?.[1]
  if (!standard) throw new Error('no standard shipping option on the hosted checkout')
  await browser.submit(page, { shippingOption: standard })
  await browser.get(page)
  const action = `${page}/place-order`
  return browser.post(action, { ...browser.formOf(action), cardNumber: '4242 4242 4242 4242' })
}
