import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import { createArgon2idHasher } from '../passwords/argon2id-hasher.ts'
import type { PasswordHasher } from '../passwords/password-hasher.ts'
import { REDIRECT_URI_CORPUS, REGISTERED } from '../redirects/testing/redirect-uri-corpus.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import {
  browse,
  cookiesOf,
  createAuthSession,
  createPkce,
  MEMBER_PASSWORD,
  newEmail,
  register,
  submitLoginForm,
} from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from './identity-policy.ts'
import { loginMember } from './members/member-authentication.ts'
import { setMemberStatus } from './members/member-store.ts'

/** A JSON value with every leaf replaced by its type and length: what tells two answers apart but their values. */
function skeleton(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(skeleton)
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).map(([key, inner]) => [key, skeleton(inner)])
  return typeof value === 'string' ? `string(${value.length})` : typeof value
}

const GOOD_CLIENT = 'good-client'
const SIGNED_OUT = 'https://good.com/signed-out'

describe.each(databaseKinds())('identity calls on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    siteId = client!.site_id
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris, post_logout_redirect_uris)
       values ($1, $2, 'Good shop', $3, $4)`,
      [GOOD_CLIENT, siteId, [REGISTERED], [SIGNED_OUT]],
    )
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const login = (email: string, password: string, token = visitor) =>
    platform.call('POST', '/identity/v2/login', { token, body: { loginId: { email }, password } })
  const withPolicy = async (policy: { verify?: boolean; approve?: boolean }, run: () => Promise<void>) => {
    await saveIdentityPolicy(
      db,
      siteId,
      { emailVerificationRequired: !!policy.verify, ownerApprovalRequired: !!policy.approve },
      platform.clock(),
    )
    try {
      await run()
    } finally {
      await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
    }
  }

  describe('POST /identity/v2/register', () => {
    it('registers an active member and answers SUCCESS with a single-use session token stored hashed', async () => {
      const email = newEmail('Alice')
      const response = await register(platform, visitor, `  ${email.toUpperCase()} `)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.json).toEqual({
        identity: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          revision: expect.any(String),
          createdDate: '2026-06-01T12:00:00.000Z',
          updatedDate: '2026-06-01T12:00:00.000Z',
          email: { address: email.toLowerCase(), isVerified: false },
          status: { name: 'ACTIVE', reasons: [] },
          identityProfile: { nickname: 'Nick' },
        },
        state: 'SUCCESS',
        sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        additionalData: {},
      })
      const [member] = await db.query<{ login_email: string; password_hash: string }>(
        'select login_email, password_hash from members where id = $1',
        [response.json.identity.id],
      )
      expect(member!.login_email).toBe(email.toLowerCase())
      expect(member!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      const tokens = await db.query<{ token_hash: string; expires_at: Date; client_id: string }>(
        'select token_hash, expires_at, client_id from member_session_tokens where member_id = $1',
        [response.json.identity.id],
      )
      expect(tokens).toEqual([
        {
          token_hash: hashToken(response.json.sessionToken),
          expires_at: expect.any(Date),
          client_id: DEMO_CLIENT_ID,
        },
      ])
      expect(new Date(tokens[0]!.expires_at).getTime() - platform.clock().getTime()).toBeLessThanOrEqual(
        300_000,
      )
    })

    it.each([
      ['the same spelling', (email: string) => email],
      ['upper case', (email: string) => email.toUpperCase()],
      ['surrounding spaces', (email: string) => `  ${email}\t`],
    ])('answers -19995 for an e-mail already taken, in %s', async (_how, spell) => {
      const email = newEmail()
      expect((await register(platform, visitor, email)).status).toBe(200)
      const again = await register(platform, visitor, spell(email))
      expect(again.status).toBe(409)
      expect(again.json.details.applicationError).toEqual({
        code: '-19995',
        description: 'An account with this e-mail already exists',
        data: {},
      })
    })

    it.each([
      'plainaddress',
      '@example.com',
      'alice@',
      'alice@example',
      'ali ce@example.com',
      'alice@@example.com',
      '',
      `${'a'.repeat(250)}@example.com`,
    ])('answers an EMAIL field violation for %j', async (email) => {
      const response = await register(platform, visitor, email)
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations).toEqual([
        {
          field: 'loginId.email',
          description: 'must be an e-mail address',
          violatedRule: 'FORMAT',
          ruleName: 'EMAIL',
          data: { type: 'EMAIL' },
        },
      ])
    })

    it.each([
      ['9 characters', 'a'.repeat(9), 'MIN_LENGTH'],
      ['257 characters', 'a'.repeat(257), 'MAX_LENGTH'],
      ['a common breached password', 'Password123', 'OTHER'],
    ])('refuses a password of %s', async (_what, password, rule) => {
      const response = await register(platform, visitor, newEmail(), password)
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field: 'password', violatedRule: rule }),
      ])
    })

    it('asks for the owner’s approval when the site requires it, with no session token', async () => {
      await withPolicy({ approve: true }, async () => {
        const response = await register(platform, visitor, newEmail())
        expect(response.json).toMatchObject({
          state: 'REQUIRE_OWNER_APPROVAL',
          identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
        })
        expect(response.json.sessionToken).toBeUndefined()
      })
    })

    it('asks for e-mail verification when the site requires it, and answers a taken e-mail alike', async () => {
      const taken = newEmail()
      await register(platform, visitor, taken)
      await withPolicy({ verify: true }, async () => {
        const fresh = await register(platform, visitor, newEmail())
        const again = await register(platform, visitor, taken)
        for (const response of [fresh, again]) {
          expect(response.status).toBe(200)
          expect(response.json).toEqual({
            identity: expect.objectContaining({
              status: { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] },
            }),
            state: 'REQUIRE_EMAIL_VERIFICATION',
            stateToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
            additionalData: {},
          })
        }
        expect(Object.keys(again.json.identity).sort()).toEqual(Object.keys(fresh.json.identity).sort())
        const [decoy] = await db.query<{ member_id: string | null }>(
          'select member_id from identity_state_tokens where token_hash = $1',
          [hashToken(again.json.stateToken)],
        )
        expect(decoy!.member_id).toBeNull()
      })
    })

    it('answers a taken e-mail with the bytes of a new sign-up’s answer but for its values: same keys, order and lengths', async () => {
      // Addresses of one length, so the only difference left is whether the e-mail was taken.
      const tag = randomUUID().slice(0, 8)
      const taken = `taken-${tag}@example.com`
      await register(platform, visitor, taken)
      await withPolicy({ verify: true }, async () => {
        const fresh = await register(platform, visitor, `fresh-${tag}@example.com`)
        const again = await register(platform, visitor, taken)
        expect(again.text.length).toBe(fresh.text.length)
        expect(skeleton(JSON.parse(again.text))).toEqual(skeleton(JSON.parse(fresh.text)))
      })
    })

    it('needs a visitor’s or member’s token', async () => {
      const anonymous = await platform.call('POST', '/identity/v2/register', {
        body: { loginId: { email: newEmail() }, password: MEMBER_PASSWORD },
      })
      expect(anonymous.status).toBe(401)
    })
  })

  describe('POST /identity/v2/login', () => {
    it('logs a member in with any spelling of the e-mail and answers a fresh session token', async () => {
      const email = newEmail()
      const registered = await register(platform, visitor, email)
      const response = await login(` ${email.toUpperCase()}`, MEMBER_PASSWORD)
      expect(response.status).toBe(200)
      expect(response.json).toMatchObject({ state: 'SUCCESS', identity: { id: registered.json.identity.id } })
      expect(response.json.sessionToken).not.toBe(registered.json.sessionToken)
    })

    it('answers an unknown e-mail, a wrong password and a blocked member with the same status and bytes', async () => {
      const email = newEmail()
      const blocked = newEmail()
      await register(platform, visitor, email)
      const blockedId = (await register(platform, visitor, blocked)).json.identity.id
      await setMemberStatus(db, blockedId, 'BLOCKED', null, platform.clock())
      const answers = [
        await login(newEmail('nobody'), MEMBER_PASSWORD),
        await login(email, 'wrong password'),
        await login(email, ''),
        await login(blocked, MEMBER_PASSWORD),
        await login('not an e-mail', MEMBER_PASSWORD),
        await login(email, 'x'.repeat(4_000)),
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(400)
        expect(answer.text).toBe(answers[0]!.text)
      }
      expect(answers[0]!.json.details.applicationError.code).toBe('-19976')
    })

    it('spends one password verification on an unknown e-mail, as on a known one', async () => {
      const real = createArgon2idHasher()
      let verifications = 0
      const counting: PasswordHasher = {
        ...real,
        verify: (password, stored) => {
          verifications++
          return real.verify(password, stored)
        },
        verifyDummy: async (password) => {
          verifications++
          await real.verifyDummy(password)
        },
      }
      const client = { siteId, clientId: DEMO_CLIENT_ID }
      for (const email of [newEmail('unknown'), newEmail('unknown')]) {
        await expect(
          loginMember(
            { db, hasher: counting },
            client,
            { email, password: MEMBER_PASSWORD },
            platform.clock(),
          ),
        ).rejects.toMatchObject({ code: '-19976' })
      }
      expect(verifications).toBe(2)
    })

    it('tells a pending state only after the password was verified', async () => {
      await withPolicy({ approve: true }, async () => {
        const email = newEmail()
        await register(platform, visitor, email)
        expect((await login(email, 'wrong password')).json.details.applicationError.code).toBe('-19976')
        const right = await login(email, MEMBER_PASSWORD)
        expect(right.json).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL' })
        expect(right.json.sessionToken).toBeUndefined()
      })
    })
  })

  describe('GET /identity/v1/logout', () => {
    const logout = (query: Record<string, string>, cookies?: string, headers?: Record<string, string>) =>
      browse(platform, `/identity/v1/logout?${new URLSearchParams(query)}`, { cookies, headers })

    /** Posts the confirmation page's form back as the member's click does: from the platform's page. */
    async function confirm(page: Awaited<ReturnType<typeof logout>>, cookies: string) {
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1]
      if (!csrf) throw new Error(`no confirmation form: ${page.status} ${page.text.slice(0, 200)}`)
      const fields = Object.fromEntries(
        [...page.text.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
          m[1]!,
          m[2]!.replaceAll('&amp;', '&'),
        ]),
      )
      return browse(platform, '/_auth/sign-out', {
        method: 'POST',
        cookies: [cookies, cookiesOf(page.headers)].join('; '),
        form: fields,
        headers: { 'sec-fetch-site': 'same-origin' },
      })
    }

    /** A member signed in to the hosted pages: their browser's cookies and their access token. */
    async function signInBrowser() {
      // A visitor of its own: signing in ends the visitor session it started in.
      const fresh = (await platform.visitorTokens()).access_token
      const email = newEmail()
      await register(platform, fresh, email)
      const pkce = createPkce()
      const session = await createAuthSession(platform, fresh, { challenge: pkce.codeChallenge })
      const signedIn = await submitLoginForm(
        platform,
        session.json.redirectSession.fullUrl,
        email,
        MEMBER_PASSWORD,
      )
      expect(signedIn.status).toBe(303)
      const code = new URL(signedIn.location!).searchParams.get('code')!
      const tokens = await platform.call('POST', '/oauth2/token', {
        body: {
          clientId: DEMO_CLIENT_ID,
          grantType: 'authorization_code',
          code,
          codeVerifier: pkce.codeVerifier,
          redirectUri: 'http://localhost:3000/callback',
        },
      })
      expect(tokens.status).toBe(200)
      return { email, cookies: cookiesOf(signedIn.headers), accessToken: tokens.json.access_token as string }
    }

    const hostedSessionOf = async (email: string) =>
      (
        await db.query<{ revoked_date: Date | null }>(
          'select revoked_date from hosted_login_sessions where member_id = (select id from members where login_email = $1)',
          [email],
        )
      )[0]!

    const cases: [what: string, uri: string, clientId: string][] = [
      ...REDIRECT_URI_CORPUS.map(([what, uri]): [string, string, string] => [what, uri, GOOD_CLIENT]),
      ['a URI of another client', REGISTERED, DEMO_CLIENT_ID],
      ['an unknown client', REGISTERED, 'unknown-client'],
    ]
    it.each(cases)('answers a 400 page, never a redirect, for %s', async (_what, uri, clientId) => {
      const response = await logout({ postLogoutRedirectUri: uri, clientId })
      expect(response.status).toBe(400)
      expect(response.location).toBeNull()
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    })

    it('refuses a registered URI without the client id', async () => {
      expect((await logout({ postLogoutRedirectUri: REGISTERED })).status).toBe(400)
    })

    it("says a known client's refusal in its shop's brand, with no way back through the refused address", async () => {
      const refused = await logout({ postLogoutRedirectUri: 'https://evil.example/', clientId: GOOD_CLIENT })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Aisle Demo Store')
      expect(refused.text).not.toContain('evil.example')
      expect(refused.text).not.toContain('Back to')
      const unknown = await logout({ clientId: 'unknown-client' })
      expect(unknown.status).toBe(400)
      expect(unknown.text).not.toContain('Aisle Demo Store')
    })

    it('revokes the hosted-login session and the tokens issued through it once confirmed, then goes to a registered URI', async () => {
      const { email, cookies, accessToken } = await signInBrowser()
      const page = await logout({ postLogoutRedirectUri: SIGNED_OUT, clientId: GOOD_CLIENT }, cookies)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://good.com")
      // The client's shop: its name, and the way back to where the client returns after signing out.
      expect(page.text).toMatch(/href="https:\/\/good\.com\/"[^>]*>.*Back to (<!-- -->)?Aisle Demo Store/s)
      const confirmed = await confirm(page, cookies)
      expect(confirmed.status).toBe(303)
      expect(confirmed.location).toBe(SIGNED_OUT)
      // Signed out already: the next logout has nothing to end and goes straight on.
      const again = await logout({ postLogoutRedirectUri: REGISTERED, clientId: GOOD_CLIENT }, cookies)
      expect(again.status).toBe(302)
      expect(again.location).toBe(REGISTERED)

      expect((await hostedSessionOf(email)).revoked_date).not.toBeNull()
      const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: accessToken })
      expect(cart.status).toBe(401)
      const pkce = createPkce()
      const next = await createAuthSession(platform, (await platform.visitorTokens()).access_token, {
        challenge: pkce.codeChallenge,
      })
      const loginPage = await browse(platform, next.json.redirectSession.fullUrl, { cookies })
      expect(loginPage.status).toBe(200)
      expect(loginPage.text).toContain('name="password"')
    })

    it('O3: a forged logout link signs nothing out; a cross-site or tokenless post of the confirmation is refused', async () => {
      const { email, cookies, accessToken } = await signInBrowser()
      const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }
      const forged = await logout(
        { postLogoutRedirectUri: SIGNED_OUT, clientId: GOOD_CLIENT },
        cookies,
        crossSite,
      )
      expect(forged.status).toBe(200)
      expect(forged.location).toBeNull()
      expect(forged.text).toContain('Sign out?')
      expect(forged.headers.get('x-frame-options')).toBe('DENY')
      expect(forged.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_member_'))).toBe(false)
      // The same link without any client id (every site) is no stronger.
      expect((await logout({}, cookies, crossSite)).text).toContain('Sign out?')

      const fields = { postLogoutRedirectUri: SIGNED_OUT, clientId: GOOD_CLIENT }
      const fromElsewhere = await browse(platform, '/_auth/sign-out', {
        method: 'POST',
        cookies,
        form: { ...fields, csrf: 'guessed' },
        headers: crossSite,
      })
      expect(fromElsewhere.status).toBe(403)
      const withoutToken = await browse(platform, '/_auth/sign-out', {
        method: 'POST',
        cookies,
        form: { ...fields, csrf: 'guessed' },
        headers: { 'sec-fetch-site': 'same-origin' },
      })
      expect(withoutToken.status).toBe(403)
      expect(withoutToken.location).toBeNull()

      expect((await hostedSessionOf(email)).revoked_date).toBeNull()
      const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: accessToken })
      expect(cart.status).not.toBe(401)
      // The member's own click still signs out.
      expect((await confirm(forged, cookies)).location).toBe(SIGNED_OUT)
      expect((await hostedSessionOf(email)).revoked_date).not.toBeNull()
    })
  })
})
