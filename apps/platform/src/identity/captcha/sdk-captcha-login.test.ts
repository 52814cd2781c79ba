import { randomUUID } from 'node:crypto'
import { createClient, createMemoryTokenStorage, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { MEMBER_PASSWORD, newEmail } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { saveIdentityPolicy } from '../identity-policy.ts'

const siteKeys = { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' }
/** An answer the deterministic test captcha provider accepts, once. */
const pass = () => `test-pass.${randomUUID()}`

// The real SDK's captcha states (spec section 4) from the platform's captcha codes (section 8), on a
// site whose policy asks for a captcha: -19971 without a token, -19970 for a bad or reused one.
describe.each(databaseKinds())('the SDK’s captcha login states against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    await saveIdentityPolicy(db, client!.site_id, { captchaRequired: true }, platform.clock())
  })
  afterAll(() => db.close())

  function memberAuth() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    createClient({ auth, modules: {}, baseUrl: TEST_PUBLIC_URL, fetch: platform.fetch })
    return auth
  }

  it('reads the site’s captcha settings, whose keys captchaInvisibleSiteKey and captchaVisibleSiteKey then give', async () => {
    const auth = memberAuth()
    expect([auth.captchaInvisibleSiteKey, auth.captchaVisibleSiteKey]).toEqual(['', ''])
    expect(await auth.getCaptchaSettings()).toEqual({ captchaRequired: true, provider: 'test', siteKeys })
    expect([auth.captchaInvisibleSiteKey, auth.captchaVisibleSiteKey]).toEqual([
      siteKeys.invisible,
      siteKeys.visible,
    ])
    // Keys the app passes win over the site's.
    const own = OAuthStrategy({ clientId: DEMO_CLIENT_ID, captchaSiteKeys: { invisible: 'own-invisible' } })
    createClient({ auth: own, modules: {}, baseUrl: TEST_PUBLIC_URL, fetch: platform.fetch })
    await own.getCaptchaSettings()
    expect([own.captchaInvisibleSiteKey, own.captchaVisibleSiteKey]).toEqual([
      'own-invisible',
      siteKeys.visible,
    ])
  })

  it('registers through SILENT_CAPTCHA_REQUIRED, then USER_CAPTCHA_REQUIRED, then SUCCESS', async () => {
    const auth = memberAuth()
    const email = newEmail('sdk-captcha')
    const silent = await auth.register({ email, password: MEMBER_PASSWORD })
    expect(silent).toEqual({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      error: expect.any(String),
      errorCode: 'missingCaptchaToken',
      data: { siteKeys },
    })
    const user = await auth.register({
      email,
      password: MEMBER_PASSWORD,
      captchaTokens: { invisibleRecaptchaToken: 'a-bot-answer' },
    })
    expect(user).toEqual({
      loginState: 'USER_CAPTCHA_REQUIRED',
      error: expect.any(String),
      errorCode: 'invalidCaptchaToken',
      data: { siteKeys },
    })
    const registered = await auth.register({
      email,
      password: MEMBER_PASSWORD,
      captchaTokens: { recaptchaToken: pass() },
    })
    expect(registered.loginState).toBe('SUCCESS')
  })

  it('logs in through the same states; a reused answer asks for the visible captcha', async () => {
    const email = newEmail('sdk-captcha-login')
    const registered = await memberAuth().register({
      email,
      password: MEMBER_PASSWORD,
      captchaTokens: { recaptchaToken: pass() },
    })
    expect(registered.loginState).toBe('SUCCESS')
    const auth = memberAuth()
    expect(await auth.login({ email, password: MEMBER_PASSWORD })).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
      data: { siteKeys },
    })
    const answer = pass()
    const login = await auth.login({
      email,
      password: MEMBER_PASSWORD,
      captchaTokens: { invisibleRecaptchaToken: answer },
    })
    expect(login.loginState).toBe('SUCCESS')
    expect(
      await auth.login({
        email,
        password: MEMBER_PASSWORD,
        captchaTokens: { invisibleRecaptchaToken: answer },
      }),
    ).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
      data: { siteKeys },
    })
  })
})
