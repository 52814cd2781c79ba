import { expect, test } from '@playwright/test'

// The merchant's dashboard on a 390 px phone: no page is wider than the screen, so nothing needs a sideways
// scroll of the whole page (a table may scroll within its own frame). The story finds the pages itself, by
// following the dashboard's links from its home page, one page of each kind (ids stand for any id).

const owner = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
}
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** The kind of page a dashboard address is: its path with ids as `:id`, without its query. */
function toPageKind(url: URL): string {
  return url.pathname.replace(ID, ':id').replace(/\/\d+(?=\/|$)/g, '/:id')
}

/** Addresses that are no page to look at: files, signing out. */
function isPage(url: URL): boolean {
  return (
    url.pathname.startsWith('/dashboard') &&
    !/\.(csv|pdf|json)$/.test(url.pathname) &&
    !/logout/.test(url.pathname)
  )
}

test('every dashboard page fits a 390 px phone without a sideways scroll', async ({ browser }) => {
  test.setTimeout(240_000)
  const api = process.env.AISLE_E2E_API_URL ?? ''
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await page.goto(`${api}/dashboard/login`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/home/)

  const queue = [new URL(`${api}/dashboard/home`)]
  const seen = new Set(queue.map(toPageKind))
  const widths: Record<string, number | string> = {}
  while (queue.length > 0) {
    const url = queue.shift() as URL
    const response = await page.goto(url.href)
    expect(response?.status(), url.pathname).toBe(200)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    // A page too wide names what reaches past the screen and is not clipped by a scrolling frame (on a
    // phone the layout viewport grows with the page, so the screen's width is the measure, not innerWidth).
    widths[toPageKind(url)] =
      width <= phone.viewport.width
        ? width
        : `${width}: ${await page.evaluate((screenWidth) => {
            const isClipped = (element: Element) => {
              for (let at = element.parentElement; at; at = at.parentElement)
                if (getComputedStyle(at).overflowX !== 'visible') return true
              return false
            }
            return [...document.querySelectorAll('body *')]
              .filter(
                (element) => element.getBoundingClientRect().right > screenWidth + 1 && !isClipped(element),
              )
              .slice(-4)
              .map((element) => `${element.tagName.toLowerCase()}.${element.className}#${element.id}`)
              .join(', ')
          }, phone.viewport.width)}`
    for (const href of await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
      const next = new URL(href)
      if (next.origin !== url.origin || !isPage(next) || seen.has(toPageKind(next))) continue
      seen.add(toPageKind(next))
      queue.push(next)
    }
  }
  // Each section's lists and one of each kind of detail page (a fresh shop has no order to show yet).
  expect(Object.keys(widths), Object.keys(widths).join('\n')).toEqual(
    expect.arrayContaining([
      '/dashboard/orders',
      '/dashboard/products/:id',
      '/dashboard/collections/:id',
      '/dashboard/setup/coupons/:id',
      '/dashboard/webhooks',
    ]),
  )
  const tooWide = Object.entries(widths).filter(([, width]) => typeof width === 'string')
  expect(tooWide).toEqual([])
  await context.close()
})
