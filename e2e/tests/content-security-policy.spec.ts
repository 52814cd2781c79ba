import { expect, type Page, type Route, test } from '@playwright/test'
import { waitForHydration } from '../support/pages'

// SECURITY.md K5: the shop's pages and the platform's hosted pages allow only the scripts that carry the
// page's nonce. A script that found its way into a page (here: added to the HTML on its way) does not run,
// while the page's own scripts still do.

const INJECTED = '<script>window.__injected = true</script>'

/** Answers a document request with its HTML and one injected inline script before `</body>`. */
async function injectScript(route: Route) {
  if (route.request().resourceType() !== 'document') return route.fallback()
  const response = await route.fetch({ maxRedirects: 0 })
  if (response.status() >= 300 && response.status() < 400) return route.fulfill({ response })
  const html = await response.text()
  await route.fulfill({ response, body: html.replace('</body>', `${INJECTED}</body>`) })
}

/** The page's CSP violations reported on the console. */
function collectViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

test('the shop’s pages run their own scripts under the policy, with no violation', async ({ page }) => {
  const violations = collectViolations(page)
  for (const path of ['/', '/products/classic-tee', '/search?q=tee', '/cart']) {
    const answer = await page.goto(path)
    expect(answer?.headers()['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
    )
    expect(answer?.headers()['x-frame-options']).toBe('DENY')
    expect(answer?.headers()['x-content-type-options']).toBe('nosniff')
    await waitForHydration(page)
  }
  const script = await page.evaluate(
    () => performance.getEntriesByType('resource').find((entry) => entry.name.includes('/assets/'))?.name,
  )
  const asset = await page.request.get(script ?? '/missing')
  expect(asset.status()).toBe(200)
  expect(asset.headers()['x-content-type-options']).toBe('nosniff')
  expect(violations).toEqual([])
})

test('a script injected into a shop page is blocked, and the page still hydrates', async ({ page }) => {
  const violations = collectViolations(page)
  await page.route('**/products/classic-tee', injectScript)
  await page.goto('/products/classic-tee')
  await waitForHydration(page)
  expect(await page.content()).toContain(INJECTED)
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})

test('a script injected into the platform’s hosted sign-in page is blocked', async ({ page }) => {
  const violations = collectViolations(page)
  await page.goto('/account/login')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Sign in on the shop’s account site' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(process.env.AISLE_E2E_API_URL)
  // The page was reached by redirects, which routes do not see: it is loaded again, through the route.
  const hostedPage = page.url()
  await page.route(hostedPage, injectScript)
  await page.goto(hostedPage)
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
  expect(await page.content()).toContain(INJECTED)
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})

test('the platform’s hosted sign-in page draws with its linked style sheet, under its policy', async ({
  page,
}) => {
  const violations = collectViolations(page)
  await page.goto('/account/login')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Sign in on the shop’s account site' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
  // The pages' one style sheet comes from the platform's own origin, at its content-hashed address (decision 103).
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => ({ href: sheet.href ?? '', rules: sheet.cssRules.length })),
  )
  const linked = sheets.find((sheet) => /\/_assets\/hosted-[0-9a-f]{16}\.css$/.test(sheet.href))
  expect(linked?.rules).toBeGreaterThan(100)
  expect(new URL(linked?.href ?? '/', page.url()).origin).toBe(new URL(page.url()).origin)
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px')
  expect(violations).toEqual([])
})
