import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import {
  browse,
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  exchangeCode,
  newEmail,
  readCallback,
  register,
} from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { REDIRECT_URI_CORPUS, REGISTERED } from './testing/redirect-uri-corpus.ts'

const GOOD_CLIENT = 'good-client'

describe.each(databaseKinds())('POST /redirects/v1/redirect-session on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  const pkce = createPkce()
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris)
       select $1, site_id, 'Good shop', $2 from oauth_clients where id = $3`,
      [GOOD_CLIENT, [REGISTERED], DEMO_CLIENT_ID],
    )
    await db.query(`insert into sites (id, name) values ('00000000-0000-4000-8000-000000000002', 'Other')`)
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris)
       values ('other-site-client', '00000000-0000-4000-8000-000000000002', 'Other', $1)`,
      [[DEMO_REDIRECT_URI]],
    )
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const create = (body: unknown, token = visitor) =>
    platform.call('POST', '/redirects/v1/redirect-session', { token, body })
  const authRequest = (fields: Record<string, unknown> = {}) => ({
    redirectUri: DEMO_REDIRECT_URI,
    clientId: DEMO_CLIENT_ID,
    codeChallenge: pkce.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: 'query',
    responseType: 'code',
    scope: 'offline_access',
    state: 'state-1',
    ...fields,
  })
  const sessionCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from redirect_sessions'))[0]!.n

  it('answers the hosted page’s URL and its token, stores the session hashed for 10 minutes, and records the event', async () => {
    const response = await create({ auth: { authRequest: authRequest(), prompt: 'login' } })
    expect(response.status).toBe(200)
    const { redirectSession } = response.json
    expect(redirectSession).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullUrl: `${TEST_PUBLIC_URL}/_auth/authorize?session=${redirectSession.sessionToken}`,
      urlDetails: {
        endpoint: `${TEST_PUBLIC_URL}/_auth/authorize`,
        searchParams: { session: redirectSession.sessionToken },
        locationType: 'AUTHORIZE',
      },
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      locationType: 'AUTHORIZE',
    })
    const [stored] = await db.query<{
      token_hash: string
      kind: string
      expires_at: Date
      created_date: Date
    }>('select token_hash, kind, expires_at, created_date from redirect_sessions where id = $1', [
      redirectSession.id,
    ])
    expect(stored!.token_hash).toBe(hashToken(redirectSession.sessionToken))
    expect(new Date(stored!.expires_at).getTime() - new Date(stored!.created_date).getTime()).toBe(600_000)
    const events = await db.query('select type from events where entity_id = $1', [redirectSession.id])
    expect(events).toEqual([{ type: 'redirect_session.created' }])
  })

  it.each(REDIRECT_URI_CORPUS)('refuses a redirect URI with %s, and stores nothing', async (_what, uri) => {
    const before = await sessionCount()
    const response = await create({
      auth: { authRequest: authRequest({ clientId: GOOD_CLIENT, redirectUri: uri }) },
    })
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'auth.authRequest.redirectUri' }),
    ])
    expect(await sessionCount()).toBe(before)
  })

  it('accepts the registered URI exactly', async () => {
    const response = await create({
      auth: { authRequest: authRequest({ clientId: GOOD_CLIENT, redirectUri: REGISTERED }) },
    })
    expect(response.status).toBe(200)
  })

  it.each([
    ['no challenge', { codeChallenge: undefined }, 'auth.authRequest.codeChallenge', 'REQUIRED_FIELD'],
    [
      'a 42-character challenge',
      { codeChallenge: 'a'.repeat(42) },
      'auth.authRequest.codeChallenge',
      'FORMAT',
    ],
    [
      'a 129-character challenge',
      { codeChallenge: 'a'.repeat(129) },
      'auth.authRequest.codeChallenge',
      'FORMAT',
    ],
    [
      'a challenge with "+" and "/"',
      { codeChallenge: `${'a'.repeat(41)}+/` },
      'auth.authRequest.codeChallenge',
      'FORMAT',
    ],
    [
      'method plain',
      { codeChallengeMethod: 'plain' },
      'auth.authRequest.codeChallengeMethod',
      'INVALID_ENUM_VALUE',
    ],
    [
      'no method',
      { codeChallengeMethod: undefined },
      'auth.authRequest.codeChallengeMethod',
      'INVALID_ENUM_VALUE',
    ],
    ['response type token', { responseType: 'token' }, 'auth.authRequest.responseType', 'INVALID_ENUM_VALUE'],
    [
      'response mode form_post',
      { responseMode: 'form_post' },
      'auth.authRequest.responseMode',
      'INVALID_ENUM_VALUE',
    ],
    ['no state', { state: undefined }, 'auth.authRequest.state', 'REQUIRED_FIELD'],
  ])('refuses an authorization request with %s', async (_what, fields, field, rule) => {
    const response = await create({ auth: { authRequest: authRequest(fields) } })
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field, violatedRule: rule }),
    ])
  })

  it.each([
    [
      'an unknown client',
      { auth: { authRequest: authRequest({ clientId: 'nobody' }) } },
      'auth.authRequest.clientId',
    ],
    [
      'a client of another site',
      { auth: { authRequest: authRequest({ clientId: 'other-site-client' }) } },
      'auth.authRequest.clientId',
    ],
    ['no flow', {}, '$body'],
    ['two flows', { login: {}, logout: { clientId: DEMO_CLIENT_ID } }, '$body'],
    ['a checkout id that is no id', { ecomCheckout: { checkoutId: 'x' } }, 'ecomCheckout.checkoutId'],
    [
      'a logout to an unregistered URI',
      { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: 'https://evil.com/' } },
      'callbacks.postFlowUrl',
    ],
    [
      'a login back to an unregistered URI',
      { login: {}, callbacks: { postFlowUrl: `${DEMO_REDIRECT_URI}/` } },
      'callbacks.postFlowUrl',
    ],
  ])('refuses %s', async (_what, body, field) => {
    const response = await create(body)
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations[0].field).toBe(field)
  })

  it('needs a visitor’s or member’s token, not a merchant key', async () => {
    const body = { auth: { authRequest: authRequest() } }
    expect((await platform.call('POST', '/redirects/v1/redirect-session', { body })).status).toBe(401)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'test', permissions: ['members'] },
      new Date(),
    )
    const merchant = await platform.call('POST', '/redirects/v1/redirect-session', {
      body,
      token: key,
      headers: { 'aisle-site-id': DEMO_SITE_ID },
    })
    expect(merchant.status).toBe(403)
  })

  it('uses the client’s first registered redirect URI when none is given, and no other at the exchange', async () => {
    const registered = await register(platform, visitor, newEmail())
    const session = await createAuthSession(platform, visitor, {
      challenge: pkce.codeChallenge,
      redirectUri: undefined,
      prompt: 'none',
      sessionToken: registered.json.sessionToken,
    })
    const page = await browse(platform, session.json.redirectSession.fullUrl)
    const callback = readCallback(page.location)
    expect(callback.url.origin + callback.url.pathname).toBe(DEMO_REDIRECT_URI)
    const other = await exchangeCode(platform, {
      code: callback.code!,
      codeVerifier: pkce.codeVerifier,
      redirectUri: 'http://127.0.0.1:3000/callback',
    })
    expect(other.json.error).toBe('invalid_grant')
    const unnamed = await platform.call('POST', '/oauth2/token', {
      body: {
        clientId: DEMO_CLIENT_ID,
        grantType: 'authorization_code',
        code: callback.code,
        codeVerifier: pkce.codeVerifier,
      },
    })
    expect(unnamed.status).toBe(200)
  })

  it('leads to the page once, and never after 10 minutes', async () => {
    const used = await create({ auth: { authRequest: authRequest(), prompt: 'none' } })
    const first = await browse(platform, used.json.redirectSession.fullUrl)
    expect(first.status).toBe(302)
    const second = await browse(platform, used.json.redirectSession.fullUrl)
    expect(second.status).toBe(400)
    expect(second.location).toBeNull()

    const late = await create({ auth: { authRequest: authRequest(), prompt: 'none' } })
    platform.clock.advance(601)
    const expired = await browse(platform, late.json.redirectSession.fullUrl)
    expect(expired.status).toBe(400)
    expect(expired.location).toBeNull()
    expect(expired.text).toContain('expired or was already used')
    // Spent or expired, the link still names its shop: the page wears its brand and leads back to it
    // (the origin of its redirect URI); a token of no session is Aisle's own page (decision 100).
    const back = `<a class="shop-frame-back" href="${new URL(DEMO_REDIRECT_URI).origin}/">`
    for (const page of [second, expired]) {
      expect(page.text).toContain('<header class="shop-frame">')
      expect(page.text).toContain(back)
    }
    const unknown = await browse(
      platform,
      late.json.redirectSession.fullUrl.replace(/session=[^&]+/, 'session=nope'),
    )
    expect(unknown.status).toBe(400)
    expect(unknown.text).not.toContain('<header class="shop-frame">')
  })

  it('serves login and logout sessions on their own pages', async () => {
    const login = await create({ login: {}, callbacks: { postFlowUrl: DEMO_REDIRECT_URI } })
    expect(login.json.redirectSession.fullUrl).toMatch(/\/_auth\/login\?session=/)
    const logout = await create({
      logout: { clientId: DEMO_CLIENT_ID },
      callbacks: { postFlowUrl: DEMO_REDIRECT_URI },
    })
    expect(logout.json.redirectSession).toMatchObject({ locationType: 'LOGOUT' })
    expect(logout.json.redirectSession.fullUrl).toMatch(/\/_auth\/logout\?session=/)
    const wrongPage = logout.json.redirectSession.fullUrl.replace('/_auth/logout', '/_auth/authorize')
    expect((await browse(platform, wrongPage)).status).toBe(400)
  })
})
