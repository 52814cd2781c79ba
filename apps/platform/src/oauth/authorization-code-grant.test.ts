import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { setMemberStatus } from '../identity/members/member-store.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import {
  browse,
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  directLoginCode,
  exchangeCode,
  MEMBER_PASSWORD,
  memberTokens,
  newEmail,
  readCallback,
} from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { hashToken } from './opaque-token.ts'

describe.each(databaseKinds())('POST /oauth2/token with the authorization_code grant on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  let tee: { id: string; variants: string[] }
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris)
       select 'other-client', site_id, 'Other', redirect_uris from oauth_clients where id = $1`,
      [DEMO_CLIENT_ID],
    )
    const [teeRow] = await db.query<{ id: string }>("select id from products where slug = 'classic-tee'")
    const variants = await db.query<{ id: string }>(
      'select id from product_variants where product_id = $1 order by position',
      [teeRow!.id],
    )
    tee = { id: teeRow!.id, variants: variants.map((v) => v.id) }
    const [notebookRow] = await db.query<{ id: string }>(
      'select p.id from products p where p.manage_variants = false and p.in_stock order by p.slug limit 1',
    )
    notebook = notebookRow!.id
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const refresh = (refreshToken: string, clientId = DEMO_CLIENT_ID) =>
    platform.call('POST', '/oauth2/token', {
      body: { clientId, grantType: 'refresh_token', refresh_token: refreshToken },
    })
  const getCart = (token: string) => platform.call('GET', '/ecom/v1/carts/current', { token })
  const addTee = (token: string, variant: number, quantity: number) =>
    platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          {
            catalogReference: {
              catalogItemId: tee.id,
              appId: 'stores',
              options: { variantId: tee.variants[variant] },
            },
            quantity,
          },
        ],
      },
    })

  it('exchanges a code for member tokens: role member, the member as subject, uncacheable', async () => {
    const login = await directLoginCode(platform, visitor)
    const response = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.json).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 14_400,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      cart_merge: { kind: 'none' },
    })
    const rows = await db.query<{ role: string; subject_id: string; kind: string; expires_at: Date }>(
      'select role, subject_id, kind, expires_at from oauth_tokens where token_hash = any($1::text[]) order by kind',
      [[hashToken(response.json.access_token), hashToken(response.json.refresh_token)]],
    )
    expect(rows.map((row) => [row.kind, row.role, row.subject_id])).toEqual([
      ['access', 'member', login.memberId],
      ['refresh', 'member', login.memberId],
    ])
    expect(new Date(rows[1]!.expires_at).getTime() - platform.clock().getTime()).toBe(30 * 24 * 3600 * 1000)
  })

  it('refuses a code used twice and revokes the tokens of its first exchange', async () => {
    const login = await directLoginCode(platform, visitor)
    const first = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    expect((await addTee(first.json.access_token, 0, 1)).status).toBe(200)
    const rotated = await refresh(first.json.refresh_token)
    expect(rotated.status).toBe(200)
    const second = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    expect(second.status).toBe(400)
    expect(second.json).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringContaining('already used'),
    })
    expect((await getCart(first.json.access_token)).status).toBe(401)
    expect((await getCart(rotated.json.access_token)).status).toBe(401)
    expect((await refresh(rotated.json.refresh_token)).json.error).toBe('invalid_grant')
  })

  it('A1: refuses a code reused 30 seconds later (oidcc-codereuse-30seconds) and revokes what it issued', async () => {
    const login = await directLoginCode(platform, visitor)
    const first = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    platform.clock.advance(30)
    const rotated = await refresh(first.json.refresh_token)
    expect(rotated.status).toBe(200)
    const reuse = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    expect(reuse.json.error).toBe('invalid_grant')
    expect((await getCart(rotated.json.access_token)).status).toBe(401)
  })

  it('lets exactly one of 20 concurrent redemptions of one code succeed', async () => {
    const login = await directLoginCode(platform, visitor)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.json.error === 'invalid_grant')).toHaveLength(19)
    const families = await db.query(
      `select distinct family_id from oauth_tokens where role = 'member' and subject_id = $1`,
      [login.memberId],
    )
    expect(families).toHaveLength(1)
  })

  it('refuses a code 61 seconds old, and takes one 59 seconds old', async () => {
    const late = await directLoginCode(platform, visitor)
    const timely = await directLoginCode(platform, (await platform.visitorTokens()).access_token)
    platform.clock.advance(59)
    expect(
      (await exchangeCode(platform, { code: timely.code, codeVerifier: timely.codeVerifier })).status,
    ).toBe(200)
    platform.clock.advance(2)
    const response = await exchangeCode(platform, { code: late.code, codeVerifier: late.codeVerifier })
    expect(response.json).toEqual({ error: 'invalid_grant', error_description: 'The code has expired.' })
  })

  it.each([
    ['another client', { clientId: 'other-client' }, 'invalid_grant'],
    ['another redirect URI', { redirectUri: 'http://127.0.0.1:3000/callback' }, 'invalid_grant'],
    ['the redirect URI with a trailing slash', { redirectUri: `${DEMO_REDIRECT_URI}/` }, 'invalid_grant'],
    ['no redirect URI although the request named one', { redirectUri: undefined }, 'invalid_grant'],
    ['a wrong verifier', { codeVerifier: 'x'.repeat(43) }, 'invalid_grant'],
    ['the challenge as verifier (plain)', { codeVerifier: 'challenge' }, 'invalid_grant'],
    ['no verifier', { codeVerifier: undefined }, 'invalid_request'],
    ['a 42-character verifier', { codeVerifier: 'x'.repeat(42) }, 'invalid_request'],
    ['a 129-character verifier', { codeVerifier: 'x'.repeat(129) }, 'invalid_request'],
    ['a verifier with "+"', { codeVerifier: `${'x'.repeat(42)}+` }, 'invalid_request'],
    ['an unknown code', { code: 'forged' }, 'invalid_grant'],
  ])('refuses %s, and the code stays good for the right request', async (_what, change, error) => {
    const login = await directLoginCode(platform, visitor)
    const request: Record<string, unknown> = {
      code: login.code,
      codeVerifier: login.codeVerifier,
      redirectUri: DEMO_REDIRECT_URI,
      ...change,
    }
    if (request.codeVerifier === 'challenge') request.codeVerifier = login.codeChallenge
    const refused = await platform.call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', ...request },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe(error)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    const right = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
    expect(right.status).toBe(200)
  })

  it('refuses the code of a member blocked since, and their refresh tokens', async () => {
    const login = await directLoginCode(platform, visitor)
    const other = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    await setMemberStatus(db, login.memberId, 'BLOCKED', null, platform.clock())
    await setMemberStatus(db, other.memberId, 'BLOCKED', null, platform.clock())
    expect(
      (await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })).json.error,
    ).toBe('invalid_grant')
    expect((await refresh(other.tokens.refresh_token)).json.error).toBe('invalid_grant')
  })

  it('rotates a member’s refresh token as a member, never past the login’s 30 days', async () => {
    const { tokens, memberId } = await memberTokens(platform, visitor)
    platform.clock.advance(10 * 24 * 3600)
    const rotated = await refresh(tokens.refresh_token)
    expect(rotated.status).toBe(200)
    const [row] = await db.query<{ role: string; subject_id: string; expires_at: Date }>(
      'select role, subject_id, expires_at from oauth_tokens where token_hash = $1',
      [hashToken(rotated.json.refresh_token)],
    )
    expect(row).toMatchObject({ role: 'member', subject_id: memberId })
    expect(new Date(row!.expires_at).getTime() - platform.clock().getTime()).toBe(20 * 24 * 3600 * 1000)
    platform.clock.advance(20 * 24 * 3600)
    expect((await refresh(rotated.json.refresh_token)).json.error).toBe('invalid_grant')
  })

  describe('cart on login', () => {
    it('gives a member without a cart the visitor’s cart as it is, and revokes the visitor’s tokens', async () => {
      const added = await addTee(visitor, 0, 2)
      const { tokens } = await memberTokens(platform, visitor)
      expect(tokens.cart_merge).toEqual({ kind: 'moved', cartId: added.json.cart.id })
      const cart = await getCart(tokens.access_token)
      expect(cart.json.cart.id).toBe(added.json.cart.id)
      expect(cart.json.cart.lineItems).toHaveLength(1)
      expect((await getCart(visitor)).status).toBe(401)
      const events = await db.query<{ type: string; identity: { identityType: string } }>(
        'select type, identity from events where entity_id = $1 order by created_date, type',
        [added.json.cart.id],
      )
      expect(events.at(-1)).toMatchObject({ type: 'cart.updated', identity: { identityType: 'MEMBER' } })
    })

    it('merges the visitor’s lines into the member’s cart: same product and variant add up, others join', async () => {
      const email = newEmail()
      const firstVisit = await memberTokens(platform, visitor, email)
      await addTee(firstVisit.tokens.access_token, 0, 3)
      const memberCart = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: firstVisit.tokens.access_token,
        body: { lineItems: [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }] },
      })
      const memberCartId = memberCart.json.cart.id

      const secondVisitor = (await platform.visitorTokens()).access_token
      await addTee(secondVisitor, 0, 2)
      const visitorCart = await addTee(secondVisitor, 1, 4)
      const login = await platform.call('POST', '/identity/v2/login', {
        token: secondVisitor,
        body: { loginId: { email }, password: MEMBER_PASSWORD },
      })
      const pkce = createPkce()
      const session = await createAuthSession(platform, secondVisitor, {
        challenge: pkce.codeChallenge,
        prompt: 'none',
        sessionToken: login.json.sessionToken,
      })
      const code = readCallback((await browse(platform, session.json.redirectSession.fullUrl)).location).code!
      const exchanged = await exchangeCode(platform, { code, codeVerifier: pkce.codeVerifier })
      expect(exchanged.json.cart_merge).toEqual({
        kind: 'merged',
        cartId: memberCartId,
        visitorCartId: visitorCart.json.cart.id,
        combinedLines: 1,
        addedLines: 1,
        droppedLines: 0,
      })
      const cart = (await getCart(exchanged.json.access_token)).json.cart
      const quantities = cart.lineItems.map(
        (line: {
          quantity: number
          catalogReference?: { catalogItemId: string; options?: { variantId?: string } }
        }) => [
          line.catalogReference?.catalogItemId,
          line.catalogReference?.options?.variantId ?? null,
          line.quantity,
        ],
      )
      expect(quantities).toEqual([
        [tee.id, tee.variants[0], 5],
        [notebook, expect.anything(), 1],
        [tee.id, tee.variants[1], 4],
      ])
      expect(await db.query('select 1 from carts where id = $1', [visitorCart.json.cart.id])).toHaveLength(0)
      const events = await db.query<{ type: string; entity_id: string }>(
        `select type, entity_id from events where entity_id = any($1::text[]) and identity->>'identityType' = 'MEMBER'
           and type in ('cart.updated', 'cart.deleted') order by created_date desc, type limit 2`,
        [[memberCartId, visitorCart.json.cart.id]],
      )
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'cart.updated', entity_id: memberCartId },
          { type: 'cart.deleted', entity_id: visitorCart.json.cart.id },
        ]),
      )
    })
  })
})
