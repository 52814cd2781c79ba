import { expect, test } from '@playwright/test'
import { openAccountBookings, openBookingMail, payHostedBooking, signUpToBook } from '../support/bookings'

// Classes (decision 083) as a shopper meets them: the demo store's Sewing class (8 places, Tuesdays and
// Thursdays 18:00 in New York, $25.00 a place). A member books a place in a session on the storefront, pays
// on the hosted bookings checkout, reads how it was paid in the mail and the account (decision 093), and the
// hosted picker then shows that session with one place fewer. No other story books the class; the places are
// read, not assumed, so the story holds on a database earlier runs booked from.

/** A class session's places left as the pages word them: `5 places left`, `1 place left`, `Full`. */
const placesWords = (left: number) =>
  left <= 0 ? 'Full' : left === 1 ? '1 place left' : `${left} places left`

test('a member books a place in a class, pays on the hosted bookings checkout, sees how it was paid, and the hosted picker shows one place fewer', async ({
  page,
}) => {
  const email = await signUpToBook(page, 'Cleo Class')

  // The storefront's class page: the first day with a session that has places, and that session's places.
  await page.goto('/services/sewing-class')
  await expect(page.getByRole('heading', { level: 1, name: 'Sewing class' })).toBeVisible()
  const day = page
    .getByRole('navigation', { name: 'Days' })
    .getByRole('link')
    .filter({ hasText: /\d+ free$/ })
    .first()
  const date = new URL((await day.getAttribute('href')) ?? '', 'http://shop').searchParams.get('day') ?? ''
  await day.click()
  await expect(page).toHaveURL(new RegExp(`day=${date}$`))
  const session = page
    .getByRole('list', { name: /^Free times on / })
    .getByRole('button')
    .first()
  const before = Number(/(\d+) places? left/.exec((await session.textContent()) ?? '')?.[1] ?? Number.NaN)
  expect(before).toBeGreaterThan(0)
  await session.click()

  // The hosted bookings checkout of that session: its places, the price of a place, one participant.
  await expect(page.getByRole('heading', { level: 1, name: 'Book Sewing class' })).toBeVisible()
  await expect(page.locator('[data-booking-places]')).toHaveText(String(before))
  await expect(page.locator('[data-booking-price]')).toHaveText('$25.00 a place')
  await expect(page.getByRole('spinbutton', { name: 'Participants' })).toHaveValue('1')
  const number = await payHostedBooking(page, {
    service: 'Sewing class',
    firstName: 'Cleo',
    lastName: 'Class',
    email,
  })

  // The confirmation says how the place was paid, in words.
  await openBookingMail(page, email, number)
  await expect(page.getByText('Payment: Paid $25.00 online')).toBeVisible()

  // The account lists the booking with its payment sentence.
  const upcoming = await openAccountBookings(page)
  const booking = upcoming.getByRole('row').filter({ hasText: `Order #${number}` })
  await expect(booking).toContainText('Sewing class')
  await expect(booking.getByRole('cell').filter({ hasText: 'Paid $25.00 online' })).toBeVisible()

  // A new visit to the same session: the storefront and the hosted checkout count one place fewer, and so
  // does the hosted picker of that day, reached within the same visit.
  await page.goto(`/services/sewing-class?day=${date}`)
  const again = page
    .getByRole('list', { name: /^Free times on / })
    .getByRole('listitem')
    .first()
  await expect(again).toContainText(placesWords(before - 1))
  if (before - 1 === 0) return
  await again.getByRole('button').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book Sewing class' })).toBeVisible()
  await expect(page.locator('[data-booking-places]')).toHaveText(String(before - 1))
  const serviceId = await page.locator('input[name="serviceId"]').first().inputValue()
  const visit = /^\/_bookings\/[^/?]+/.exec(new URL(page.url()).pathname)?.[0] ?? ''
  expect(visit).not.toBe('')
  await page.goto(`${new URL(page.url()).origin}${visit}?serviceId=${serviceId}&date=${date}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sewing class' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText(placesWords(before - 1))
})
