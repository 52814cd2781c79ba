import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

// The on-site sign-in finishes in a hidden frame: the storefront's action answers the platform's
// authorize URL (prompt none, response mode web_message, the direct login's session token), the page
// loads it in a hidden iframe, and the code the platform posts back is exchanged by the storefront. The
// platform signs the browser in to its hosted pages on the way, which a server-side exchange never could.
// The platform's member policies are off by default, so a new member is signed in at once.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const storefront = () => process.env.AISLE_E2E_STOREFRONT_URL ?? ''
const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })
const password = 'correct horse battery staple'

/** The platform's hosted-login session cookies this browser holds (one per site, `aisle_member_<siteId>`). */
async function platformSessionCookies(context: BrowserContext) {
  return (await context.cookies(api())).filter((cookie) => cookie.name.startsWith('aisle_member_'))
}

/** Creates an account on the site's form and signs out of it, so the member browses as a visitor. */
async function createAccountAndSignOut(page: Page, email: string, name: string) {
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
}

test('a visitor adds to the cart and signs in on the site’s form; the hidden frame also signs the browser in to the shop’s account site', async ({
  page,
  context,
}) => {
  const email = `silent-${Date.now()}@example.com`
  await createAccountAndSignOut(page, email, 'Ada Silent')
  // Signing out ended the platform's session too: nothing there knows this browser now.
  expect(await platformSessionCookies(context)).toEqual([])

  await addSimpleProductToCart(page)
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await waitForHydration(page)

  // The platform's authorize page loads in a frame of the page, never as the page itself.
  const authorizeInFrame = page.waitForRequest(
    (request) => request.url().startsWith(`${api()}/_auth/authorize`) && request.frame() !== page.mainFrame(),
  )
  const authorizeAnswer = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${api()}/_auth/authorize`) && response.frame() !== page.mainFrame(),
  )
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  const request = await authorizeInFrame
  expect(request.frame().parentFrame()).toBe(page.mainFrame())
  expect(request.isNavigationRequest()).toBe(true)
  // The web_message page: framed by the storefront only, posting the code to its origin.
  const answer = await authorizeAnswer
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-security-policy']).toContain(`frame-ancestors ${storefront()}`)

  // Back where the shopper was, signed in, greeted by name, with the visitor's cart; the frame is gone.
  await expect(page).toHaveURL(/\/products\/meadow-notebook$/)
  await expect(header(page).getByText('Hi, Ada Silent')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
  const storefrontCookies = await context.cookies(storefront())
  expect(storefrontCookies.find((cookie) => cookie.name === 'aisle_oauth')).toBeUndefined()

  // The platform now knows this browser: its hosted-login cookie, out of scripts' reach.
  const [platformSession] = await platformSessionCookies(context)
  expect(platformSession).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

  // The storefront's own session ends (its cookie is gone); the platform's stays. The shop's account site
  // signs the member in again without asking: its authorize answers with a code at once.
  await context.clearCookies({ name: 'aisle_session' })
  await page.goto('/account/login')
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  const hostedAuthorize = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${api()}/_auth/authorize`) && response.frame() === page.mainFrame(),
  )
  await page.getByRole('link', { name: 'Sign in on the shop’s account site' }).click()
  const hosted = await hostedAuthorize
  expect(hosted.status()).toBe(302)
  expect(hosted.headers().location).toMatch(new RegExp(`^${storefront()}/callback\\?code=`))
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()

  await page.goto('/cart')
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines.getByRole('heading', { name: 'Meadow Notebook' })).toBeVisible()
})

test('a shopper whose hidden sign-in the platform refuses stays a guest, is told why in plain words and offered the account site', async ({
  page,
  context,
}, testInfo) => {
  const email = `silent-refused-${Date.now()}@example.com`
  await createAccountAndSignOut(page, email, 'Grace Refused')
  await addSimpleProductToCart(page)

  // The platform's answer in the frame is an error (as for an expired session token), posted the way
  // its web_message page posts one.
  await page.route(`${api()}/_auth/authorize**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><script>parent.postMessage({ type: 'authorization_response', response: { error: 'login_required', error_description: 'The member is not signed in' } }, ${JSON.stringify(storefront())})</script>`,
    }),
  )
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page.getByRole('alert')).toHaveText(
    'We couldn’t finish signing you in on this page. Please sign in on the shop’s account site instead.',
  )
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await expect(page.getByRole('link', { name: 'Sign in on the shop’s account site' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'a refused hidden sign-in', testInfo)
  await expect(page.locator('iframe')).toHaveCount(0)

  // Not half signed in: a guest on the storefront, with the cart, and unknown to the platform.
  await page.reload()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  expect(await platformSessionCookies(context)).toEqual([])
})
