import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { captureBothWidths, storefrontFigures } from '../support/order-figures'
import {
  fillHostedCheckout,
  payOnTestProvider,
  placedOrderNumber,
  placeHostedOrder,
  SAN_FRANCISCO,
  signUp,
  waitForHydration,
} from '../support/pages'

// The shopper's side of one order (issue 35, section 4): the product form keeps the choice after "Add to
// cart", the cart shows the variant's picture, "Check out" follows the lines, and the thank-you page and the
// account's own order pages show what was bought, where it goes, how it was paid and the breakdown. The demo
// seed is deterministic: Classic Tee is 20% off ($19.20) with Size and Color; Meadow Notebook costs $28.00;
// the US region ships "Standard" for $5.99.

const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })
const SHOTS = 'e2e/test-results/shopper-order-views'

/** The same in a dialog: a full-page picture would leave out the dialog's own scroll, so the viewport. */
async function captureViewport(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

test('a member adds a red tee twice without touching the options, sees its picture, checks out and follows the order', async ({
  page,
}, testInfo) => {
  // A whole purchase, with twelve screenshots and three accessibility checks.
  test.setTimeout(180_000)
  await signUp(page, 'Rita Red')
  // The shopper chooses on the page (the server drew it with no choice made).
  await page.goto('/products/classic-tee')
  await waitForHydration(page)
  const size = page.getByRole('combobox', { name: 'Size' })
  const red = page.getByRole('radio', { name: 'Red' })
  await size.selectOption('M')
  await expect(page).toHaveURL(/Size=M/)
  await red.check()
  await expect(page).toHaveURL(/Color=Red/)
  await expect(page.locator('.gallery-slide img').first()).toHaveAttribute('alt', /in Red/)
  const redPicture = await page.locator('.gallery-slide img').first().getAttribute('src')

  // React resets a form after its action: the choice stays, and "Add to cart" works again as it is.
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    /Added Classic Tee to your cart\./,
  )
  await expect(size).toHaveValue('M')
  await expect(red).toBeChecked()
  await expect(page.getByRole('group', { name: /Color/ })).toContainText('Color: Red')
  await expect(page).toHaveURL(/Size=M/)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(header(page).getByRole('link', { name: 'Cart (2)' })).toBeVisible()
  await expect(size).toHaveValue('M')
  await expect(red).toBeChecked()
  await captureBothWidths(page, SHOTS, 'product-after-adding')

  // The drawer: one line, quantity 2 of the same variant, with the red picture; "Check out" its main button.
  await page.goto('/products/meadow-notebook')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(header(page).getByRole('link', { name: 'Cart (3)' })).toBeVisible()
  await header(page).getByRole('link', { name: 'Cart (3)' }).click()
  const drawer = page.getByRole('dialog', { name: 'Your cart' })
  await expect(drawer).toBeVisible()
  const teeLine = drawer.getByRole('listitem').filter({ hasText: 'Classic Tee' })
  await expect(teeLine).toHaveCount(1)
  await expect(teeLine.locator('output')).toHaveText('2')
  await expect(teeLine).toContainText('Red')
  expect(redPicture).toBeTruthy()
  await expect(teeLine.locator('img')).toHaveAttribute('src', redPicture!)
  const drawerButtons = drawer.locator('.cart-summary').getByRole('button')
  await expect(drawerButtons.first()).toHaveText('Check out')
  await page.setViewportSize({ width: 390, height: 844 })
  await captureViewport(page, 'cart-drawer-390')
  await page.setViewportSize({ width: 1280, height: 800 })
  await captureViewport(page, 'cart-drawer-1280')
  await drawer.getByRole('link', { name: 'Go to cart' }).click()

  // The cart page: the same picture, and "Check out" is the first thing after the lines.
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Classic Tee' }).locator('img')).toHaveAttribute(
    'src',
    redPicture!,
  )
  const afterLines = page.locator('.cart-main > .cart-lines + *')
  await expect(afterLines.getByRole('button')).toHaveText('Check out')
  await captureBothWidths(page, SHOTS, 'cart-page')
  await afterLines.getByRole('button', { name: 'Check out' }).click()

  await fillHostedCheckout(page, { email: 'rita@example.com', ...SAN_FRANCISCO })
  await page.getByRole('radio', { name: /Standard/ }).check()
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')

  // The thank-you page: what was bought, the address, the delivery, the payment and the breakdown.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  const number = await placedOrderNumber(page)
  const bought = page.getByRole('list', { name: `Items in order #${number}` })
  await expect(bought.getByRole('listitem').filter({ hasText: 'Classic Tee' })).toContainText(
    'Quantity: 2 × $19.20',
  )
  await expect(bought.getByRole('listitem').filter({ hasText: 'Meadow Notebook' })).toContainText(
    'Quantity: 1 × $28.00',
  )
  const delivery = page.locator('.order-facts address').first()
  await expect(delivery).toContainText('1 Pine St')
  await expect(delivery).toContainText('San Francisco, CA 94111')
  await expect(page.locator('.order-facts')).toContainText('Standard')
  await expect(page.locator('.order-facts')).toContainText('Card ending 4242')
  const thankYouFigures = page.getByRole('region', { name: `Totals of order #${number}` })
  await expect(thankYouFigures).toContainText('Subtotal$66.40')
  await expect(thankYouFigures).toContainText('Shipping')
  const onThankYou = await storefrontFigures(thankYouFigures)
  expect(onThankYou.sum).toBe(onThankYou.total)
  await expectNoSeriousAxeViolations(page, 'thank-you page with the whole order', testInfo)
  await captureBothWidths(page, SHOTS, 'thank-you')

  // "All orders" on the account leads to the storefront's own list, and the list to the order's page.
  await header(page).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('article', { name: `Order #${number}` })).toContainText('3 items')
  await page.getByRole('link', { name: 'All orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(process.env.AISLE_E2E_STOREFRONT_URL)
  await expectNoSeriousAxeViolations(page, 'the account’s orders', testInfo)
  await captureBothWidths(page, SHOTS, 'account-orders')
  await page.getByRole('link', { name: `Order #${number}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible()
  await expect(page.getByRole('list', { name: `Items in order #${number}` })).toContainText('Classic Tee')
  const orderFigures = await storefrontFigures(
    page.getByRole('region', { name: `Totals of order #${number}` }),
  )
  expect(orderFigures).toEqual(onThankYou)
  await expectNoSeriousAxeViolations(page, 'an order’s page', testInfo)
  await captureBothWidths(page, SHOTS, 'account-order')

  // Another shopper's order, or no order at all, is not found.
  await page.goto('/account/orders/7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f')
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible()
})

test('without JavaScript, the product page keeps the choice after adding, and adding twice makes quantity 2', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/products/classic-tee?Size=L&Color=Green')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(/Added Classic Tee/)
  await expect(page.getByRole('combobox', { name: 'Size' })).toHaveValue('L')
  await expect(page.getByRole('radio', { name: 'Green' })).toBeChecked()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(/Added Classic Tee/)
  await page.goto('/cart')
  const line = page.getByRole('listitem').filter({ hasText: 'Classic Tee' })
  await expect(line).toHaveCount(1)
  await expect(line.locator('output')).toHaveText('2')
  await expect(line).toContainText('Green')
  await context.close()
})
