import { expect, type Page } from '@playwright/test'

const owner = {
  email: 'owner@demo.aisle.dev',
  password: process.env.DEMO_OWNER_PASSWORD || 'aisle-demo-owner',
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
