import { devices, expect, type Page, type TestInfo, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, checkOutOnHostedPage, signUp, waitForHydration } from '../support/pages'

// Screenshots of the main pages on a phone, a tablet and a desktop, kept as artefacts of the run: attached to
// each test and written under e2e/test-results/ (ignored by git). The phone and tablet layouts are checked with
// axe too, since their layouts (and so contrast and overlap) differ from the desktop's; the phone once more in
// the dark colour scheme.

const viewports = {
  phone: {
    viewport: devices['Pixel 7'].viewport,
    deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7'].userAgent,
  },
  tablet: {
    viewport: devices['iPad Mini'].viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['iPad Mini'].userAgent,
  },
  desktop: { viewport: { width: 1280, height: 800 } },
  'phone-dark': {
    viewport: devices['Pixel 7'].viewport,
    deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7'].userAgent,
    colorScheme: 'dark',
  },
} as const

const pages = [
  { name: 'home', path: '/', heading: 'Aisle' },
  { name: 'catalogue', path: '/products', heading: 'All products' },
  { name: 'collection', path: '/collections/tees-and-tops', heading: 'Tees & Tops' },
  { name: 'product', path: '/products/classic-tee', heading: 'Classic Tee' },
  { name: 'search', path: '/products?q=tee', heading: 'Results for “tee”' },
  { name: 'plans', path: '/plans', heading: 'Plans' },
  { name: 'shipping', path: '/help/shipping', heading: 'Shipping' },
  { name: 'sign-in', path: '/account/login', heading: 'Sign in' },
  { name: 'not-found', path: '/no-such-page', heading: 'Page not found' },
] as const

/** A full-page picture shows images below the fold too: load the lazy ones first (within five seconds). */
async function loadEveryImage(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) image.loading = 'eager'
    const decoded = Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    await Promise.race([decoded, new Promise((done) => setTimeout(done, 5_000))])
  })
}

/** Saves and attaches a full-page screenshot, and on any device but the desktop checks the page with axe. */
async function capture(page: Page, testInfo: TestInfo, name: string, device: string) {
  await loadEveryImage(page)
  const file = testInfo.outputPath(`${name}-${device}.png`)
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
  await testInfo.attach(`${name} (${device})`, { path: file, contentType: 'image/png' })
  if (device !== 'desktop') await expectNoSeriousAxeViolations(page, `${name} on a ${device}`, testInfo)
}

for (const [device, options] of Object.entries(viewports)) {
  test.describe(`on a ${device}`, () => {
    test.use(options)

    test(`a shopper on a ${device} sees the main pages laid out for the screen`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000)
      for (const { name, path, heading } of pages) {
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached()
        await capture(page, testInfo, name, device)
      }

      await addSimpleProductToCart(page)
      await page.goto('/cart')
      await waitForHydration(page)
      await capture(page, testInfo, 'cart', device)

      // A member with an order: the account page with its order card, addresses and profile.
      await signUp(page, 'Screen Shopper')
      await addSimpleProductToCart(page)
      await checkOutOnHostedPage(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
      await page.goto('/account')
      await waitForHydration(page)
      await expect(page.getByRole('article', { name: /^Order #/ })).toHaveCount(1)
      await capture(page, testInfo, 'account', device)
    })
  })
}
