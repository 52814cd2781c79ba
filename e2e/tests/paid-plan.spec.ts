import { expect, type Page, test } from '@playwright/test'
import { addSimpleProductToCart, checkOutOnHostedPage, payOnTestProvider, signUp } from '../support/pages'

// The demo store's Stationery club ($20.00, five stationery items a month) covers the Meadow Notebook.
// A member buys it from the storefront's plans page, then chooses it for the notebook on the cart page:
// that line checks out at zero and uses one session. "Pay normally" charges the price (decision 051).

/** The notebook's line among what the thank-you page says was bought. */
function boughtNotebook(page: Page) {
  return page
    .getByRole('list', { name: /^Items in order #\d+$/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Meadow Notebook' }) })
}

/** Checks the cart out on the hosted checkout (its plan choice as the cart page made it). */
async function checkOut(page: Page) {
  await checkOutOnHostedPage(page, 'pat@example.com')
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
}

/** The account page's line of the Stationery club. */
async function clubSessions(page: Page) {
  await page.goto('/account')
  return page
    .getByRole('list', { name: 'Your plans' })
    .getByRole('listitem')
    .filter({ hasText: 'Stationery club' })
}

test('a member buys a plan on the storefront and checks a covered notebook out at zero with it; “pay normally” pays the price', async ({
  page,
}) => {
  await signUp(page, 'Pat Plans')

  // The storefront lists the plans on sale and starts the plan checkout of the one chosen.
  await page.goto('/plans')
  const club = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Stationery club' }) })
  await expect(club.getByText('$20.00')).toBeVisible()
  await expect(club.getByText('5 sessions · 1 month')).toBeVisible()
  await club.getByRole('button', { name: 'Buy Stationery club' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Stationery club' })).toBeVisible()
  await page.getByRole('button', { name: 'Buy for $20.00' }).click()
  await payOnTestProvider(page, '4242 4242 4242 4242')
  // Back on the storefront's account page, holding the plan.
  await expect(page).toHaveURL(/\/account\?membershipId=/)
  await expect(await clubSessions(page)).toContainText('5 of 5 sessions left')

  // The cart offers the plan for the notebook; the shopper chooses it and the line costs nothing.
  await addSimpleProductToCart(page)
  await page.goto('/cart')
  const plans = page.getByRole('group', { name: 'Meadow Notebook' })
  await expect(plans.getByRole('radio', { name: 'Pay normally' })).toBeChecked()
  await plans.getByRole('radio', { name: 'Use my plan Stationery club (5 sessions left)' }).check()
  await page.getByRole('button', { name: 'Update plan choice' }).click()
  await expect(
    page
      .getByRole('group', { name: 'Meadow Notebook' })
      .getByRole('radio', { name: /Use my plan Stationery club/ }),
  ).toBeChecked()
  await expect(page.locator('.cart-summary')).toContainText('$0.00')

  // The hosted checkout keeps the choice, and the order records the line as paid by the plan.
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(
    page
      .getByRole('group', { name: 'Your plans' })
      .getByRole('radio', { name: /Use my plan Stationery club/ }),
  ).toBeChecked()
  await page.goBack()
  await checkOut(page)
  const paidByPlan = boughtNotebook(page)
  await expect(paidByPlan).toContainText('Quantity: 1 × $0.00')
  await expect(paidByPlan).toContainText('Paid by your plan Stationery club')
  await expect(await clubSessions(page)).toContainText('4 of 5 sessions left')

  // Another notebook, paid normally (the default): the order charges its price and uses no session.
  await addSimpleProductToCart(page)
  await page.goto('/cart')
  await expect(
    page
      .getByRole('group', { name: 'Meadow Notebook' })
      .getByRole('radio', { name: 'Use my plan Stationery club (4 sessions left)' }),
  ).toBeVisible()
  await checkOut(page)
  const line = boughtNotebook(page)
  await expect(line).toContainText(/Quantity: 1 × \$\d+\.\d\d/)
  await expect(line).not.toContainText('$0.00')
  await expect(line).not.toContainText('Paid by your plan')
  await expect(await clubSessions(page)).toContainText('4 of 5 sessions left')
})
