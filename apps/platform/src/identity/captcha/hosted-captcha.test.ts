import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import { createLimitedPlatform } from '../../testing/limited-platform.ts'
import {
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  MEMBER_PASSWORD,
  newEmail,
  readCallback,
  register,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { captchaProblems } from './captcha-field.tsx'
import { CAPTCHA_WIDGETS } from './captcha-widgets.ts'
import { createHttpCaptchaVerifier } from './http-captcha-verifier.ts'
import { startSiteverifyServer } from './testing/siteverify-server.ts'

const pass = () => `test-pass.${randomUUID()}`
const TEST_LABEL = 'Captcha answer (test provider)'

type Browser = ReturnType<typeof createTestBrowser>

/** The directives of a CSP header, by name. */
function directivesOf(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '').split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )
}

// The hosted forms ask for the same captcha as the JSON calls (SECURITY.md L5), before any credential.
describe.each(databaseKinds())('captcha on the hosted login and sign-up on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let email: string
  let browser: Browser
  const pkce = createPkce()
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    email = newEmail('hosted-captcha')
    await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
    expect((await register(platform, (await platform.visitorTokens()).access_token, email)).status).toBe(200)
  })
  beforeEach(async () => {
    browser = createTestBrowser(platform.app)
    await saveIdentityPolicy(db, siteId, { captchaRequired: true }, platform.clock())
  })
  afterAll(() => db.close())

  /** The path of a new `auth` redirect session's hosted login page, and of its sign-up page. */
  const newFlow = async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const session = await createAuthSession(platform, visitor, { challenge: pkce.codeChallenge, state: 'st' })
    const url = new URL(session.json.redirectSession.fullUrl)
    const token = url.searchParams.get('session')!
    return {
      login: `${url.pathname}${url.search}`,
      signUp: `/_auth/signup?${new URLSearchParams({ session: token })}`,
    }
  }
  const countRows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).length
  const hostedSessions = () => countRows('select 1 from hosted_login_sessions')
  const membersWith = (address: string) =>
    countRows('select 1 from members where login_email = $1', [address.toLowerCase()])
  const expectSignedIn = (response: { status: number; location: string | null; headers: Headers }) => {
    expect(response.status).toBe(303)
    const callback = readCallback(response.location)
    expect(`${callback.url.origin}${callback.url.pathname}`).toBe(DEMO_REDIRECT_URI)
    expect(callback.code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(true)
  }
  /** A form shown again for its captcha: the message, the e-mail kept, no password, nothing signed in. */
  const expectRefused = (
    response: { status: number; text: string; location: string | null; headers: Headers },
    problem: keyof typeof captchaProblems,
    typedEmail: string,
    typedPassword: string,
  ) => {
    expect(response.status).toBe(400)
    expect(response.location).toBeNull()
    expect(response.text).toContain(captchaProblems[problem])
    expect(response.text).toContain(`value="${typedEmail}"`)
    expect(response.text).not.toContain(typedPassword)
    expect(response.text).toContain(TEST_LABEL)
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(false)
  }

  it('shows the test provider’s labelled answer field on both forms, with no script and the usual CSP', async () => {
    const flow = await newFlow()
    for (const path of [flow.login, flow.signUp]) {
      const page = await browser.get(path)
      expect(page.status).toBe(200)
      expect(page.text).toContain(`<label for="captcha">${TEST_LABEL}</label>`)
      expect(page.text).toMatch(
        /<input class="wide" id="captcha" type="text"[^>]* required=""[^>]* name="captcha"\/>/,
      )
      expect(page.text).not.toContain('<script')
      const policy = directivesOf(page.headers.get('content-security-policy'))
      expect(policy.get('script-src')).toEqual([expect.stringMatching(/^'nonce-/)])
      expect(policy.has('frame-src')).toBe(false)
    }
  })

  it('refuses the login without an answer or with a bad one, before the password, and signs nobody in', async () => {
    const flow = await newFlow()
    await browser.get(flow.login)
    const before = await hostedSessions()
    const missing = await browser.post(flow.login, { email, password: MEMBER_PASSWORD })
    expectRefused(missing, 'captcha-missing', email, MEMBER_PASSWORD)
    const wrongPassword = await browser.post(flow.login, { email, password: 'a wrong password 1' })
    expectRefused(wrongPassword, 'captcha-missing', email, 'a wrong password 1')
    expect(wrongPassword.text).not.toContain('The e-mail or the password is wrong.')
    const bad = await browser.post(flow.login, { email, password: MEMBER_PASSWORD, captcha: 'a-bot-answer' })
    expectRefused(bad, 'captcha-wrong', email, MEMBER_PASSWORD)
    expect(await hostedSessions()).toBe(before)
  })

  it('signs in with a good answer, once: the same answer on another login is refused', async () => {
    const answer = pass()
    const first = await newFlow()
    await browser.get(first.login)
    expectSignedIn(await browser.post(first.login, { email, password: MEMBER_PASSWORD, captcha: answer }))

    const other = createTestBrowser(platform.app)
    const second = await newFlow()
    await other.get(second.login)
    const before = await hostedSessions()
    const reused = await other.post(second.login, { email, password: MEMBER_PASSWORD, captcha: answer })
    expectRefused(reused, 'captcha-wrong', email, MEMBER_PASSWORD)
    expect(await hostedSessions()).toBe(before)
  })

  it('refuses the sign-up without an answer or with a bad one, and creates no member', async () => {
    const flow = await newFlow()
    const address = newEmail('hosted-captcha-signup')
    await browser.get(flow.signUp)
    const missing = await browser.post(flow.signUp, { email: address, password: MEMBER_PASSWORD })
    expectRefused(missing, 'captcha-missing', address, MEMBER_PASSWORD)
    const bad = await browser.post(flow.signUp, { email: address, password: MEMBER_PASSWORD, captcha: 'x' })
    expectRefused(bad, 'captcha-wrong', address, MEMBER_PASSWORD)
    expect(await membersWith(address)).toBe(0)
  })

  it('signs up with a good answer, once: the same answer on another sign-up creates nobody', async () => {
    const answer = pass()
    const first = await newFlow()
    const address = newEmail('hosted-captcha-signup')
    await browser.get(first.signUp)
    expectSignedIn(
      await browser.post(first.signUp, { email: address, password: MEMBER_PASSWORD, captcha: answer }),
    )
    expect(await membersWith(address)).toBe(1)

    const other = createTestBrowser(platform.app)
    const second = await newFlow()
    const another = newEmail('hosted-captcha-signup')
    await other.get(second.signUp)
    const reused = await other.post(second.signUp, {
      email: another,
      password: MEMBER_PASSWORD,
      captcha: answer,
    })
    expectRefused(reused, 'captcha-wrong', another, MEMBER_PASSWORD)
    expect(await membersWith(another)).toBe(0)
  })

  it('asks nothing on a site without the rule: no field, and both forms work as before', async () => {
    await saveIdentityPolicy(db, siteId, { captchaRequired: false }, platform.clock())
    const flow = await newFlow()
    const signUpPage = await browser.get(flow.signUp)
    expect(signUpPage.text).not.toContain('Captcha')
    const address = newEmail('no-captcha')
    expectSignedIn(await browser.post(flow.signUp, { email: address, password: MEMBER_PASSWORD }))

    const other = createTestBrowser(platform.app)
    const again = await newFlow()
    const loginPage = await other.get(again.login)
    expect(loginPage.text).not.toContain('Captcha')
    expectSignedIn(await other.post(again.login, { email, password: MEMBER_PASSWORD }))
  })

  describe.each(Object.keys(CAPTCHA_WIDGETS) as (keyof typeof CAPTCHA_WIDGETS)[])(
    'with %s configured',
    (provider) => {
      const widget = CAPTCHA_WIDGETS[provider]
      let siteverify: Awaited<ReturnType<typeof startSiteverifyServer>>
      let real: ReturnType<typeof createLimitedPlatform>
      beforeAll(async () => {
        siteverify = await startSiteverifyServer((form) =>
          form.response?.startsWith('human')
            ? { body: { success: true } }
            : { body: { success: false, 'error-codes': ['invalid-input-response'] } },
        )
        real = createLimitedPlatform(db, {
          captcha: createHttpCaptchaVerifier({
            provider,
            verifyUrl: siteverify.url,
            secrets: { invisible: 'invisible-secret', visible: 'visible-secret' },
            siteKeys: { invisible: 'invisible-key', visible: `${provider}-visible-key` },
            clock: platform.clock,
          }),
        })
      })
      afterAll(() => siteverify.close())

      it('renders the widget with its script from the provider, which the CSP allows on those pages only', async () => {
        const flow = await newFlow()
        const person = createTestBrowser(real.app)
        for (const path of [flow.login, flow.signUp]) {
          const page = await person.get(path)
          expect(page.status).toBe(200)
          expect(page.text).toContain(
            `<div class="${widget.containerClass}" data-sitekey="${provider}-visible-key"></div>`,
          )
          const script = new RegExp(
            `<script src="${widget.scriptUrl}" nonce="([^"]+)" async="" defer=""></script>`,
          )
          const nonce = script.exec(page.text)?.[1]
          expect(nonce).toBeDefined()
          expect(page.text).not.toContain(TEST_LABEL)
          const policy = directivesOf(page.headers.get('content-security-policy'))
          expect(policy.get('script-src')).toEqual([`'nonce-${nonce}'`, ...widget.csp['script-src']])
          expect(policy.get('frame-src')).toEqual(widget.csp['frame-src'])
          expect(policy.get('default-src')).toEqual(["'none'"])
          expect(policy.get('frame-ancestors')).toEqual(["'none'"])
        }
        const forgot = await person.get(flow.login.replace('/_auth/authorize', '/_auth/forgot-password'))
        expect(forgot.status).toBe(200)
        expect(forgot.text).not.toContain('<script')
        expect(directivesOf(forgot.headers.get('content-security-policy')).has('frame-src')).toBe(false)
      })

      it('checks the widget’s answer with the provider before the login, and signs in with a good one', async () => {
        const flow = await newFlow()
        const person = createTestBrowser(real.app, { ip: '203.0.113.44' })
        await person.get(flow.login)
        const robot = await person.post(flow.login, {
          email,
          password: MEMBER_PASSWORD,
          [widget.responseField]: 'robot',
        })
        expect(robot.status).toBe(400)
        expect(robot.text).toContain(`value="${email}"`)
        const human = `human-${randomUUID()}`
        const signedIn = await person.post(flow.login, {
          email,
          password: MEMBER_PASSWORD,
          [widget.responseField]: human,
        })
        expectSignedIn(signedIn)
        expect(siteverify.received.at(-1)).toMatchObject({
          response: human,
          secret: 'visible-secret',
          sitekey: `${provider}-visible-key`,
          remoteip: '203.0.113.44',
        })
      })

      it('shows neither the widget nor its CSP sources on a site without the rule', async () => {
        await saveIdentityPolicy(db, siteId, { captchaRequired: false }, platform.clock())
        const flow = await newFlow()
        const page = await createTestBrowser(real.app).get(flow.login)
        expect(page.text).not.toContain('<script')
        expect(page.text).not.toContain(widget.containerClass)
        const policy = directivesOf(page.headers.get('content-security-policy'))
        expect(policy.get('script-src')).toEqual([expect.stringMatching(/^'nonce-/)])
        expect(policy.has('frame-src')).toBe(false)
      })
    },
  )
})
