import { ApiKeyStrategy, createClient, createMemoryTokenStorage, OAuthStrategy, recovery } from '@aisle/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { hashToken } from '../../oauth/opaque-token.ts'
import { REDIRECT_URI_CORPUS, REGISTERED } from '../../redirects/testing/redirect-uri-corpus.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createCountingDb } from '../../testing/counting-db.ts'
import {
  cookiesOf,
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  MEMBER_PASSWORD,
  memberTokens,
  newEmail,
  register,
  submitLoginForm,
} from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { setMemberStatus } from '../members/member-store.ts'
import { lastMailTo, mailsTo, recoveryLinkIn } from '../testing/member-mail.ts'
import { createRecoveryToken } from './password-recovery.ts'

const GOOD_CLIENT = 'recovery-good-client'
const NEW_PASSWORD = 'a brand new passphrase'

describe.each(databaseKinds())('password recovery on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    siteId = client!.site_id
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris) values ($1, $2, 'Good shop', $3)`,
      [GOOD_CLIENT, siteId, [REGISTERED]],
    )
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
    await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
  })
  afterAll(() => db.close())

  const sendRecovery = (body: Record<string, unknown>, token = visitor) =>
    platform.call('POST', '/identity/v1/send-email', { token, body })
  const recover = (recoveryToken: string, password = NEW_PASSWORD, token = visitor) =>
    platform.call('POST', '/identity/v1/recover', { token, body: { recoveryToken, password } })
  const login = (email: string, password: string) =>
    platform.call('POST', '/identity/v2/login', { token: visitor, body: { loginId: { email }, password } })
  const errorCode = (response: { json: Record<string, any> }) => response.json.details?.applicationError?.code
  const newMember = async (prefix = 'recover') => {
    const email = newEmail(prefix)
    const registered = await register(platform, visitor, email)
    return { email, id: registered.json.identity.id as string }
  }
  const linkTo = async (email: string) => recoveryLinkIn((await lastMailTo(db, email)).text)

  describe('POST /identity/v1/send-email', () => {
    it('recovery does not reveal whether an e-mail exists: same answer, same statements (the unknown one’s mail insert keeps nothing)', async () => {
      const { email } = await newMember()
      const blocked = await newMember('blocked')
      await setMemberStatus(db, blocked.id, 'BLOCKED', null, platform.clock())
      const run = async (address: string) => {
        let response: Awaited<ReturnType<typeof sendRecovery>> | undefined
        const statements = await counting.measure(async () => {
          response = await sendRecovery({ email: address })
        })
        return { response: response!, statements }
      }
      const known = await run(email)
      const unknown = await run(newEmail('nobody'))
      const refused = await run(blocked.email)
      for (const answer of [known, unknown, refused]) {
        expect(answer.response.status).toBe(200)
        expect(answer.response.text).toBe(known.response.text)
        expect(answer.response.headers.get('cache-control')).toBe('no-store')
      }
      expect(known.statements).toEqual(unknown.statements)
      expect(refused.statements).toEqual(unknown.statements)
      expect(unknown.statements.filter((sql) => sql.includes('insert into mail_outbox'))).toHaveLength(1)
      expect((await mailsTo(db, email)).map((mail) => mail.topic)).toContain('recovery')
      expect(await mailsTo(db, blocked.email)).toHaveLength(0)
      expect(await mailsTo(db, 'nobody@example.invalid')).toHaveLength(0)
    })

    it('a recovery token is 128 bits, stored hashed, and the link is built from the public URL, not the Host', async () => {
      const { email } = await newMember()
      const response = await platform.app.request('http://evil.example/identity/v1/send-email', {
        method: 'POST',
        headers: { authorization: visitor, 'content-type': 'application/json', host: 'evil.example' },
        body: JSON.stringify({ email }),
      })
      expect(response.status).toBe(200)
      const { link, token } = await linkTo(email)
      expect(link.startsWith(`${TEST_PUBLIC_URL}/_auth/reset-password?token=`)).toBe(true)
      expect(Buffer.from(token, 'base64url')).toHaveLength(16)
      expect(createRecoveryToken()).toMatch(/^[A-Za-z0-9_-]{22}$/)
      const rows = await db.query<{ token_hash: string }>(
        'select token_hash from member_recovery_tokens where token_hash = $1',
        [hashToken(token)],
      )
      expect(rows).toHaveLength(1)
      const plain = await db.query('select 1 from member_recovery_tokens where token_hash = $1', [token])
      expect(plain).toHaveLength(0)
    })

    it('makes older links stop working when a new one is asked for', async () => {
      const { email } = await newMember()
      await sendRecovery({ email })
      const first = await linkTo(email)
      await sendRecovery({ email })
      const second = await linkTo(email)
      expect(errorCode(await recover(first.token))).toBe('RECOVERY_TOKEN_INVALID')
      expect((await recover(second.token)).status).toBe(200)
    })

    it('keeps a registered return URL for the reset page', async () => {
      const { email } = await newMember()
      const response = await sendRecovery({ email, redirect: { url: REGISTERED, clientId: GOOD_CLIENT } })
      expect(response.status).toBe(200)
      const { token } = await linkTo(email)
      const [row] = await db.query<{ return_url: string }>(
        'select return_url from member_recovery_tokens where token_hash = $1',
        [hashToken(token)],
      )
      expect(row!.return_url).toBe(REGISTERED)
    })

    it.each([
      ...REDIRECT_URI_CORPUS.map(([what, url]): [string, string, string] => [what, url, GOOD_CLIENT]),
      ['a URI of another client', REGISTERED, DEMO_CLIENT_ID],
      ['an unknown client', REGISTERED, 'no-such-client'],
    ])('refuses a return URL that is %s, and sends nothing', async (_what, url, clientId) => {
      const { email } = await newMember()
      const response = await sendRecovery({ email, redirect: { url, clientId } })
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0].field).toBe('redirect.url')
      expect(await mailsTo(db, email)).toHaveLength(0)
    })

    it.each([
      ['no e-mail address', { email: 'not an address' }],
      ['an e-mail of 1001 characters', { email: `${'a'.repeat(990)}@example.com` }],
      ['no e-mail', {}],
      ['a number', { email: 42 }],
    ])('answers a field violation for %s', async (_what, body) => {
      const response = await sendRecovery(body)
      expect(response.status).toBe(400)
      expect(response.json.details.validationError).toBeDefined()
    })
  })

  describe('POST /identity/v1/recover', () => {
    it('sets the new password once, never signs in, and tells the member', async () => {
      const { email } = await newMember()
      await sendRecovery({ email })
      const { token } = await linkTo(email)
      const response = await recover(token)
      expect(response.status).toBe(200)
      expect(response.json).toEqual({})
      expect(errorCode(await login(email, MEMBER_PASSWORD))).toBe('-19976')
      expect((await login(email, NEW_PASSWORD)).json.state).toBe('SUCCESS')
      expect(errorCode(await recover(token, 'yet another passphrase'))).toBe('RECOVERY_TOKEN_INVALID')
      expect((await lastMailTo(db, email)).topic).toBe('password-changed')
    })

    it('a password reset revokes every refresh-token family and hosted session of the member', async () => {
      const email = newEmail('families')
      const first = await memberTokens(platform, visitor, email)
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
      const code = new URL(hosted.location!).searchParams.get('code')!
      const second = await platform.call('POST', '/oauth2/token', {
        body: {
          clientId: DEMO_CLIENT_ID,
          grantType: 'authorization_code',
          code,
          codeVerifier: pkce.codeVerifier,
          redirectUri: DEMO_REDIRECT_URI,
        },
      })
      expect(second.status).toBe(200)
      visitor = (await platform.visitorTokens()).access_token
      await sendRecovery({ email })
      expect((await recover((await linkTo(email)).token)).status).toBe(200)
      for (const tokens of [first.tokens, second.json]) {
        const refresh = await platform.call('POST', '/oauth2/token', {
          body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: tokens.refresh_token },
        })
        expect(refresh.json.error).toBe('invalid_grant')
        const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: tokens.access_token })
        expect(cart.status).toBe(401)
      }
      const [live] = await db.query<{ count: number }>(
        `select count(*)::int as count from hosted_login_sessions s join members m on m.id = s.member_id
          where m.login_email = $1 and s.revoked_date is null`,
        [email],
      )
      expect(live!.count).toBe(0)
      const again = await createAuthSession(platform, visitor, { challenge: pkce.codeChallenge })
      const page = await platform.app.request(again.json.redirectSession.fullUrl, {
        headers: { cookie: cookiesOf(hosted.headers) },
      })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('name="password"')
    })

    it('expires after one hour', async () => {
      const { email } = await newMember()
      await sendRecovery({ email })
      const { token } = await linkTo(email)
      platform.clock.advance(60 * 60)
      expect(errorCode(await recover(token))).toBe('RECOVERY_TOKEN_INVALID')
    })

    it('proves the e-mail: a member waiting for verification becomes active and verified', async () => {
      await saveIdentityPolicy(db, siteId, { emailVerificationRequired: true }, platform.clock())
      const { email } = await newMember()
      await sendRecovery({ email })
      expect((await recover((await linkTo(email)).token)).status).toBe(200)
      const [member] = await db.query<{ status: string; email_verified: boolean }>(
        'select status, email_verified from members where login_email = $1',
        [email],
      )
      expect(member).toEqual({ status: 'ACTIVE', email_verified: true })
    })

    it.each([
      ['a password of 7 characters', 'short', 400, 'password'],
      ['a password of 257 characters', 'long', 400, 'password'],
      ['an unknown token', 'unknown', 400, 'RECOVERY_TOKEN_INVALID'],
      ['a token of another site', 'other-site', 400, 'RECOVERY_TOKEN_INVALID'],
      ['a token of 101 characters', 'huge', 400, 'recoveryToken'],
    ] as const)('refuses %s and changes nothing', async (_what, fault, status, expected) => {
      const { email } = await newMember()
      await sendRecovery({ email })
      const { token } = await linkTo(email)
      const otherSiteVisitor = async () => {
        await db.query(
          `insert into sites (id, name) values ('00000000-0000-4000-8000-0000000000c1', 'Other') on conflict do nothing`,
        )
        await db.query(
          `insert into oauth_clients (id, site_id, name, redirect_uris)
           values ('recovery-other-site', '00000000-0000-4000-8000-0000000000c1', 'Other', '{}') on conflict do nothing`,
        )
        return (await platform.visitorTokens('recovery-other-site')).access_token
      }
      const response = await {
        short: () => recover(token, 'x'.repeat(7)),
        long: () => recover(token, 'x'.repeat(257)),
        unknown: () => recover(createRecoveryToken()),
        'other-site': async () => recover(token, NEW_PASSWORD, await otherSiteVisitor()),
        huge: () => recover('x'.repeat(101)),
      }[fault]()
      expect(response.status).toBe(status)
      const found =
        response.json.details.applicationError?.code ??
        response.json.details.validationError.fieldViolations[0].field
      expect(found).toBe(expected)
      expect((await login(email, MEMBER_PASSWORD)).json.state).toBe('SUCCESS')
    })
  })

  describe('POST /identity/v1/activation-email', () => {
    it('sends a member an activation link for the merchant; the link sets the password', async () => {
      const { email, id } = await newMember('activate')
      const { key } = await createApiKey(
        db,
        { siteId, name: 'members', permissions: ['members'] },
        platform.clock(),
      )
      const merchant = createClient({
        auth: ApiKeyStrategy({ apiKey: key, siteId }),
        modules: { recovery },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
      await merchant.recovery.sendActivationEmail({ identityId: id })
      const mail = await lastMailTo(db, email)
      expect(mail.topic).toBe('activation')
      expect((await recover(recoveryLinkIn(mail.text).token)).status).toBe(200)
      expect((await login(email, NEW_PASSWORD)).json.state).toBe('SUCCESS')
    })

    it('is for the merchant with the members permission only, and for members of their site', async () => {
      const { id } = await newMember('activate')
      const send = (token: string, identityId = id) =>
        platform.call('POST', '/identity/v1/activation-email', {
          token,
          headers: { 'aisle-site-id': siteId },
          body: { identityId },
        })
      const { key: catalogueKey } = await createApiKey(
        db,
        { siteId, name: 'catalogue', permissions: ['catalogue'] },
        platform.clock(),
      )
      const { key } = await createApiKey(
        db,
        { siteId, name: 'members', permissions: ['members'] },
        platform.clock(),
      )
      expect((await send(visitor)).status).toBe(403)
      expect((await send(catalogueKey)).status).toBe(403)
      expect(errorCode(await send(key, '00000000-0000-4000-8000-00000000dead'))).toBe('MEMBER_NOT_FOUND')
      expect((await send(key, 'not-an-id')).status).toBe(400)
      expect((await send(key)).status).toBe(200)
    })
  })

  describe('the mail’s language', () => {
    const recoverySubjects: Record<string, string> = {
      en: 'Reset your Aisle Demo Store password',
      de: 'Ihr Passwort bei Aisle Demo Store zurücksetzen',
      fr: 'Réinitialisez votre mot de passe Aisle Demo Store',
      es: 'Restablece tu contraseña de Aisle Demo Store',
    }
    const activationSubjects: Record<string, string> = {
      en: 'Activate your account at Aisle Demo Store',
      de: 'Ihr Konto bei Aisle Demo Store aktivieren',
      fr: 'Activez votre compte Aisle Demo Store',
      es: 'Activa tu cuenta en Aisle Demo Store',
    }

    it.each(['en', 'de', 'fr', 'es'])(
      'writes the recovery and activation mails in %s, sent through the SDK',
      async (language) => {
        const { email, id } = await newMember(`lang-${language}`)
        const shopper = createClient({
          auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
          modules: { recovery },
          baseUrl: TEST_PUBLIC_URL,
          fetch: platform.fetch,
        })
        await shopper.recovery.sendRecoveryEmail({ email, language })
        const recoveryMail = await lastMailTo(db, email)
        expect(recoveryMail.subject).toBe(recoverySubjects[language])
        // The link still stands alone on its line, whatever the language.
        expect((await recover(recoveryLinkIn(recoveryMail.text).token)).status).toBe(200)

        const { key } = await createApiKey(
          db,
          { siteId, name: 'members', permissions: ['members'] },
          platform.clock(),
        )
        const merchant = createClient({
          auth: ApiKeyStrategy({ apiKey: key, siteId }),
          modules: { recovery },
          baseUrl: TEST_PUBLIC_URL,
          fetch: platform.fetch,
        })
        await merchant.recovery.sendActivationEmail({ identityId: id, emailOptions: { language } })
        const activationMail = await lastMailTo(db, email)
        expect(activationMail.subject).toBe(activationSubjects[language])
        expect(recoveryLinkIn(activationMail.text).link).toContain('/_auth/reset-password?token=')
      },
    )

    it('reads a regional tag by its language and falls back to English for an unknown or missing one', async () => {
      const { email } = await newMember('lang-fallback')
      await sendRecovery({ email, language: 'de-CH' })
      expect((await lastMailTo(db, email)).subject).toBe(recoverySubjects.de)
      await sendRecovery({ email, language: 'pt' })
      const fallback = await lastMailTo(db, email)
      expect(fallback.subject).toBe(recoverySubjects.en)
      expect(fallback.text).toContain('(An automatic message: replies are not read.)')
      await sendRecovery({ email, language: '' })
      expect((await lastMailTo(db, email)).subject).toBe(recoverySubjects.en)
      await sendRecovery({ email })
      expect((await lastMailTo(db, email)).subject).toBe(recoverySubjects.en)
    })
  })

  describe('the SDK’s recovery calls', () => {
    it('sendPasswordResetEmail and recovery.recover reset the password', async () => {
      const { email } = await newMember('sdk')
      const auth = OAuthStrategy({ clientId: GOOD_CLIENT, tokenStorage: createMemoryTokenStorage() })
      const client = createClient({
        auth,
        modules: { recovery },
        baseUrl: TEST_PUBLIC_URL,
        fetch: platform.fetch,
      })
      await auth.sendPasswordResetEmail(email, REGISTERED)
      const { token } = await linkTo(email)
      await client.recovery.recover({ recoveryToken: token, password: NEW_PASSWORD })
      expect((await login(email, NEW_PASSWORD)).json.state).toBe('SUCCESS')
      await expect(
        client.recovery.recover({ recoveryToken: token, password: NEW_PASSWORD }),
      ).rejects.toMatchObject({
        code: 'RECOVERY_TOKEN_INVALID',
      })
      await expect(client.recovery.sendRecoveryEmail({ email: newEmail('nobody') })).resolves.toBeUndefined()
    })
  })
})
