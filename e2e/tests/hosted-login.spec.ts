import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

// A member signs in on the platform's hosted page and comes back to the storefront through /callback.
// The platform's member policies are off by default, so a new member is signed in at once.

const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })

test('a member signs in on the shop’s account site and comes back signed in, with the visitor cart', async ({
  page,
  context,
}) => {
  const email = `hosted-${Date.now()}@example.com`
  const password = 'correct horse battery staple'

  // Sign up on the site, then sign out: the member now has an account and browses as a visitor.
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hosted')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()

  // As a visitor, a notebook goes into the cart.
  await addSimpleProductToCart(page)
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await page.getByRole('link', { name: 'Sign in on the shop’s account site' }).click()

  // The platform's own page, on its own origin; the transaction cookie is out of scripts' reach.
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(process.env.AISLE_E2E_API_URL)
  const storefrontCookies = await context.cookies(process.env.AISLE_E2E_STOREFRONT_URL)
  const transaction = storefrontCookies.find((cookie) => cookie.name === 'aisle_oauth')
  expect(transaction).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  // Back on the product page, greeted by name, with the visitor's cart.
  await expect(page).toHaveURL(/\/products\/meadow-notebook$/)
  await expect(header(page).getByText('Hi, Grace Hosted')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  const after = await context.cookies(process.env.AISLE_E2E_STOREFRONT_URL)
  expect(after.find((cookie) => cookie.name === 'aisle_oauth')).toBeUndefined()

  await page.goto('/cart')
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines.getByRole('heading', { name: 'Meadow Notebook' })).toBeVisible()
})

test('a callback that was not started here is refused in shopper words, with a way to try again', async ({
  page,
}, testInfo) => {
  await page.goto('/callback?code=stolen-code&state=not-yours')
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t sign you in' })).toBeVisible()
  await expect(page.getByText('That sign-in link has expired or was already used.')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'sign-in callback error', testInfo)

  await page.getByRole('link', { name: 'Try signing in again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})
