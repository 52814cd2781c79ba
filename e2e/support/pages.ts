import { expect, type Page } from '@playwright/test'

/** Waits until the page runs its scripts (the root layout marks `<html data-hydrated>`). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Adds a product without options to the visitor's cart from its page, waiting for the confirmation.
 * The demo seed's "Meadow Notebook" is one.
 */
export async function addSimpleProductToCart(page: Page, slug = 'meadow-notebook', name = 'Meadow Notebook') {
  await page.goto(`/products/${slug}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText(`Added ${name} to your cart.`)).toBeVisible()
}

/** Estimates the cart page's totals for a New York City address (the demo store ships there). */
export async function estimateForNewYork(page: Page) {
  const form = page.getByRole('group', { name: 'Your address' })
  await form.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' })
  await form.getByRole('textbox', { name: /State or region/ }).fill('NY')
  await form.getByRole('textbox', { name: 'Postal code' }).fill('10001')
  await form.getByRole('textbox', { name: 'City' }).fill('New York')
  await page.getByRole('button', { name: 'Estimate shipping' }).click()
  await expect(page.getByText('Estimated for New York, NY 10001, United States.')).toBeVisible()
}

/** Creates a member account with this name through the storefront's sign-up form; they are signed in after. */
export async function signUp(page: Page, name: string) {
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`orders-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Create account' }).click()
  // On a phone the header's account link is in the folded menu: attached, if not shown.
  await expect(
    page
      .getByRole('navigation', { name: 'Store' })
      .getByRole('link', { name: 'Account', includeHidden: true }),
  ).toBeAttached()
}

/** Checks the cart out on the platform's hosted checkout: a San Francisco address, Standard shipping, a test card. */
export async function checkOutOnHostedPage(page: Page) {
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
