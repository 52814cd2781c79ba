import { expect, test } from '@playwright/test'

// The demo seed is deterministic: "Classic Tee" (Tees & Tops) is the oldest product, so it sits on the second
// page of the catalogue (newest first), comes in sizes and colours, is 20% off, and its XL costs $2 more
// ($26.00, so $20.80 after the discount).

test('a visitor browses, opens a product, adds it to the cart, reloads and still sees it', async ({
  page,
}) => {
  await page.goto('/products')
  // A first visit's page is drawn for everyone (decision 088): the cart without a number.
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
  const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  await expect(products).toHaveCount(24)

  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await page.getByRole('link', { name: 'Classic Tee' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Tee' })).toBeVisible()

  await page.getByRole('combobox', { name: 'Size' }).selectOption('XL')
  await page.getByRole('radio', { name: 'Green' }).check()
  // The price follows the choice only once the page has hydrated, so from here the fetcher submits.
  await expect(page.getByText('$20.80')).toBeVisible()
  const submitted = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('.data'),
  )
  await page.getByRole('button', { name: 'Add to cart' }).click()
  expect((await submitted).ok()).toBe(true)
  await expect(page.getByRole('status')).toHaveText('Added Classic Tee to your cart. View cart')
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  await page.getByRole('link', { name: 'Cart (1)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines).toHaveCount(1)
  const line = lines.first()
  await expect(line.getByRole('heading', { name: 'Classic Tee' })).toBeVisible()
  await expect(line.getByRole('definition')).toHaveText(['XL', 'Green'])
  await expect(line).toContainText('Quantity: 1')
  await expect(line).toContainText('$20.80')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByRole('term')).toHaveText('Subtotal')
  await expect(summary.getByRole('definition')).toHaveText('$20.80')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor adds a product to the cart with a plain form post', async ({ page }) => {
    await page.goto('/products?page=2')
    await page.getByRole('link', { name: 'Classic Tee' }).click()
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M')
    await page.getByRole('radio', { name: 'Red' }).check()
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('status')).toContainText('Added 2 × Classic Tee to your cart.')
    await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeVisible()

    await page.getByRole('link', { name: 'Cart (2)' }).click()
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(line.getByRole('definition')).toHaveText(['M', 'Red'])
    await expect(line).toContainText('Quantity: 2 × $19.20')
    await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('definition')).toHaveText(
      '$38.40',
    )
  })
})
