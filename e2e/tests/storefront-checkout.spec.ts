import { expect, type Page, test } from '@playwright/test'
import { fillHostedCheckout, payOnTestProvider, placeHostedOrder, SAN_FRANCISCO } from '../support/pages'

// The demo seed is deterministic: Meadow Notebook costs $28.00; the US region ships "Standard" for $5.99.

async function addToCart(page: Page, path: string, confirmation: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status')).toContainText(confirmation)
}

test('a visitor checks out from the cart page on the hosted checkout and comes to the thank-you page', async ({
  page,
}) => {
  await addToCart(page, '/products/meadow-notebook', 'Meadow Notebook')
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()

  // The hosted checkout lives on the platform's origin.
  await expect(page.getByRole('heading', { level: 1, name: /Checkout/ })).toBeVisible()
  expect(new URL(page.url()).pathname).toMatch(/^\/_checkout\/[0-9a-f-]{36}$/)
  await fillHostedCheckout(page, { email: 'grace@example.com', ...SAN_FRANCISCO })
  await page.getByRole('radio', { name: /Standard/ }).check()
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('$28.00')
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()

  // Back on the storefront the cart is empty: the order took it.
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty.')).toBeVisible()
})

test('checking out an empty cart says so in shopper words', async ({ request }) => {
  const response = await request.post('/checkout', {
    headers: { origin: process.env.AISLE_E2E_STOREFRONT_URL ?? '' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(409)
  expect(await response.text()).toContain('Your cart is empty')
})
