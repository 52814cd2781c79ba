import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { MEMBER_PASSWORD, memberTokens, newEmail, register } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, readIdentityPolicy, saveIdentityPolicy } from '../identity-policy.ts'
import { lastMailTo } from '../testing/member-mail.ts'

describe.each(databaseKinds())('the merchant’s member calls on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let key: string
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    siteId = client!.site_id
    key = (await createApiKey(db, { siteId, name: 'members', permissions: ['members'] }, platform.clock()))
      .key
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
    await saveIdentityPolicy(db, siteId, DEFAULT_IDENTITY_POLICY, platform.clock())
  })
  afterAll(() => db.close())

  const asMerchant = (method: string, path: string, body?: unknown, credential = key) =>
    platform.call(method, path, { token: credential, headers: { 'aisle-site-id': siteId }, body })
  const login = (email: string) =>
    platform.call('POST', '/identity/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: MEMBER_PASSWORD },
    })
  const errorCode = (response: { json: Record<string, any> }) => response.json.details?.applicationError?.code
  const pendingMember = async () => {
    await saveIdentityPolicy(db, siteId, { ownerApprovalRequired: true }, platform.clock())
    const email = newEmail('approval')
    const registered = await register(platform, visitor, email)
    expect(registered.json.state).toBe('REQUIRE_OWNER_APPROVAL')
    return { email, id: registered.json.identity.id as string }
  }

  describe('GET and PATCH /members/v1/identity-policy', () => {
    it('reads the defaults, changes only the rules named, and is what readIdentityPolicy reads', async () => {
      expect((await asMerchant('GET', '/members/v1/identity-policy')).json.policy).toEqual(
        DEFAULT_IDENTITY_POLICY,
      )
      const changed = await asMerchant('PATCH', '/members/v1/identity-policy', {
        policy: { ownerApprovalRequired: true },
      })
      expect(changed.json.policy).toEqual({ ...DEFAULT_IDENTITY_POLICY, ownerApprovalRequired: true })
      await asMerchant('PATCH', '/members/v1/identity-policy', { policy: { captchaRequired: true } })
      expect(await readIdentityPolicy(db, siteId)).toEqual({
        emailVerificationRequired: false,
        ownerApprovalRequired: true,
        captchaRequired: true,
      })
    })

    it.each([
      ['a string for a rule', { policy: { ownerApprovalRequired: 'yes' } }],
      ['no policy', {}],
      ['a policy that is a list', { policy: [] }],
    ])('answers a field violation for %s, and changes nothing', async (_what, body) => {
      const response = await asMerchant('PATCH', '/members/v1/identity-policy', body)
      expect(response.status).toBe(400)
      expect(await readIdentityPolicy(db, siteId)).toEqual(DEFAULT_IDENTITY_POLICY)
    })
  })

  describe('GET /members/v1/members', () => {
    it('lists the members, newest first, by status', async () => {
      const { id } = await pendingMember()
      const pending = await asMerchant('GET', '/members/v1/members?status=PENDING_ADMIN_APPROVAL')
      expect(pending.status).toBe(200)
      expect(pending.json.members.map((member: { id: string }) => member.id)).toContain(id)
      for (const member of pending.json.members)
        expect(member.status).toEqual({ name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] })
      const all = await asMerchant('GET', '/members/v1/members?limit=1')
      expect(all.json.members).toHaveLength(1)
      expect(all.json.metadata.total).toBeGreaterThanOrEqual(pending.json.metadata.total)
    })

    it.each([
      ['an unknown status', 'status=SLEEPING'],
      ['a limit of 101', 'limit=101'],
      ['a negative offset', 'offset=-1'],
    ])('answers a field violation for %s', async (_what, query) => {
      expect((await asMerchant('GET', `/members/v1/members?${query}`)).status).toBe(400)
    })
  })

  describe('POST /members/v1/members/:id/approve', () => {
    it('lets a member waiting for approval in, and tells them by e-mail', async () => {
      const { email, id } = await pendingMember()
      expect((await login(email)).json.state).toBe('REQUIRE_OWNER_APPROVAL')
      const approved = await asMerchant('POST', `/members/v1/members/${id}/approve`)
      expect(approved.status).toBe(200)
      expect(approved.json.member.status).toEqual({ name: 'ACTIVE', reasons: [] })
      expect((await login(email)).json.state).toBe('SUCCESS')
      expect((await lastMailTo(db, email)).topic).toBe('approved')
    })

    it('never skips e-mail verification', async () => {
      await saveIdentityPolicy(db, siteId, { emailVerificationRequired: true }, platform.clock())
      const registered = await register(platform, visitor, newEmail('unverified'))
      const answer = await asMerchant('POST', `/members/v1/members/${registered.json.identity.id}/approve`)
      expect(answer.status).toBe(409)
      expect(errorCode(answer)).toBe('MEMBER_STATUS_CONFLICT')
    })
  })

  describe('POST /members/v1/members/:id/block', () => {
    it('blocked members cannot log in, and lose their tokens at once', async () => {
      const email = newEmail('blocked')
      const member = await memberTokens(platform, visitor, email)
      visitor = (await platform.visitorTokens()).access_token
      const blocked = await asMerchant('POST', `/members/v1/members/${member.memberId}/block`)
      expect(blocked.json.member.status).toEqual({ name: 'BLOCKED', reasons: [] })
      const refused = await login(email)
      expect(refused.status).toBe(400)
      expect(errorCode(refused)).toBe('-19976')
      expect(
        (await platform.call('GET', '/ecom/v1/carts/current', { token: member.tokens.access_token })).status,
      ).toBe(401)
      const refresh = await platform.call('POST', '/oauth2/token', {
        body: {
          clientId: DEMO_CLIENT_ID,
          grantType: 'refresh_token',
          refresh_token: member.tokens.refresh_token,
        },
      })
      expect(refresh.json.error).toBe('invalid_grant')
      const unblocked = await asMerchant('POST', `/members/v1/members/${member.memberId}/approve`)
      expect(unblocked.json.member.status.name).toBe('ACTIVE')
      expect((await login(email)).json.state).toBe('SUCCESS')
    })
  })

  describe('who may call', () => {
    it.each([
      ['a visitor token', 'visitor', 403],
      ['a key without the members permission', 'catalogue-key', 403],
      ['no credential', 'none', 401],
    ] as const)('refuses %s', async (_what, who, status) => {
      const { id } = await pendingMember()
      const catalogueKey = (
        await createApiKey(db, { siteId, name: 'catalogue', permissions: ['catalogue'] }, platform.clock())
      ).key
      const credential = { visitor, 'catalogue-key': catalogueKey, none: '' }[who]
      for (const [method, path] of [
        ['GET', '/members/v1/members'],
        ['POST', `/members/v1/members/${id}/approve`],
        ['POST', `/members/v1/members/${id}/block`],
        ['GET', '/members/v1/identity-policy'],
      ] as const)
        expect((await asMerchant(method, path, undefined, credential)).status).toBe(status)
      expect(
        (
          await login(
            (
              await db.query<{ login_email: string }>('select login_email from members where id = $1', [id])
            )[0]!.login_email,
          )
        ).json.state,
      ).toBe('REQUIRE_OWNER_APPROVAL')
    })

    it('finds no member of another site, and refuses an id that is no UUID', async () => {
      expect(
        errorCode(
          await asMerchant('POST', '/members/v1/members/00000000-0000-4000-8000-00000000beef/approve'),
        ),
      ).toBe('MEMBER_NOT_FOUND')
      expect((await asMerchant('POST', '/members/v1/members/not-an-id/block')).status).toBe(400)
    })
  })
})
