import { expect, type Page, test } from '@playwright/test'
import { signInToDashboard } from '../support/dashboard'

// The demo seed is deterministic: "Meadow Notebook" (Stationery) costs $28.00 with no discount and no
// options, "Coastal Desk Pad" $40.00 and "Classic Planner" $26.00. The demo site owner is created by the
// platform's seed with DEMO_OWNER_PASSWORD (default aisle-demo-owner). Each test puts prices back, so the
// other stories see the seed's catalogue.

const dashboard = () => `${process.env.AISLE_E2E_API_URL}/dashboard`

async function openProduct(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Products' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill(name)
  await page.getByRole('button', { name: 'Apply' }).click()
  await page.getByRole('table', { name: 'Products' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function setPrice(page: Page, price: string) {
  await page.getByRole('spinbutton', { name: 'Price', exact: true }).fill(price)
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
}

test('a merchant changes a price in the dashboard and the storefront shows it', async ({ page }) => {
  await page.goto('/products/meadow-notebook')
  await expect(page.getByRole('heading', { level: 1, name: 'Meadow Notebook' })).toBeVisible()
  await expect(page.locator('main .price').first()).toHaveText('$28.00')

  await signInToDashboard(page)
  await openProduct(page, 'Meadow Notebook')
  await setPrice(page, '31.75')
  await expect(page.getByRole('spinbutton', { name: 'Price', exact: true })).toHaveValue('31.75')

  await page.goto('/products/meadow-notebook')
  await expect(page.locator('main .price').first()).toHaveText('$31.75')

  await page.goto(dashboard())
  await openProduct(page, 'Meadow Notebook')
  await setPrice(page, '28')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('status')).toHaveText('You have signed out.')
  await page.goto(`${dashboard()}/products`)
  // The browser signed in to the demo shop, so its sign-in page wears that shop's name (decision 095).
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Aisle Demo Store' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a merchant previews, applies and undoes a bulk price change with plain forms', async ({ page }) => {
    await signInToDashboard(page)
    // Signing in lands on the order desk's home; the bulk change starts from the products list.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Products' }).click()
    await page.getByRole('searchbox', { name: 'Search' }).fill('desk pad')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('checkbox', { name: 'Select Coastal Desk Pad' }).check()
    await page.getByRole('button', { name: 'Change prices…' }).click()
    await expect(page.getByRole('status')).toHaveText('1 product picked from the list. Pick other products')

    await page.getByRole('combobox', { name: 'Change' }).selectOption({ label: 'Price' })
    await page
      .getByRole('combobox', { name: 'How' })
      .selectOption({ label: 'Change by a percentage (negative lowers)' })
    await page.getByRole('spinbutton', { name: 'Value' }).fill('10')
    await page.getByRole('button', { name: 'Preview' }).click()
    const changes = page.getByRole('table', { name: 'Changes' })
    await expect(changes.getByRole('row', { name: 'Coastal Desk Pad $40.00 $44.00' })).toBeVisible()

    await page.getByRole('button', { name: 'Apply to 1 product' }).click()
    await expect(page.getByRole('status')).toHaveText('Done: changed 1 product.')
    // The storefront in another tab: the result page keeps its undo button.
    const storefront = await page.context().newPage()
    await storefront.goto('/products/coastal-desk-pad')
    await expect(storefront.locator('main .price').first()).toHaveText('$44.00')

    await page.getByRole('button', { name: 'Undo this bulk change' }).click()
    await expect(page.getByRole('status')).toHaveText('Put back the earlier values of 1 product.')
    // The storefront shares its catalogue reads for a second (decision 098): a reload within it of the
    // look at $44.00 may still be that one.
    await expect(async () => {
      await storefront.reload()
      await expect(storefront.locator('main .price').first()).toHaveText('$40.00', { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
  })

  test('the dashboard cannot be framed by another site', async ({ page }) => {
    const response = await page.goto(`${dashboard()}/login`)
    expect(response?.headers()['x-frame-options']).toBe('DENY')
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})
