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

/** A shopper's contact and shipping address, with the country and region as their lists name them. */
export interface ShopperAddress {
  email: string
  /** The recipient's names (the checkout asks for both); Ada Shopper when left out. */
  firstName?: string
  lastName?: string
  street: string
  city: string
  postalCode: string
  country: string
  region: string
}

/** Fills in the one-page hosted checkout's contact and shipping address, picking country and region from their lists. */
export async function fillHostedCheckout(page: Page, address: ShopperAddress) {
  await expect(page.getByRole('heading', { level: 1, name: /Checkout/ })).toBeVisible()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(address.email)
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  const country = shipping.getByRole('combobox', { name: 'Country or region' })
  if ((await country.locator('option:checked').innerText()) !== address.country) {
    await country.selectOption({ label: address.country })
    // The region list follows the country once the page's script has asked the platform.
    await expect(
      shipping.getByRole('combobox', { name: /State/ }).getByRole('option', { name: address.region }),
    ).toBeAttached()
  }
  await shipping.getByRole('textbox', { name: /^First name/ }).fill(address.firstName ?? 'Ada')
  await shipping.getByRole('textbox', { name: /^Last name/ }).fill(address.lastName ?? 'Shopper')
  await shipping.getByRole('textbox', { name: 'Street and number' }).fill(address.street)
  await shipping.getByRole('textbox', { name: 'Postal code' }).fill(address.postalCode)
  await shipping.getByRole('textbox', { name: 'City' }).fill(address.city)
  await shipping.getByRole('combobox', { name: /State/ }).selectOption({ label: address.region })
}

/**
 * Presses "Place order": when the totals changed under the press (the script was still asking), the
 * page shows the new total and the press is made again, as a shopper would.
 */
export async function placeHostedOrder(page: Page) {
  await page.getByRole('button', { name: /Place order/ }).click()
  const updated = page.getByText('Your total is updated')
  const provider = page.getByRole('heading', { level: 1, name: /^Pay |Thank you/ })
  await expect(updated.or(provider).first()).toBeVisible()
  if (await updated.isVisible()) await page.getByRole('button', { name: /Place order/ }).click()
}

/** Pays on the test provider's own page with `card`, approving (or refusing) the extra step it may ask for. */
export async function payOnTestProvider(page: Page, card: string, options: { approve?: boolean } = {}) {
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
  expect(new URL(page.url()).pathname).toMatch(/^\/test-provider\/pay\/tp_/)
  await page.getByRole('textbox', { name: 'Card number' }).fill(card)
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30')
  await page.getByRole('textbox', { name: 'CVC' }).fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  if (card.replace(/\s/g, '') === '4000002500003155') {
    await expect(page.getByRole('heading', { level: 1, name: 'Approve the payment' })).toBeVisible()
    await page.getByRole('button', { name: options.approve === false ? 'Refuse' : 'Approve' }).click()
  }
}

/** The shipping address the stories' buyers give, in a region the demo store ships to with tax. */
export const SAN_FRANCISCO = {
  street: '1 Pine St',
  city: 'San Francisco',
  postalCode: '94111',
  country: 'United States',
  region: 'California',
} as const

/**
 * Checks the cart out on the platform's hosted checkout: a San Francisco address, Standard shipping, a
 * test card, as `email` (`ada@example.com`).
 */
export async function checkOutOnHostedPage(page: Page, email = 'ada@example.com') {
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()
  await fillHostedCheckout(page, { email, ...SAN_FRANCISCO })
  await page.getByRole('radio', { name: /Standard/ }).check()
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')
}

/** The number of the order the thank-you page says is placed (`Your order #N is placed.`). */
export async function placedOrderNumber(page: Page): Promise<string> {
  const status = page.getByRole('status').filter({ hasText: 'is placed' })
  await expect(status).toHaveText(/^Your order #\d+ is placed\.$/)
  return /#(\d+)/.exec((await status.textContent()) ?? '')![1]!
}

/** What names the clock time of `label` (`2:00 PM`) in 12- or 24-hour words: `2:00` or `14:00`. */
export function sameClockTime(label: string): RegExp {
  const [, hour = '', minute = '', half = ''] = /^(\d+):(\d\d)\s*(AM|PM)$/i.exec(label.trim()) ?? []
  const hours24 = (Number(hour) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)
  return new RegExp(`\\b(${hour}:${minute}|${String(hours24).padStart(2, '0')}:${minute})\\b`)
}
