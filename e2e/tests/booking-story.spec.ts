import { expect, test } from '@playwright/test'
import { openAccountBookings, openBookingMail, payHostedBooking, signUpToBook } from '../support/bookings'
import { merchantPage } from '../support/dashboard'

// Issue 31's "Done when", as one story (decision 084): a shopper picks a slot of the demo store's Tailored
// fitting on the storefront, pays on the hosted bookings checkout with the test card, receives the mail
// with the calendar file in the dev inbox and sees the booking in the account; the owner finds it on the
// dashboard's calendar, cancels it with a refund, and the order shows the refund.

test('a booking from the storefront to the merchant’s cancel with a refund', async ({ page, browser }) => {
  const email = await signUpToBook(page, 'Ida Story')

  // The shopper picks the fitting's last free time (the least likely taken) of the third day that has one,
  // more than a day ahead, so the service's policy lets them move or cancel it themselves.
  await page.goto('/services/tailored-fitting')
  await expect(page.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Days' })
    .getByRole('link')
    .filter({ hasText: /\d+ free$/ })
    .nth(2)
    .click()
  const times = page.getByRole('list', { name: /^Free times on / }).getByRole('button')
  await expect(times.first()).toBeVisible()
  await times.last().click()

  // The hosted bookings checkout, paid with the test card.
  await expect(page.getByRole('heading', { level: 1, name: 'Book Tailored fitting' })).toBeVisible()
  const when = (await page.locator('[data-booking-when]').textContent()) ?? ''
  // The shop's zone as people know it, never its IANA id (decision 101).
  expect(when).toMatch(/ (EST|EDT)$/)
  const number = await payHostedBooking(page, {
    service: 'Tailored fitting',
    firstName: 'Ida',
    lastName: 'Story',
    email,
  })

  // The confirmation in the dev inbox, with its calendar file, and the links to move or cancel.
  await openBookingMail(page, email, number)

  // The booking in the member's account, with the move and cancel links.
  const upcoming = await openAccountBookings(page)
  await expect(upcoming).toContainText('Tailored fitting')
  await expect(upcoming).toContainText(`Order #${number}`)
  await expect(upcoming.getByRole('link', { name: 'Move' })).toBeVisible()
  await expect(upcoming.getByRole('link', { name: 'Cancel' })).toBeVisible()

  // The owner finds it on the week calendar of its day, in the shop's zone, and cancels it with a refund.
  const merchant = await merchantPage(browser)
  await merchant
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Calendar' })
    .click()
  const entry = async () => merchant.getByRole('link', { name: /Tailored fitting.*Ida Story/ })
  for (let week = 0; week < 3 && (await (await entry()).count()) === 0; week++)
    await merchant.getByRole('link', { name: /Next week/ }).click()
  await (await entry()).click()
  await expect(merchant.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
  const order = merchant.getByRole('region', { name: 'Order and payment' })
  await expect(order).toContainText('Paid')
  merchant.once('dialog', (dialog) => dialog.accept())
  await merchant.getByRole('button', { name: 'Cancel booking and refund' }).click()
  await expect(merchant.getByRole('status')).toHaveText(
    'Booking cancelled and its payment refunded: its time is free again.',
  )
  await expect(order).toContainText('Refunded')

  // The order shows the refund.
  await order.getByRole('link', { name: `#${number}` }).click()
  await expect(
    merchant.getByRole('heading', { level: 1, name: new RegExp(`Order #${number}`) }),
  ).toBeVisible()
  await expect(merchant.getByText('Refunded $40.00').first()).toBeVisible()
})
