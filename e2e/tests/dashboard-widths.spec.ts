import { expect, type Page, test } from '@playwright/test'
import { signInToDashboard } from '../support/dashboard'
import { addSimpleProductToCart, checkOutOnHostedPage, placedOrderNumber, signUp } from '../support/pages'

// Every dashboard page at a 360 px phone and a 1280 px laptop: no page scrolls sideways (a table may scroll
// inside its own box). The story finds the pages by following the dashboard's links from its home page,
// one page of each kind, after a shopper has signed up and placed an order so the member and order pages
// show rows.

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const WIDTHS = [360, 1280] as const

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

/** One page of each kind the dashboard links to, from its home page. */
async function findDashboardPages(page: Page, api: string): Promise<URL[]> {
  const queue = [new URL(`${api}/dashboard/home`)]
  const seen = new Set(queue.map(toPageKind))
  const pages: URL[] = []
  while (queue.length > 0) {
    const url = queue.shift() as URL
    await page.goto(url.href)
    pages.push(url)
    for (const href of await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
      const next = new URL(href)
      if (next.origin !== url.origin || !isPage(next) || seen.has(toPageKind(next))) continue
      seen.add(toPageKind(next))
      queue.push(next)
    }
  }
  return pages
}

/** How far the page reaches past the window, and the last elements that do, when it does. */
async function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth
    if (width <= window.innerWidth) return null
    const isClipped = (element: Element) => {
      for (let at = element.parentElement; at; at = at.parentElement)
        if (getComputedStyle(at).overflowX !== 'visible') return true
      return false
    }
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !isClipped(element),
      )
      .slice(-4)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
    return `${width} > ${window.innerWidth}: ${wide.join(', ')}`
  })
}

test('every dashboard page fits 360 and 1280 px without scrolling sideways', async ({ page, browser }) => {
  test.setTimeout(300_000)
  const api = process.env.AISLE_E2E_API_URL ?? ''
  // A member, so that the members list is a table (with its hidden-heading column), not its empty state.
  await signUp(page, 'Dana Widths')
  await addSimpleProductToCart(page)
  await checkOutOnHostedPage(page)
  await placedOrderNumber(page)

  const merchant = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await signInToDashboard(merchant)
  const pages = await findDashboardPages(merchant, api)
  expect(pages.map(toPageKind)).toEqual(
    expect.arrayContaining([
      '/dashboard/home',
      '/dashboard/orders',
      '/dashboard/orders/:id',
      '/dashboard/products',
      '/dashboard/products/:id',
      '/dashboard/collections/:id',
      '/dashboard/members',
      '/dashboard/plans/:id',
      '/dashboard/setup/coupons/:id',
      '/dashboard/setup/tax',
      '/dashboard/webhooks',
      '/dashboard/sso',
    ]),
  )

  const tooWide: string[] = []
  for (const width of WIDTHS) {
    await merchant.setViewportSize({ width, height: 900 })
    for (const url of pages) {
      const response = await merchant.goto(url.href)
      expect(response?.status(), url.pathname).toBe(200)
      const overflow = await overflowOf(merchant)
      if (overflow) tooWide.push(`${width} px ${toPageKind(url)}: ${overflow}`)
    }
  }
  // The phone's menu, opened, fits too.
  await merchant.setViewportSize({ width: 360, height: 900 })
  await merchant.goto(`${api}/dashboard/orders`)
  await merchant.getByText('Menu', { exact: true }).click()
  await expect(
    merchant.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Taxes' }),
  ).toBeVisible()
  const menuOverflow = await overflowOf(merchant)
  if (menuOverflow) tooWide.push(`360 px menu open: ${menuOverflow}`)
  expect(tooWide).toEqual([])
})
