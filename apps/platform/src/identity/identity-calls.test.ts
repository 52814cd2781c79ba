import { authentication, createClient, createMemoryTokenStorage, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import {
  browse,
  createAuthSession,
  createPkce,
  exchangeCode,
  MEMBER_PASSWORD,
  memberTokens,
  newEmail,
  readCallback,
  register,
} from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from './identity-policy.ts'
import { approveMember } from './members/member-moderation.ts'
import { lastMailTo } from './testing/member-mail.ts'

// The identity calls of spec section 7 beyond v2 register and login, driven by the real SDK's
// authentication module against the real app, plus their bad inputs.
describe.each(databaseKinds())('identity calls on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
  })
  afterAll(() => db.close())

  function sdk() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    const client = createClient({
      auth,
      modules: { authentication },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    return { auth, client }
  }
  /** Member tokens of a second login of `email` (a direct login turned into a code and exchanged). */
  async function loginOnAnotherDevice(email: string) {
    const visitor = (await platform.visitorTokens()).access_token
    const login = await platform.call('POST', '/identity/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: MEMBER_PASSWORD },
    })
    const pkce = createPkce()
    const session = await createAuthSession(platform, visitor, {
      challenge: pkce.codeChallenge,
      prompt: 'none',
      sessionToken: login.json.sessionToken,
    })
    const page = await browse(platform, session.json.redirectSession.fullUrl)
    const code = readCallback(page.location).code!
    const tokens = await exchangeCode(platform, { code, codeVerifier: pkce.codeVerifier })
    return tokens.json as { access_token: string; refresh_token: string }
  }
  const withPolicy = async (policy: Partial<typeof DEFAULT_IDENTITY_POLICY>, run: () => Promise<void>) => {
    await saveIdentityPolicy(db, siteId, policy, platform.clock())
    try {
      await run()
    } finally {
      await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
    }
  }

  describe('POST /identity/v1/register and /identity/v1/login', () => {
    it('registers and logs in with the password authenticator through the SDK', async () => {
      const { client } = sdk()
      const email = newEmail('v1')
      const registered = await client.authentication.register({
        identity: { email: { address: email }, identityProfile: { nickname: 'V1' } },
        authenticatorId: 'password',
        inputs: { password: MEMBER_PASSWORD },
      })
      expect(registered).toMatchObject({ state: 'SUCCESS', identity: { email: { address: email } } })
      expect(registered.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const loggedIn = await client.authentication.login({
        loginId: { email: email.toUpperCase() },
        authenticatorId: 'password',
        inputs: { password: MEMBER_PASSWORD },
      })
      expect(loggedIn.state).toBe('SUCCESS')
      const byIdentifier = await client.authentication.login({
        identifier: { email },
        inputs: { password: MEMBER_PASSWORD },
      })
      expect(byIdentifier.state).toBe('SUCCESS')
    })

    it('answers -19976 alike for a wrong password and an unknown e-mail, and -19995 for a taken e-mail', async () => {
      const { client } = sdk()
      const email = newEmail('v1-taken')
      await client.authentication.register({
        identity: { email: { address: email } },
        inputs: { password: MEMBER_PASSWORD },
      })
      const wrong = await client.authentication
        .login({ loginId: { email }, inputs: { password: 'not the password' } })
        .catch((e) => e)
      const unknown = await client.authentication
        .login({ loginId: { email: newEmail('nobody') }, inputs: { password: 'not the password' } })
        .catch((e) => e)
      expect([wrong.code, unknown.code]).toEqual(['-19976', '-19976'])
      expect(wrong.message).toBe(unknown.message)
      const taken = await client.authentication
        .register({ identity: { email: { address: email } }, inputs: { password: MEMBER_PASSWORD } })
        .catch((e) => e)
      expect(taken.code).toBe('-19995')
    })

    it.each([
      [
        'a bad e-mail, named as sent',
        { identity: { email: { address: 'not-an-email' } }, inputs: { password: MEMBER_PASSWORD } },
        'identity.email.address',
      ],
      [
        'a short password, named as sent',
        { identity: { email: { address: 'short@example.com' } }, inputs: { password: 'short' } },
        'inputs.password',
      ],
      [
        'another authenticator',
        {
          identity: { email: { address: 'x@example.com' } },
          authenticatorId: 'otp',
          inputs: { password: MEMBER_PASSWORD },
        },
        'authenticatorId',
      ],
      ['no inputs', { identity: { email: { address: 'x@example.com' } } }, 'inputs'],
      ['no identity', { inputs: { password: MEMBER_PASSWORD } }, 'identity'],
    ])('refuses a v1 registration with %s', async (_what, body, field) => {
      const visitor = (await platform.visitorTokens()).access_token
      const response = await platform.call('POST', '/identity/v1/register', { token: visitor, body })
      expect(response.status).toBe(400)
      expect(
        response.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain(field)
    })

    it('refuses a v1 login without any e-mail', async () => {
      const visitor = (await platform.visitorTokens()).access_token
      const response = await platform.call('POST', '/identity/v1/login', {
        token: visitor,
        body: { inputs: { password: MEMBER_PASSWORD } },
      })
      expect(response.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'loginId.email',
        violatedRule: 'REQUIRED_FIELD',
      })
    })
  })

  describe('POST /identity/v1/state/proceed', () => {
    it('moves a member waiting for the owner on once approved, with the same state token until then, once', async () => {
      await withPolicy({ ownerApprovalRequired: true, emailVerificationRequired: true }, async () => {
        const { client } = sdk()
        const email = newEmail('proceed')
        const registered = await client.authentication.registerV2({
          loginId: { email },
          password: MEMBER_PASSWORD,
        })
        expect(registered.state).toBe('REQUIRE_EMAIL_VERIFICATION')
        const stateToken = registered.stateToken!
        const waiting = await client.authentication.proceedToNextStep({ stateToken })
        expect(waiting).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken })
        // The member proves the address elsewhere (as an activation link would) and waits for the owner.
        await db.query(
          `update members set email_verified = true, pending_reason = 'PENDING_ADMIN_APPROVAL_REQUIRED' where id = $1`,
          [registered.identity!._id],
        )
        const approval = await client.authentication.proceedToNextStep({ stateToken })
        expect(approval).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken })
        expect(approval.sessionToken).toBeUndefined()
        await approveMember(db, { siteId, memberId: registered.identity!._id! }, platform.clock())
        const done = await client.authentication.proceedToNextStep({ stateToken })
        expect(done.state).toBe('SUCCESS')
        expect(done.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
        const again = await client.authentication.proceedToNextStep({ stateToken }).catch((e) => e)
        expect(again.code).toBe('STATE_TOKEN_INVALID')
      })
    })

    it('keeps a decoy (a taken e-mail on a verifying site) waiting like a new sign-up', async () => {
      const email = newEmail('proceed-decoy')
      const visitor = (await platform.visitorTokens()).access_token
      await register(platform, visitor, email)
      await withPolicy({ emailVerificationRequired: true }, async () => {
        const decoy = await register(platform, visitor, email)
        expect(decoy.json.state).toBe('REQUIRE_EMAIL_VERIFICATION')
        const proceed = await platform.call('POST', '/identity/v1/state/proceed', {
          token: visitor,
          body: { stateToken: decoy.json.stateToken },
        })
        expect(proceed.json).toMatchObject({
          state: 'REQUIRE_EMAIL_VERIFICATION',
          stateToken: decoy.json.stateToken,
        })
      })
    })

    it.each([
      ['an unknown state token', async () => 'forged-state-token'],
      [
        'the state token of another client',
        async () => {
          await db.query(
            `insert into oauth_clients (id, site_id, name) values ('proceed-other', $1, 'Other') on conflict do nothing`,
            [siteId],
          )
          let stateToken = ''
          await withPolicy({ emailVerificationRequired: true }, async () => {
            const other = (await platform.visitorTokens('proceed-other')).access_token
            stateToken = (await register(platform, other, newEmail('proceed-other'))).json.stateToken
          })
          return stateToken
        },
      ],
    ])('refuses %s with STATE_TOKEN_INVALID', async (_what, stateToken) => {
      const visitor = (await platform.visitorTokens()).access_token
      const response = await platform.call('POST', '/identity/v1/state/proceed', {
        token: visitor,
        body: { stateToken: await stateToken() },
      })
      expect(response.status).toBe(400)
      expect(response.json.details.applicationError.code).toBe('STATE_TOKEN_INVALID')
    })
  })

  describe('POST /identity/v2/change-password', () => {
    it('sets the new password, keeps this device, signs the others out and e-mails the member', async () => {
      const visitor = (await platform.visitorTokens()).access_token
      const email = newEmail('change')
      const here = await memberTokens(platform, visitor, email)
      const elsewhereLogin = await platform.call('POST', '/identity/v2/login', {
        token: (await platform.visitorTokens()).access_token,
        body: { loginId: { email }, password: MEMBER_PASSWORD },
      })
      expect(elsewhereLogin.status).toBe(200)
      const changed = await platform.call('POST', '/identity/v2/change-password', {
        token: here.tokens.access_token,
        body: { newPassword: 'a brand new passphrase' },
      })
      expect(changed.status).toBe(200)
      expect(changed.json).toEqual({})
      expect(
        (await platform.call('GET', '/ecom/v1/carts/current', { token: here.tokens.access_token })).status,
      ).not.toBe(401)
      const unused = await db.query<{ used_at: Date | null }>(
        'select used_at from member_session_tokens where token_hash = $1',
        [hashToken(elsewhereLogin.json.sessionToken)],
      )
      expect(unused[0]?.used_at).not.toBeNull()
      const fresh = (await platform.visitorTokens()).access_token
      const login = (password: string) =>
        platform.call('POST', '/identity/v2/login', { token: fresh, body: { loginId: { email }, password } })
      expect((await login(MEMBER_PASSWORD)).json.details.applicationError.code).toBe('-19976')
      expect((await login('a brand new passphrase')).json.state).toBe('SUCCESS')
      expect((await lastMailTo(db, email)).topic).toBe('password-changed')
    })

    it('revokes the member’s other token families and keeps the caller’s', async () => {
      const email = newEmail('change-families')
      const first = await memberTokens(platform, (await platform.visitorTokens()).access_token, email)
      const second = await loginOnAnotherDevice(email)
      const families = await db.query<{ family_id: string }>(
        `select distinct family_id from oauth_tokens where role = 'member' and subject_id = $1`,
        [first.memberId],
      )
      expect(families).toHaveLength(2)
      await platform.call('POST', '/identity/v2/change-password', {
        token: first.tokens.access_token,
        body: { newPassword: 'another passphrase' },
      })
      const cart = (token: string) => platform.call('GET', '/ecom/v1/carts/current', { token })
      expect((await cart(second.access_token)).status).toBe(401)
      expect((await cart(first.tokens.access_token)).status).not.toBe(401)
      const refreshed = await platform.call('POST', '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: second.refresh_token },
      })
      expect(refreshed.json.error).toBe('invalid_grant')
    })

    it.each([
      ['a visitor’s token', 'visitor', 'a fine passphrase', 403],
      ['a short password', 'member', 'short', 400],
      ['a password over 256 characters', 'member', 'x'.repeat(257), 400],
    ])('refuses %s', async (_what, role, newPassword, status) => {
      const visitor = (await platform.visitorTokens()).access_token
      const token = role === 'visitor' ? visitor : (await memberTokens(platform, visitor)).tokens.access_token
      const response = await platform.call('POST', '/identity/v2/change-password', {
        token,
        body: { newPassword },
      })
      expect(response.status).toBe(status)
    })

    it('works through the SDK for a member who logged in directly', async () => {
      const { auth, client } = sdk()
      const email = newEmail('sdk-change')
      const registered = await auth.register({ email, password: MEMBER_PASSWORD })
      if (registered.loginState !== 'SUCCESS') throw new Error(registered.loginState)
      await auth.getMemberTokensForDirectLogin(registered.data.sessionToken, {
        redirectUri: 'http://localhost:3000/callback',
      })
      await client.authentication.changePassword({ newPassword: 'sdk new passphrase' })
      const again = await auth.login({ email, password: 'sdk new passphrase' })
      expect(again.loginState).toBe('SUCCESS')
    })
  })

  describe('GET /identity/v1/logout from the SDK’s logoutUrl', () => {
    it('builds a URL the platform accepts for a registered URI, and refuses an unregistered one', async () => {
      const { client } = sdk()
      const good = client.authentication.logoutUrl({
        postLogoutRedirectUri: 'http://localhost:3000/',
        clientId: DEMO_CLIENT_ID,
      })
      const response = await platform.app.request(good)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('http://localhost:3000/')
      for (const target of [
        'https://evil.example/',
        'http://localhost:3000',
        'http://localhost:3000/?next=x',
        '//evil.example',
      ]) {
        const bad = client.authentication.logoutUrl({
          postLogoutRedirectUri: target,
          clientId: DEMO_CLIENT_ID,
        })
        const refused = await platform.app.request(bad)
        expect(refused.status).toBe(400)
        expect(refused.headers.get('location')).toBeNull()
      }
      const unknownClient = client.authentication.logoutUrl({
        postLogoutRedirectUri: 'http://localhost:3000/',
        clientId: 'nobody',
      })
      expect((await platform.app.request(unknownClient)).status).toBe(400)
    })
  })
})
