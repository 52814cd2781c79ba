import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { hashToken } from '../../oauth/opaque-token.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
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
  submitLoginForm,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { codeIn, lastMailTo, mailsTo } from '../testing/member-mail.ts'
import { hashVerificationCode, MAX_CODE_ATTEMPTS, MAX_CODES_PER_FLOW } from './email-verification.ts'
import { setMemberStatus } from './member-store.ts'

const OTHER_CLIENT = 'verification-other-client'

describe.each(databaseKinds())('e-mail verification on %s', (kind) => {
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
      `insert into oauth_clients (id, site_id, name, redirect_uris) values ($1, $2, 'Other shop', '{https://other.example/cb}')`,
      [OTHER_CLIENT, siteId],
    )
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
    await saveIdentityPolicy(
      db,
      siteId,
      { ...DEFAULT_IDENTITY_POLICY, emailVerificationRequired: true },
      platform.clock(),
    )
  })
  afterAll(() => db.close())

  const verify = (stateToken: string, code: string, token = visitor) =>
    platform.call('POST', '/identity/v1/auth/verify', { token, body: { stateToken, code } })
  const resend = (stateToken: string, token = visitor) =>
    platform.call('POST', '/identity/v1/auth/resend', { token, body: { stateToken } })
  const codeOf = async (email: string) => codeIn((await lastMailTo(db, email)).text)
  /** A new member waiting for their code: the e-mail, the state token and the code mailed. */
  const signUp = async () => {
    const email = newEmail('verify')
    const registered = await register(platform, visitor, email)
    expect(registered.json.state).toBe('REQUIRE_EMAIL_VERIFICATION')
    return { email, stateToken: registered.json.stateToken as string, code: await codeOf(email), registered }
  }
  /** Turns a session token into member tokens: a `prompt: none` auth session, its code, the token call. */
  const tokensFor = async (sessionToken: string) => {
    const pkce = createPkce()
    const session = await createAuthSession(platform, (await platform.visitorTokens()).access_token, {
      challenge: pkce.codeChallenge,
      prompt: 'none',
      sessionToken,
    })
    const page = await browse(platform, session.json.redirectSession.fullUrl)
    const { code } = readCallback(page.location)
    return exchangeCode(platform, { code: code!, codeVerifier: pkce.codeVerifier })
  }
  const refresh = (refreshToken: string) =>
    platform.call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: refreshToken },
    })
  const cart = (token: string) => platform.call('GET', '/ecom/v1/carts/current', { token })
  const wrongCodeFor = (code: string) =>
    String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0')
  const errorCode = (response: { json: Record<string, any> }) => response.json.details?.applicationError?.code

  describe('POST /identity/v2/register on a site that verifies e-mails', () => {
    it('e-mails an 8-digit code in the registration’s transaction and keeps only its HMAC', async () => {
      const { email, stateToken, code } = await signUp()
      expect(code).toMatch(/^\d{8}$/)
      const mail = await lastMailTo(db, email)
      expect(mail.topic).toBe('verification-code')
      expect(mail.subject).toMatch(new RegExp(`^${code} is your .+ code$`))
      const [flow] = await db.query<{ code_hash: string; token_hash: string }>(
        'select code_hash, token_hash from identity_state_tokens where token_hash = $1',
        [hashToken(stateToken)],
      )
      expect(flow!.code_hash).toBe(hashVerificationCode(stateToken, code))
      expect(flow!.code_hash).not.toContain(code)
      expect(flow!.token_hash).not.toBe(stateToken)
    })

    it('answers a taken e-mail like a new one, e-mails its owner instead, and that flow never verifies', async () => {
      const { email, registered: first } = await signUp()
      const again = await register(platform, visitor, email)
      expect(again.status).toBe(200)
      expect(Object.keys(again.json).sort()).toEqual(Object.keys(first.json).sort())
      expect(again.json.state).toBe('REQUIRE_EMAIL_VERIFICATION')
      expect(again.json.identity.status).toEqual(first.json.identity.status)
      expect(again.json.identity.id).not.toBe(first.json.identity.id)
      const mails = await mailsTo(db, email)
      expect(mails.map((mail) => mail.topic)).toEqual(['verification-code', 'existing-account'])
      expect(mails[1]!.text).not.toMatch(/\d{8}/)
      const code = codeIn(mails[0]!.text)
      const decoy = await verify(again.json.stateToken, code)
      expect(errorCode(decoy)).toBe('VERIFICATION_CODE_INVALID')
      const decoyResend = await resend(again.json.stateToken)
      expect(decoyResend.status).toBe(200)
      expect(decoyResend.json.identity).toEqual(again.json.identity)
      expect(await mailsTo(db, email)).toHaveLength(2)
    })
  })

  describe('POST /identity/v1/auth/verify', () => {
    it('verifies the code once and continues the login: SUCCESS with a session token that logs in', async () => {
      const { stateToken, code, registered } = await signUp()
      const verified = await verify(stateToken, code)
      expect(verified.status).toBe(200)
      expect(verified.json).toMatchObject({
        state: 'SUCCESS',
        identity: {
          id: registered.json.identity.id,
          email: { isVerified: true },
          status: { name: 'ACTIVE' },
        },
      })
      const pkce = createPkce()
      const session = await createAuthSession(platform, visitor, {
        challenge: pkce.codeChallenge,
        prompt: 'none',
        sessionToken: verified.json.sessionToken,
      })
      const page = await browse(platform, session.json.redirectSession.fullUrl)
      const { code: authorizationCode } = readCallback(page.location)
      const tokens = await exchangeCode(platform, {
        code: authorizationCode!,
        codeVerifier: pkce.codeVerifier,
      })
      expect(tokens.status).toBe(200)
      const reused = await verify(stateToken, code, (await platform.visitorTokens()).access_token)
      expect(reused.status).toBe(400)
      expect(errorCode(reused)).toBe('STATE_TOKEN_INVALID')
    })

    it('verification codes are hashed and expire after 15 minutes', async () => {
      const { stateToken, code } = await signUp()
      platform.clock.advance(15 * 60)
      const expired = await verify(stateToken, code)
      expect(expired.status).toBe(400)
      expect(errorCode(expired)).toBe('VERIFICATION_CODE_EXPIRED')
      const [flow] = await db.query<{ code_hash: string }>(
        'select code_hash from identity_state_tokens where token_hash = $1',
        [hashToken(stateToken)],
      )
      expect(flow!.code_hash).toBe(hashVerificationCode(stateToken, code))
    })

    it('a sixth code is refused, even the right one, even when the wrong ones come concurrently', async () => {
      const { stateToken, code } = await signUp()
      const wrong = wrongCodeFor(code)
      const answers = await Promise.all(Array.from({ length: 10 }, () => verify(stateToken, wrong)))
      const codes = answers.map(errorCode).sort()
      expect(codes.filter((found) => found === 'VERIFICATION_CODE_INVALID')).toHaveLength(
        MAX_CODE_ATTEMPTS - 1,
      )
      expect(codes.filter((found) => found === 'VERIFICATION_ATTEMPTS_EXHAUSTED')).toHaveLength(
        10 - (MAX_CODE_ATTEMPTS - 1),
      )
      const right = await verify(stateToken, code)
      expect(errorCode(right)).toBe('VERIFICATION_ATTEMPTS_EXHAUSTED')
      const [member] = await db.query<{ status: string }>(
        'select status from members where id = (select member_id from identity_state_tokens where token_hash = $1)',
        [hashToken(stateToken)],
      )
      expect(member!.status).toBe('PENDING')
    })

    it('tells how many attempts are left after a wrong code', async () => {
      const { stateToken, code } = await signUp()
      const answer = await verify(stateToken, wrongCodeFor(code))
      expect(answer.json.details.applicationError).toEqual({
        code: 'VERIFICATION_CODE_INVALID',
        description: 'The code is wrong',
        data: { attemptsLeft: MAX_CODE_ATTEMPTS - 1 },
      })
    })

    it.each([
      ['the code of another flow', 'other-flow'],
      ['a state token of another client', 'other-client'],
      ['an unknown state token', 'unknown'],
      ['letters instead of digits', 'letters'],
      ['the code with a digit more', 'longer'],
    ] as const)('refuses %s and verifies nothing', async (_what, fault) => {
      const { stateToken, code, email } = await signUp()
      const other = await signUp()
      const otherClientVisitor = (await platform.visitorTokens(OTHER_CLIENT)).access_token
      const attempt = {
        'other-flow': () => verify(stateToken, other.code),
        'other-client': () => verify(stateToken, code, otherClientVisitor),
        unknown: () => verify('x'.repeat(43), code),
        letters: () => verify(stateToken, 'abcdefgh'),
        longer: () => verify(stateToken, `${code}1`),
      }[fault]
      const answer = await attempt()
      expect(answer.status).toBe(400)
      expect(['VERIFICATION_CODE_INVALID', 'STATE_TOKEN_INVALID']).toContain(errorCode(answer))
      const [member] = await db.query<{ status: string; email_verified: boolean }>(
        'select status, email_verified from members where login_email = $1',
        [email],
      )
      expect(member).toEqual({ status: 'PENDING', email_verified: false })
    })

    it.each([
      ['an empty code', { code: '' }],
      ['a code of 65 characters', { code: '1'.repeat(65) }],
      ['no state token', { stateToken: undefined }],
      ['a state token of 101 characters', { stateToken: 'x'.repeat(101) }],
      ['a number for the code', { code: 12345678 }],
    ])('answers a field violation for %s', async (_what, patch) => {
      const { stateToken, code } = await signUp()
      const answer = await platform.call('POST', '/identity/v1/auth/verify', {
        token: visitor,
        body: { stateToken, code, ...patch },
      })
      expect(answer.status).toBe(400)
      expect(answer.json.details.validationError.fieldViolations.length).toBeGreaterThan(0)
    })

    it('needs the owner’s approval after the code when the site requires both', async () => {
      await saveIdentityPolicy(db, siteId, { ownerApprovalRequired: true }, platform.clock())
      const { stateToken, code } = await signUp()
      const verified = await verify(stateToken, code)
      expect(verified.json).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      })
      expect(verified.json.sessionToken).toBeUndefined()
    })

    it('does not let a member the owner blocked meanwhile in', async () => {
      const { stateToken, code, registered } = await signUp()
      await setMemberStatus(db, registered.json.identity.id, 'BLOCKED', null, platform.clock())
      const answer = await verify(stateToken, code)
      expect(errorCode(answer)).toBe('STATE_TOKEN_INVALID')
    })
  })

  describe('POST /identity/v1/auth/resend', () => {
    it('e-mails a new code, which replaces the old one, and answers the same state token', async () => {
      const { email, stateToken, code } = await signUp()
      platform.clock.advance(14 * 60)
      const again = await resend(stateToken)
      expect(again.status).toBe(200)
      expect(again.json).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken })
      const fresh = await codeOf(email)
      expect(await mailsTo(db, email)).toHaveLength(2)
      if (fresh !== code) expect(errorCode(await verify(stateToken, code))).toBe('VERIFICATION_CODE_INVALID')
      platform.clock.advance(10 * 60)
      expect((await verify(stateToken, fresh)).json.state).toBe('SUCCESS')
    })

    it(`sends at most ${MAX_CODES_PER_FLOW} codes per flow (a resend storm)`, async () => {
      const { email, stateToken } = await signUp()
      const answers = []
      for (let index = 0; index < MAX_CODES_PER_FLOW + 2; index++) answers.push(await resend(stateToken))
      expect(answers.map((answer) => answer.status)).toEqual([
        ...Array(MAX_CODES_PER_FLOW - 1).fill(200),
        ...Array(3).fill(400),
      ])
      expect(errorCode(answers.at(-1)!)).toBe('VERIFICATION_RESEND_LIMIT')
      expect(await mailsTo(db, email)).toHaveLength(MAX_CODES_PER_FLOW)
    })

    it('refuses a flow whose attempts are spent, and an unknown one', async () => {
      const { stateToken, code } = await signUp()
      for (let index = 0; index < MAX_CODE_ATTEMPTS; index++) await verify(stateToken, wrongCodeFor(code))
      expect(errorCode(await resend(stateToken))).toBe('VERIFICATION_ATTEMPTS_EXHAUSTED')
      expect(errorCode(await resend('y'.repeat(43)))).toBe('STATE_TOKEN_INVALID')
    })
  })

  describe('POST /identity/v2/login of a member who has not verified yet', () => {
    it('answers REQUIRE_EMAIL_VERIFICATION only after the password, with a new flow and code', async () => {
      const { email } = await signUp()
      const wrong = await platform.call('POST', '/identity/v2/login', {
        token: visitor,
        body: { loginId: { email }, password: 'not the password' },
      })
      expect(errorCode(wrong)).toBe('-19976')
      expect(await mailsTo(db, email)).toHaveLength(1)
      const right = await platform.call('POST', '/identity/v2/login', {
        token: visitor,
        body: { loginId: { email }, password: MEMBER_PASSWORD },
      })
      expect(right.json.state).toBe('REQUIRE_EMAIL_VERIFICATION')
      expect(await mailsTo(db, email)).toHaveLength(2)
      const verified = await verify(right.json.stateToken, await codeOf(email))
      expect(verified.json.state).toBe('SUCCESS')
    })
  })

  describe('POST /identity/v1/Start', () => {
    it('lets a signed-in member verify their own e-mail, and nobody else’s', async () => {
      await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
      const email = newEmail('start')
      const member = await memberTokens(platform, visitor, email)
      const start = (identityId: string, token: string, target = 'EMAIL') =>
        platform.call('POST', '/identity/v1/Start', { token, body: { identityId, target } })
      const own = await start(member.memberId, member.tokens.access_token)
      expect(own.status).toBe(200)
      const verified = await verify(own.json.verificationId, await codeOf(email), member.tokens.access_token)
      expect(verified.json).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } })
      const fresh = (await tokensFor(verified.json.sessionToken)).json.access_token as string
      expect(errorCode(await start(member.memberId, fresh))).toBe('EMAIL_ALREADY_VERIFIED')
      const visitorNow = (await platform.visitorTokens()).access_token
      expect((await start(member.memberId, visitorNow)).status).toBe(403)
      const other = await memberTokens(platform, visitorNow, newEmail('start-other'))
      expect((await start(member.memberId, other.tokens.access_token)).status).toBe(403)
      expect((await start(other.memberId, other.tokens.access_token, 'UNKNOWN_TARGET')).status).toBe(400)
      expect((await start('not-an-id', other.tokens.access_token)).status).toBe(400)
    })

    it('V8: the right code ends every other session of the member, and the session token it answers signs in afresh', async () => {
      await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
      const email = newEmail('v8')
      // Signed in twice before: direct login here, the hosted login page on another device.
      const here = await memberTokens(platform, visitor, email)
      const pkce = createPkce()
      const session = await createAuthSession(platform, (await platform.visitorTokens()).access_token, {
        challenge: pkce.codeChallenge,
      })
      const hosted = await submitLoginForm(
        platform,
        session.json.redirectSession.fullUrl,
        email,
        MEMBER_PASSWORD,
      )
      expect(hosted.status).toBe(303)
      const { code: hostedCode } = readCallback(hosted.location)
      const elsewhere = await exchangeCode(platform, { code: hostedCode!, codeVerifier: pkce.codeVerifier })
      expect(elsewhere.status).toBe(200)
      const before = [here.tokens, elsewhere.json as { access_token: string; refresh_token: string }]
      const liveHostedSessions = async () =>
        (
          await db.query<{ count: number }>(
            `select count(*)::int as count from hosted_login_sessions
              where member_id = $1 and revoked_date is null`,
            [here.memberId],
          )
        )[0]!.count
      expect(await liveHostedSessions()).toBeGreaterThan(0)

      const started = await platform.call('POST', '/identity/v1/Start', {
        token: here.tokens.access_token,
        body: { identityId: here.memberId, target: 'EMAIL' },
      })
      const code = await codeOf(email)
      // A wrong code ends nothing.
      const wrong = await verify(started.json.verificationId, wrongCodeFor(code), here.tokens.access_token)
      expect(errorCode(wrong)).toBe('VERIFICATION_CODE_INVALID')
      for (const tokens of before) expect((await cart(tokens.access_token)).status).not.toBe(401)

      const verified = await verify(started.json.verificationId, code, here.tokens.access_token)
      expect(verified.json).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } })
      for (const tokens of before) {
        expect((await cart(tokens.access_token)).status).toBe(401)
        const refused = await refresh(tokens.refresh_token)
        expect(refused.status).toBe(400)
        expect(refused.json.error).toBe('invalid_grant')
      }
      expect(await liveHostedSessions()).toBe(0)

      const fresh = await tokensFor(verified.json.sessionToken)
      expect(fresh.status).toBe(200)
      expect((await cart(fresh.json.access_token)).status).not.toBe(401)
      const rotated = await refresh(fresh.json.refresh_token)
      expect(rotated.status).toBe(200)
      expect((await cart(rotated.json.access_token)).status).not.toBe(401)
    })
  })
})
