import {
  ApiKeyStrategy,
  authentication,
  createClient,
  createMemoryTokenStorage,
  OAuthStrategy,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createTestIdentityProvider } from '../../oauth/testing/id-token-signer.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import {
  browse,
  createAuthSession,
  createPkce,
  exchangeCode,
  MEMBER_PASSWORD,
  newEmail,
  readCallback,
  register,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { blockMember } from '../members/member-moderation.ts'

const AUDIENCE = 'aisle-demo'

describe.each(databaseKinds())('sign-on and SSO on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let membersKey: string
  let catalogueKey: string
  const idp = createTestIdentityProvider()
  let connectionId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    membersKey = (
      await createApiKey(db, { siteId, name: 'members', permissions: ['members'] }, platform.clock())
    ).key
    catalogueKey = (
      await createApiKey(db, { siteId, name: 'catalogue', permissions: ['catalogue'] }, platform.clock())
    ).key
    const created = await merchantCall('POST', '/identity/v1/idp-connections', {
      name: 'Test IdP',
      issuer: idp.issuer,
      audience: AUDIENCE,
      jwks: idp.jwks,
    })
    expect(created.status).toBe(200)
    connectionId = created.json.idpConnection.id
  })
  afterAll(() => db.close())

  function merchantCall(method: string, path: string, body?: unknown, key = membersKey) {
    return platform.call(method, path, { token: key, headers: { 'aisle-site-id': siteId }, body })
  }

  /** Turns a session token into member tokens, as the SDK's direct login does. */
  async function exchangeSessionToken(sessionToken: string) {
    const visitor = (await platform.visitorTokens()).access_token
    const pkce = createPkce()
    const session = await createAuthSession(platform, visitor, {
      challenge: pkce.codeChallenge,
      prompt: 'none',
      sessionToken,
    })
    const page = await browse(platform, session.json.redirectSession.fullUrl)
    const { code } = readCallback(page.location)
    return exchangeCode(platform, { code: code!, codeVerifier: pkce.codeVerifier })
  }

  describe('POST /identity/v2/sign-on', () => {
    it('creates a member without a password through the SDK with an API key, whose session token logs them in; audited', async () => {
      const client = createClient({
        auth: ApiKeyStrategy({ apiKey: membersKey, siteId }),
        modules: { authentication },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
      const email = newEmail('sign-on')
      const answer = await client.authentication.signOn({
        loginId: { email },
        profile: { firstName: 'Signed', customFields: [{ name: 'crm', value: { strValue: 'A-1' } }] },
        verifyEmail: true,
      })
      expect(answer.identity).toMatchObject({
        email: { address: email, isVerified: true },
        status: { name: 'ACTIVE' },
      })
      expect(answer.identity?.identityProfile?.firstName).toBe('Signed')
      const [row] = await db.query<{ password_hash: string | null }>(
        'select password_hash from members where login_email = $1',
        [email],
      )
      expect(row?.password_hash).toBeNull()
      const tokens = await exchangeSessionToken(answer.sessionToken!)
      expect(tokens.status).toBe(200)
      const audit = await db.query<{ reason: string }>(
        'select reason from external_login_audit where member_id = $1',
        [answer.identity!._id],
      )
      expect(audit).toEqual([{ reason: 'sign-on' }])
      // A member with no password cannot log in with one: the answer says to set one (spec: -19973).
      const visitor = (await platform.visitorTokens()).access_token
      const login = await platform.call('POST', '/identity/v2/login', {
        token: visitor,
        body: { loginId: { email }, password: 'anything at all' },
      })
      expect(login.status).toBe(400)
      expect(login.json.details.applicationError.code).toBe('-19973')
    })

    it('answers a login of a member without a password with resetPassword, through the SDK on v2 and v1', async () => {
      const email = newEmail('sign-on-reset')
      const signedOn = await merchantCall('POST', '/identity/v2/sign-on', { loginId: { email } })
      expect(signedOn.status).toBe(200)
      const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
      const shopper = createClient({
        auth,
        modules: { authentication },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
      expect(await auth.login({ email, password: MEMBER_PASSWORD })).toMatchObject({
        loginState: 'FAILURE',
        errorCode: 'resetPassword',
      })
      await expect(
        shopper.authentication.login({ loginId: { email }, inputs: { password: MEMBER_PASSWORD } }),
      ).rejects.toMatchObject({ details: { applicationError: { code: '-19973' } } })
      // An unknown e-mail still gets the wrong-password answer, and so does a blocked member without one.
      expect(await auth.login({ email: newEmail('nobody'), password: MEMBER_PASSWORD })).toMatchObject({
        errorCode: 'invalidPassword',
      })
      await blockMember(db, { siteId, memberId: signedOn.json.identity.id }, platform.clock())
      expect(await auth.login({ email, password: MEMBER_PASSWORD })).toMatchObject({
        errorCode: 'invalidPassword',
      })
    })

    it('signs an existing member on, merging the profile only when asked', async () => {
      const email = newEmail('sign-on-existing')
      await register(platform, (await platform.visitorTokens()).access_token, email)
      const keep = await merchantCall('POST', '/identity/v2/sign-on', {
        loginId: { email },
        profile: { nickname: 'Changed' },
      })
      expect(keep.json.identity.identityProfile.nickname).toBe('Nick')
      expect(keep.json.sessionToken).toEqual(expect.any(String))
      const merged = await merchantCall('POST', '/identity/v2/sign-on', {
        loginId: { email: email.toUpperCase() },
        profile: { nickname: 'Changed' },
        mergeExistingContact: true,
      })
      expect(merged.json.identity.identityProfile.nickname).toBe('Changed')
    })

    it('gives a member who must still verify their e-mail no session token, unless the server vouches for it', async () => {
      await saveIdentityPolicy(db, siteId, { emailVerificationRequired: true }, platform.clock())
      try {
        const pending = await merchantCall('POST', '/identity/v2/sign-on', {
          loginId: { email: newEmail('pending') },
        })
        expect(pending.json.identity.status).toEqual({
          name: 'PENDING',
          reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'],
        })
        expect(pending.json.sessionToken).toBeUndefined()
        const vouched = await merchantCall('POST', '/identity/v2/sign-on', {
          loginId: { email: newEmail('vouched') },
          verifyEmail: true,
        })
        expect(vouched.json.identity.status.name).toBe('ACTIVE')
      } finally {
        await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
      }
    })

    it.each<[string, () => Promise<{ status: number; code?: string }>]>([
      [
        'a visitor token',
        async () => {
          const visitor = (await platform.visitorTokens()).access_token
          const r = await platform.call('POST', '/identity/v2/sign-on', {
            token: visitor,
            body: { loginId: { email: newEmail() } },
          })
          return { status: r.status, code: r.json.details.applicationError.code }
        },
      ],
      [
        'a key without the members permission',
        async () => {
          const r = await merchantCall(
            'POST',
            '/identity/v2/sign-on',
            { loginId: { email: newEmail() } },
            catalogueKey,
          )
          return { status: r.status, code: r.json.details.applicationError.code }
        },
      ],
      [
        'a bad e-mail',
        async () => ({
          status: (await merchantCall('POST', '/identity/v2/sign-on', { loginId: { email: 'nope' } })).status,
        }),
      ],
      [
        'a client of no site of the key',
        async () => ({
          status: (
            await merchantCall('POST', '/identity/v2/sign-on', {
              loginId: { email: newEmail() },
              clientId: 'nobody',
            })
          ).status,
        }),
      ],
      [
        'a blocked member',
        async () => {
          const email = newEmail('blocked')
          const registered = await register(platform, (await platform.visitorTokens()).access_token, email)
          await blockMember(db, { siteId, memberId: registered.json.identity.id }, platform.clock())
          const r = await merchantCall('POST', '/identity/v2/sign-on', { loginId: { email } })
          return { status: r.status, code: r.json.details.applicationError.code }
        },
      ],
    ])('refuses %s', async (what, attempt) => {
      const expected: Record<string, { status: number; code?: string }> = {
        'a visitor token': { status: 403, code: 'FORBIDDEN' },
        'a key without the members permission': { status: 403, code: 'FORBIDDEN' },
        'a bad e-mail': { status: 400 },
        'a client of no site of the key': { status: 400 },
        'a blocked member': { status: 409, code: 'MEMBER_STATUS_CONFLICT' },
      }
      expect(await attempt()).toEqual(expected[what])
    })
  })

  describe('POST /identity/v1/sso/login-with-token-params', () => {
    const sso = async (idToken: string | undefined, idpConnectionId = connectionId) =>
      platform.call('POST', '/identity/v1/sso/login-with-token-params', {
        token: (await platform.visitorTokens()).access_token,
        body: { idpConnectionId, tokenParams: idToken === undefined ? {} : { id_token: idToken } },
      })
    const idTokenFor = (
      email: string,
      extra: Record<string, unknown> = {},
      header = { alg: 'ES256', kid: 'ec-1' },
    ) => idp.signToken(idp.claims(email, AUDIENCE, platform.clock(), extra), header)

    it('logs a new member in through the SDK with a provider’s ID token, once', async () => {
      const client = createClient({
        auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
        modules: { authentication },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
      const email = newEmail('sso')
      const idToken = idTokenFor(email, { given_name: 'Grace', family_name: 'Hopper' })
      const answer = await client.authentication.loginWithIdpConnectionTokenParams({
        idpConnectionId: connectionId,
        tokenParams: { id_token: idToken },
      })
      expect(answer).toMatchObject({
        state: 'SUCCESS',
        identity: {
          email: { address: email, isVerified: true },
          identityProfile: { firstName: 'Grace', lastName: 'Hopper' },
        },
      })
      expect((await exchangeSessionToken(answer.sessionToken!)).status).toBe(200)
      const replay = await client.authentication
        .loginWithIdpConnectionTokenParams({
          idpConnectionId: connectionId,
          tokenParams: { id_token: idToken },
        })
        .catch((error) => error)
      expect(replay).toMatchObject({
        code: 'ID_TOKEN_INVALID',
        details: { applicationError: { data: { reason: 'already used' } } },
      })
    })

    it('logs an existing member in by their e-mail and marks it verified', async () => {
      const email = newEmail('sso-existing')
      const registered = await register(platform, (await platform.visitorTokens()).access_token, email)
      const answer = await sso(idTokenFor(email, {}, { alg: 'RS256', kid: 'rsa-1' }))
      expect(answer.json.identity.id).toBe(registered.json.identity.id)
      expect(answer.json.identity.email.isVerified).toBe(true)
      const password = await platform.call('POST', '/identity/v2/login', {
        token: (await platform.visitorTokens()).access_token,
        body: { loginId: { email }, password: MEMBER_PASSWORD },
      })
      expect(password.json.state).toBe('SUCCESS')
    })

    it.each<[string, () => Promise<Awaited<ReturnType<typeof sso>>>, number, string, string?]>([
      ['no id_token', () => sso(undefined), 400, 'REQUIRED_FIELD'],
      [
        'an unknown connection',
        () => sso(idTokenFor(newEmail()), '00000000-0000-4000-8000-000000000000'),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      ],
      [
        'an e-mail the provider does not vouch for',
        () => sso(idTokenFor(newEmail(), { email_verified: false })),
        400,
        'ID_TOKEN_INVALID',
        'the provider does not vouch for the e-mail',
      ],
      [
        'a token for another audience',
        () => sso(idTokenFor(newEmail(), { aud: 'other-app' })),
        400,
        'ID_TOKEN_INVALID',
        'audience mismatch',
      ],
      [
        'alg none',
        () => sso(idp.signToken(idp.claims(newEmail(), AUDIENCE, platform.clock()), { alg: 'none' })),
        400,
        'ID_TOKEN_INVALID',
        'algorithm not allowed',
      ],
      [
        'an expired token',
        () => sso(idTokenFor(newEmail(), { exp: Math.floor(platform.clock().getTime() / 1000) - 120 })),
        400,
        'ID_TOKEN_INVALID',
        'expired',
      ],
      ['a connection id that is no GUID', () => sso(idTokenFor(newEmail()), 'idp-1'), 400, 'FORMAT'],
    ])('refuses %s', async (_what, attempt, status, code, reason) => {
      const response = await attempt()
      expect(response.status).toBe(status)
      const error = response.json.details.applicationError ?? {
        code: response.json.details.validationError.fieldViolations[0].violatedRule,
      }
      expect(error.code).toBe(code)
      if (reason) expect(error.data.reason).toBe(reason)
    })

    it('refuses the tokens of a disabled connection, and lists only enabled ones', async () => {
      const created = await merchantCall('POST', '/identity/v1/idp-connections', {
        name: 'Short-lived',
        issuer: idp.issuer,
        audience: AUDIENCE,
        jwks: idp.jwks,
      })
      const id = created.json.idpConnection.id
      expect((await merchantCall('DELETE', `/identity/v1/idp-connections/${id}`)).status).toBe(200)
      expect((await sso(idTokenFor(newEmail()), id)).status).toBe(404)
      const listed = await merchantCall('GET', '/identity/v1/idp-connections')
      expect(listed.json.idpConnections.map((c: { id: string }) => c.id)).toEqual([connectionId])
    })

    it.each([
      ['a private key', { keys: [{ ...idp.ec.privateKey.export({ format: 'jwk' }), kid: 'p' }] }],
      ['a symmetric key', { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] }],
      ['a broken RSA key', { keys: [{ kty: 'RSA', n: 'AQAB', e: 'x' }] }],
    ])('refuses to register %s as a provider key', async (_what, jwks) => {
      const response = await merchantCall('POST', '/identity/v1/idp-connections', {
        name: 'Bad',
        issuer: idp.issuer,
        audience: AUDIENCE,
        jwks,
      })
      expect(response.status).toBe(400)
    })
  })
})
