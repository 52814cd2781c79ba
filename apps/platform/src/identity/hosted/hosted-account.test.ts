import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createTestBrowser } from '../../testing/dashboard-browser.ts'
import {
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  exchangeCode,
  MEMBER_PASSWORD,
  newEmail,
  readCallback,
  register,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { codeIn, lastMailTo, mailsTo, recoveryLinkIn } from '../testing/member-mail.ts'

const NEW_PASSWORD = 'a brand new passphrase'

describe.each(databaseKinds())('hosted account pages on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let browser: ReturnType<typeof createTestBrowser>
  const pkce = createPkce()
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    siteId = client!.site_id
  })
  beforeEach(async () => {
    browser = createTestBrowser(platform.app)
    await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
  })
  afterAll(() => db.close())

  const policy = (changes: Parameters<typeof saveIdentityPolicy>[2]) =>
    saveIdentityPolicy(db, siteId, changes, platform.clock())
  /** The path and query of a new `auth` redirect session's hosted login page, and its session token. */
  const loginPage = async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const session = await createAuthSession(platform, visitor, { challenge: pkce.codeChallenge, state: 'st' })
    const url = new URL(session.json.redirectSession.fullUrl)
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('session')! }
  }
  const at = (path: string, token: string) => `${path}?${new URLSearchParams({ session: token })}`
  const expectLoggedInRedirect = async (response: { status: number; location: string | null }) => {
    expect(response.status).toBe(303)
    const callback = readCallback(response.location)
    expect(`${callback.url.origin}${callback.url.pathname}`).toBe(DEMO_REDIRECT_URI)
    expect(callback.state).toBe('st')
    const tokens = await exchangeCode(platform, { code: callback.code!, codeVerifier: pkce.codeVerifier })
    expect(tokens.status).toBe(200)
  }
  const signUp = async (email: string, password = MEMBER_PASSWORD) => {
    const { path, token } = await loginPage()
    const login = await browser.get(path)
    const href = /href="(\/_auth\/signup\?session=[^"]+)"/.exec(login.text)?.[1]
    expect(href).toBe(at('/_auth/signup', token))
    const form = await browser.get(href!)
    expect(form.status).toBe(200)
    return { token, answer: await browser.post(href!, { email, password }) }
  }

  it('the login page links to sign-up and forgot-password of its own session', async () => {
    const { path, token } = await loginPage()
    const page = await browser.get(path)
    expect(page.text).toContain(`href="${at('/_auth/signup', token).replace('&', '&amp;')}"`)
    expect(page.text).toContain(`href="${at('/_auth/forgot-password', token)}"`)
  })

  it('signs up and goes back to the shop signed in, where no rule asks more', async () => {
    const { answer } = await signUp(newEmail('hosted'))
    await expectLoggedInRedirect(answer)
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(true)
  })

  it('shows the form again for a taken e-mail, a bad e-mail and a short password, signing nobody in', async () => {
    const email = newEmail('taken')
    await register(platform, (await platform.visitorTokens()).access_token, email)
    const cases: [string, string, number, string][] = [
      [email, MEMBER_PASSWORD, 409, 'An account with this e-mail already exists'],
      ['not-an-email', MEMBER_PASSWORD, 400, 'Enter an e-mail address'],
      [newEmail(), 'short', 400, 'at least 10 characters'],
    ]
    for (const [address, password, status, text] of cases) {
      const { answer } = await signUp(address, password)
      expect(answer.status).toBe(status)
      expect(answer.text).toContain(text)
      expect(answer.location).toBeNull()
    }
  })

  it('asks for the e-mailed code where the site verifies e-mails, keeping the state token out of URLs', async () => {
    await policy({ emailVerificationRequired: true })
    const email = newEmail('code')
    const { token, answer } = await signUp(email)
    expect(answer.status).toBe(303)
    expect(answer.location).toBe(at('/_auth/verify-email', token))
    expect(answer.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^aisle_auth_verify=[A-Za-z0-9_-]{43}; Path=\/_auth; Max-Age=3600; HttpOnly; SameSite=Strict$/,
      ),
    ])
    const entry = await browser.get(answer.location!)
    expect(entry.status).toBe(200)
    expect(entry.headers.get('x-frame-options')).toBe('DENY')
    expect(entry.headers.get('referrer-policy')).toBe('no-referrer')
    const code = codeIn((await lastMailTo(db, email)).text)
    const wrong = await browser.post(answer.location!, {
      code: code === '00000000' ? '11111111' : '00000000',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain('The code is wrong')
    const resent = await browser.post(at('/_auth/verify-email/resend', token))
    expect(resent.text).toContain('We sent a new code')
    const fresh = codeIn((await lastMailTo(db, email)).text)
    const right = await browser.post(answer.location!, { code: fresh })
    await expectLoggedInRedirect(right)
    expect(right.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^aisle_auth_verify=; .*Max-Age=0/),
    )
  })

  it('answers a taken e-mail like a new one where the site verifies e-mails, and tells its owner', async () => {
    const email = newEmail('decoy')
    await register(platform, (await platform.visitorTokens()).access_token, email)
    await policy({ emailVerificationRequired: true })
    const { token, answer } = await signUp(email)
    expect(answer.status).toBe(303)
    expect(answer.location).toBe(at('/_auth/verify-email', token))
    expect((await lastMailTo(db, email)).topic).toBe('existing-account')
  })

  it('shows the approval-pending page after sign-up and sign-in where the owner approves members', async () => {
    await policy({ ownerApprovalRequired: true })
    const email = newEmail('approval')
    const { answer } = await signUp(email)
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('Waiting for approval')
    expect(answer.text).toContain('href="http://localhost:3000/"')
    const { path } = await loginPage()
    await browser.get(path)
    const signIn = await browser.post(path, { email, password: MEMBER_PASSWORD })
    expect(signIn.text).toContain('Waiting for approval')
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(false)
  })

  it('sends a member who signs in before verifying to the code entry, with a new code', async () => {
    await policy({ emailVerificationRequired: true })
    const email = newEmail('later')
    await register(platform, (await platform.visitorTokens()).access_token, email)
    const { path, token } = await loginPage()
    await browser.get(path)
    const signIn = await browser.post(path, { email, password: MEMBER_PASSWORD })
    expect(signIn.location).toBe(at('/_auth/verify-email', token))
    expect(await mailsTo(db, email)).toHaveLength(2)
    await browser.get(signIn.location!)
    const right = await browser.post(signIn.location!, { code: codeIn((await lastMailTo(db, email)).text) })
    await expectLoggedInRedirect(right)
  })

  it('resets a forgotten password: same page for any address, a link, the new password, no sign-in', async () => {
    const email = newEmail('forgot')
    await register(platform, (await platform.visitorTokens()).access_token, email)
    const { path, token } = await loginPage()
    await browser.get(path)
    const forgot = at('/_auth/forgot-password', token)
    await browser.get(forgot)
    const known = await browser.post(forgot, { email })
    await browser.get(forgot)
    const unknown = await browser.post(forgot, { email: newEmail('nobody') })
    expect(known.status).toBe(200)
    expect(known.text.replace(/nonce="[^"]+"/g, '')).toBe(unknown.text.replace(/nonce="[^"]+"/g, ''))
    const { link } = recoveryLinkIn((await lastMailTo(db, email)).text)
    const resetPath = link.replace(/^http:\/\/platform\.test/, '')
    const reset = await browser.get(resetPath)
    expect(reset.status).toBe(200)
    expect(reset.headers.get('referrer-policy')).toBe('no-referrer')
    // The link's pages wear the brand of the shop that mailed it, the way back its return address.
    const backToShop = /href="http:\/\/localhost:3000\/"[^>]*>.*Back to (<!-- -->)?Aisle Demo Store/s
    expect(reset.text).toMatch(backToShop)
    const tooShort = await browser.post('/_auth/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: 'short',
    })
    expect(tooShort.status).toBe(400)
    const done = await browser.post('/_auth/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: NEW_PASSWORD,
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('Password saved')
    expect(done.text).toContain('href="http://localhost:3000/"')
    expect(done.text).toMatch(backToShop)
    expect(done.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(false)
    const spent = await browser.get(resetPath)
    expect(spent.status).toBe(400)
    expect(spent.text).toContain('This link has expired or was already used')
    expect(spent.text).toMatch(backToShop)
    await browser.get(path)
    await expectLoggedInRedirect(await browser.post(path, { email, password: NEW_PASSWORD }))
  })

  describe('bad input', () => {
    const forms = [
      '/_auth/signup',
      '/_auth/forgot-password',
      '/_auth/verify-email',
      '/_auth/verify-email/resend',
    ]

    it.each(forms)('%s refuses a post from another site (403), changing nothing', async (form) => {
      const { token } = await loginPage()
      await browser.get(at('/_auth/signup', token))
      const email = newEmail('csrf')
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
        const answer = await browser.post(
          at(form, token),
          { email, password: MEMBER_PASSWORD, code: '1' },
          headers,
        )
        expect(answer.status).toBe(403)
        expect(answer.location).toBeNull()
      }
      expect(await mailsTo(db, email)).toHaveLength(0)
      expect(await db.query('select 1 from members where login_email = $1', [email])).toHaveLength(0)
    })

    it.each(['/_auth/signup', '/_auth/forgot-password'])(
      '%s refuses a post without the form’s token (login CSRF)',
      async (form) => {
        const { token } = await loginPage()
        await browser.get(at(form, token))
        const email = newEmail('token')
        const answer = await browser.post(at(form, token), {
          csrf: 'forged',
          email,
          password: MEMBER_PASSWORD,
        })
        expect(answer.status).toBe(403)
        expect(answer.text).toContain('The form expired')
        expect(await db.query('select 1 from members where login_email = $1', [email])).toHaveLength(0)
      },
    )

    it.each([
      ['no session', ''],
      ['an unknown session', '?session=unknown'],
      ['a session of 5000 characters', `?session=${'x'.repeat(5000)}`],
    ])('answers a 400 page, never a redirect, for %s', async (_what, query) => {
      for (const form of ['/_auth/signup', '/_auth/forgot-password', '/_auth/verify-email']) {
        const page = await browser.get(`${form}${query}`)
        expect(page.status).toBe(400)
        expect(page.location).toBeNull()
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      }
    })

    it('answers the code entry without its cookie with a 400 page', async () => {
      const { token } = await loginPage()
      expect((await browser.get(at('/_auth/verify-email', token))).status).toBe(400)
    })

    it.each([
      ['no token', '/_auth/reset-password'],
      ['an unknown token', '/_auth/reset-password?token=AAAAAAAAAAAAAAAAAAAAAA'],
      ['a token of 5000 characters', `/_auth/reset-password?token=${'x'.repeat(5000)}`],
    ])('answers the reset page with %s with a 400 page', async (_what, path) => {
      const page = await browser.get(path)
      expect(page.status).toBe(400)
      expect(page.text).toContain('expired or was already used')
    })

    it('cannot be framed, cached or refer onwards', async () => {
      const { token } = await loginPage()
      for (const form of ['/_auth/signup', '/_auth/forgot-password']) {
        const page = await browser.get(at(form, token))
        expect(page.headers.get('x-frame-options')).toBe('DENY')
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
        expect(page.headers.get('cache-control')).toBe('no-store')
        expect(page.headers.get('referrer-policy')).toBe('no-referrer')
        expect(page.text).not.toContain('<script')
      }
    })
  })
})
