import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { hashToken } from './opaque-token.ts'
import {
  MEMBER_REFRESH_IDLE_SECONDS,
  MEMBER_REFRESH_TOKEN_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
} from './token-lifetimes.ts'

// SECURITY.md 1.5 and the "Refresh rotation" family of its test catalogue.
describe.each(databaseKinds())('refresh-token rotation on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const refresh = (refreshToken: string, extra: Record<string, unknown> = {}) =>
    platform.call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: refreshToken, ...extra },
    })
  const cartStatus = async (accessToken: string) =>
    (await platform.call('GET', '/ecom/v1/carts/current', { token: accessToken })).status
  const rowOf = async (token: string) =>
    (
      await db.query<{ role: string; subject_id: string; family_id: string; revoked_at: Date | null }>(
        'select role, subject_id, family_id, revoked_at from oauth_tokens where token_hash = $1',
        [hashToken(token)],
      )
    )[0]

  it('T3: gives the immediate predecessor, presented again within the grace, the same successor', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    platform.clock.advance(REFRESH_GRACE_SECONDS)
    const again = await refresh(first.refresh_token)
    expect(again.status).toBe(200)
    expect(again.json.refresh_token).toBe(second.json.refresh_token)
    expect(again.json.access_token).toBe(second.json.access_token)
    expect(again.json.expires_in).toBe(second.json.expires_in - REFRESH_GRACE_SECONDS)
    expect(again.headers.get('cache-control')).toBe('no-store')
    expect((await refresh(second.json.refresh_token)).status).toBe(200)
  })

  it('T2: revokes the family when the predecessor comes back one second after the grace', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    platform.clock.advance(REFRESH_GRACE_SECONDS + 1)
    const replay = await refresh(first.refresh_token)
    expect(replay.status).toBe(400)
    expect(replay.json).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringContaining('already used'),
    })
    expect(await cartStatus(second.json.access_token)).toBe(401)
    expect((await refresh(second.json.refresh_token)).json.error).toBe('invalid_grant')
  })

  it('T3: revokes the family when a grandparent comes back, even within the grace', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    const third = await refresh(second.json.refresh_token)
    expect(third.status).toBe(200)
    const replay = await refresh(first.refresh_token)
    expect(replay.json.error).toBe('invalid_grant')
    expect(await cartStatus(third.json.access_token)).toBe(401)
    expect((await rowOf(third.json.refresh_token))?.revoked_at).not.toBeNull()
  })

  it('T3: gives no successor within the grace once the family was revoked (a logout)', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    const family = (await rowOf(first.refresh_token))!.family_id
    await db.query('update oauth_tokens set revoked_at = $2 where family_id = $1', [family, platform.clock()])
    expect((await refresh(first.refresh_token)).json.error).toBe('invalid_grant')
    expect((await refresh(second.json.refresh_token)).json.error).toBe('invalid_grant')
  })

  it('T5: keeps a visitor a visitor, whatever role or scope the refresh request asks for', async () => {
    const first = await platform.visitorTokens()
    const visitorId = (await rowOf(first.access_token))!.subject_id
    const rotated = await refresh(first.refresh_token, {
      role: 'member',
      scope: 'offline_access member',
      subjectId: '00000000-0000-4000-8000-000000000000',
      memberId: '00000000-0000-4000-8000-000000000000',
    })
    expect(rotated.status).toBe(200)
    for (const token of [rotated.json.access_token, rotated.json.refresh_token])
      expect(await rowOf(token)).toMatchObject({ role: 'visitor', subject_id: visitorId })
  })

  it('T5: keeps a member the same member, and refuses their token with another client', async () => {
    const visitor = await platform.visitorTokens()
    const { tokens, memberId } = await memberTokens(platform, visitor.access_token)
    const rotated = await refresh(tokens.refresh_token, { role: 'visitor' })
    expect(await rowOf(rotated.json.refresh_token)).toMatchObject({ role: 'member', subject_id: memberId })
    await db.query(
      `insert into oauth_clients (id, site_id, name) select 'rotation-other', site_id, 'Other' from oauth_clients
        where id = $1 on conflict do nothing`,
      [DEMO_CLIENT_ID],
    )
    const elsewhere = await platform.call('POST', '/oauth2/token', {
      body: {
        clientId: 'rotation-other',
        grantType: 'refresh_token',
        refresh_token: rotated.json.refresh_token,
      },
    })
    expect(elsewhere.json.error).toBe('invalid_grant')
    expect((await refresh(rotated.json.refresh_token)).status).toBe(200)
  })

  it('T7: stores successors as hashes only, and derives nothing a holder of the predecessor can compute alone', async () => {
    const first = await platform.visitorTokens()
    const second = await refresh(first.refresh_token)
    const stored = await db.query<{ token_hash: string }>('select token_hash from oauth_tokens')
    const hashes = new Set(stored.map((row) => row.token_hash))
    expect(hashes.has(hashToken(second.json.refresh_token))).toBe(true)
    expect(hashes.has(second.json.refresh_token)).toBe(false)
    expect(hashToken(`refresh\0${first.refresh_token}`)).not.toBe(second.json.refresh_token)
    const [secret] = await db.query<{ name: string }>('select name from platform_secrets')
    expect(secret?.name).toBe('refresh-rotation')
  })
  it('O5: refuses a member refresh token unused for longer than the idle window, before the absolute end', async () => {
    const visitor = await platform.visitorTokens()
    const { tokens } = await memberTokens(platform, visitor.access_token)
    platform.clock.advance(MEMBER_REFRESH_IDLE_SECONDS)
    const rotated = await refresh(tokens.refresh_token)
    expect(rotated.status).toBe(200)
    platform.clock.advance(MEMBER_REFRESH_IDLE_SECONDS + 1)
    expect(2 * MEMBER_REFRESH_IDLE_SECONDS + 1).toBeLessThan(MEMBER_REFRESH_TOKEN_TTL_SECONDS)
    const idle = await refresh(rotated.json.refresh_token)
    expect(idle.status).toBe(400)
    expect(idle.json).toEqual({ error: 'invalid_grant', error_description: expect.any(String) })
  })

  it("O5: starts a new idle window at each rotation, and never extends the login's absolute end", async () => {
    const visitor = await platform.visitorTokens()
    const { tokens } = await memberTokens(platform, visitor.access_token)
    const expiresAt = async (token: string) =>
      (
        await db.query<{ expires_at: Date }>('select expires_at from oauth_tokens where token_hash = $1', [
          hashToken(token),
        ])
      )[0]?.expires_at
    const end = await expiresAt(tokens.refresh_token)
    const step = MEMBER_REFRESH_TOKEN_TTL_SECONDS / 3
    expect(step).toBeLessThan(MEMBER_REFRESH_IDLE_SECONDS)
    let current = tokens.refresh_token
    for (let i = 0; i < 2; i++) {
      platform.clock.advance(step)
      const rotated = await refresh(current)
      expect(rotated.status).toBe(200)
      current = rotated.json.refresh_token
      expect(await expiresAt(current)).toEqual(end)
    }
    platform.clock.advance(step)
    expect((await refresh(current)).json.error).toBe('invalid_grant')
  })

  it('O5: gives a visitor no idle window: the cart waits for a returning visitor', async () => {
    const first = await platform.visitorTokens()
    platform.clock.advance(2 * MEMBER_REFRESH_IDLE_SECONDS)
    expect((await refresh(first.refresh_token)).status).toBe(200)
  })
})
