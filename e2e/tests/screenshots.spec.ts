import { devices, expect, type Page, type TestInfo, test } from '@playwright/test'
import { COLOR_SCHEMES, expectNoSeriousAxeViolations } from '../support/accessibility'
import { addSimpleProductToCart, checkOutOnHostedPage, signUp, waitForHydration } from '../support/pages'

// Screenshots of the main pages on a phone, a tablet and a desktop, kept as artefacts of the run: attached to
// each test and written under e2e/test-results/ (ignored by git). The phone and tablet layouts are checked with
// axe too, since their layouts (and so contrast and overlap) differ from the desktop's; the phone in the dark
// colour scheme as well, on the same visit (the scheme changes the stylesheet's colours only; see
// expectNoSeriousAxeViolationsInEachScheme).

const pixel7 = {
  viewport: devices['Pixel 7'].viewport,
  deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
}

/** Each device's browser, the colour schemes it is pictured in, and whether axe checks it. */
const screens = {
  phone: { options: pixel7, colorSchemes: COLOR_SCHEMES, isAxeChecked: true },
  tablet: {
    options: {
      viewport: devices['iPad Mini'].viewport,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      userAgent: devices['iPad Mini'].userAgent,
    },
    colorSchemes: ['light'],
    isAxeChecked: true,
  },
  desktop: {
    options: { viewport: { width: 1280, height: 800 } },
    colorSchemes: ['light'],
    isAxeChecked: false,
  },
} as const

type Screen = (typeof screens)[keyof typeof screens]

const pages = [
  { name: 'home', path: '/', heading: 'Aisle' },
  { name: 'catalogue', path: '/products', heading: 'All products' },
  { name: 'collection', path: '/collections/tees-and-tops', heading: 'Tees & Tops' },
  { name: 'product', path: '/products/classic-tee', heading: 'Classic Tee' },
  { name: 'search', path: '/products?q=tee', heading: 'Results for “tee”' },
  { name: 'plans', path: '/plans', heading: 'Plans' },
  { name: 'services', path: '/services', heading: 'Services' },
  { name: 'service', path: '/services/tailored-fitting', heading: 'Tailored fitting' },
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

/**
 * Saves and attaches a full-page screenshot in each of the screen's colour schemes (`name-phone.png`,
 * `name-phone-dark.png`), checking each with axe where the screen is checked, and leaves the page light.
 */
async function capture(page: Page, testInfo: TestInfo, name: string, device: string, screen: Screen) {
  await loadEveryImage(page)
  try {
    for (const colorScheme of screen.colorSchemes) {
      await page.emulateMedia({ colorScheme })
      const shot = colorScheme === 'light' ? device : `${device}-${colorScheme}`
      const file = testInfo.outputPath(`${name}-${shot}.png`)
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
      await testInfo.attach(`${name} (${shot})`, { path: file, contentType: 'image/png' })
      if (screen.isAxeChecked) await expectNoSeriousAxeViolations(page, `${name} on a ${shot}`, testInfo)
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
  }
}

for (const [device, screen] of Object.entries(screens)) {
  const schemes =
    screen.colorSchemes.length > 1 ? `, in the ${screen.colorSchemes.join(' and the ')} colour scheme` : ''
  test.describe(`on a ${device}`, () => {
    test.use(screen.options)

    test(`a shopper on a ${device} sees the main pages laid out for the screen${schemes}`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000 * screen.colorSchemes.length)
      for (const { name, path, heading } of pages) {
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached()
        await capture(page, testInfo, name, device, screen)
      }

      await addSimpleProductToCart(page)
      await page.goto('/cart')
      await waitForHydration(page)
      await capture(page, testInfo, 'cart', device, screen)

      // A member with an order: the account page with its order card, addresses and profile.
      await signUp(page, 'Screen Shopper')
      await addSimpleProductToCart(page)
      await checkOutOnHostedPage(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
      await page.goto('/account')
      await waitForHydration(page)
      await expect(page.getByRole('article', { name: /^Order #/ })).toHaveCount(1)
      await capture(page, testInfo, 'account', device, screen)
    })
  })
}
