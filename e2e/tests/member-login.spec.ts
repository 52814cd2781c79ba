import { expect, type Page, test } from '@playwright/test'

// The demo seed is deterministic: "Meadow Notebook" is stationery without options or stock tracking. The
// platform's member policies are off by default, so a new member is signed in at once.

/** Waits until the page runs its scripts, so forms go through fetchers. */
async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })

test('a visitor adds to the cart, signs up, and keeps the cart as a member; signs out and in again', async ({
  page,
}) => {
  const email = `shopper-${Date.now()}@example.com`
  const password = 'correct horse battery staple'

  await page.goto('/products/meadow-notebook')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status')).toContainText('Added Meadow Notebook to your cart.')
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  // Sign in, then on to a new account; both keep the page to come back to.
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
  await waitForHydration(page)

  // A password the platform would refuse is explained before anything is created.
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Shopper')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill('short')
  await page.getByLabel('Password').evaluate((input) => input.removeAttribute('minlength'))
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please choose a password of 10 to 256 characters.')

  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()

  // Back on the product page as a member, with the visitor's cart.
  await expect(page).toHaveURL(/\/products\/meadow-notebook$/)
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  await page.reload()
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  await header(page).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()

  // A visitor again, with a cart of their own (empty).
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (0)' })).toBeVisible()
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()

  // As a visitor again, another product goes into a new cart, which joins the member's at sign-in.
  await page.goto('/products/alpine-fountain-pen')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status')).toContainText('Added Alpine Fountain Pen to your cart.')
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()

  // A wrong password is refused in words that reveal nothing about the account.
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That e-mail and password don’t match an account. Check them and try again.',
  )

  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/products\/alpine-fountain-pen$/)
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (2)' })).toBeVisible()

  await page.goto('/cart')
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines).toHaveCount(2)
  await expect(lines.getByRole('heading', { name: 'Meadow Notebook' })).toBeVisible()
  await expect(lines.getByRole('heading', { name: 'Alpine Fountain Pen' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a shopper signs up and out with plain forms, and a sign-in never returns to another site', async ({
    page,
  }) => {
    const email = `plain-${Date.now()}@example.com`
    await page.goto('/account/register?returnTo=%2F%2Fevil.example%2Fphish')
    await page.getByRole('textbox', { name: 'Name' }).fill('Plain Shopper')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password').fill('a long enough password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()

    // Signing up twice with one e-mail is refused in shopper words.
    await page.goto('/account/register')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password').fill('a long enough password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'An account with that e-mail already exists. Sign in instead.',
    )

    await page.goto('/account/login?returnTo=https%3A%2F%2Fevil.example%2F')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password').fill('a long enough password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
  })
})

test('another site cannot post to the account forms', async ({ request }) => {
  const form = { email: 'a@example.com', password: 'whatever password' }
  for (const path of ['/account/login', '/account/register', '/account/login/silent', '/account/logout']) {
    // A foreign Origin: React Router refuses it (400) before any action runs.
    const foreign = await request.post(path, {
      headers: { Origin: 'https://evil.example' },
      form,
      maxRedirects: 0,
    })
    expect([400, 403], path).toContain(foreign.status())
    expect(foreign.headers()['set-cookie'], path).toBeUndefined()
    // A browser's cross-site post without an Origin the router checks: the account actions' own check.
    const crossSite = await request.post(path, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      form,
      maxRedirects: 0,
    })
    expect(crossSite.status(), path).toBe(403)
    expect(crossSite.headers()['set-cookie'], path).toBeUndefined()
  }
})
