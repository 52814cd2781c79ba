import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { fillHostedCheckout, payOnTestProvider, placeHostedOrder } from '../support/pages'

// The demo seed is deterministic: "Meadow Notebook" costs $28.00, the US region ships "Standard" for
// $5.99, New York adds state and city tax, and every delivery pays a $1.00 handling fee. The storefront
// has no checkout button yet, so the cart and the checkout are made through the API, as it would.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const clientId = process.env.AISLE_CLIENT_ID || '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
/** The demo seed's id of a name (the platform's `deterministicId`). */
function demoId(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const owner = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
}

test('a buyer pays on the hosted checkout, lands on the thank-you page, and the order is in the dashboard', async ({
  page,
  request,
}) => {
  const token = (
    await (await request.post(`${api()}/oauth2/token`, { data: { clientId, grantType: 'anonymous' } })).json()
  ).access_token as string
  const headers = { authorization: token }
  const productId = demoId('demo/product/meadow-notebook')
  const added = await request.post(`${api()}/ecom/v1/carts/current/add-to-cart`, {
    headers,
    data: { lineItems: [{ catalogReference: { catalogItemId: productId }, quantity: 2 }] },
  })
  expect(added.ok()).toBe(true)
  const created = await request.post(`${api()}/ecom/v1/carts/current/create-checkout`, {
    headers,
    data: { channelType: 'WEB' },
  })
  const { checkoutId } = await created.json()

  await page.goto(`${api()}/_checkout/${checkoutId}`)
  await fillHostedCheckout(page, {
    email: 'ada@example.com',
    street: '5 Main St',
    city: 'New York',
    postalCode: '10001',
    country: 'United States',
    region: 'New York',
  })
  await page.getByRole('radio', { name: /Standard/ }).check()
  // The totals follow the typing and picking, with no save step.
  const summary = page.getByRole('complementary', { name: 'Order summary' })
  await expect(summary).toContainText('$56.00')
  await expect(summary).toContainText('$5.99')
  // The line's picture is drawn, not a broken image.
  const picture = summary.locator('img.line-thumbnail').first()
  await expect(picture).toBeVisible()
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0)

  await placeHostedOrder(page)
  await payOnTestProvider(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert')).toContainText('The card was declined')

  await placeHostedOrder(page)
  await payOnTestProvider(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisible()
  await expect(page.getByText('Paid')).toContainText('card ending 4242')
  const number = await page.locator('[data-order-number]').innerText()

  const cart = await request.get(`${api()}/ecom/v1/carts/current`, { headers })
  expect(cart.status()).toBe(404)

  await page.goto(`${api()}/dashboard`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Signing in lands on the order desk's home, whose 30-day chart counts the order.
  await expect(page.getByRole('img', { name: /Orders and revenue per day/ })).toBeVisible()
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: `#${number}`, exact: true })).toBeVisible()
})

test('a shopper checks out on one page in Germany, approves the card on the provider’s extra step, and sees the confirmation', async ({
  page,
  request,
}) => {
  const token = (
    await (await request.post(`${api()}/oauth2/token`, { data: { clientId, grantType: 'anonymous' } })).json()
  ).access_token as string
  const headers = { authorization: token }
  await request.post(`${api()}/ecom/v1/carts/current/add-to-cart`, {
    headers,
    data: {
      lineItems: [
        { catalogReference: { catalogItemId: demoId('demo/product/meadow-notebook') }, quantity: 1 },
      ],
    },
  })
  const { checkoutId } = await (
    await request.post(`${api()}/ecom/v1/carts/current/create-checkout`, {
      headers,
      data: { channelType: 'WEB' },
    })
  ).json()

  await page.goto(`${api()}/_checkout/${checkoutId}`)
  // A postal code of the wrong shape is named next to its field, in plain words.
  await fillHostedCheckout(page, {
    email: 'lena@example.com',
    street: 'Unter den Linden 5',
    city: 'Berlin',
    postalCode: '1011',
    country: 'Germany',
    region: 'Berlin',
  })
  // Once the shopper has left the field the words show beside it, before any press, and go as it is put right.
  const postalCode = page
    .getByRole('group', { name: 'Shipping address' })
    .getByRole('textbox', { name: 'Postal code' })
  await postalCode.focus()
  await postalCode.blur()
  const wrongShape = 'This is not a postal code of that country (for example 10115).'
  await expect(postalCode).toHaveAccessibleDescription(wrongShape)
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true')
  await postalCode.fill('10117')
  await expect(page.getByText(wrongShape)).toHaveCount(0)
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true')
  await placeHostedOrder(page)
  await payOnTestProvider(page, '4000 0025 0000 3155', { approve: true })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisible()
  await expect(page.locator('[data-order-number]')).toHaveText(/^\d+$/)
  await expect(page.getByRole('main')).toContainText('Germany')
  await expect(page.getByRole('main')).toContainText('card ending 3155')
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
})
