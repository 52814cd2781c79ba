import { randomUUID } from 'node:crypto'
import { createClient, createMemoryTokenStorage, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createLimitedPlatform } from '../../testing/limited-platform.ts'
import { MEMBER_PASSWORD, newEmail } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { saveIdentityPolicy } from '../identity-policy.ts'
import { createHttpCaptchaVerifier } from './http-captcha-verifier.ts'
import { startSiteverifyServer } from './testing/siteverify-server.ts'

const pass = () => `test-pass.${randomUUID()}`

// SECURITY.md L5 and the spec's captcha codes (section 8: -19971, -19970; section 4: the captcha states).
describe.each(databaseKinds())('captcha on registration and login on %s', (kind) => {
  let db: Db
  let siteId: string
  let platform: ReturnType<typeof createLimitedPlatform>
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createLimitedPlatform(db)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    await saveIdentityPolicy(db, siteId, { captchaRequired: true }, platform.clock())
    visitor = await platform.visitorToken()
  })
  afterAll(() => db.close())

  const registerWith = (captchaTokens: unknown, email = newEmail('captcha')) =>
    platform.call('POST', '/identity/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: MEMBER_PASSWORD, captchaTokens },
    })

  it('answers -19971 without an answer, telling the client to run its invisible captcha, and registers nobody', async () => {
    const email = newEmail('no-captcha')
    const response = await registerWith(undefined, email)
    expect(response.status).toBe(400)
    expect(response.json.details.applicationError).toEqual({
      description: 'A captcha answer is required',
      code: '-19971',
      data: {
        loginState: 'SILENT_CAPTCHA_REQUIRED',
        siteKeys: { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' },
      },
    })
    expect(await db.query('select 1 from members where login_email = $1', [email])).toHaveLength(0)
    expect((await registerWith([{}])).json.details.applicationError.code).toBe('-19971')
  })

  it('answers -19970 to a bad answer, telling the client to show its visible captcha', async () => {
    const response = await registerWith([{ InvisibleRecaptcha: 'a-bot-answer' }])
    expect(response.status).toBe(400)
    expect(response.json.details.applicationError).toMatchObject({
      code: '-19970',
      data: { loginState: 'USER_CAPTCHA_REQUIRED', reasons: ['invalid-input-response'] },
    })
  })

  it('registers with a good answer, once: the same answer again is refused (single use)', async () => {
    const answer = pass()
    const first = await registerWith([{ Recaptcha: answer }])
    expect(first.status).toBe(200)
    expect(first.json.state).toBe('SUCCESS')
    const again = await registerWith([{ Recaptcha: answer }])
    expect(again.json.details.applicationError).toMatchObject({
      code: '-19970',
      data: { reasons: ['timeout-or-duplicate'] },
    })
  })

  it('lets exactly one of 10 concurrent uses of one answer through', async () => {
    const answer = pass()
    const answers = await Promise.all(Array.from({ length: 10 }, () => registerWith([{ Recaptcha: answer }])))
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1)
  })

  it('checks the visible answer when both are sent', async () => {
    const response = await registerWith([{ InvisibleRecaptcha: pass(), Recaptcha: 'failed-visible' }])
    expect(response.json.details.applicationError.code).toBe('-19970')
  })

  it('gates the v2 login the same way, before the password is checked', async () => {
    const email = newEmail('captcha-login')
    expect((await registerWith([{ Recaptcha: pass() }], email)).status).toBe(200)
    const login = (captchaTokens: unknown, password = MEMBER_PASSWORD) =>
      platform.call('POST', '/identity/v2/login', {
        token: visitor,
        body: { loginId: { email }, password, captchaTokens },
      })
    expect((await login(undefined)).json.details.applicationError.code).toBe('-19971')
    expect((await login(undefined, 'a wrong password')).json.details.applicationError.code).toBe('-19971')
    expect((await login([{ InvisibleRecaptcha: 'nope' }])).json.details.applicationError.code).toBe('-19970')
    const good = await login([{ InvisibleRecaptcha: pass() }])
    expect(good.json.state).toBe('SUCCESS')
  })

  it('serves the site keys and the site’s rule to the SDK', async () => {
    const settings = await platform.call('GET', `/identity/v1/captcha-settings?clientId=${DEMO_CLIENT_ID}`)
    expect(settings.json).toEqual({
      captchaRequired: true,
      provider: 'test',
      siteKeys: { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' },
    })
    expect((await platform.call('GET', '/identity/v1/captcha-settings?clientId=nobody')).status).toBe(400)
  })

  it('maps to the SDK’s captcha codes, and the SDK passes its tokens through', async () => {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(platform.app.request(input as string, init))
    createClient({ auth, modules: {}, baseUrl: TEST_PUBLIC_URL, fetch })
    const missing = await auth.register({ email: newEmail('sdk-captcha'), password: MEMBER_PASSWORD })
    expect(missing).toMatchObject({ loginState: 'SILENT_CAPTCHA_REQUIRED', errorCode: 'missingCaptchaToken' })
    const invalid = await auth.register({
      email: newEmail('sdk-captcha'),
      password: MEMBER_PASSWORD,
      captchaTokens: { invisibleRecaptchaToken: 'bot' },
    })
    expect(invalid).toMatchObject({ loginState: 'USER_CAPTCHA_REQUIRED', errorCode: 'invalidCaptchaToken' })
    const good = await auth.register({
      email: newEmail('sdk-captcha'),
      password: MEMBER_PASSWORD,
      captchaTokens: { recaptchaToken: pass() },
    })
    expect(good.loginState).toBe('SUCCESS')
  })

  it('asks a real provider over HTTP when one is configured', async () => {
    const provider = await startSiteverifyServer((form) =>
      form.response === 'human'
        ? { body: { success: true } }
        : { body: { success: false, 'error-codes': ['bad'] } },
    )
    try {
      const withProvider = createLimitedPlatform(db, {
        captcha: createHttpCaptchaVerifier({
          provider: 'turnstile',
          verifyUrl: provider.url,
          secrets: { invisible: 'secret', visible: 'secret' },
          siteKeys: { invisible: 'inv', visible: 'vis' },
          clock: platform.clock,
        }),
      })
      const token = await withProvider.visitorToken('198.51.100.7')
      const register = (answer: string) =>
        withProvider.call('POST', '/identity/v2/register', {
          from: '198.51.100.7',
          token,
          body: {
            loginId: { email: newEmail('turnstile') },
            password: MEMBER_PASSWORD,
            captchaTokens: [{ Recaptcha: answer }],
          },
        })
      expect((await register('robot')).json.details.applicationError.data.reasons).toEqual(['bad'])
      expect((await register('human')).json.state).toBe('SUCCESS')
      expect(provider.received.map((form) => [form.response, form.remoteip])).toEqual([
        ['robot', '198.51.100.7'],
        ['human', '198.51.100.7'],
      ])
    } finally {
      await provider.close()
    }
  })
})
