import { expect, test } from '@playwright/test'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

test('after following a link, keyboard and screen reader users start at the new page’s heading', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('list', { name: 'Collections' }).getByRole('link', { name: 'Tees & Tops' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tees & Tops' })).toBeFocused()

  // A change within the page (sorting) keeps focus on the control the shopper used.
  const sort = page.getByRole('combobox', { name: 'Sort by' })
  await sort.focus()
  await sort.selectOption({ label: 'Name' })
  await expect(page).toHaveURL(/sort=name/)
  await expect(sort).toBeFocused()

  await page.getByRole('link', { name: 'Classic Tee' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Tee' })).toBeFocused()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Tees & Tops' })).toBeFocused()
})

test('while the next page loads, the shopper sees its skeleton and the page says it is busy', async ({
  page,
}) => {
  await page.goto('/collections/tees-and-tops')
  await waitForHydration(page)
  let release: () => void = () => undefined
  const held = new Promise<void>((done) => {
    release = done
  })
  await page.route('**/products/classic-tee.data*', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('link', { name: 'Classic Tee' }).click()
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('main .skeleton-page')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Tee' })).toBeVisible()
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false')
})

test('images reserve their space, and those below the fold wait until scrolled near', async ({ page }) => {
  await page.goto('/products')
  const images = page.getByRole('list', { name: 'Products' }).locator('img')
  await expect(images).toHaveCount(24)
  const loading = await images.evaluateAll((all) =>
    all.map((image) => ({
      loading: image.getAttribute('loading'),
      hasSize: Number(image.getAttribute('width')) > 0 && Number(image.getAttribute('height')) > 0,
    })),
  )
  expect(loading.every((image) => image.hasSize)).toBe(true)
  expect(loading.slice(0, 4).map((image) => image.loading)).toEqual(['eager', 'eager', 'eager', 'eager'])
  expect(loading.slice(4).every((image) => image.loading === 'lazy')).toBe(true)

  await page.goto('/products/meadow-notebook')
  // The gallery's first picture (front) is the page's priority image.
  const productImage = page.getByRole('img', { name: 'Meadow Notebook' }).first()
  await expect(productImage).toHaveAttribute('fetchpriority', 'high')
  await expect(productImage).toHaveAttribute('loading', 'eager')
})

test('the visitor’s tokens travel only in an HttpOnly, SameSite cookie, and a visitor’s own pages are never kept by shared caches', async ({
  page,
  context,
}) => {
  // Without the visitor's cookies the page is drawn for everyone, so a shared cache may keep it (decision 088).
  const productPage = await page.goto('/products/meadow-notebook')
  expect(productPage?.headers()['cache-control']).toMatch(/^public, .*s-maxage=/)
  // A page view gives the visitor no tokens (decision 020): the first add to cart does.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('aisle_session')
  await addSimpleProductToCart(page)
  const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'aisle_session')
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
  // Over plain http (this test server) the cookie cannot be Secure; over https it is (unit-tested).
  expect(session?.secure).toBe(false)
  expect(await page.evaluate(() => document.cookie)).not.toContain('aisle_session')
  // With a cart, the same page is the visitor's own (it shows their count).
  const ownProductPage = await page.goto('/products/meadow-notebook')
  expect(ownProductPage?.headers()['cache-control']).toMatch(/^private/)

  const cart = await page.goto('/cart')
  expect(cart?.headers()['cache-control']).toBe('private, no-store')
  const signIn = await page.goto('/account/login')
  expect(signIn?.headers()['cache-control']).toBe('private, no-store')
})

test('prices are written in the store’s currency and locale', async ({ page }) => {
  await page.goto('/products/classic-tee?Size=XL&Color=Green')
  await expect(page.locator('.add-to-cart .price')).toContainText('$20.80')
  await expect(page.locator('.add-to-cart .price')).toContainText('$26.00')
})
