import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test'
import { addSimpleProductToCart, fillHostedCheckout, placeHostedOrder, SAN_FRANCISCO } from '../support/pages'
import { type StripeSystem, startStripeSystem } from '../support/stripe-system'

// Issue 30's browser stories: with Stripe's keys set, a shopper buys on the storefront, pays on the
// (local) Stripe page and comes back to the thank-you page; the merchant refunds the order from the order
// desk, and a refund made on Stripe's side joins it. The file has a system of its own (decision 067): the
// local Stripe, a platform pointed at it and a storefront, started once before its stories and stopped
// after them; the suite's other systems keep the test card. Meadow Notebook costs $28.00, Standard
// shipping to the US $5.99 (the demo seed).

let system: StripeSystem

test.beforeAll(async () => {
  // Three processes start on a shared machine: a platform that migrates and seeds, a storefront, the local Stripe.
  test.setTimeout(240_000)
  system = await startStripeSystem()
})

test.afterAll(async () => {
  await system?.stop()
})

const owner = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
}

/** A new shopper on this file's storefront, with the notebook in the cart, on the hosted checkout. */
async function shopperAtCheckout(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: system.storefrontUrl })).newPage()
  await addSimpleProductToCart(page)
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()
  await fillHostedCheckout(page, { email, ...SAN_FRANCISCO })
  await page.getByRole('radio', { name: /Standard/ }).check()
  // Stripe is offered first, and so chosen.
  await expect(page.getByRole('radio', { name: /^Card You pay on Stripe/ })).toBeChecked()
  await placeHostedOrder(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with card' })).toBeVisible()
  expect(page.url()).toMatch(new RegExp(`^${system.stripeUrl}/pay/cs_test_[0-9a-f]+$`))
  return page
}

/** Types a test card on Stripe's page and presses Pay. */
async function payOnStripe(page: Page, card: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card)
  await page.getByRole('button', { name: /^Pay / }).click()
}

/** The storefront's thank-you page, and the order's number on it. */
async function thankYouNumber(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  expect(page.url()).toMatch(new RegExp(`^${system.storefrontUrl}/thank-you\\?orderId=`))
  const status = page.getByRole('status').filter({ hasText: 'is placed' })
  await expect(status).toHaveText(/^Your order #\d+ is placed\.$/)
  return /#(\d+)/.exec((await status.textContent()) ?? '')![1]!
}

/** The page at a phone's and a desktop's width, kept with the run's results (under test-results/). */
async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  const before = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  if (before) await page.setViewportSize(before)
}

async function merchantPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${system.apiUrl}/dashboard`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible()
  return page
}

test('a shopper pays on Stripe’s page and the order is placed once; the merchant refunds it from the order desk, and a refund made at Stripe joins it', async ({
  browser,
}, testInfo) => {
  const email = `stripe-${Date.now()}@example.com`
  const page = await shopperAtCheckout(browser, email)
  await screenshots(page, 'local-stripe-page', testInfo)
  await payOnStripe(page, '4242 4242 4242 4242')
  const number = await thankYouNumber(page)
  await screenshots(page, 'thank-you', testInfo)

  // Placed once: the return and Stripe's webhook both told the platform, and the desk lists one order.
  const merchant = await merchantPage(browser)
  await merchant.goto(`${system.apiUrl}/dashboard/orders?q=${encodeURIComponent(email)}`)
  await expect(merchant.locator('tbody tr')).toHaveCount(1)
  await merchant.getByRole('link', { name: `#${number}` }).click()
  const payment = merchant.getByRole('region', { name: 'Payment' })
  await expect(payment).toContainText('Stripe')
  await expect(payment).toContainText('•••• 4242')
  const sessionId = await payment.locator('dt:text-is("Transaction") + dd').innerText()
  expect(sessionId).toMatch(/^cs_test_/)

  await merchant.getByRole('textbox', { name: /^Amount/ }).fill('5.00')
  await merchant
    .getByRole('textbox', { name: /^Reason/ })
    .first()
    .fill('Scuffed cover')
  merchant.once('dialog', (dialog) => dialog.accept())
  await merchant.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(merchant.getByRole('status')).toHaveText('Refund made. The buyer was mailed.')
  await expect(merchant.getByRole('heading', { level: 1 })).toContainText('Partly refunded')
  await expect(payment.locator('dt:text-is("Refund") + dd')).toHaveCount(1)

  // Stripe has the refund, on the payment of the order's Checkout Session.
  const session = (await system.stripeApi('GET', `/v1/checkout/sessions/${sessionId}`)) as {
    payment_intent: string
  }
  const refundsAtStripe = async () =>
    (
      (await system.stripeApi('GET', '/v1/refunds', { payment_intent: session.payment_intent })) as {
        data: { amount: number; metadata: Record<string, string> }[]
      }
    ).data
  expect((await refundsAtStripe()).map((refund) => refund.amount)).toEqual([500])

  // The merchant gives back $3.00 more on Stripe's own dashboard: its webhook puts it on the order.
  await system.stripeApi('POST', '/v1/refunds', {
    payment_intent: session.payment_intent,
    amount: '300',
    reason: 'requested_by_customer',
  })
  expect((await refundsAtStripe()).map((refund) => refund.amount)).toEqual([300, 500])
  await merchant.reload()
  await expect(payment.locator('dt:text-is("Refund") + dd')).toHaveCount(2)
  await expect(merchant.getByRole('list').filter({ hasText: 'Placed by' })).toContainText(
    'Refunded $3.00 (Refunded at Stripe: requested by the customer)',
  )
  await screenshots(merchant, 'refunded-order', testInfo)
})

test('a declined card shows Stripe’s words on its page; another card pays', async ({ browser }) => {
  const page = await shopperAtCheckout(browser, `declined-${Date.now()}@example.com`)
  await payOnStripe(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
  expect(page.url()).toMatch(new RegExp(`^${system.stripeUrl}/pay/`))
  await payOnStripe(page, '4242 4242 4242 4242')
  await thankYouNumber(page)
})

test('a card that asks for 3-D Secure is approved on Stripe’s page and the order is placed', async ({
  browser,
}) => {
  const page = await shopperAtCheckout(browser, `secure-${Date.now()}@example.com`)
  await payOnStripe(page, '4000 0027 6000 3184')
  await expect(page.getByRole('heading', { level: 1, name: '3D Secure 2 test page' })).toBeVisible()
  await page.getByRole('button', { name: 'Complete authentication' }).click()
  await thankYouNumber(page)
})
