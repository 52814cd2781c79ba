import { expect, type Locator, type Page, test } from '@playwright/test'
import { payOnTestProvider, placeHostedOrder } from '../support/pages'

// The demo seed is deterministic (apps/platform/src/seed): Meadow Notebook costs $28.00 and Alpine Fountain
// Pen $35.00, stationery without options. WELCOME10 takes 10 % off. The US ships Standard ($5.99, free from
// $75) or Express (by weight); a pickup counter in Brooklyn is free. New York State taxes 4 % and New York
// City 4.5 % more; shipping is not taxed; deliveries carry a $1.00 handling fee. So for the two items with
// WELCOME10, shipped Standard to New York City: $63.00 − $6.30 + $5.99 + $2.27 + $2.55 + $1.00 = $68.51.

const dashboard = () => `${process.env.AISLE_E2E_API_URL}/dashboard`
const owner = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
}

/** Waits until the page runs its scripts, so forms go through fetchers. */
async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

async function addToCart(page: Page, path: string, confirmation: string) {
  await page.goto(path)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText(confirmation)).toBeVisible()
}

/** The figures of the order summary, in order: subtotal, each row of the estimate, the estimated total. */
function figures(page: Page): Locator {
  return page.getByRole('region', { name: 'Order summary' }).getByRole('definition')
}

async function fillAddress(
  page: Page,
  address: { country: string; region: string; postalCode: string; city: string },
) {
  const form = page.getByRole('group', { name: 'Your address' })
  await form.getByRole('combobox', { name: 'Country' }).selectOption({ label: address.country })
  await form.getByRole('textbox', { name: /State or region/ }).fill(address.region)
  await form.getByRole('textbox', { name: 'Postal code' }).fill(address.postalCode)
  await form.getByRole('textbox', { name: 'City' }).fill(address.city)
}

const newYork = { country: 'United States', region: 'NY', postalCode: '10001', city: 'New York' }

test('a visitor applies a coupon, estimates shipping and tax, picks an option, checks out, and the merchant sees the order', async ({
  page,
}) => {
  await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
  await addToCart(page, '/products/alpine-fountain-pen', 'Added Alpine Fountain Pen to your cart.')
  await page.goto('/cart')
  await waitForHydration(page)
  // Marks this document: were a form to reload the page, the mark would be gone.
  await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'cart'))
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(figures(page)).toHaveText(['$63.00'])
  await expect(page.getByText('Shipping and tax are added once you enter your address.')).toBeVisible()

  // The coupon comes off at once in the breakdown, before any address.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('welcome10')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('WELCOME10 applied')).toBeVisible()
  await expect(figures(page)).toHaveText(['$63.00', '−$6.30', '$56.70'])
  await expect(summary).toContainText('Total before shipping and tax')
  await expect(summary).toContainText('Coupon WELCOME10')

  // An address brings shipping, tax per jurisdiction and the handling fee; the new total is announced.
  await fillAddress(page, newYork)
  await page.getByRole('button', { name: 'Estimate shipping' }).click()
  await expect(figures(page)).toHaveText(['$63.00', '−$6.30', '$5.99', '$2.27', '$2.55', '$1.00', '$68.51'])
  await expect(summary).toContainText('New York State (4%)')
  await expect(summary).toContainText('New York City (4.5%)')
  await expect(summary).toContainText('Handling')
  await expect(summary.locator('[aria-live="polite"]')).toHaveText('Totals updated. Estimated total: $68.51.')
  await expect(page.getByText('Estimated for New York, NY 10001, United States.')).toBeVisible()

  // Every option with its price and delivery time or pickup place; Standard comes chosen.
  const methods = page.getByRole('group', { name: 'Shipping method' })
  const standard = methods.getByRole('radio', { name: 'Standard $5.99' })
  const express = methods.getByRole('radio', { name: /^Express \$\d+\.\d\d$/ })
  const pickup = methods.getByRole('radio', { name: 'Pick up in Brooklyn Free' })
  await expect(standard).toBeChecked()
  await expect(standard).toHaveAccessibleDescription('3-5 business days')
  await expect(express).toHaveAccessibleDescription('1-2 business days')
  await expect(pickup).toHaveAccessibleDescription(
    'Pick up at 1 Front St, Brooklyn, NY 11201. At the counter, with your order number.',
  )

  // Picking Express updates the totals in place, with no reload. Its price goes by the parcel's weight.
  const expressLabel = await methods.locator('label', { hasText: 'Express' }).innerText()
  const expressPrice = /\$\d+\.\d\d/.exec(expressLabel)?.[0] ?? ''
  const expressTotal = `$${(63 - 6.3 + Number(expressPrice.slice(1)) + 2.27 + 2.55 + 1).toFixed(2)}`
  // A click, then a retrying assertion: the choice is sent at once, and the radio follows the answer.
  await express.click()
  await expect(express).toBeChecked()
  await expect(figures(page)).toHaveText([
    '$63.00',
    '−$6.30',
    expressPrice,
    '$2.27',
    '$2.55',
    '$1.00',
    expressTotal,
  ])
  await expect(summary).toContainText('Express')
  await expect(summary.locator('[aria-live="polite"]')).toHaveText(
    `Totals updated. Estimated total: ${expressTotal}.`,
  )
  await expect(page.locator('html')).toHaveAttribute('data-test-document', 'cart')

  // The address and the option are remembered for the session: a reload shows them and the same totals.
  await page.reload()
  await expect(
    page.getByRole('group', { name: 'Your address' }).getByRole('textbox', { name: 'Postal code' }),
  ).toHaveValue('10001')
  await expect(
    page.getByRole('group', { name: 'Shipping method' }).getByRole('radio', { name: /^Express/ }),
  ).toBeChecked()
  await expect(figures(page).last()).toHaveText(expressTotal)

  // Checkout starts from that address and option on the platform's hosted page.
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Checkout/ })).toBeVisible()
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await expect(shipping.getByRole('textbox', { name: 'Postal code' })).toHaveValue('10001')
  await expect(shipping.getByRole('textbox', { name: 'City' })).toHaveValue('New York')
  await expect(shipping.getByRole('combobox', { name: /State/ })).toHaveValue('US-NY')
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked()
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ada.estimate@example.com')
  await shipping.getByRole('textbox', { name: /^First name/ }).fill('Ada')
  await shipping.getByRole('textbox', { name: /^Last name/ }).fill('Estimate')
  await shipping.getByRole('textbox', { name: 'Street and number' }).fill('350 5th Ave')
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(expressTotal)
  await expect(page.getByRole('button', { name: `Place order · ${expressTotal}` })).toBeVisible()
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')
  // The checkout's redirect session brings the buyer back to the storefront's own thank-you page.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  await expect(page).toHaveURL(/\/thank-you\?/)
  const placed = page.getByRole('status').filter({ hasText: /^Your order #\d+ is placed\.$/ })
  const orderNumber = (await placed.innerText()).replace(/^Your order #(\d+) is placed\.$/, '$1')
  expect(orderNumber).toMatch(/^\d+$/)

  // Back on the storefront the cart is empty: the order took it.
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cart (0)' })).toBeVisible()

  // The merchant finds the order in the dashboard.
  await page.goto(dashboard())
  await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  const order = page.getByRole('row').filter({ hasText: `#${orderNumber}` })
  await expect(order).toContainText('ada.estimate@example.com')
  await expect(order).toContainText(expressTotal)
  await expect(order).toContainText('Paid')
})

test('an address the shop cannot read is refused field by field, in words a screen reader hears', async ({
  page,
}) => {
  await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
  await page.goto('/cart')
  await waitForHydration(page)
  await fillAddress(page, { ...newYork, region: 'New York State', postalCode: '10001!' })
  await page.getByRole('button', { name: 'Estimate shipping' }).click()
  const form = page.getByRole('group', { name: 'Your address' })
  const region = form.getByRole('textbox', { name: /State or region/ })
  await expect(region).toHaveAttribute('aria-invalid', 'true')
  await expect(region).toHaveAccessibleDescription(
    'code, such as NY Please enter the state or region as its short code, such as NY.',
  )
  await expect(region).toBeFocused()
  await expect(form.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription(
    'Please check the postal code: letters, digits, spaces and hyphens only.',
  )
  await expect(form).toHaveAccessibleDescription('Please check the address below.')
  await expect(figures(page)).toHaveText(['$28.00'])

  // A country the shop does not ship to says so; the pickup is still offered.
  await fillAddress(page, { country: 'Japan', region: '', postalCode: '100-0001', city: 'Tokyo' })
  await page.getByRole('button', { name: 'Estimate shipping' }).click()
  await expect(
    page.getByText('We can’t deliver this cart to your address, but you can pick it up.'),
  ).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Pick up in Brooklyn Free' })).toBeChecked()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor estimates shipping and picks an option with plain forms', async ({ page }) => {
    await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
    await page.goto('/cart')
    await fillAddress(page, newYork)
    await page.getByRole('button', { name: 'Estimate shipping' }).click()
    // $28.00 + $5.99 + $1.12 + $1.26 + $1.00
    await expect(figures(page)).toHaveText(['$28.00', '$5.99', '$1.12', '$1.26', '$1.00', '$37.37'])

    await page.getByRole('radio', { name: 'Pick up in Brooklyn Free' }).check()
    await page.getByRole('button', { name: 'Update totals' }).click()
    await expect(page.getByRole('radio', { name: 'Pick up in Brooklyn Free' })).toBeChecked()
    const summary = page.getByRole('region', { name: 'Order summary' })
    await expect(summary).toContainText('Pick up in Brooklyn')
    await expect(summary).not.toContainText('Handling')
  })
})
