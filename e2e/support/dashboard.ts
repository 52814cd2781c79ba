import { type Browser, expect, type Page } from '@playwright/test'

/** The platform's address (set by global setup for each worker). */
const api = () => process.env.AISLE_E2E_API_URL ?? ''

/** The demo site's owner, whom the platform's seed creates with DEMO_OWNER_PASSWORD. */
export const DEMO_OWNER = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
}
const owner = DEMO_OWNER

/** Signs the demo owner in on the dashboard's sign-in page; they land on the order desk's home. */
export async function signInToDashboard(page: Page) {
  await page.goto(`${api()}/dashboard`)
  await expect(
    page.getByRole('heading', { level: 1, name: /^Sign in to (your store|Aisle Demo Store)$/ }),
  ).toBeVisible()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible()
}

/** A page of its own (a second browser context: the merchant's, beside the shopper's) with the owner signed in. */
export async function merchantPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInToDashboard(page)
  return page
}

/** Finds order `number` in the orders list by its number and opens its page. */
export async function openOrder(merchant: Page, number: string) {
  await merchant.goto(`${api()}/dashboard/orders`)
  await merchant.getByRole('searchbox', { name: 'Search' }).fill(number)
  await merchant.getByRole('button', { name: 'Apply' }).click()
  await merchant.getByRole('link', { name: `#${number}` }).click()
  await expect(
    merchant.getByRole('heading', { level: 1, name: new RegExp(`Order #${number}`) }),
  ).toBeVisible()
}

/** Opens the newest mail to `to` whose subject matches, from the platform's local inbox (mail goes out in the background). */
export async function openMail(page: Page, to: string, subject: RegExp) {
  const link = page.getByRole('table', { name: 'Mails' }).getByRole('link', { name: subject }).first()
  await expect(async () => {
    await page.goto(`${api()}/_dev/mail?to=${encodeURIComponent(to)}`)
    await expect(link).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await link.click()
}

/**
 * Signs the demo owner in to the platform's dashboard (if needed) and turns one of the site's sign-up
 * rules on or off, by its checkbox's label (`/confirm their e-mail with a code/`, `/ask for a captcha/`).
 */
export async function setSignUpRule(page: Page, rule: RegExp, isOn: boolean) {
  const api = process.env.AISLE_E2E_API_URL ?? ''
  await page.goto(`${api}/dashboard/members`)
  if (await page.getByRole('textbox', { name: 'E-mail' }).isVisible()) {
    await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email)
    await page.getByLabel('Password').fill(owner.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.goto(`${api}/dashboard/members`)
  }
  const rules = page.getByRole('form', { name: 'Sign-up rules' })
  await rules.getByRole('checkbox', { name: rule }).setChecked(isOn)
  await rules.getByRole('button', { name: 'Save the rules' }).click()
  await expect(
    page.getByRole('form', { name: 'Sign-up rules' }).getByRole('checkbox', { name: rule }),
  ).toBeChecked({ checked: isOn })
}
