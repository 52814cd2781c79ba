import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { openAccountBookings, openBookingMail, payHostedBooking, signUpToBook } from '../support/bookings'
import { sameClockTime, waitForHydration } from '../support/pages'

// The demo store's bookings (apps/platform/src/seed/demo-bookings.ts): a 45-minute Tailored fitting at
// $40.00 and a free Style consultation, on a calendar in New York. The storefront lists them, offers a
// service's free times in the shop's zone, and books one through a `bookingsCheckout` redirect session to
// the platform's hosted bookings checkout, which comes back to the shop's thank-you page (decision 076).

/** The chosen day's free times on a service page. */
const freeTimes = (page: Page) => page.getByRole('list', { name: /^Free times on / }).getByRole('button')

/** Opens the Tailored fitting from the services list and answers the label of its first free time. */
async function openFitting(page: Page): Promise<string> {
  await page.goto('/services')
  const fitting = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Tailored fitting' }) })
  await expect(fitting).toContainText('45 minutes')
  await expect(fitting).toContainText('$40.00')
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Style consultation' }) }),
  ).toContainText('Free')
  await fitting.getByRole('link', { name: 'Tailored fitting' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
  await expect(
    page.getByText('Times are in the shop’s time zone: Eastern Time (America/New_York).'),
  ).toBeVisible()
  await expect(freeTimes(page).first()).toBeVisible()
  return firstTimeLabel(page)
}

/** The label of the first free time shown (`9:00 AM`), without its hidden words. */
async function firstTimeLabel(page: Page): Promise<string> {
  return ((await freeTimes(page).first().textContent()) ?? '').replace(/ on .*$/, '').trim()
}

/**
 * Opens the first day of the service page with three free times or more and answers its date. Today, late in
 * New York's afternoon, may have one time left (the demo's are on the hour until 4 PM, an hour's notice): the
 * race takes it and leaves none to choose. A roomy day leaves others whatever the hour and whatever other
 * stories hold.
 */
async function openRoomyDay(page: Page): Promise<string> {
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link')
  for (const day of await days.all()) {
    // The count is its own words after the date (`Wed, Dec 2` then `4 free`), not the link's last digits.
    const free = Number(
      /^(\d+) free$/.exec((await day.locator('.slot-day-count').textContent()) ?? '')?.[1] ?? 0,
    )
    if (free < 3) continue
    const date = new URL((await day.getAttribute('href')) ?? '', 'http://shop').searchParams.get('day') ?? ''
    await day.click()
    await expect(page).toHaveURL(new RegExp(`day=${date}$`))
    return date
  }
  throw new Error('no day of the next two weeks has three free times')
}

/**
 * Another shopper books the fitting's first free time (of `day`, else of the day the page shows first) up to
 * paying: the slot is held for them meanwhile.
 */
async function holdFirstFreeTime(page: Page, day?: string) {
  await page.goto(`/services/tailored-fitting${day ? `?day=${day}` : ''}`)
  await freeTimes(page).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book Tailored fitting' })).toBeVisible()
  await page.getByRole('textbox', { name: 'First name' }).fill('Quick')
  await page.getByRole('textbox', { name: 'Last name' }).fill('Shopper')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('quick@example.com')
  await page.getByRole('radio', { name: /Card \(test mode\)/ }).check()
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
}

test('a member books a service on the storefront, pays on the hosted bookings checkout, gets the calendar file and sees the booking in the account', async ({
  page,
}, testInfo) => {
  const email = await signUpToBook(page, 'Bea Booker')

  await openFitting(page)
  await expectNoSeriousAxeViolations(page, 'a service page', testInfo)
  // Two weeks of days, the one shown marked; another day's link shows that day's free times.
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link')
  await expect(days).toHaveCount(14)
  await expect(page.locator('nav[aria-label="Days"] a[aria-current="date"]')).toHaveCount(1)
  const later = days.filter({ hasText: /\d+ free$/ }).nth(1)
  const laterDay = (await later.getAttribute('href'))?.split('day=')[1] ?? ''
  await later.click()
  await expect(page).toHaveURL(new RegExp(`day=${laterDay}$`))
  await expect(page.locator('nav[aria-label="Days"] a[aria-current="date"]')).toHaveAttribute(
    'href',
    new RegExp(`day=${laterDay}$`),
  )
  const laterTime = await firstTimeLabel(page)

  await freeTimes(page).first().click()
  // The hosted bookings checkout of that very slot.
  await expect(page.getByRole('heading', { level: 1, name: 'Book Tailored fitting' })).toBeVisible()
  await expect(page.locator('[data-booking-when]')).toHaveText(sameClockTime(laterTime))
  // The shop's zone as people know it, never its IANA id (decision 101).
  await expect(page.locator('[data-booking-when]')).toContainText(/ (EST|EDT)$/)
  await expect(page.locator('[data-booking-price]')).toHaveText('$40.00')
  const number = await payHostedBooking(page, {
    service: 'Tailored fitting',
    firstName: 'Bea',
    lastName: 'Booker',
    email,
  })

  // Back on the shop's thank-you page, the order's line is the appointment and its time, no picture.
  const booked = page
    .getByRole('list', { name: /^Items in order #\d+$/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Tailored fitting' }) })
  await expect(booked.getByRole('definition')).toHaveText(sameClockTime(laterTime))
  await expect(booked.getByRole('definition')).toContainText(/ (EST|EDT)$/)
  await expect(booked.locator('.image-placeholder')).toHaveCount(0)

  // The confirmation mail carries the calendar file and says how the booking was paid (decision 093).
  await openBookingMail(page, email, number)
  await expect(page.getByText('Payment: Paid $40.00 online')).toBeVisible()

  // The member's account: the order names the service and its time; the bookings page lists it.
  await page.goto('/account')
  await expect(page.getByRole('list', { name: 'Your orders, newest first' })).toContainText(
    `Tailored fitting on `,
  )
  const upcoming = await openAccountBookings(page)
  await expect(upcoming).toContainText('Tailored fitting')
  await expect(upcoming).toContainText('Paid $40.00 online')
})

test('a time booked by someone else meanwhile gets words on the service page, not an error page; all without JavaScript', async ({
  page,
  browser,
}) => {
  // A visitor whose browser runs no script opens the service page: days are links, times a form.
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const visitor = await context.newPage()
    await openFitting(visitor)
    const day = await openRoomyDay(visitor)
    const time = await firstTimeLabel(visitor)

    // Meanwhile another shopper books that first free time; it is held while they pay.
    await holdFirstFreeTime(page, day)

    // The visitor presses the time they still see: the page says it was taken, and offers the others.
    await freeTimes(visitor).first().click()
    const problem = visitor.getByRole('alert').filter({ hasText: 'That time was just taken' })
    await expect(problem).toBeVisible()
    await expect(problem).toContainText('Please choose another time.')
    await expect(visitor.getByRole('heading', { level: 1, name: 'Tailored fitting' })).toBeVisible()
    await expect(freeTimes(visitor).filter({ hasText: `${time} on ` })).toHaveCount(0)

    // Another time still opens the hosted bookings checkout, without a script.
    await freeTimes(visitor).first().click()
    await expect(visitor.getByRole('heading', { level: 1, name: 'Book Tailored fitting' })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('with the page’s script, a time taken meanwhile gets the same words and the day’s times are read again', async ({
  page,
  browser,
}) => {
  // The same race in a browser that runs the page's script: the refused press reloads the day's times.
  await page.goto('/services/tailored-fitting')
  await waitForHydration(page)
  const time = await firstTimeLabel(page)
  const other = await browser.newPage()
  await holdFirstFreeTime(other).finally(() => other.close())
  await freeTimes(page).first().click()
  await expect(page.getByRole('alert').filter({ hasText: 'That time was just taken' })).toBeVisible()
  await expect(freeTimes(page).filter({ hasText: `${time} on ` })).toHaveCount(0)
})
