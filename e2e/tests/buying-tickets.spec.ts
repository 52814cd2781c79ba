import { expect, type Page, test } from '@playwright/test'
import { merchantPage, openMail } from '../support/dashboard'
import { captureBothWidths } from '../support/order-figures'
import { payOnTestProvider, placedOrderNumber, signUp } from '../support/pages'

// Issue 32's story (decision 070): a member finds the demo store's trunk show on the storefront's events
// page, reserves two general admission tickets ($25.00 each) on its page, pays on the platform's hosted
// event checkout with the test card, comes back to the storefront's thank-you page, gets the tickets by
// mail with their codes, and sees them in the account's EVENTS section. At the door, staff check one in on
// the dashboard; a second try with the same code is refused and says when it was used.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
/** Where the story keeps its screenshots of the storefront's event pages, for a person to look at. */
const SHOTS = 'e2e/test-results/buying-tickets'

/** Whether the page scrolls sideways on a 360 px phone (it must not). */
async function scrollsSidewaysAt360(page: Page): Promise<boolean> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  await page.setViewportSize({ width: 360, height: 740 })
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
  await page.setViewportSize(size)
  return scrolls
}

/** The ticket codes in the opened tickets mail's text ("General admission for Ada: code ABCDEFGH23"). */
async function codesInMail(page: Page): Promise<string[]> {
  const text = (await page.locator('pre').textContent()) ?? ''
  return [...text.matchAll(/General admission for [^:]+: code ([A-Z2-9]{10})/g)].map(
    (match) => match[1] as string,
  )
}

test('a member buys two tickets on the storefront, gets them by mail and in the account; one checks in once at the door', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Tess Tickets')
  const email = `tickets-${Date.now()}@example.com`

  // The events page, from the shop's footer: the trunk show with its date in New York time and its prices.
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  const show = page
    .getByRole('list', { name: 'Upcoming events' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Autumn trunk show' }) })
  await expect(show).toContainText('New York time')
  await expect(show).toContainText('Aisle Demo Store, 120 Mercer Street')
  await expect(show).toContainText('$25.00 – $60.00')
  await captureBothWidths(page, SHOTS, 'events')
  expect(await scrollsSidewaysAt360(page)).toBe(false)
  await show.getByRole('link', { name: 'Autumn trunk show' }).click()

  // The event page: two general admission tickets (the VIP picker offers at most two per order).
  await expect(page.getByRole('heading', { level: 1, name: 'Autumn trunk show' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Quantity of VIP' }).getByRole('option')).toHaveCount(3)
  await captureBothWidths(page, SHOTS, 'event')
  expect(await scrollsSidewaysAt360(page)).toBe(false)
  // Nothing chosen: the page says so (the server checks it; the page needs no script for it).
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByRole('alert')).toContainText('Choose at least one ticket, then check out.')
  await captureBothWidths(page, SHOTS, 'event-nothing-chosen')
  await page.getByRole('combobox', { name: 'Quantity of General admission' }).selectOption('2')
  await page.getByRole('button', { name: 'Check out' }).click()

  // The hosted event checkout: an attendee per ticket, the buyer, and the test card.
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets for Autumn trunk show' })).toBeVisible()
  const tickets = page.getByRole('group', { name: /^Ticket \d: General admission · \$25\.00$/ })
  await expect(tickets).toHaveCount(2)
  await tickets.nth(0).getByRole('textbox', { name: "Attendee's name" }).fill('Tess Tickets')
  await tickets.nth(1).getByRole('textbox', { name: "Attendee's name" }).fill('Tom Tickets')
  const buyer = page.getByRole('group', { name: 'Your details' })
  await buyer.getByRole('textbox', { name: 'First name' }).fill('Tess')
  await buyer.getByRole('textbox', { name: 'Last name' }).fill('Tickets')
  await buyer.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Pay $50.00' }).click()
  await payOnTestProvider(page, '4242 4242 4242 4242')

  // Back on the storefront's thank-you page with the order.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(new URL(process.env.AISLE_E2E_STOREFRONT_URL ?? '').origin)
  const number = await placedOrderNumber(page)

  // The tickets mail: a code for each attendee.
  await openMail(page, email, /^Your tickets: Autumn trunk show$/)
  await expect(page.locator('pre')).toContainText(`Your tickets for order #${number}`)
  const codes = await codesInMail(page)
  expect(codes).toHaveLength(2)

  // The account's EVENTS section (the platform's hosted account, opened from the storefront's account).
  await page.goto('/account')
  await page.getByRole('button', { name: 'Edit your details and addresses' }).click()
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Events' })
    .click()
  const upcoming = page.getByRole('table', { name: 'Tickets for upcoming events' })
  for (const code of codes)
    await expect(upcoming.getByRole('row').filter({ hasText: code })).toContainText('Valid')

  // At the door: the first code checks in once; a second try says when it was used.
  const staff = await merchantPage(browser)
  await staff.goto(`${api()}/dashboard/events/check-in`)
  await staff.getByRole('textbox', { name: 'Ticket code' }).fill(codes[0] as string)
  await staff.getByRole('button', { name: 'Check in' }).click()
  // The page's other status is the camera scanner's, empty until it reads a code.
  const admitted = staff.getByRole('status').filter({ hasText: 'Checked in' })
  await expect(admitted).toContainText(`Checked in: ${codes[0]}`)
  await expect(admitted).toContainText('General admission for Tess Tickets')
  await staff.getByRole('textbox', { name: 'Ticket code' }).fill(codes[0] as string)
  await staff.getByRole('button', { name: 'Check in' }).click()
  await expect(staff.getByRole('alert')).toContainText(
    new RegExp(`Already used: ${codes[0]} was checked in on .*\\d{4}, \\d{1,2}:\\d{2}`),
  )

  // The member's account says the first ticket was used, and the other is still valid.
  await page.reload()
  await expect(
    page
      .getByRole('table', { name: 'Tickets for upcoming events' })
      .getByRole('row')
      .filter({ hasText: codes[0] as string }),
  ).toContainText('Used')
  await expect(
    page
      .getByRole('table', { name: 'Tickets for upcoming events' })
      .getByRole('row')
      .filter({ hasText: codes[1] as string }),
  ).toContainText('Valid')
})
