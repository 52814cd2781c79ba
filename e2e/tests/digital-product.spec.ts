import { expect, type Page, test } from '@playwright/test'
import { E2E_DOWNLOAD_LINK_SECONDS } from '../global-setup'
import {
  addSimpleProductToCart,
  fillHostedCheckout,
  payOnTestProvider,
  placeHostedOrder,
  SAN_FRANCISCO,
  signUp,
} from '../support/pages'

// The demo store's digital product (npm start seeds it): Printable Planner Pages, a PDF the buyer
// downloads after paying, from the thank-you page, the account and the confirmation mail (decision 047).
// Page links live E2E_DOWNLOAD_LINK_SECONDS here, so the story sees one expire.

const api = () => process.env.AISLE_E2E_API_URL ?? ''

/** The application error code of a refused download. */
async function refusalOf(page: Page, url: string) {
  const response = await page.request.get(url)
  const body = (await response.json()) as { details: { applicationError: { code: string } } }
  return { status: response.status(), code: body.details.applicationError.code }
}

test('a buyer pays for a digital product and downloads it; a stranger’s and an expired link are refused', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Dana Digital')
  await addSimpleProductToCart(page, 'printable-planner-pages', 'Printable Planner Pages')
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Check out' }).click()
  await fillHostedCheckout(page, { email: 'dana@example.com', ...SAN_FRANCISCO })
  // Nothing ships: the page offers no shipping method to choose.
  await expect(page.getByRole('radio', { name: /Standard/ })).toHaveCount(0)
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')

  // The thank-you page offers the file at once.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  const number = /#(\d+)/.exec(
    (await page.getByRole('status').filter({ hasText: 'is placed' }).textContent()) ?? '',
  )![1]!
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  const thankYouLink = page.getByRole('link', { name: 'Download weekly-planner.pdf' })
  await expect(thankYouLink).toBeVisible()
  const file = await page.request.get((await thankYouLink.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4')

  // On the account's page of the order, the link downloads the file as the browser's download.
  await page.goto('/account')
  await page
    .getByRole('article', { name: `Order #${number}` })
    .getByRole('link', { name: `Order #${number}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible()
  const orderPage = page.url()
  const order = page.getByRole('list', { name: `Items in order #${number}` })
  const accountLink = order.getByRole('link', { name: 'Download weekly-planner.pdf' })
  const [download] = await Promise.all([page.waitForEvent('download'), accountLink.click()])
  expect(download.suggestedFilename()).toBe('weekly-planner.pdf')
  const link = new URL((await accountLink.getAttribute('href'))!)

  // A stranger: the order shows them nothing, and a link altered to another order, or re-signed, is refused.
  const stranger = await browser.newContext()
  const strangerPage = await stranger.newPage()
  await strangerPage.goto(`/thank-you?orderId=${orderId}`)
  await expect(strangerPage.getByRole('link', { name: /Download/ })).toHaveCount(0)
  const otherOrder = new URL(link)
  otherOrder.searchParams.set('order', '7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f')
  expect(await refusalOf(strangerPage, otherOrder.toString())).toEqual({
    status: 403,
    code: 'DOWNLOAD_LINK_INVALID',
  })
  const longer = new URL(link)
  longer.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 86_400))
  expect(await refusalOf(strangerPage, longer.toString())).toEqual({
    status: 403,
    code: 'DOWNLOAD_LINK_INVALID',
  })
  await stranger.close()

  // The confirmation mail links to a page of the order's downloads.
  const mail = page
    .getByRole('table', { name: 'Mails' })
    .getByRole('link', { name: new RegExp(`order #${number}`) })
  await expect(async () => {
    await page.goto(`${api()}/_dev/mail?${new URLSearchParams({ to: 'dana@example.com' })}`)
    await expect(mail.first()).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await mail.first().click()
  await page.getByRole('link', { name: /\/_downloads\// }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Downloads of order #${number}` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'weekly-planner.pdf' })).toBeVisible()

  // Once its second has passed, the order page's link is refused; the page, read again, has a new one.
  const expiresAt = Number(link.searchParams.get('expires')) * 1000
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(E2E_DOWNLOAD_LINK_SECONDS * 1000)
  await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 1_000)
  expect(await refusalOf(page, link.toString())).toEqual({ status: 410, code: 'DOWNLOAD_LINK_EXPIRED' })
  await page.goto(orderPage)
  const fresh = await page
    .getByRole('list', { name: `Items in order #${number}` })
    .getByRole('link', { name: 'Download weekly-planner.pdf' })
    .getAttribute('href')
  expect(fresh).not.toBe(link.toString())
  expect((await page.request.get(fresh!)).status()).toBe(200)
})
