import { expect, type Page, test } from '@playwright/test'
import { openFittingCheckout } from '../support/bookings'
import { merchantPage } from '../support/dashboard'
import { captureBothWidths } from '../support/order-figures'
import { payOnTestProvider } from '../support/pages'

// The merchant's side of bookings (issue 31 item 6, decision 074), end to end: a shopper books the demo
// store's tailored fitting through a `bookingsBook` redirect session and pays it with the test card on
// the hosted bookings checkout; the owner finds the booking on the week calendar, opens it, cancels it
// with a refund, and the order shows the refund.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const SHOTS = 'e2e/test-results/merchant-bookings'

/** Keeps the page at 390 and 1280 px for a person to look at, and checks it does not scroll sideways at 360 px. */
async function look(page: Page, name: string) {
  await captureBothWidths(page, SHOTS, name)
  const size = page.viewportSize()
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(
    true,
  )
  if (size) await page.setViewportSize(size)
}

test('a booking paid on the hosted checkout is found on the week calendar, cancelled with a refund, and the order shows it', async ({
  page,
  browser,
}) => {
  const start = await openFittingCheckout(page)
  await page.getByRole('textbox', { name: /^First name/ }).fill('Grace')
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Hopper')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace.bookings@example.com')
  await page.getByRole('radio', { name: /Card \(test mode\)/ }).check()
  await page.getByRole('button', { name: 'Book' }).click()
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByText(/booked/i).first()).toBeVisible()

  // The owner's week calendar of that day, in the shop's zone (New York).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start))
  const merchant = await merchantPage(browser)
  await merchant
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Calendar' })
    .click()
  await expect(merchant.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible()
  await merchant.getByLabel('Go to').fill(day)
  await merchant.getByRole('button', { name: 'Show' }).click()
  await expect(merchant).toHaveURL(new RegExp(`view=week&date=${day}`))
  const column = merchant.locator(`[data-day="${day}"]`)
  const entry = column.getByRole('link', { name: /Tailored fitting.*Grace Hopper/ })
  await expect(entry).toBeVisible()
  await look(merchant, 'calendar-week')
  await entry.click()

  await expect(merchant.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
  const booking = merchant.getByRole('region', { name: 'The booking' })
  await expect(booking).toContainText('Grace Hopper')
  await expect(booking).toContainText('grace.bookings@example.com')
  const order = merchant.getByRole('region', { name: 'Order and payment' })
  await expect(order).toContainText('Paid')
  const orderLink = order.getByRole('link', { name: /^#\d+$/ })
  const number = (await orderLink.innerText()).slice(1)
  await look(merchant, 'booking')

  merchant.once('dialog', (dialog) => dialog.accept())
  await merchant.getByRole('button', { name: 'Cancel booking and refund' }).click()
  await expect(merchant.getByRole('status')).toHaveText(
    'Booking cancelled and its payment refunded: its time is free again.',
  )
  await expect(merchant.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
  await expect(order).toContainText('Refunded')
  await expect(order).toContainText('$40.00')
  await expect(merchant.getByRole('button', { name: 'Cancel booking and refund' })).toHaveCount(0)

  await order.getByRole('link', { name: `#${number}` }).click()
  await expect(
    merchant.getByRole('heading', { level: 1, name: new RegExp(`Order #${number}`) }),
  ).toBeVisible()
  await expect(merchant.getByText('Refunded $40.00').first()).toBeVisible()

  // The calendar still shows the time, struck out as cancelled.
  await merchant.goto(`${api()}/dashboard/bookings?view=week&date=${day}`)
  await expect(column.locator('.calendar-entry.cancelled')).toContainText('Grace Hopper')
  await merchant.getByRole('link', { name: 'Day view' }).click()
  await expect(merchant).toHaveURL(new RegExp(`view=day&date=${day}`))
  await look(merchant, 'calendar-day')

  // The services list and the editor, and a refused save with its problems beside the fields.
  await merchant
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Services' })
    .click()
  await expect(merchant.getByRole('table', { name: 'Services' })).toContainText('Tailored fitting')
  await look(merchant, 'services')
  await merchant.getByRole('link', { name: 'Tailored fitting' }).click()
  await expect(merchant.getByRole('textbox', { name: 'Monday' })).toHaveValue('09:00-17:00')
  await look(merchant, 'service-editor')
  await merchant.getByRole('textbox', { name: 'Tuesday' }).fill('17:00-09:00')
  await merchant.getByRole('button', { name: 'Save service' }).click()
  await expect(merchant.getByRole('alert')).toContainText('Tuesday must start before they end (17:00-09:00)')
  await expect(merchant.getByRole('textbox', { name: 'Tuesday' })).toHaveAttribute('aria-invalid', 'true')
  await look(merchant, 'service-editor-refused')
})
