import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { setSignUpRule } from '../support/dashboard'
import { addSimpleProductToCart, waitForHydration } from '../support/pages'

// User stories of a member's account on the storefront: sign-up with the e-mailed code (read from the
// platform's local inbox), password reset through the inbox link, and sign-out. The demo owner turns
// e-mail verification on in the dashboard for the sign-up story and off again after it, so the other
// specs keep their immediate sign-ups.

const api = () => process.env.AISLE_E2E_API_URL ?? ''
const header = (page: Page) => page.getByRole('navigation', { name: 'Store' })

/** Sets whether new members confirm their e-mail, as the demo owner in the dashboard. */
const setEmailVerification = (page: Page, isRequired: boolean) =>
  setSignUpRule(page, /confirm their e-mail with a code/, isRequired)

/**
 * Opens the newest mail to `email` in the platform's local inbox whose subject matches, reloading the
 * inbox until the mail worker, which polls the outbox, has delivered it.
 */
async function openNewestMail(page: Page, email: string, subject: RegExp) {
  const link = page.getByRole('table', { name: 'Mails' }).getByRole('link', { name: subject }).first()
  await expect(async () => {
    await page.goto(`${api()}/_dev/mail?${new URLSearchParams({ to: email })}`)
    await expect(link).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  const text = (await link.textContent()) ?? ''
  await link.click()
  return text
}

async function signUp(page: Page, email: string, password: string) {
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Grace Member')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
}

test.describe('on a store that confirms e-mails', () => {
  test.beforeEach(async ({ browser }) => {
    const page = await browser.newPage()
    await setEmailVerification(page, true)
    await page.close()
  })
  test.afterEach(async ({ browser }) => {
    const page = await browser.newPage()
    await setEmailVerification(page, false)
    await page.close()
  })

  test('a visitor adds to the cart, signs up, types the e-mailed code, and keeps the cart', async ({
    page,
    context,
  }, testInfo) => {
    const email = `verify-${Date.now()}@example.com`
    await addSimpleProductToCart(page)
    await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
    await signUp(page, email, 'a long enough password')

    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(
      'Please confirm your e-mail address: we’ve e-mailed you a code. Enter it below.',
    )
    await expectNoSeriousAxeViolations(page, 'the e-mail code step', testInfo)

    // The code is in the platform's local inbox; the mail's subject starts with it.
    const inbox = await context.newPage()
    const subject = await openNewestMail(inbox, email, /is your .* code/)
    const code = subject.match(/\d{6,}/)?.[0] ?? ''
    expect(code).toMatch(/^\d{6,}$/)
    await inbox.close()

    // A wrong code is refused in shopper words and the step stays.
    const codeField = page.getByRole('textbox', { name: /Code from the e-mail/ })
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Confirm e-mail' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'That code isn’t right or has expired. Check the latest e-mail from us and try again.',
    )
    await codeField.fill(code)
    await page.getByRole('button', { name: 'Confirm e-mail' }).click()

    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
    await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
    await page.reload()
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
    await expect(header(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  })
})

test('a member resets a forgotten password through the inbox link, signs in with it, and signs out', async ({
  page,
  context,
}, testInfo) => {
  const email = `reset-${Date.now()}@example.com`
  const newPassword = 'a brand new password'
  await page.goto('/')
  await signUp(page, email, 'the first password')
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible()
  await header(page).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'the account page', testInfo)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()

  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('alert')).toContainText('Check your inbox')
  await expectNoSeriousAxeViolations(page, 'the password reset request', testInfo)

  const inbox = await context.newPage()
  await openNewestMail(inbox, email, /Reset your .* password/)
  await inbox.getByRole('link', { name: /reset-password\?token=/ }).click()
  await expect(inbox.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await inbox.getByLabel('Password').fill(newPassword)
  await inbox.getByRole('button', { name: 'Save the password' }).click()
  await expect(inbox.getByRole('heading', { level: 1, name: 'Password saved' })).toBeVisible()
  await inbox.close()

  await page.goto('/account/login')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})
