import { expect, test } from '@playwright/test'
import { merchantPage } from '../support/dashboard'
import { captureBothWidths } from '../support/order-figures'
import { payOnTestProvider } from '../support/pages'

// A deposit online (decision 092), end to end: the owner adds a service of their own that takes a $10.00
// deposit of its $40.00 (a new one, so the demo fitting other stories book keeps its ways to pay); a shopper
// books it through a `bookingsBook` redirect session, pays the deposit with the test card on the hosted
// bookings checkout, and the order desk shows the balance due until the owner marks the rest paid.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const clientId = process.env.AISLE_CLIENT_ID || '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
const SHOTS = 'e2e/test-results/booking-deposit'

test('a shopper pays a deposit on the hosted bookings checkout and the merchant marks the rest paid', async ({
  page,
  browser,
  request,
}) => {
  const name = `Alteration ${Date.now().toString(36)}`
  const merchant = await merchantPage(browser)
  await merchant.goto(`${api()}/dashboard/bookings/services/new`)
  await merchant.getByRole('textbox', { name: 'Name' }).fill(name)
  await merchant.getByRole('textbox', { name: /^Amount/ }).fill('40.00')
  await merchant.getByRole('checkbox', { name: /^Deposit online/ }).check()
  await merchant.getByRole('textbox', { name: /^Deposit/ }).fill('10.00')
  await merchant.getByRole('button', { name: 'Create service' }).click()
  await expect(merchant.getByRole('heading', { level: 1, name })).toBeVisible()

  const token = await request.post(`${api()}/oauth2/token`, { data: { clientId, grantType: 'anonymous' } })
  const session = await request.post(`${api()}/redirects/v1/redirect-session`, {
    headers: { authorization: (await token.json()).access_token },
    data: { bookingsBook: {} },
  })
  expect(session.status()).toBe(200)
  await page.goto((await session.json()).redirectSession.fullUrl)
  await page.getByRole('link', { name }).click()
  // The first day with a free time, then its last free time (later ones are least likely to be taken).
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link')
  const times = page.getByRole('list', { name: 'Free times' }).getByRole('link')
  for (let index = 0; (await times.count()) === 0; index++) await days.nth(index + 1).click()
  await times.last().click()

  await expect(page.getByRole('heading', { level: 1, name: `Book ${name}` })).toBeVisible()
  const deposit = page.getByRole('radio', {
    name: /^Pay a deposit of \$10\.00 now, \$30\.00 at the appointment/,
  })
  await expect(deposit).toBeVisible()
  await captureBothWidths(page, SHOTS, 'checkout')
  await page.getByRole('textbox', { name: /^First name/ }).fill('Dora')
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Deposit')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('dora.deposit@example.com')
  await deposit.check()
  await page.getByRole('button', { name: 'Book' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pay $10.00' })).toBeVisible()
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByText(/booked/i).first()).toBeVisible()
  const number = /Order number (\d+)/.exec(await page.locator('body').innerText())?.[1] ?? ''
  expect(number).not.toBe('')

  await merchant.goto(`${api()}/dashboard/orders?q=%23${number}`)
  await merchant.getByRole('link', { name: `#${number}` }).click()
  await expect(
    merchant.getByRole('heading', { level: 1, name: new RegExp(`Order #${number}`) }),
  ).toBeVisible()
  await expect(merchant.getByText('Deposit paid').first()).toBeVisible()
  await expect(merchant.getByText('Paid $10.00 of $40.00, $30.00 due')).toBeVisible()
  await captureBothWidths(merchant, SHOTS, 'order-due')
  merchant.once('dialog', (dialog) => dialog.accept())
  await merchant.getByRole('button', { name: 'Mark the rest paid' }).click()
  await expect(merchant.getByRole('status')).toHaveText('Marked paid in full.')
  await expect(merchant.getByText('Marked paid: $30.00 received outside Aisle.')).toBeVisible()
  await expect(merchant.getByRole('button', { name: 'Mark the rest paid' })).toHaveCount(0)
  await expect(
    merchant.getByText('Paid $40.00, $10.00 left to refund through Card (test mode).'),
  ).toBeVisible()
})
