import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

// The demo seed is deterministic: Meadow Notebook costs $28.00; the US region ships "Standard" for $5.99.
// Member policies are off by default, so a new member is signed in at once.

const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })

async function signUp(page: Page, name: string) {
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`orders-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
}

async function checkOutOnHostedPage(page: Page) {
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Checkout/ })).toBeVisible()
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com')
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Pine St')
  await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco')
  await shipping.getByRole('textbox', { name: 'Postal code' }).fill('94111')
  await shipping.getByRole('textbox', { name: /State or region/ }).fill('US-CA')
  await shipping.getByRole('textbox', { name: /Country/ }).fill('US')
  await page.getByRole('button', { name: 'Save and update totals' }).click()
  await page.getByRole('radio', { name: /Standard/ }).check()
  await page.getByRole('button', { name: 'Save and update totals' }).click()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /Place order/ }).click()
}

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
  await expect(page.getByRole('listitem').filter({ hasText: 'Meadow Notebook' })).toContainText(
    '1 × Meadow Notebook',
  )
  // $28.00 and $5.99 shipping, with the California tax on top.
  const total = page.getByRole('definition').filter({ hasText: '$' })
  await expect(total).toHaveText(/^\$3\d\.\d\d$/)
  const totalText = (await total.textContent()) ?? ''
  await expectNoSeriousAxeViolations(page, 'thank-you page with the order', testInfo)

  await header(page).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(`#${number}`) })
  await expect(row.getByRole('cell').nth(1)).toHaveText(totalText)
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^Placed/)
  await expect(page.getByRole('definition').first()).toHaveText('Grace Buyer')
  await expectNoSeriousAxeViolations(page, 'account page with orders', testInfo)

  // The details are changed on the platform's hosted account page.
  await page.getByRole('button', { name: 'Edit your details' }).click()
  await page.waitForURL((url) => url.origin === process.env.AISLE_E2E_API_URL)
})

test('a visitor’s thank-you page for an order that is not theirs shows no order details', async ({
  page,
}) => {
  await page.goto('/thank-you?orderId=7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f')
  await expect(page.getByRole('status')).toHaveText('Your order is placed. Its reference is 7D9C2B6E.')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0)
})
