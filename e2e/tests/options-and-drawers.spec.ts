import { expect, type Locator, type Page, test } from '@playwright/test'
import { waitForHydration } from '../support/pages'

// Issue 34's last items: Add to cart with an option unchosen says so beside the option, in the shop's words
// (not the browser's "Please select an item in the list"), with and without script; and the phone's drawers
// (menu, filters, the larger picture view) hold the keyboard's focus while open and give it back when closed.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** Whether the focused element sits inside `container`. */
async function hasFocusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement))
}

/** Presses Tab (or Shift+Tab) `times` times, checking after each that the focus stayed inside `container`. */
async function expectTabToStayInside(page: Page, container: Locator, times: number, key = 'Tab') {
  const visited = new Set<string>()
  for (let press = 0; press < times; press++) {
    await page.keyboard.press(key)
    expect(await hasFocusInside(container), `focus after ${press + 1} × ${key}`).toBe(true)
    visited.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''))
  }
  return visited.size
}

test('adding a tee with its size and colour unchosen asks for each beside it and moves the focus to the size', async ({
  browser,
}) => {
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await page.goto('/products/classic-tee')
  await waitForHydration(page)
  const form = page.locator('form.add-to-cart')
  const size = page.getByRole('combobox', { name: 'Size' })
  const colours = page.getByRole('group', { name: 'Color' })

  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(size).toBeFocused()
  await expect(size).toHaveAccessibleDescription('Please choose a size.')
  await expect(colours).toHaveAccessibleDescription('Please choose a color.')
  // No field of the form is the browser's to refuse (its bubble would have stopped the press).
  expect(await form.evaluate((element: HTMLFormElement) => element.checkValidity())).toBe(true)
  await expect(page.getByText(/^Added /)).toHaveCount(0)

  // A choice clears its own message; the other stays until chosen.
  await size.selectOption('M')
  await expect(page.getByText('Please choose a size.')).toHaveCount(0)
  await expect(colours).toHaveAccessibleDescription('Please choose a color.')
  await colours.getByRole('radio', { name: 'Red' }).check()
  await expect(page.getByText('Please choose a color.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Added Classic Tee to your cart.')).toBeVisible()
  await context.close()
})

test('without script, adding with the size unchosen answers with the message beside the size', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/products/classic-tee')
  await page.getByRole('radio', { name: 'Red' }).check()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('combobox', { name: 'Size' })).toHaveAccessibleDescription(
    'Please choose a size.',
  )
  await expect(page.getByRole('combobox', { name: 'Size' })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please choose a color.')).toHaveCount(0)
  await expect(page.getByText(/^Added /)).toHaveCount(0)
  await context.close()
})

test('on a phone the menu, the filter drawer and the larger picture view hold the focus until Escape gives it back', async ({
  browser,
}) => {
  const context = await browser.newContext(phone)
  const page = await context.newPage()

  // The menu: opened from the keyboard, its panel takes the focus; Tab goes round its links and toggle.
  await page.goto('/collections/tees-and-tops')
  await waitForHydration(page)
  const menuToggle = page.locator('summary', { hasText: 'Menu' })
  const menu = page.locator('details.site-menu')
  await menuToggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeFocused()
  // The page behind the open menu is inert: a screen reader's browse mode and a pointer meet the menu alone.
  expect(await isInert(page.locator('main'))).toBe(true)
  expect(await isInert(page.locator('footer'))).toBe(true)
  expect(await isInert(menuToggle)).toBe(false)
  const stops = await page.getByRole('navigation', { name: 'Menu' }).locator('a, input, button').count()
  expect(await expectTabToStayInside(page, menu, stops + 3)).toBe(stops + 1)
  await expectTabToStayInside(page, menu, 3, 'Shift+Tab')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden()
  await expect(menuToggle).toBeFocused()
  expect(await isInert(page.locator('main'))).toBe(false)
  expect(await isInert(page.locator('footer'))).toBe(false)

  // The filter drawer, the same way.
  const filterToggle = page.locator('summary', { hasText: 'Filter and sort' })
  const filters = page.locator('details.filters-disclosure')
  await filterToggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('group', { name: 'Filter and sort' })).toBeFocused()
  expect(await isInert(page.locator('main a[href^="/products/"]').first())).toBe(true)
  expect(await isInert(page.locator('header.site-header'))).toBe(true)
  await expectTabToStayInside(page, filters, 10)
  await expectTabToStayInside(page, filters, 10, 'Shift+Tab')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeHidden()
  await expect(filterToggle).toBeFocused()
  expect(await isInert(page.locator('header.site-header'))).toBe(false)

  // The larger picture view: a modal dialog, opened from its link and closed back to it.
  await page.goto('/products/classic-tee')
  await waitForHydration(page)
  const opener = page.getByRole('link', { name: /^Open larger/ }).first()
  await opener.focus()
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog')
  await expect(viewer).toBeVisible()
  expect(await hasFocusInside(viewer)).toBe(true)
  await expectTabToStayInside(page, viewer, 8)
  await expectTabToStayInside(page, viewer, 8, 'Shift+Tab')
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()
  await context.close()
})

/** Whether the element is inert: it or one of its ancestors carries `inert`. */
function isInert(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.closest('[inert]') !== null)
}
