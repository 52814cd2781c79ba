import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from '../support/pages'

// A shopper's ordinary visit, on a phone and on a desktop (issue 34): the home page, the menu, a collection
// with its filters, a search, a product with its larger picture view, the help, sign-in and plans pages. The
// story fails on any console error, uncaught page error, failed request or error answer along the way; a
// visit like this one has none (404 pages and refused forms are other stories').

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const desktop = { viewport: { width: 1280, height: 800 } }

/** Everything a browser would report while `page` is open: console errors, page errors, failed requests. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`console error: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText
    // A picture still loading when the page moves on is cancelled by the browser itself: no fault a shopper
    // sees. Any other failure, or any other request cancelled, is one.
    if (reason === 'net::ERR_ABORTED' && request.resourceType() === 'image') return
    problems.push(`failed request: ${request.method()} ${request.url()} (${reason})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} for ${response.request().method()} ${response.url()}`)
  })
  return problems
}

/** Goes to `path` and waits until its scripts run (so hydration errors have been reported). */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Opens the product's first picture larger, steps, swipes and zooms it, and closes it again. */
async function useLargerView(page: Page) {
  const gallery = page.getByRole('region', { name: 'Pictures of Classic Tee' })
  const count = await gallery.getByRole('link', { name: /^Show picture/ }).count()
  expect(count).toBeGreaterThan(2)
  const pagePicture = await gallery
    .getByRole('link', { name: /^Open larger/ })
    .first()
    .boundingBox()
  await gallery
    .getByRole('link', { name: /^Open larger/ })
    .first()
    .click()
  const viewer = page.getByRole('dialog', { name: `Classic Tee, picture 1 of ${count}` })
  await expect(viewer).toBeVisible()
  await expect(viewer).toContainText(`1 / ${count}`)
  await expect(viewer.getByRole('button', { name: 'Previous picture' })).toBeDisabled()
  await viewer.getByRole('button', { name: 'Next picture' }).click()
  await expect(page.getByRole('dialog', { name: `Classic Tee, picture 2 of ${count}` })).toContainText(
    `2 / ${count}`,
  )

  // A swipe leftwards (a pointer dragged across the picture) shows the next picture.
  const picture = page.getByRole('dialog').locator('img')
  const box = await picture.boundingBox()
  if (!box || !pagePicture) throw new Error('the pictures have no size')
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect(page.getByRole('dialog', { name: `Classic Tee, picture 3 of ${count}` })).toBeVisible()

  // Larger than the page's picture, and larger again once zoomed by a tap.
  expect(box.width).toBeGreaterThanOrEqual(pagePicture.width)
  await picture.click()
  await expect(page.getByRole('button', { name: 'Zoom' })).toHaveAttribute('aria-pressed', 'true')
  expect((await picture.boundingBox())?.width).toBeGreaterThan(box.width * 2)
  await picture.click()
  await expect(page.getByRole('button', { name: 'Zoom' })).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
}

test('a shopper’s visit on a phone: the menu, filters in a drawer, search, the larger picture, sign-in and plans, without an error', async ({
  browser,
}) => {
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  const problems = watchForProblems(page)

  await visit(page, '/')
  await page.locator('summary', { hasText: 'Menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Menu' })
  const shop = menu.getByRole('list', { name: 'Shop' }).getByRole('link')
  const names = await shop.allTextContents()
  // Every product first, then the curated collections, the kinds of product, and what else the shop sells.
  expect(names[0]).toBe('All products')
  expect(names.indexOf('Sale')).toBeGreaterThan(0)
  expect(names.indexOf('Sale')).toBeLessThan(names.indexOf('Tees & Tops'))
  expect(names.slice(-3)).toEqual(['Services', 'Plans', 'Events'])
  await expect(menu.getByRole('list', { name: 'Account' }).getByRole('link')).toHaveText(['Sign in'])
  await expect(menu.getByRole('list', { name: 'Help' }).getByRole('link')).toHaveText([
    'Shipping',
    'Returns',
    'Contact',
    'About us',
  ])
  await menu.getByRole('link', { name: 'Tees & Tops' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tees & Tops' })).toBeVisible()
  await expect(menu).toBeHidden()

  // The filters wait behind their button: the first product shows on the first screen.
  const filterButton = page.locator('summary', { hasText: 'Filter and sort' })
  await expect(filterButton).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeHidden()
  const firstProduct = page.getByRole('main').getByRole('list').first().getByRole('link').first()
  expect((await firstProduct.boundingBox())?.y).toBeLessThan(phone.viewport.height / 2)
  await filterButton.click()
  await page.getByRole('checkbox', { name: 'In stock only' }).check()
  await expect(filterButton).toContainText('1 filter on')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeHidden()
  await expect(page).toHaveURL(/inStock=1/)

  await page.locator('summary', { hasText: 'Menu' }).click()
  await menu.getByRole('searchbox', { name: 'Search the shop' }).fill('tee')
  await menu.getByRole('searchbox', { name: 'Search the shop' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “tee”' })).toBeVisible()
  await expect(menu).toBeHidden()

  await visit(page, '/products/classic-tee')
  await useLargerView(page)

  await visit(page, '/help/shipping')
  await visit(page, '/account/login')
  await expect(page.getByRole('link', { name: 'Sign in on the shop’s account site' })).toBeVisible()
  await visit(page, '/plans')
  await expect(page.getByRole('button', { name: 'Buy Stationery club' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Get it free Notebook trial' })).toBeVisible()

  expect(problems).toEqual([])
  await context.close()
})

test('a shopper’s visit on a desktop: filters beside the products, search, the larger picture, sign-in and plans, without an error', async ({
  browser,
}) => {
  const context = await browser.newContext(desktop)
  const page = await context.newPage()
  const problems = watchForProblems(page)

  await visit(page, '/')
  await page
    .getByRole('link', { name: /^Tees & Tops/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tees & Tops' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'In stock only' }).check()
  await expect(page).toHaveURL(/inStock=1/)

  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })
  await search.fill('tee')
  await search.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “tee”' })).toBeVisible()
  // The heading takes the focus of the new page, without a ring: it is no control.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('outline-style', 'none')

  await visit(page, '/products/classic-tee')
  await useLargerView(page)
  await visit(page, '/account/login')
  await visit(page, '/plans')

  expect(problems).toEqual([])
  await context.close()
})

test('without script the phone’s filter drawer opens from its button, applies and closes', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/collections/tees-and-tops')
  const stock = page.getByRole('checkbox', { name: 'In stock only' })
  await expect(stock).toBeHidden()
  await page.locator('summary', { hasText: 'Filter and sort' }).click()
  await stock.check()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/inStock=1/)
  // A new page: the drawer is closed again, its button counting the filter.
  await expect(stock).toBeHidden()
  await expect(page.locator('summary', { hasText: 'Filter and sort' })).toContainText('1 filter on')
  await context.close()
})
