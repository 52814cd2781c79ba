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
