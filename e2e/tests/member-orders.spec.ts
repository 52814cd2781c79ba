import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, checkOutOnHostedPage, signUp } from '../support/pages'

// The demo seed is deterministic: Meadow Notebook costs $28.00; the US region ships "Standard" for $5.99.
// Member policies are off by default, so a new member is signed in at once.

const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })

test('a member is greeted by name from the first render of any page', async ({ page, browser }) => {
  await signUp(page, 'Ada Orders')
  await expect(header(page)).toContainText('Hi, Ada Orders')

  // The server's own page, before any script runs, already has the name.
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  const first = await withoutScripts.newPage()
  await first.goto('/products')
  await expect(first.getByRole('navigation', { name: 'Store' })).toContainText('Hi, Ada Orders')
  await withoutScripts.close()
})

test('a member checks out, lands on the storefront’s thank-you page and finds the order on their account', async ({
  page,
}, testInfo) => {
  await signUp(page, 'Grace Buyer')
  await addSimpleProductToCart(page)
  await checkOutOnHostedPage(page)

  // Back on the storefront's own page (its origin is registered for the client), with the order.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  const thankYou = new URL(page.url())
  expect(thankYou.origin).toBe(process.env.AISLE_E2E_STOREFRONT_URL)
  expect(thankYou.pathname).toBe('/thank-you')
  const status = page.getByRole('status').filter({ hasText: 'is placed' })
  await expect(status).toHaveText(/^Your order #\d+ is placed\.$/)
  const number = /#(\d+)/.exec((await status.textContent()) ?? '')![1]!
  await expect(
    page.getByRole('list', { name: `Items in order #${number}` }).getByRole('listitem'),
  ).toContainText('Quantity: 1 × $28.00')
  // $28.00 and $5.99 shipping, with the California tax on top.
  const total = page
    .getByRole('region', { name: `Totals of order #${number}` })
    .locator('.cart-summary-total dd')
  await expect(total).toHaveText(/^\$3\d\.\d\d$/)
  const totalText = (await total.textContent()) ?? ''
  await expectNoSeriousAxeViolations(page, 'thank-you page with the order', testInfo)

  await header(page).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  // Each order as a card: its status, how many items and the total paid; its own page has the rest.
  const order = page.getByRole('article', { name: `Order #${number}` })
  await expect(order).toContainText('1 × Meadow Notebook')
  await expect(order).toContainText(`1 item, ${totalText}`)
  await expect(order).toContainText(/Placed/)
  await order.getByRole('link', { name: `Order #${number}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible()
  const figures = page.getByRole('region', { name: `Totals of order #${number}` })
  await expect(figures.locator('.cart-summary-total dd')).toHaveText(totalText)
  await expect(figures.getByText('Shipping', { exact: false })).toBeVisible()
  await page.goBack()
  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile.getByRole('definition').first()).toHaveText('Grace Buyer')
  await expectNoSeriousAxeViolations(page, 'account page with orders', testInfo)

  // The details are changed on the platform's hosted account page.
  await page.getByRole('button', { name: 'Edit your details and addresses' }).click()
  await page.waitForURL((url) => url.origin === process.env.AISLE_E2E_API_URL)
})

test('a visitor’s thank-you page for an order that is not theirs shows no order details', async ({
  page,
}) => {
  await page.goto('/thank-you?orderId=7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f')
  await expect(page.getByRole('status')).toHaveText('Your order is placed. Its reference is 7D9C2B6E.')
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0)
})
