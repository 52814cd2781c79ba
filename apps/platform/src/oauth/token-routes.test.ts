import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { hashToken } from './opaque-token.ts'

describe.each(databaseKinds())('POST /oauth2/token on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const token = (body: unknown) => platform.call('POST', '/oauth2/token', { body })

  it('issues visitor tokens for the anonymous grant, uncacheable', async () => {
    const response = await token({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.json).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 14_400,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })
  })

  it('stores tokens only as hashes', async () => {
    const { access_token, refresh_token } = await platform.visitorTokens()
    const stored = await db.query<{ token_hash: string }>('select token_hash from oauth_tokens')
    const hashes = stored.map((row) => row.token_hash)
    expect(hashes).toContain(hashToken(access_token))
    expect(hashes).toContain(hashToken(refresh_token))
    expect(hashes).not.toContain(access_token)
    expect(hashes).not.toContain(refresh_token)
  })

  it('rotates a refresh token and keeps the same visitor', async () => {
    const first = await platform.visitorTokens()
    const rotated = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refresh_token: first.refresh_token,
    })
    expect(rotated.status).toBe(200)
    expect(rotated.json.refresh_token).not.toBe(first.refresh_token)
    const subjects = await db.query<{ subject_id: string }>(
      'select distinct subject_id from oauth_tokens where token_hash = any($1::text[])',
      [[hashToken(first.access_token), hashToken(rotated.json.access_token)]],
    )
    expect(subjects).toHaveLength(1)
  })

  it('revokes the whole family when a spent refresh token comes back after the grace', async () => {
    const first = await platform.visitorTokens()
    const second = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refresh_token: first.refresh_token,
    })
    platform.clock.advance(11)
    const replay = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refresh_token: first.refresh_token,
    })
    expect(replay.status).toBe(400)
    expect(replay.json.error).toBe('invalid_grant')
    const successor = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refresh_token: second.json.refresh_token,
    })
    expect(successor.json.error).toBe('invalid_grant')
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: second.json.access_token })
    expect(cart.status).toBe(401)
  })

  it('gives 20 concurrent refreshes with one token one and the same successor: the family never forks', async () => {
    const first = await platform.visitorTokens()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        token({ clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: first.refresh_token }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(new Set(answers.map((a) => a.json.refresh_token)).size).toBe(1)
    expect(new Set(answers.map((a) => a.json.access_token)).size).toBe(1)
    const [family] = await db.query<{ family_id: string }>(
      'select family_id from oauth_tokens where token_hash = $1',
      [hashToken(first.refresh_token)],
    )
    const refreshTokens = await db.query(
      `select 1 from oauth_tokens where family_id = $1 and kind = 'refresh'`,
      [family!.family_id],
    )
    expect(refreshTokens).toHaveLength(2)
  })

  it('refuses an expired access token and an expired refresh token', async () => {
    const tokens = await platform.visitorTokens()
    platform.clock.advance(14_400 + 1)
    expect(
      (await platform.call('GET', '/ecom/v1/carts/current', { token: tokens.access_token })).status,
    ).toBe(401)
    platform.clock.advance(90 * 24 * 3600)
    const refresh = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(refresh.json.error).toBe('invalid_grant')
  })

  it.each([
    [{ grantType: 'anonymous' }, 400, 'invalid_request'],
    [{ clientId: 'unknown', grantType: 'anonymous' }, 401, 'invalid_client'],
    [{ clientId: DEMO_CLIENT_ID, grantType: 'password' }, 400, 'unsupported_grant_type'],
    [{ clientId: DEMO_CLIENT_ID, grantType: 'refresh_token' }, 400, 'invalid_request'],
    [{ clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: 'forged' }, 400, 'invalid_grant'],
    ['{"clientId": ', 400, 'invalid_request'],
    [[], 400, 'invalid_request'],
  ])('answers %j with %i %s in the RFC 6749 shape', async (body, status, error) => {
    const response = await token(body)
    expect(response.status).toBe(status)
    expect(response.json).toEqual({ error, error_description: expect.any(String) })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('rotates a refresh token sent as camelCase JSON (refreshToken, the spec’s client) as it does refresh_token', async () => {
    const first = await platform.visitorTokens()
    const rotated = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
    })
    expect(rotated.status).toBe(200)
    expect(rotated.json.refresh_token).not.toBe(first.refresh_token)
  })

  it('takes RFC 6749 form-encoded requests with snake_case fields: anonymous, then refresh_token', async () => {
    const form = (fields: Record<string, string>) =>
      platform.call('POST', '/oauth2/token', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      })
    const visitor = await form({ client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' })
    expect(visitor.status).toBe(200)
    const rotated = await form({
      client_id: DEMO_CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: visitor.json.refresh_token,
    })
    expect(rotated.status).toBe(200)
    expect(rotated.json.refresh_token).not.toBe(visitor.json.refresh_token)
  })

  it.each([
    [
      'a field under both of its names',
      { clientId: DEMO_CLIENT_ID, client_id: DEMO_CLIENT_ID, grantType: 'anonymous' },
    ],
    ['a form parameter sent twice', 'client_id=a&client_id=b&grant_type=anonymous'],
  ])('refuses %s with invalid_request and issues nothing', async (_what, body) => {
    const before = (await db.query('select 1 from oauth_tokens')).length
    const response = await platform.call('POST', '/oauth2/token', {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      },
    })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({ error: 'invalid_request', error_description: expect.any(String) })
    expect((await db.query('select 1 from oauth_tokens')).length).toBe(before)
  })

  it('revokes a token sent in an RFC 7009 form', async () => {
    const tokens = await platform.visitorTokens()
    const revoked = await platform.call('POST', '/oauth2/revoke', {
      body: new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(revoked.status).toBe(200)
    const refresh = await token({
      clientId: DEMO_CLIENT_ID,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    })
    expect(refresh.json.error).toBe('invalid_grant')
  })

  it('refuses a refresh token presented by another client', async () => {
    const tokens = await platform.visitorTokens()
    await db.query(
      `insert into oauth_clients (id, site_id, name) select 'other-client', site_id, 'Other' from oauth_clients where id = $1`,
      [DEMO_CLIENT_ID],
    )
    const response = await token({
      clientId: 'other-client',
      grantType: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(response.json.error).toBe('invalid_grant')
  })
})
