import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { hashToken } from '../../oauth/opaque-token.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import {
  browse,
  cookiesOf,
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  exchangeCode,
  MEMBER_PASSWORD,
  newEmail,
  readCallback,
  register,
  submitLoginForm,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

describe.each(databaseKinds())('hosted login on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  let email: string
  const pkce = createPkce()
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    email = newEmail()
    await register(platform, (await platform.visitorTokens()).access_token, email)
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const authSession = async (fields: Parameters<typeof createAuthSession>[2] | object = {}) => {
    const response = await createAuthSession(platform, visitor, { challenge: pkce.codeChallenge, ...fields })
    expect(response.status).toBe(200)
    return response.json.redirectSession.fullUrl as string
  }
  /** A browser signed in on the hosted pages: its cookies. */
  const signedInBrowser = async () => {
    const response = await submitLoginForm(platform, await authSession(), email, MEMBER_PASSWORD)
    expect(response.status).toBe(303)
    return cookiesOf(response.headers)
  }

  describe('GET /_auth/authorize', () => {
    it('shows a login form that works without script, cannot be framed and sends no Referer', async () => {
      const page = await browse(platform, await authSession({ responseMode: 'fragment' }))
      expect(page.status).toBe(200)
      expect(page.text).toMatch(/<form action="\/_auth\/authorize\?session=[A-Za-z0-9_-]{43}" method="post">/)
      expect(page.text).toContain('<input type="hidden" name="csrf"')
      expect(page.text).not.toContain('<script')
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      const policy = page.headers.get('content-security-policy')!
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toContain("form-action 'self' http://localhost:3000")
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
      expect(page.headers.getSetCookie()).toEqual([
        expect.stringMatching(
          /^aisle_auth_form=[A-Za-z0-9_-]{43}; Path=\/_auth; Max-Age=3600; HttpOnly; SameSite=Strict$/,
        ),
      ])
    })

    it('redirects with login_required and the state, and no code, for prompt none without a session', async () => {
      const page = await browse(
        platform,
        await authSession({ prompt: 'none', state: 'abc', responseMode: 'fragment' }),
      )
      expect(page.status).toBe(302)
      expect(page.location).toMatch(/^http:\/\/localhost:3000\/callback#/)
      expect(readCallback(page.location)).toMatchObject({
        error: 'login_required',
        state: 'abc',
        code: undefined,
      })
    })

    it('answers a code at once to a browser signed in on the hosted pages, with prompt login or none', async () => {
      const cookies = await signedInBrowser()
      for (const prompt of ['login', 'none'] as const) {
        const page = await browse(platform, await authSession({ prompt, state: `s-${prompt}` }), { cookies })
        expect(page.status).toBe(302)
        const callback = readCallback(page.location)
        expect(callback).toMatchObject({
          state: `s-${prompt}`,
          code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        })
        expect(callback.url.origin + callback.url.pathname).toBe(DEMO_REDIRECT_URI)
      }
    })

    it('lets a signed-in browser choose its account for prompt select_account: go on, or sign in as another', async () => {
      const cookies = await signedInBrowser()
      const fullUrl = await authSession({ prompt: 'select_account', state: 's-select' })
      const chooser = await browse(platform, fullUrl, { cookies })
      expect(chooser.status).toBe(200)
      expect(chooser.text).toContain(`Continue as ${email}`)
      expect(chooser.text).not.toContain('<script')
      const hrefs = [...chooser.text.matchAll(/<a href="([^"]+)"/g)].map((match) =>
        new URL(match[1]!.replaceAll('&amp;', '&'), fullUrl).toString(),
      )
      const [continueUrl, otherUrl] = hrefs as [string, string]
      expect(new URL(continueUrl).searchParams.get('account')).toBe('current')
      expect(new URL(otherUrl).searchParams.get('account')).toBe('other')

      // "Use another account" shows the login form even though the browser is signed in, and a login
      // there signs the browser in as that member.
      const other = newEmail('other-account')
      await register(platform, visitor, other)
      const form = await browse(platform, otherUrl, { cookies })
      expect(form.status).toBe(200)
      expect(form.text).toContain('name="password"')
      const back = await submitLoginForm(platform, otherUrl, other, MEMBER_PASSWORD)
      expect(readCallback(back.location)).toMatchObject({ state: 's-select', code: expect.any(String) })

      // "Continue" answers the code for the member already signed in.
      const again = await authSession({ prompt: 'select_account', state: 's-continue' })
      const chooserAgain = await browse(platform, again, { cookies })
      const continueAgain = new URL(
        [...chooserAgain.text.matchAll(/<a href="([^"]+)"/g)][0]![1]!.replaceAll('&amp;', '&'),
        again,
      ).toString()
      const page = await browse(platform, continueAgain, { cookies })
      expect(page.status).toBe(302)
      const callback = readCallback(page.location)
      expect(callback).toMatchObject({ state: 's-continue', code: expect.any(String) })
      const tokens = await exchangeCode(platform, { code: callback.code!, codeVerifier: pkce.codeVerifier })
      expect(tokens.status).toBe(200)
    })

    it('shows the login form for prompt select_account without a signed-in browser, and gives consent for first-party clients', async () => {
      const page = await browse(platform, await authSession({ prompt: 'select_account' }))
      expect(page.status).toBe(200)
      expect(page.text).toContain('name="password"')
      // consent: no consent screen for the site's own clients (decision 036); a signed-in browser goes on.
      const cookies = await signedInBrowser()
      const consent = await browse(platform, await authSession({ prompt: 'consent', state: 's-consent' }), {
        cookies,
      })
      expect(readCallback(consent.location)).toMatchObject({ state: 's-consent', code: expect.any(String) })
      expect((await browse(platform, await authSession({ prompt: 'consent' }))).text).toContain(
        'name="password"',
      )
    })

    it('turns a direct login’s session token into a code once: the second use is login_required', async () => {
      const registered = await register(platform, visitor, newEmail())
      const sessionToken = registered.json.sessionToken
      const first = await browse(platform, await authSession({ prompt: 'none', sessionToken }))
      expect(readCallback(first.location).code).toBeDefined()
      expect(first.headers.getSetCookie()[0]).toMatch(
        /^aisle_member_[0-9a-f-]{36}=[A-Za-z0-9_-]{43}; Path=\/;/,
      )
      const second = await browse(platform, await authSession({ prompt: 'none', sessionToken }))
      expect(readCallback(second.location)).toMatchObject({ error: 'login_required', code: undefined })
    })

    it('refuses a session token after five minutes, or for another client', async () => {
      await db.query(
        `insert into oauth_clients (id, site_id, name, redirect_uris)
         select 'second-client', site_id, 'Second', redirect_uris from oauth_clients where id = $1
         on conflict do nothing`,
        [DEMO_CLIENT_ID],
      )
      const late = await register(platform, visitor, newEmail())
      const lateUrl = await authSession({ prompt: 'none', sessionToken: late.json.sessionToken })
      platform.clock.advance(301)
      expect(readCallback((await browse(platform, lateUrl)).location).error).toBe('login_required')

      const other = await register(platform, visitor, newEmail())
      const otherUrl = await authSession({
        prompt: 'none',
        sessionToken: other.json.sessionToken,
        clientId: 'second-client',
      })
      expect(readCallback((await browse(platform, otherUrl)).location).error).toBe('login_required')
    })

    it('never redirects for a missing or unknown session', async () => {
      for (const url of ['/_auth/authorize', '/_auth/authorize?session=unknown', '/_auth/login?session=']) {
        const page = await browse(platform, url)
        expect(page.status).toBe(400)
        expect(page.location).toBeNull()
      }
    })
  })

  describe('POST /_auth/authorize', () => {
    it('signs the browser in with an HttpOnly, SameSite=Lax cookie stored hashed, and sends the code and state in the fragment', async () => {
      const response = await submitLoginForm(
        platform,
        await authSession({ responseMode: 'fragment', state: 'xyz' }),
        email.toUpperCase(),
        MEMBER_PASSWORD,
      )
      expect(response.status).toBe(303)
      expect(response.location).toMatch(
        /^http:\/\/localhost:3000\/callback#code=[A-Za-z0-9_-]{43}&state=xyz$/,
      )
      const [session, formCookie] = response.headers.getSetCookie()
      expect(session).toMatch(
        /^aisle_member_[0-9a-f-]{36}=([A-Za-z0-9_-]{43}); Path=\/; Max-Age=1209600; HttpOnly; SameSite=Lax$/,
      )
      expect(formCookie).toMatch(/^aisle_auth_form=; .*Max-Age=0/)
      const sessionId = /=([A-Za-z0-9_-]{43});/.exec(session!)![1]!
      const stored = await db.query('select 1 from hosted_login_sessions where id_hash = $1', [
        hashToken(sessionId),
      ])
      expect(stored).toHaveLength(1)
      const raw = await db.query('select 1 from hosted_login_sessions where id_hash = $1', [sessionId])
      expect(raw).toHaveLength(0)
    })

    it('shows the form again, with one message for an unknown e-mail and a wrong password, and no cookie', async () => {
      const pages = [
        await submitLoginForm(platform, await authSession(), newEmail('nobody'), MEMBER_PASSWORD),
        await submitLoginForm(platform, await authSession(), email, 'wrong password'),
      ]
      for (const page of pages) {
        expect(page.status).toBe(401)
        expect(page.text).toContain('The e-mail or the password is wrong.')
        expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(false)
      }
    })

    it('refuses a post without the form’s cookie, with another token, or from another site (login CSRF)', async () => {
      const url = await authSession()
      const form = await browse(platform, url)
      const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1]!
      const fields = { csrf, email, password: MEMBER_PASSWORD }
      const attempts: { form: Record<string, string>; cookies?: string; headers: Record<string, string> }[] =
        [
          { form: fields, headers: { 'sec-fetch-site': 'same-origin' } },
          {
            form: fields,
            cookies: 'aisle_auth_form=other-token',
            headers: { 'sec-fetch-site': 'same-origin' },
          },
          { form: fields, cookies: cookiesOf(form.headers), headers: { 'sec-fetch-site': 'cross-site' } },
          { form: fields, cookies: cookiesOf(form.headers), headers: { origin: 'https://evil.com' } },
        ]
      for (const attempt of attempts) {
        const response = await browse(platform, url, { method: 'POST', ...attempt })
        expect(response.status).toBe(403)
        expect(response.location).toBeNull()
      }
      const fair = await browse(platform, url, {
        method: 'POST',
        form: fields,
        cookies: cookiesOf(form.headers),
        headers: { origin: 'http://platform.test' },
      })
      expect(fair.status).toBe(303)
    })
  })

  describe('login and logout sessions', () => {
    it('signs in on /_auth/login and goes back to postFlowUrl; a signed-in browser goes straight back', async () => {
      const create = () =>
        platform.call('POST', '/redirects/v1/redirect-session', {
          token: visitor,
          body: { login: {}, callbacks: { postFlowUrl: DEMO_REDIRECT_URI } },
        })
      const first = await create()
      const signedIn = await submitLoginForm(
        platform,
        first.json.redirectSession.fullUrl,
        email,
        MEMBER_PASSWORD,
      )
      expect(signedIn.status).toBe(303)
      expect(signedIn.location).toBe(DEMO_REDIRECT_URI)
      const second = await create()
      const page = await browse(platform, second.json.redirectSession.fullUrl, {
        cookies: cookiesOf(signedIn.headers),
      })
      expect(page.status).toBe(302)
      expect(page.location).toBe(DEMO_REDIRECT_URI)
    })

    it('signs out on /_auth/logout: the cookie is deleted, the session and its tokens revoked', async () => {
      const cookies = await signedInBrowser()
      const page = await browse(platform, await authSession(), { cookies })
      const tokens = await exchangeCode(platform, {
        code: readCallback(page.location).code!,
        codeVerifier: pkce.codeVerifier,
      })
      expect(tokens.status).toBe(200)
      const logout = await platform.call('POST', '/redirects/v1/redirect-session', {
        token: tokens.json.access_token,
        body: { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: DEMO_REDIRECT_URI } },
      })
      const out = await browse(platform, logout.json.redirectSession.fullUrl, { cookies })
      expect(out.status).toBe(302)
      expect(out.location).toBe(DEMO_REDIRECT_URI)
      expect(out.headers.getSetCookie()[0]).toMatch(/^aisle_member_[0-9a-f-]{36}=; Path=\/; Max-Age=0;/)
      const refresh = await platform.call('POST', '/oauth2/token', {
        body: {
          clientId: DEMO_CLIENT_ID,
          grantType: 'refresh_token',
          refresh_token: tokens.json.refresh_token,
        },
      })
      expect(refresh.json.error).toBe('invalid_grant')
      // The code exchange revoked the visitor's tokens (a login makes new ones): a new visitor asks.
      visitor = (await platform.visitorTokens()).access_token
      const after = await browse(platform, await authSession({ prompt: 'none' }), { cookies })
      expect(readCallback(after.location).error).toBe('login_required')
    })
  })
})
