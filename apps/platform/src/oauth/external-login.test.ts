import { createClient, createMemoryTokenStorage, currentCart, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { newEmail, register } from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { hashToken } from './opaque-token.ts'

// SECURITY.md 1.13 (X1, X2) and the "External login" family of its test catalogue.
describe.each(databaseKinds())('POST /oauth2/token with the external-login grant on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let otherSiteId: string
  let memberId: string
  let membersKey: { id: string; key: string }
  let catalogueKey: { id: string; key: string }
  let otherSiteKey: { id: string; key: string }
  let otherSiteMember: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    const now = platform.clock()
    membersKey = await createApiKey(db, { siteId, name: 'members', permissions: ['members'] }, now)
    catalogueKey = await createApiKey(db, { siteId, name: 'catalogue', permissions: ['catalogue'] }, now)
    const visitor = await platform.visitorTokens()
    const registered = await register(platform, visitor.access_token, newEmail('external'))
    memberId = registered.json.identity.id
    otherSiteId = '5d2b7c1e-0000-4000-8000-00000000e1e1'
    await db.query(`insert into sites (id, name) values ($1, 'Other shop')`, [otherSiteId])
    await db.query(`insert into oauth_clients (id, site_id, name) values ('external-other', $1, 'Other')`, [
      otherSiteId,
    ])
    otherSiteKey = await createApiKey(
      db,
      { siteId: otherSiteId, name: 'members', permissions: ['members'] },
      now,
    )
    const otherVisitor = await platform.visitorTokens('external-other')
    otherSiteMember = (await register(platform, otherVisitor.access_token, newEmail('elsewhere'))).json
      .identity.id
  })
  afterAll(() => db.close())

  const grant = (options: {
    memberId?: unknown
    key?: string
    headers?: Record<string, string>
    clientId?: string
  }) =>
    platform.call('POST', '/oauth2/token', {
      token: options.key,
      headers: options.headers,
      body: {
        clientId: options.clientId ?? DEMO_CLIENT_ID,
        grantType: 'client_credentials',
        memberId: options.memberId ?? memberId,
      },
    })
  const auditOf = async () =>
    db.query<{
      outcome: string
      reason: string
      api_key_id: string | null
      member_id: string
      family_id: string | null
    }>(
      'select outcome, reason, api_key_id, member_id, family_id from external_login_audit order by created_date desc, id',
    )
  const countAudit = async () => (await db.query('select 1 from external_login_audit')).length

  it('X2: gives a merchant server with a members API key tokens for the member, marked with the key and audited', async () => {
    const response = await grant({ key: membersKey.key })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const rows = await db.query<{
      role: string
      subject_id: string
      actor_api_key_id: string
      family_id: string
    }>(
      'select role, subject_id, actor_api_key_id, family_id from oauth_tokens where token_hash = any($1::text[])',
      [[hashToken(response.json.access_token), hashToken(response.json.refresh_token)]],
    )
    expect(rows).toHaveLength(2)
    for (const row of rows)
      expect(row).toMatchObject({ role: 'member', subject_id: memberId, actor_api_key_id: membersKey.id })
    const audit = await db.query<{ outcome: string; family_id: string; api_key_id: string }>(
      'select outcome, family_id, api_key_id from external_login_audit where family_id = $1',
      [rows[0]!.family_id],
    )
    expect(audit).toEqual([{ outcome: 'GRANTED', family_id: rows[0]!.family_id, api_key_id: membersKey.id }])
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: response.json.access_token })
    expect([200, 404]).toContain(cart.status)
  })

  it('X2: keeps the key’s mark on the tokens through a refresh', async () => {
    const first = await grant({ key: membersKey.key })
    const rotated = await platform.call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: first.json.refresh_token },
    })
    const [row] = await db.query<{ actor_api_key_id: string; role: string }>(
      'select actor_api_key_id, role from oauth_tokens where token_hash = $1',
      [hashToken(rotated.json.refresh_token)],
    )
    expect(row).toEqual({ actor_api_key_id: membersKey.id, role: 'member' })
  })

  type Attempt = { key?: string | undefined; headers?: Record<string, string>; memberId?: string }
  it.each<[string, () => Promise<Attempt>, number, string]>([
    [
      'X1: a browser request (Origin), even with the right key',
      async () => ({ key: membersKey.key, headers: { origin: 'http://localhost:3000' } }),
      400,
      'unauthorized_client',
    ],
    ['no credential', async () => ({}), 401, 'invalid_client'],
    [
      'a visitor token as credential',
      async () => ({ key: (await platform.visitorTokens()).access_token }),
      401,
      'invalid_client',
    ],
    ['a wrong API key', async () => ({ key: 'aisle_key_wrong' }), 401, 'invalid_client'],
    ['a key of another site', async () => ({ key: otherSiteKey.key }), 401, 'invalid_client'],
    [
      'a key without the members permission',
      async () => ({ key: catalogueKey.key }),
      400,
      'unauthorized_client',
    ],
    [
      'a member of another site',
      async () => ({ key: membersKey.key, memberId: otherSiteMember }),
      400,
      'invalid_grant',
    ],
    [
      'an unknown member',
      async () => ({ key: membersKey.key, memberId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'invalid_grant',
    ],
  ])('refuses %s, issues nothing, and audits it', async (_what, attempt, status, error) => {
    const options = await attempt()
    platform.clock.advance(1)
    const before = await countAudit()
    const tokensBefore = (await db.query('select 1 from oauth_tokens')).length
    const response = await grant(options)
    expect(response.status).toBe(status)
    expect(response.json).toEqual({ error, error_description: expect.any(String) })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await db.query('select 1 from oauth_tokens')).length).toBe(tokensBefore)
    expect(await countAudit()).toBe(before + 1)
    expect((await auditOf())[0]).toMatchObject({
      outcome: 'REFUSED',
      reason: response.json.error_description,
    })
  })

  it('answers a member id that is not a GUID with invalid_request', async () => {
    const response = await grant({ key: membersKey.key, memberId: 'not-a-guid' })
    expect(response.status).toBe(400)
    expect(response.json.error).toBe('invalid_request')
  })

  it('takes the spec’s authorized_client grant in the Wix client’s form: snake_case, the client named by a visitor token before the key', async () => {
    const visitor = await platform.visitorTokens()
    const response = await platform.call('POST', '/oauth2/token', {
      token: `${visitor.access_token},${membersKey.key}`,
      body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
    })
    expect(response.status).toBe(200)
    const [row] = await db.query<{ subject_id: string; client_id: string; actor_api_key_id: string }>(
      'select subject_id, client_id, actor_api_key_id from oauth_tokens where token_hash = $1',
      [hashToken(response.json.access_token)],
    )
    expect(row).toEqual({ subject_id: memberId, client_id: DEMO_CLIENT_ID, actor_api_key_id: membersKey.id })
  })

  it.each([
    ['no visitor token before the key', (key: string) => `,${key}`],
    ['an unknown visitor token before the key', (key: string) => `not-a-token,${key}`],
  ])(
    'refuses the grant without a clientId and %s: invalid_request, nothing issued',
    async (_what, header) => {
      const tokensBefore = (await db.query('select 1 from oauth_tokens')).length
      const response = await platform.call('POST', '/oauth2/token', {
        token: header(membersKey.key),
        body: { grant_type: 'authorized_client', member_id: memberId },
      })
      expect(response.status).toBe(400)
      expect(response.json.error).toBe('invalid_request')
      expect((await db.query('select 1 from oauth_tokens')).length).toBe(tokensBefore)
    },
  )

  it('still wants the API key when a visitor token names the client', async () => {
    const visitor = await platform.visitorTokens()
    const response = await platform.call('POST', '/oauth2/token', {
      token: visitor.access_token,
      body: { grantType: 'authorized_client', clientId: DEMO_CLIENT_ID, memberId },
    })
    expect(response.status).toBe(401)
    expect(response.json.error).toBe('invalid_client')
  })

  it('works from the real SDK’s getMemberTokensForExternalLogin', async () => {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    createClient({ auth, modules: { currentCart }, baseUrl: TEST_PUBLIC_URL, fetch: platform.fetch })
    const tokens = await auth.getMemberTokensForExternalLogin(memberId, membersKey.key)
    expect(tokens.refreshToken.role).toBe('member')
    const [row] = await db.query<{ subject_id: string }>(
      'select subject_id from oauth_tokens where token_hash = $1',
      [hashToken(tokens.accessToken.value)],
    )
    expect(row?.subject_id).toBe(memberId)
  })
})
