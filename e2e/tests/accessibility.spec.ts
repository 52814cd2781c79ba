import { expect, test } from '@playwright/test'
import {
  expectNoSeriousAxeViolations,
  expectNoSeriousAxeViolationsInEachScheme,
} from '../support/accessibility'
import { addSimpleProductToCart, estimateForNewYork, waitForHydration } from '../support/pages'

// Every page a shopper reaches, checked with axe-core (WCAG 2.1 A and AA) once it has hydrated: no violation
// of serious or critical impact. The demo seed is deterministic (see catalogue-browsing.spec.ts).

const pages: { label: string; path: string; heading: string | RegExp; status?: number }[] = [
  { label: 'the home page', path: '/', heading: 'Aisle' },
  { label: 'the catalogue', path: '/products', heading: 'All products' },
  { label: 'a collection', path: '/collections/tees-and-tops', heading: 'Tees & Tops' },
  { label: 'search results', path: '/products?q=tee', heading: 'Results for “tee”' },
  { label: 'filtered results', path: '/products?q=tee&inStock=1&maxPrice=30', heading: 'Results for “tee”' },
  { label: 'an empty search', path: '/products?q=zzzz', heading: 'Results for “zzzz”' },
  { label: 'a later page', path: '/products?page=2', heading: 'All products' },
  { label: 'a product', path: '/products/classic-tee', heading: 'Classic Tee' },
  { label: 'a sold-out choice', path: '/products/classic-tee?Size=M&Color=Black', heading: 'Classic Tee' },
  { label: 'a chosen colour', path: '/products/classic-tee?Color=Red&Size=S', heading: 'Classic Tee' },
  { label: 'the empty cart', path: '/cart', heading: 'Your cart' },
  { label: 'the plans', path: '/plans', heading: 'Plans' },
  { label: 'the services', path: '/services', heading: 'Services' },
  { label: 'a service and its free times', path: '/services/tailored-fitting', heading: 'Tailored fitting' },
  { label: 'the events', path: '/events', heading: 'Events' },
  { label: 'an event', path: '/events/autumn-trunk-show', heading: 'Autumn trunk show' },
  { label: 'the shipping page', path: '/help/shipping', heading: 'Shipping' },
  { label: 'the returns page', path: '/help/returns', heading: 'Returns' },
  { label: 'the contact page', path: '/help/contact', heading: 'Contact' },
  { label: 'the about page', path: '/help/about', heading: 'About us' },
  { label: 'sign in', path: '/account/login', heading: 'Sign in' },
  { label: 'sign up', path: '/account/register', heading: 'Create an account' },
  { label: 'an unknown page', path: '/no-such-page', heading: 'Page not found', status: 404 },
  { label: 'an unknown product', path: '/products/no-such-product', heading: /not found/, status: 404 },
  {
    label: 'an unknown service',
    path: '/services/no-such-service',
    heading: 'Service not found',
    status: 404,
  },
]

// Every page in both colour schemes: the dark one has colours of its own, so contrast is checked twice. The
// page is loaded once and checked in each (expectNoSeriousAxeViolationsInEachScheme says why that is the
// same check as loading it in each).
for (const { label, path, heading, status = 200 } of pages) {
  test(`a shopper using assistive technology can use ${label}, in the light and the dark colour scheme`, async ({
    page,
  }, testInfo) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(status)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached()
    await expectNoSeriousAxeViolationsInEachScheme(page, label, testInfo)
  })
}

test('a shopper using assistive technology can use the open phone menu, search suggestions and the larger picture, in the light and the dark colour scheme', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products/classic-tee')
  await waitForHydration(page)
  await page.locator('summary', { hasText: 'Menu' }).click()
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
  await expectNoSeriousAxeViolationsInEachScheme(page, 'the open menu', testInfo)
  await page.locator('summary', { hasText: 'Menu' }).click()

  await page.locator('summary', { hasText: 'Search' }).click()
  await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('tee')
  await expect(page.getByRole('link', { name: /Classic Tee/ }).first()).toBeVisible()
  await expectNoSeriousAxeViolationsInEachScheme(page, 'search suggestions', testInfo)
  await page.keyboard.press('Escape')

  await page
    .getByRole('link', { name: /^Open larger/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectNoSeriousAxeViolationsInEachScheme(page, 'the larger picture', testInfo)
})

test('a shopper using assistive technology can use the cart page, before and after an estimate, and the cart drawer', async ({
  page,
}, testInfo) => {
  await addSimpleProductToCart(page)
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1)
  await expectNoSeriousAxeViolations(page, 'the cart without an estimate', testInfo)

  await estimateForNewYork(page)
  await expectNoSeriousAxeViolations(page, 'the cart with an estimate', testInfo)

  await page.goto('/products/meadow-notebook')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Cart (1)' }).click()
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'the cart drawer', testInfo)
})

test('a member using assistive technology can use their account page', async ({ page }, testInfo) => {
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Reader')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`reader-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
  await page.goto('/account')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'the account page', testInfo)
})

test('the accessibility check fails on a page with an unnamed image and an unnamed button', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><title>Broken</title><main><img src="/x.png"><button></button></main></html>',
  )
  const checked = expectNoSeriousAxeViolations(page, 'a broken page')
  await expect(checked).rejects.toThrow(
    /button-name \(critical\): Buttons must have discernible text at button/,
  )
  await expect(checked).rejects.toThrow(/image-alt \(critical\): Images must have alternative text at img/)
})

test('the check in each colour scheme fails on a page whose dark colours lack contrast', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>Dark</title><style>p { color: #222; background: #fff } @media (prefers-color-scheme: dark) { p { color: #333; background: #000 } }</style><main><p>Hard to read at night</p></main></html>',
  )
  const checked = expectNoSeriousAxeViolationsInEachScheme(page, 'a page dark on dark')
  await expect(checked).rejects.toThrow(/violations on a page dark on dark \(dark\)/)
  await expect(checked).rejects.toThrow(
    /color-contrast \(serious\): Elements must meet minimum color contrast/,
  )
})
