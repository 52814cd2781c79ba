import { devices, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

// Screenshots of the main pages on a phone and on a desktop, kept as artefacts of the run: attached to each
// test and written under e2e/test-results/ (ignored by git). The phone layout is checked with axe too, since
// its layout (and so contrast and overlap) differs from the desktop's.

const viewports = {
  phone: {
    viewport: devices['Pixel 7'].viewport,
    deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7'].userAgent,
  },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const

const pages = [
  { name: 'home', path: '/', heading: 'Aisle' },
  { name: 'catalogue', path: '/products', heading: 'All products' },
  { name: 'collection', path: '/collections/tees-and-tops', heading: 'Tees & Tops' },
  { name: 'product', path: '/products/classic-tee', heading: 'Classic Tee' },
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

for (const [device, options] of Object.entries(viewports)) {
  test.describe(`on a ${device}`, () => {
    test.use(options)

    test(`a shopper on a ${device} sees the main pages laid out for the screen`, async ({
      page,
    }, testInfo) => {
      for (const { name, path, heading } of pages) {
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached()
        await loadEveryImage(page)
        const file = testInfo.outputPath(`${name}-${device}.png`)
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
        await testInfo.attach(`${name} (${device})`, { path: file, contentType: 'image/png' })
        if (device === 'phone') await expectNoSeriousAxeViolations(page, `${name} on a phone`, testInfo)
      }

      await addSimpleProductToCart(page)
      await page.goto('/cart')
      await waitForHydration(page)
      await loadEveryImage(page)
      const file = testInfo.outputPath(`cart-${device}.png`)
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
      await testInfo.attach(`cart (${device})`, { path: file, contentType: 'image/png' })
      if (device === 'phone') await expectNoSeriousAxeViolations(page, 'cart on a phone', testInfo)
    })
  })
}
