import { expect, type Page, test } from '@playwright/test'
import { merchantPage, openMail, openOrder } from '../support/dashboard'
import { addSimpleProductToCart, checkOutOnHostedPage, placedOrderNumber, signUp } from '../support/pages'

// The merchant's order desk, end to end: a member buys, the demo owner ships the order with a tracking
// number in the dashboard, and the buyer reads the shipment mail in the platform's local inbox and the
// tracking on the storefront's account page; then the owner cancels a visitor's order and its stock
// returns. The hosted checkout mails `ada@example.com` (support/pages.ts), so mails are told apart by
// their order number. The notebook's stock is tracked only inside the story, and untracked after it.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
async function notebookQuantity(merchant: Page): Promise<string> {
  await merchant.goto(`${api()}/dashboard/products?q=Meadow%20Notebook`)
  await merchant
    .getByRole('table', { name: 'Products' })
    .getByRole('link', { name: 'Meadow Notebook' })
    .click()
  return merchant.getByRole('spinbutton', { name: 'Quantity', exact: true }).inputValue()
}

async function trackNotebook(merchant: Page, quantity: string | undefined) {
  await notebookQuantity(merchant)
  await merchant.getByRole('checkbox', { name: 'Track quantity' }).setChecked(quantity !== undefined)
  if (quantity !== undefined)
    await merchant.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill(quantity)
  await merchant.getByRole('button', { name: 'Save product' }).click()
  await expect(merchant.getByRole('status')).toHaveText('Saved.')
}

test('a merchant ships an order with a tracking number; the buyer gets the mail and sees the tracking in the account', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Tracy Parcel')
  await addSimpleProductToCart(page)
  await checkOutOnHostedPage(page)
  const number = await placedOrderNumber(page)

  const merchant = await merchantPage(browser)
  await openOrder(merchant, number)
  await merchant.getByRole('combobox', { name: 'Carrier' }).fill('UPS')
  await merchant.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784')
  await merchant
    .getByRole('textbox', { name: /Tracking page/ })
    .fill('https://www.ups.com/track?tracknum=1Z999AA10123456784')
  await merchant.getByRole('button', { name: 'Ship and mail the buyer' }).click()
  await expect(merchant.getByRole('status')).toContainText('Shipment recorded.')
  await expect(merchant.getByRole('list').filter({ hasText: 'Placed by' })).toContainText(
    'with UPS, tracking 1Z999AA10123456784',
  )

  await openMail(page, 'ada@example.com', new RegExp(`order #${number} has shipped`))
  await expect(page.locator('pre')).toContainText('Tracking number: 1Z999AA10123456784')
  await page.getByRole('link', { name: 'View the HTML version' }).click()
  await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  )
  await openMail(page, 'ada@example.com', new RegExp(`order #${number}$`))
  await expect(page.locator('pre')).toContainText(`Thank you for your order #${number}`)

  await page.goto('/account')
  const order = page.getByRole('article', { name: `Order #${number}` })
  await expect(order).toContainText('Shipped')
  await order.getByRole('link', { name: `Order #${number}` }).click()
  const shipments = page.getByRole('region', { name: 'Shipments' })
  await expect(shipments.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  )
})

test('a merchant cancels an order and its stock goes back', async ({ page, browser }) => {
  const merchant = await merchantPage(browser)
  await trackNotebook(merchant, '10')
  try {
    await addSimpleProductToCart(page)
    await checkOutOnHostedPage(page)
    const number = await placedOrderNumber(page)
    expect(await notebookQuantity(merchant)).toBe('9')

    await openOrder(merchant, number)
    await merchant
      .getByRole('textbox', { name: /Reason/ })
      .last()
      .fill('Damaged in the warehouse')
    merchant.once('dialog', (dialog) => dialog.accept())
    await merchant.getByRole('button', { name: 'Cancel order' }).click()
    await expect(merchant.getByRole('status')).toContainText('Order canceled.')
    await expect(merchant.getByRole('heading', { level: 1 })).toContainText('Canceled')
    expect(await notebookQuantity(merchant)).toBe('10')

    await openMail(page, 'ada@example.com', new RegExp(`order #${number} was canceled`))
    await expect(page.locator('pre')).toContainText('Damaged in the warehouse')
  } finally {
    await trackNotebook(merchant, undefined)
  }
})
