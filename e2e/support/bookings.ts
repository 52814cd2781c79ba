import { expect, type Page } from '@playwright/test'
import { payOnTestProvider, signUp, waitForHydration } from './pages'

// The steps the bookings stories share: a member signed up on the storefront, the hosted bookings checkout
// paid with the test card, the confirmation in the dev inbox, and the account's bookings page.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const clientId = process.env.AISLE_CLIENT_ID || '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'

/**
 * Opens a `bookingsBook` redirect session as a visitor, picks the demo store's tailored fitting, the first
 * day with a free time and that day's last free time (later ones are least likely to be taken), and answers
 * the chosen start, on the hosted bookings checkout.
 */
export async function openFittingCheckout(page: Page): Promise<string> {
  const token = await page.request.post(`${api()}/oauth2/token`, {
    data: { clientId, grantType: 'anonymous' },
  })
  expect(token.status()).toBe(200)
  const session = await page.request.post(`${api()}/redirects/v1/redirect-session`, {
    headers: { authorization: (await token.json()).access_token },
    data: { bookingsBook: {} },
  })
  expect(session.status()).toBe(200)
  await page.goto((await session.json()).redirectSession.fullUrl)
  await page.getByRole('link', { name: 'Tailored fitting' }).click()
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link')
  const times = page.getByRole('list', { name: 'Free times' }).getByRole('link')
  for (let index = 0; (await times.count()) === 0; index++) await days.nth(index + 1).click()
  const time = times.last()
  const start = new URL((await time.getAttribute('href')) as string, page.url()).searchParams.get(
    'start',
  ) as string
  await time.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book Tailored fitting' })).toBeVisible()
  return start
}

/** Signs a new member up on the storefront and answers the e-mail address their account shows. */
export async function signUpToBook(page: Page, name: string): Promise<string> {
  await signUp(page, name)
  await page.goto('/account')
  return (await page.getByText(/^orders-\d+@example\.com$/).textContent()) ?? ''
}

/**
 * On the hosted bookings checkout of `service`: the shopper's names and e-mail, the test card, Book, then
 * the test provider's page; back on the shop's thank-you page, answers the order's number.
 */
export async function payHostedBooking(
  page: Page,
  shopper: { service: string; firstName: string; lastName: string; email: string },
): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: `Book ${shopper.service}` })).toBeVisible()
  await page.getByRole('textbox', { name: 'First name' }).fill(shopper.firstName)
  await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
  await page.getByRole('radio', { name: /Card \(test mode\)/ }).check()
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/thank-you')
  const number = /#(\d+)/.exec((await page.getByRole('status').textContent()) ?? '')?.[1] ?? ''
  expect(number).not.toBe('')
  return number
}

/** Opens the booking confirmation of order `number` in the dev inbox (it is queued, so it may take a moment). */
export async function openBookingMail(page: Page, email: string, number: string) {
  const mail = page
    .getByRole('table', { name: 'Mails' })
    .getByRole('link', { name: new RegExp(`booking #${number}$`) })
  await expect(async () => {
    await page.goto(`${api()}/_dev/mail?${new URLSearchParams({ to: email })}`)
    await expect(mail).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await mail.click()
  await expect(
    page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'booking.ics' }),
  ).toBeVisible()
}

/** From the storefront's account, opens the hosted account's bookings and answers the upcoming ones' table. */
export async function openAccountBookings(page: Page) {
  await page.goto('/account')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'See and cancel your bookings' }).click()
  return page.getByRole('table', { name: 'Upcoming bookings' })
}
