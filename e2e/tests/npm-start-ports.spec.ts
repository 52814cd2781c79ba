import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { type NpmStart, runNpmStart } from '../support/npm-start'
import { addSimpleProductToCart, checkOutOnHostedPage, waitForHydration } from '../support/pages'
import { findFreePort } from '../support/storefront-process'

// Issue 20, item 6: `PLATFORM_PORT=… STOREFRONT_PORT=… npm start`, as a new user runs it, signs shoppers
// up and brings them back from checkout to the storefront it serves, on a fresh data folder and again on
// the same folder with other ports (npm start registers the storefront's addresses at every start).
// These stories run their own `npm start`, beside the suite's servers of global setup.

test.describe.configure({ mode: 'serial', timeout: 420_000 })

const dataDir = mkdtempSync(join(tmpdir(), 'aisle-e2e-npm-start-'))
let running: NpmStart | undefined

test.afterAll(async () => {
  await running?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Runs `npm start` on two free ports that are not the default ones, on the shared data folder. */
async function startOnOtherPorts() {
  await running?.stop()
  const platformPort = await findFreePort()
  const storefrontPort = await findFreePort()
  expect([platformPort, storefrontPort]).not.toContain(3000)
  running = await runNpmStart({
    PLATFORM_PORT: String(platformPort),
    STOREFRONT_PORT: String(storefrontPort),
    DATA_DIR: dataDir,
  })
  // The address npm start prints for the storefront.
  return `http://localhost:${storefrontPort}`
}

async function openShop(browser: Browser, storefront: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: storefront })
  return context.newPage()
}

/** Signs up on the storefront's form, sees the account page, and signs out back to the storefront's home. */
async function signUpAndSignOut(page: Page, storefront: string) {
  await page.goto('/account/register')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Ports')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`ports-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({ timeout: 30_000 })
  expect(page.url().startsWith(storefront)).toBe(true)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible()
  expect(page.url()).toBe(`${storefront}/`)
}

/** Checks out the notebook on the hosted checkout and comes back to the storefront's own thank-you page. */
async function checkOutToThankYou(page: Page, storefront: string) {
  await addSimpleProductToCart(page)
  await checkOutOnHostedPage(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  expect(page.url().startsWith(`${storefront}/thank-you`)).toBe(true)
}

test('on a fresh data folder and other ports, a shopper signs up, signs out, and checks out back to the storefront', async ({
  browser,
}) => {
  const storefront = await startOnOtherPorts()
  const page = await openShop(browser, storefront)
  await signUpAndSignOut(page, storefront)
  await checkOutToThankYou(page, storefront)
})

test('started again on the same data folder with other ports, the storefront’s new address works as well', async ({
  browser,
}) => {
  const storefront = await startOnOtherPorts()
  const page = await openShop(browser, storefront)
  await signUpAndSignOut(page, storefront)
  await checkOutToThankYou(page, storefront)
})
