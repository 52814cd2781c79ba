import type { createTestBrowser } from './dashboard-browser.ts'

type TestBrowser = ReturnType<typeof createTestBrowser>

/** A Brooklyn address as the hosted checkout's form names its fields. */
export const BROOKLYN_FIELDS = {
  'shipping.firstName': 'Ada',
  'shipping.lastName': 'Lovelace',
  'shipping.country': 'US',
  'shipping.subdivision': 'US-NY',
  'shipping.city': 'Brooklyn',
  'shipping.postalCode': '11201',
  'shipping.addressLine': '5 Main St',
  billingSameAsShipping: 'on',
}

/** The path and query of a URL the platform answered (absolute or not), for the test browser. */
export function pathOfLocation(location: string): string {
  const url = new URL(location, 'http://platform.test')
  return `${url.pathname}${url.search}`
}

/**
 * Submits the one-page checkout a browser is on as a shopper without script would: the first press
 * shows the totals of what was typed, the second places the order (answers the 303 it ends with).
 */
export async function submitCheckout(
  browser: TestBrowser,
  checkoutId: string,
  fields: Record<string, string | undefined>,
) {
  const action = `/_checkout/${checkoutId}/place-order`
  let answer = await browser.submit(action, fields)
  for (let press = 0; answer.status === 200 && press < 2; press += 1) {
    const standard = /value="([^"]*\|standard)"/.exec(answer.text)?.[1]
    answer = await browser.submit(action, {
      ...fields,
      ...(standard && !fields.shippingOption ? { shippingOption: standard } : {}),
    })
  }
  return answer
}

/**
 * Pays on the test provider's page the checkout sent the browser to, with `card`, approving (or not)
 * the extra step it may ask for; answers the platform's last answer (a 303 to the thank-you page, or
 * the checkout page with the problem).
 */
export async function payOnTestProvider(
  browser: TestBrowser,
  providerLocation: string,
  card: string,
  options: { approve?: boolean } = {},
) {
  const pay = pathOfLocation(providerLocation)
  await browser.get(pay)
  let answer = await browser.post(pay, { cardNumber: card, cardExpiry: '12/30', cardCvc: '123' })
  if (answer.location && pathOfLocation(answer.location) === pay) {
    await browser.get(pay)
    answer = await browser.post(`${pay}/authenticate`, {
      decision: options.approve === false ? 'refuse' : 'approve',
    })
  }
  if (!answer.location) return answer
  return browser.get(pathOfLocation(answer.location))
}

/**
 * Fills in and places the hosted checkout with the test card, as a buyer would: e-mail and address,
 * the standard delivery, the provider's page. Answers the platform's 303 to where the order went.
 */
export async function checkOutWithTestCard(
  browser: TestBrowser,
  checkoutId: string,
  options: { card?: string; email?: string; paymentMethod?: string } = {},
) {
  await browser.get(`/_checkout/${checkoutId}`)
  const submitted = await submitCheckout(browser, checkoutId, {
    email: options.email ?? 'buyer@example.com',
    ...BROOKLYN_FIELDS,
    paymentMethod: options.paymentMethod ?? 'test-card',
  })
  if (submitted.status !== 303 || !submitted.location) return submitted
  if (!submitted.location.includes('/test-provider/pay/')) return submitted
  return payOnTestProvider(browser, submitted.location, options.card ?? '4242 4242 4242 4242')
}
