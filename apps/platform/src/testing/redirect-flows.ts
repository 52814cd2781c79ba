import type { createTestBrowser } from './dashboard-browser.ts'
import { checkOutWithTestCard } from './hosted-checkout-flow.ts'
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

/**
 * Fills in the hosted checkout a browser is on (e-mail, address, the standard shipping) and places the
 * order with the test card on the provider's page, as a buyer would. Needs the demo commerce settings
 * (shipping to the US). Answers the platform's 303 to where the order went.
 */
export async function placeOrderOnHostedCheckout(browser: TestBrowser, checkoutId: string) {
  return checkOutWithTestCard(browser, checkoutId)
}
