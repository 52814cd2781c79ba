import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { readIdentityPolicy, saveIdentityPolicy } from '../../identity/identity-policy.ts'
import { insertMember, type MemberStatus, type PendingReason } from '../../identity/members/member-store.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard members on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  let counter = 0
  const member = async (status: MemberStatus, pendingReason: PendingReason | null = null) => {
    counter++
    const created = await insertMember(
      db,
      {
        siteId: DEMO_SITE_ID,
        email: `member-${counter}-${status.toLowerCase()}@example.com`,
        passwordHash: 'not-a-real-hash',
        status,
        pendingReason,
        profile: {},
      },
      platform.clock(),
    )
    return created!
  }
  const statusOf = async (id: string) =>
    (await db.query<{ status: string }>('select status from members where id = $1', [id]))[0]!.status

  describe('GET /dashboard/members', () => {
    it('lists the members with their status, filtered, with the Members link current', async () => {
      const waiting = await member('PENDING', 'PENDING_ADMIN_APPROVAL_REQUIRED')
      const active = await member('ACTIVE')
      const all = await browser.get('/dashboard/members')
      expect(all.status).toBe(200)
      expect(all.text).toContain('<a href="/dashboard/members" aria-current="page">Members</a>')
      expect(all.text).toContain(waiting.login_email)
      expect(all.text).toContain(active.login_email)
      const filtered = await browser.get('/dashboard/members?status=PENDING_ADMIN_APPROVAL')
      expect(filtered.text).toContain(waiting.login_email)
      expect(filtered.text).not.toContain(active.login_email)
      expect(filtered.text).toContain(`action="/dashboard/members/${waiting.id}/approve"`)
    })

    it.each([['status=SLEEPING'], ['page=0'], ['page=x']])('answers %s with a 400 page', async (query) => {
      const page = await browser.get(`/dashboard/members?${query}`)
      expect(page.status).toBe(400)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    })
  })

  describe('POST /dashboard/members/:id/approve and /block', () => {
    it('approves a member waiting for it, and blocks one', async () => {
      const waiting = await member('PENDING', 'PENDING_ADMIN_APPROVAL_REQUIRED')
      await browser.get('/dashboard/members')
      const approved = await browser.post(`/dashboard/members/${waiting.id}/approve`)
      expect(approved.status).toBe(303)
      expect(approved.location).toBe('/dashboard/members?notice=saved')
      expect(await statusOf(waiting.id)).toBe('ACTIVE')
      const blocked = await browser.post(`/dashboard/members/${waiting.id}/block`)
      expect(blocked.status).toBe(303)
      expect(await statusOf(waiting.id)).toBe('BLOCKED')
    })

    it('refuses to approve a member who still confirms their e-mail, with a 409 page', async () => {
      const confirming = await member('PENDING', 'PENDING_EMAIL_VERIFICATION_REQUIRED')
      await browser.get('/dashboard/members')
      const refused = await browser.post(`/dashboard/members/${confirming.id}/approve`)
      expect(refused.status).toBe(409)
      expect(refused.text).toContain('Nothing changed')
      expect(await statusOf(confirming.id)).toBe('PENDING')
    })

    it('finds no member of another site, and refuses an id that is no UUID', async () => {
      await browser.get('/dashboard/members')
      expect(
        (await browser.post('/dashboard/members/00000000-0000-4000-8000-00000000beef/block')).status,
      ).toBe(404)
      expect((await browser.post('/dashboard/members/nope/block')).status).toBe(400)
    })

    it('refuses a post without the session’s token or from another site (CSRF), changing nothing', async () => {
      const waiting = await member('PENDING', 'PENDING_ADMIN_APPROVAL_REQUIRED')
      await browser.get('/dashboard/members')
      const path = `/dashboard/members/${waiting.id}/approve`
      expect((await browser.post(path, { csrf: 'forged' })).status).toBe(403)
      expect((await browser.post(path, {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
      expect((await browser.post(path, {}, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
      expect(await statusOf(waiting.id)).toBe('PENDING')
    })

    it('sends a visitor without a session to the sign-in page', async () => {
      const stranger = createTestBrowser(platform.app)
      const waiting = await member('PENDING', 'PENDING_ADMIN_APPROVAL_REQUIRED')
      const answer = await stranger.post(`/dashboard/members/${waiting.id}/approve`, { csrf: 'x' })
      expect(answer.status).toBe(303)
      expect(answer.location).toMatch(/^\/dashboard\/login/)
      expect(await statusOf(waiting.id)).toBe('PENDING')
    })
  })

  describe('POST /dashboard/members/policy', () => {
    it('saves the sign-up rules that readIdentityPolicy reads, and shows them checked', async () => {
      await browser.get('/dashboard/members')
      const saved = await browser.submit('/dashboard/members/policy', {
        emailVerificationRequired: 'on',
        ownerApprovalRequired: 'on',
        captchaRequired: undefined,
      })
      expect(saved.status).toBe(303)
      expect(await readIdentityPolicy(db, DEMO_SITE_ID)).toEqual({
        emailVerificationRequired: true,
        ownerApprovalRequired: true,
        captchaRequired: false,
      })
      const page = await browser.get(saved.location!)
      expect(browser.formOf('/dashboard/members/policy')).toMatchObject({
        emailVerificationRequired: ['on'],
        ownerApprovalRequired: ['on'],
      })
      expect(page.text).toContain('Saved.')
      await browser.submit('/dashboard/members/policy', {
        emailVerificationRequired: undefined,
        ownerApprovalRequired: undefined,
      })
      expect(await readIdentityPolicy(db, DEMO_SITE_ID)).toEqual({
        emailVerificationRequired: false,
        ownerApprovalRequired: false,
        captchaRequired: false,
      })
    })

    it('refuses a post without the session’s token, changing nothing', async () => {
      await saveIdentityPolicy(db, DEMO_SITE_ID, { ownerApprovalRequired: false }, platform.clock())
      await browser.get('/dashboard/members')
      const refused = await browser.post('/dashboard/members/policy', {
        csrf: 'forged',
        ownerApprovalRequired: 'on',
      })
      expect(refused.status).toBe(403)
      expect((await readIdentityPolicy(db, DEMO_SITE_ID)).ownerApprovalRequired).toBe(false)
    })
  })
})
