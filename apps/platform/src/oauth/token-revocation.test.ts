import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { hashToken } from './opaque-token.ts'
import { ACCESS_TOKEN_TTL_SECONDS } from './token-lifetimes.ts'

// SECURITY.md O4: RFC 7009 revocation, one token family at a time.
describe.each(databaseKinds())('POST /oauth2/revoke on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await db.query(
      `insert into oauth_clients (id, site_id, name) select 'revoke-other', site_id, 'Other' from oauth_clients
        where id = $1 on conflict do nothing`,
      [DEMO_CLIENT_ID],
    )
  })
  afterAll(() => db.close())

  const revoke = (body: unknown) => platform.call('POST', '/oauth2/revoke', { body })
  const refresh = (refreshToken: string, clientId = DEMO_CLIENT_ID) =>
    platform.call('POST', '/oauth2/token', {
      body: { clientId, grantType: 'refresh_token', refresh_token: refreshToken },
    })
  const cartStatus = async (accessToken: string) =>
    (await platform.call('GET', '/ecom/v1/carts/current', { token: accessToken })).status
  const revokedCount = async (token: string) => {
    const rows = await db.query<{ count: number }>(
      `select count(*)::int as count from oauth_tokens
        where revoked_at is not null and family_id = (select family_id from oauth_tokens where token_hash = $1)`,
      [hashToken(token)],
    )
    return rows[0]?.count
  }
  const expectEmptyAnswer = (response: Awaited<ReturnType<typeof revoke>>) => {
    expect(response.status).toBe(200)
    expect(response.json).toEqual({})
    expect(response.headers.get('cache-control')).toBe('no-store')
  }

  it('O4: revokes the whole family of a refresh token: it refreshes no more and its access tokens answer 401', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    expect(second.status).toBe(200)
    expectEmptyAnswer(
      await revoke({
        clientId: DEMO_CLIENT_ID,
        token: second.json.refresh_token,
        token_type_hint: 'refresh_token',
      }),
    )
    expect(await revokedCount(first.refresh_token)).toBe(4)
    const again = await refresh(second.json.refresh_token)
    expect(again.status).toBe(400)
    expect(again.json.error).toBe('invalid_grant')
    expect(await cartStatus(second.json.access_token)).toBe(401)
    expect(await cartStatus(first.access_token)).toBe(401)
  })

  it("O4: revokes a member's login from its refresh token", async () => {
    const visitor = await platform.visitorTokens()
    const { tokens } = await memberTokens(platform, visitor.access_token)
    expect(await cartStatus(tokens.access_token)).not.toBe(401)
    expectEmptyAnswer(await revoke({ clientId: DEMO_CLIENT_ID, token: tokens.refresh_token }))
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant')
    expect(await cartStatus(tokens.access_token)).toBe(401)
  })

  it('O4: revokes an access token and its family, as a logout would', async () => {
    const tokens = await platform.visitorTokens()
    expectEmptyAnswer(
      await revoke({ clientId: DEMO_CLIENT_ID, token: tokens.access_token, token_type_hint: 'access_token' }),
    )
    expect(await cartStatus(tokens.access_token)).toBe(401)
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant')
  })

  it('O4: finds the token whatever the hint says', async () => {
    const tokens = await platform.visitorTokens()
    expectEmptyAnswer(
      await revoke({
        clientId: DEMO_CLIENT_ID,
        token: tokens.refresh_token,
        token_type_hint: 'access_token',
      }),
    )
    expect(await cartStatus(tokens.access_token)).toBe(401)
  })

  it("O4: answers {} for another client's token and leaves it alone", async () => {
    const tokens = await platform.visitorTokens()
    for (const token of [tokens.refresh_token, tokens.access_token])
      expectEmptyAnswer(await revoke({ clientId: 'revoke-other', token }))
    expect(await revokedCount(tokens.refresh_token)).toBe(0)
    expect(await cartStatus(tokens.access_token)).not.toBe(401)
    expect((await refresh(tokens.refresh_token)).status).toBe(200)
  })

  it('O4: answers {} for an unknown and an already revoked token', async () => {
    expectEmptyAnswer(await revoke({ clientId: DEMO_CLIENT_ID, token: 'never-issued' }))
    const tokens = await platform.visitorTokens()
    expectEmptyAnswer(await revoke({ clientId: DEMO_CLIENT_ID, token: tokens.refresh_token }))
    expectEmptyAnswer(await revoke({ clientId: DEMO_CLIENT_ID, token: tokens.refresh_token }))
    expect(await revokedCount(tokens.refresh_token)).toBe(2)
  })

  it('O4: answers {} for an expired access token, which revokes nothing', async () => {
    const tokens = await platform.visitorTokens()
    platform.clock.advance(ACCESS_TOKEN_TTL_SECONDS + 1)
    expectEmptyAnswer(await revoke({ clientId: DEMO_CLIENT_ID, token: tokens.access_token }))
    expect(await revokedCount(tokens.refresh_token)).toBe(0)
    expect((await refresh(tokens.refresh_token)).status).toBe(200)
  })

  it.each([
    [{ clientId: DEMO_CLIENT_ID }, 400, 'invalid_request'],
    [{ clientId: DEMO_CLIENT_ID, token: 42 }, 400, 'invalid_request'],
    [{ clientId: DEMO_CLIENT_ID, token: '' }, 400, 'invalid_request'],
    [{ clientId: DEMO_CLIENT_ID, token: null }, 400, 'invalid_request'],
    [{ token: 'some-token' }, 400, 'invalid_request'],
    [{ clientId: 'unknown', token: 'some-token' }, 401, 'invalid_client'],
    ['{"token": ', 400, 'invalid_request'],
    [[], 400, 'invalid_request'],
  ])('O4: answers %j with %i %s in the RFC 6749 shape', async (body, status, error) => {
    const response = await revoke(body)
    expect(response.status).toBe(status)
    expect(response.json).toEqual({ error, error_description: expect.any(String) })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})
