import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { openFittingCheckout } from '../support/bookings'
import { signInToDashboard } from '../support/dashboard'
import {
  addSimpleProductToCart,
  checkOutOnHostedPage,
  payOnTestProvider,
  placedOrderNumber,
  signUp,
} from '../support/pages'

// Every page of the dashboard at 390 and 1280 px, saved for a person to look at (issue 33's Done-when,
// decision 096). A shopper signs up and buys, and books the demo store's fitting, so that the lists have
// rows and there is an order, a member and a booking to open; then the demo owner follows every link of
// the dashboard's menu and one link of each kind of page from there (an order, a product, a member, an
// event, a plan, a coupon...), and the booking's page.

const SHOTS = 'e2e/test-results/look'
const api = () => process.env.AISLE_E2E_API_URL ?? ''
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** The kind of page an address is: its path with ids as `:id`. */
const kindOf = (url: URL) => url.pathname.replace(ID, ':id').replace(/\/\d+(?=\/|$)/g, '/:id')

/** A PNG's name for a kind of page: "orders-id" for /dashboard/orders/:id. */
const fileOf = (kind: string) =>
  kind
    .replace(/^\/dashboard\/?/, '')
    .replace(/[/:]+/g, '-')
    .replace(/^-|-$/g, '') || 'dashboard'

/** Addresses that are no page to look at: files, signing out, the check-in door's scanner. */
const isPage = (url: URL) =>
  url.pathname.startsWith('/dashboard') &&
  !/\.(csv|pdf|json)$/.test(url.pathname) &&
  !/logout/.test(url.pathname)

/** One page of each kind the dashboard links to from its home page, the menu's first. */
async function dashboardPages(page: Page, start: URL[]): Promise<URL[]> {
  const queue = [...start]
  const seen = new Set(queue.map(kindOf))
  const pages: URL[] = []
  while (queue.length > 0) {
    const url = queue.shift() as URL
    await page.goto(url.href)
    pages.push(url)
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
    for (const href of hrefs) {
      const next = new URL(href)
      if (next.origin !== url.origin || !isPage(next) || seen.has(kindOf(next))) continue
      seen.add(kindOf(next))
      queue.push(next)
    }
  }
  return pages
}

/** Books the demo store's tailored fitting as a visitor, paid with the test card; answers the booked start. */
async function bookFitting(page: Page): Promise<string> {
  const start = await openFittingCheckout(page)
  await page.getByRole('textbox', { name: /^First name/ }).fill('Grace')
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Hopper')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace.look@example.com')
  await page.getByRole('radio', { name: /Card \(test mode\)/ }).check()
  await page.getByRole('button', { name: 'Book' }).click()
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByText(/booked/i).first()).toBeVisible()
  return start
}

test('every dashboard page at 390 and 1280 px, saved to look at', async ({ page, browser }) => {
  await signUp(page, 'Dana Look')
  await addSimpleProductToCart(page)
  await checkOutOnHostedPage(page)
  await placedOrderNumber(page)
  const start = await bookFitting(page)

  const merchant = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await signInToDashboard(merchant)
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start))
  await merchant.goto(`${api()}/dashboard/bookings?view=week&date=${day}`)
  const booking = new URL(
    (await merchant
      .locator(`[data-day="${day}"]`)
      .getByRole('link', { name: /Tailored fitting.*Grace Hopper/ })
      .getAttribute('href')) as string,
    merchant.url(),
  )
  const pages = await dashboardPages(merchant, [new URL(`${api()}/dashboard/home`), booking])

  mkdirSync(SHOTS, { recursive: true })
  const looked: string[] = []
  for (const width of [390, 1280]) {
    await merchant.setViewportSize({ width, height: 844 })
    for (const url of pages) {
      await merchant.goto(url.href)
      const name = `${fileOf(kindOf(url))}-${width}`
      await merchant.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' })
      const wide = await merchant.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      looked.push(`${name}${wide > 0 ? ` (${wide} px too wide)` : ''} ${url.pathname}${url.search}`)
    }
  }
  // The packing slip as it prints: an A4 page's width, the print styles on (no menu, no Print button).
  const slip = pages.find((url) => kindOf(url).endsWith('/packing-slip'))
  if (slip) {
    await merchant.setViewportSize({ width: 794, height: 1123 })
    await merchant.emulateMedia({ media: 'print' })
    await merchant.goto(slip.href)
    await merchant.screenshot({ path: `${SHOTS}/orders-id-packing-slip-print.png`, fullPage: true })
    looked.push(`orders-id-packing-slip-print ${slip.pathname}`)
  }
  console.log(looked.join('\n'))
})
