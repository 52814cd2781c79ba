import { expect, type Page, test } from '@playwright/test'

// The demo seed is deterministic. Classic Tee is 20% off ($19.20); its M/Red variant has 8 in stock. Meadow
// Notebook ($28.00) and Alpine Fountain Pen ($35.00) are stationery without options or stock tracking. The
// seed has no coupons, so any code is unknown: the refusal is checked here against the real platform, and a
// coupon that applies in the storefront's unit tests (app/cart/cart-edit-action.server.test.ts).

/** Waits until the page runs its scripts, so forms go through fetchers and cart links open the drawer. */
async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

async function addToCart(page: Page, path: string, confirmation: string) {
  await page.goto(path)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status')).toContainText(confirmation)
}

/**
 * Lets a test hold the cart's form posts on their way to the storefront, to see the cart before the
 * platform's answer arrives: `hold()` returns the function that lets them go.
 */
async function createCartPostGate(page: Page) {
  let gate: Promise<void> | undefined
  await page.route(/\/cart\.data/, async (route) => {
    if (route.request().method() === 'POST' && gate) await gate
    await route.continue()
  })
  return {
    hold() {
      let release = () => {}
      gate = new Promise<void>((done) => {
        release = done
      })
      return () => {
        gate = undefined
        release()
      }
    },
  }
}

test('a visitor changes quantities, removes a line, and sees a wrong coupon refused in plain words', async ({
  page,
}) => {
  await page.goto('/products/classic-tee?Size=M&Color=Red')
  await waitForHydration(page)
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('8')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status')).toContainText('Added 8 × Classic Tee to your cart.')
  await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
  await expect(page.getByRole('link', { name: 'Cart (9)' })).toBeVisible()

  const response = await page.goto('/cart')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await waitForHydration(page)
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines).toHaveCount(2)
  const tee = lines.filter({ has: page.getByRole('heading', { name: 'Classic Tee' }) })
  const notebook = lines.filter({ has: page.getByRole('heading', { name: 'Meadow Notebook' }) })
  const subtotal = page.getByRole('region', { name: 'Order summary' }).getByRole('definition')
  await expect(tee).toContainText('Quantity: 8 × $19.20')
  await expect(subtotal).toHaveText('$181.60')

  // The cart moves at once, before the platform has answered, and the header's count with it.
  const cartPosts = await createCartPostGate(page)
  let release = cartPosts.hold()
  await notebook.getByRole('button', { name: 'Increase quantity of Meadow Notebook' }).click()
  await expect(notebook).toContainText('Quantity: 2 × $28.00')
  await expect(notebook).toContainText('$56.00')
  await expect(subtotal).toHaveText('$209.60')
  await expect(page.getByRole('link', { name: 'Cart (10)' })).toBeVisible()
  release()
  await expect(notebook.getByRole('button', { name: 'Increase quantity of Meadow Notebook' })).toBeFocused()

  // One more tee than the 8 in stock: at first the cart counts 9, then shows what the platform answers.
  release = cartPosts.hold()
  await tee.getByRole('button', { name: 'Increase quantity of Classic Tee' }).click()
  await expect(tee).toContainText('Quantity: 9 × $19.20')
  await expect(subtotal).toHaveText('$228.80')
  release()
  await expect(tee).toContainText('Only 8 left in stock, so your order will include just 8.')
  await expect(subtotal).toHaveText('$209.60')
  await tee.getByRole('button', { name: 'Change to 8 of Classic Tee' }).click()
  await expect(tee).toContainText('Quantity: 8 × $19.20')
  await expect(tee).not.toContainText('left in stock')
  await tee.getByRole('button', { name: 'Decrease quantity of Classic Tee' }).click()
  await expect(tee).toContainText('Quantity: 7 × $19.20')
  await expect(subtotal).toHaveText('$190.40')

  // Removing a line takes it out, says so, and puts focus on the page's heading rather than nowhere.
  await notebook.getByRole('button', { name: 'Remove Meadow Notebook' }).click()
  await expect(lines).toHaveCount(1)
  await expect(page.getByText('Removed Meadow Notebook from your cart.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused()
  await expect(subtotal).toHaveText('$134.40')
  await expect(page.getByRole('link', { name: 'Cart (7)' })).toBeVisible()

  // A code the store does not know is refused in words a shopper understands, on the field to fix.
  const couponCode = page.getByRole('textbox', { name: 'Coupon code' })
  await couponCode.fill('NOSUCHCODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  const refusal = 'We don’t recognise that coupon code. Please check it and try again.'
  await expect(page.getByText(refusal)).toBeVisible()
  await expect(couponCode).toHaveAttribute('aria-invalid', 'true')
  await expect(couponCode).toHaveAccessibleDescription(refusal)
  await expect(couponCode).toBeFocused()
  await expect(couponCode).toHaveValue('NOSUCHCODE')

  // The platform kept every change.
  await page.reload()
  await expect(lines).toHaveCount(1)
  await expect(tee).toContainText('Quantity: 7 × $19.20')
  await expect(subtotal).toHaveText('$134.40')
  await expect(page.getByRole('textbox', { name: 'Coupon code' })).toBeVisible()
})

test('a visitor opens the cart drawer from the header, changes a quantity in it, and closes it with Escape', async ({
  page,
}) => {
  await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
  await page.goto('/')
  await waitForHydration(page)
  const cartLink = page.getByRole('link', { name: 'Cart (1)' })
  await cartLink.click()

  const drawer = page.getByRole('dialog', { name: 'Your cart' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused()
  const line = drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(line).toContainText('Quantity: 1 × $28.00')
  await drawer.getByRole('button', { name: 'Increase quantity of Meadow Notebook' }).click()
  await expect(line).toContainText('Quantity: 2 × $28.00')
  await expect(drawer.getByRole('region', { name: 'Order summary' }).getByRole('definition')).toHaveText(
    '$56.00',
  )
  await expect(drawer.getByRole('link', { name: 'Go to cart' })).toBeVisible()

  // Focus stays inside the open drawer, however far the shopper tabs.
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement)),
    ).toBe(true)
  }

  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeFocused()

  // Without a modifier the link opens the drawer; "Go to cart" leads to the page with the same cart.
  await page.getByRole('link', { name: 'Cart (2)' }).click()
  await drawer.getByRole('link', { name: 'Go to cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText('Quantity: 2 × $28.00')
})

test('a visitor changing a line that another window removed sees the cart as it is now', async ({
  page,
  context,
}) => {
  await addToCart(page, '/products/meadow-notebook', 'Added Meadow Notebook to your cart.')
  await addToCart(page, '/products/alpine-fountain-pen', 'Added Alpine Fountain Pen to your cart.')
  await page.goto('/cart')
  await waitForHydration(page)
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines).toHaveCount(2)

  const other = await context.newPage()
  await other.goto('/cart')
  await waitForHydration(other)
  await other.getByRole('button', { name: 'Remove Meadow Notebook' }).click()
  await expect(other.getByText('Removed Meadow Notebook from your cart.')).toBeVisible()
  await other.close()

  await page.getByRole('button', { name: 'Increase quantity of Meadow Notebook' }).click()
  // The cart's notice says so (the line's own message may show too until the cart is read again).
  await expect(
    page.getByRole('status').filter({
      hasText: 'That item is no longer in your cart. It may have been changed in another window.',
    }),
  ).toBeVisible()
  await expect(lines).toHaveCount(1)
  await expect(lines).toContainText('Alpine Fountain Pen')
  await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('definition')).toHaveText(
    '$35.00',
  )
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor changes a quantity, removes a line and is told a coupon is unknown, with plain form posts', async ({
    page,
  }) => {
    for (const path of ['/products/meadow-notebook', '/products/alpine-fountain-pen']) {
      await page.goto(path)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await expect(page.getByRole('status')).toContainText('to your cart.')
    }
    await page.getByRole('link', { name: 'Cart (2)' }).click()
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines).toHaveCount(2)

    await page.getByRole('button', { name: 'Increase quantity of Meadow Notebook' }).click()
    const notebook = lines.filter({ hasText: 'Meadow Notebook' })
    await expect(notebook).toContainText('Quantity: 2 × $28.00')
    await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('definition')).toHaveText(
      '$91.00',
    )

    await page.getByRole('button', { name: 'Remove Alpine Fountain Pen' }).click()
    await expect(lines).toHaveCount(1)
    await expect(page.getByText('Removed Alpine Fountain Pen from your cart.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeVisible()

    await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOSUCHCODE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(
      page.getByText('We don’t recognise that coupon code. Please check it and try again.'),
    ).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute('aria-invalid', 'true')
  })
})
