import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { membershipGrantOf } from '../../plans/grant-membership.ts'
import { insertMembership } from '../../plans/membership-store.ts'
import { findPlan } from '../../plans/plan-store.ts'
import { DEMO_PLAN_IDS, seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard plans on %s', (kind) => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const [row] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    notebook = row!.id
  })
  afterAll(() => db.close())

  it('lists the demo plans and creates a plan from the form, covering the ticked products', async () => {
    const list = await browser.get('/dashboard/plans')
    expect(list.status).toBe(200)
    expect(list.text).toContain('Stationery club')
    expect(list.text).toContain('1 session · 7 days · free')
    const created = await browser.post('/dashboard/plans', {
      name: 'Reading circle',
      description: 'Books and notebooks',
      price: '12.50',
      durationCount: '3',
      durationUnit: 'MONTH',
      sessions: '',
      productIds: [notebook, crypto.randomUUID()],
    })
    expect(created.status).toBe(303)
    const id = /\/dashboard\/plans\/([0-9a-f-]{36})/.exec(created.location ?? '')![1]!
    const plan = await findPlan(db, DEMO_SITE_ID, id)
    expect(Number(plan?.price_minor)).toBe(1250)
    expect(plan).toMatchObject({
      name: 'Reading circle',
      duration_unit: 'MONTH',
      duration_count: 3,
      sessions: null,
      product_ids: [notebook],
      collection_ids: [],
      archived: false,
    })
    const page = await browser.get(created.location!)
    expect(page.text).toContain('Plan created.')
  })

  it('refuses a plan without a name or with a bad price, duration or sessions, storing nothing', async () => {
    const before = await db.query('select id from plans')
    const refused = await browser.post('/dashboard/plans', {
      name: '',
      price: '-1',
      durationCount: '0',
      durationUnit: 'DAY',
      sessions: 'many',
    })
    expect(refused.status).toBe(400)
    for (const words of [
      'must be 1 to 200 characters',
      'must be 0 or more',
      'from 1 to 1200',
      'from 1 to 100000',
    ])
      expect(refused.text).toContain(words)
    expect(await db.query('select id from plans')).toHaveLength(before.length)
  })

  it('edits a plan and archives it, then puts it back on sale', async () => {
    const id = DEMO_PLAN_IDS.notebookTrial
    const edited = await browser.post(`/dashboard/plans/${id}`, {
      name: 'Notebook trial',
      price: '0',
      durationCount: '',
      durationUnit: 'NONE',
      sessions: '2',
      productIds: notebook,
    })
    expect(edited.status).toBe(303)
    expect(await findPlan(db, DEMO_SITE_ID, id)).toMatchObject({ duration_unit: null, sessions: 2 })
    expect((await browser.post(`/dashboard/plans/${id}/archive`)).status).toBe(303)
    expect((await findPlan(db, DEMO_SITE_ID, id))?.archived).toBe(true)
    expect((await browser.post(`/dashboard/plans/${id}/restore`)).status).toBe(303)
    expect((await findPlan(db, DEMO_SITE_ID, id))?.archived).toBe(false)
    expect((await browser.get(`/dashboard/plans/${crypto.randomUUID()}`)).status).toBe(404)
  })

  it('shows a member’s plans with sessions left and expiry on the members page', async () => {
    const [member] = await db.query<{ id: string }>(
      `insert into members (id, site_id, login_email, status, created_date, updated_date)
       values ($1, $2, 'plans@example.com', 'ACTIVE', now(), now()) returning id`,
      [crypto.randomUUID(), DEMO_SITE_ID],
    )
    const plan = await findPlan(db, DEMO_SITE_ID, DEMO_PLAN_IDS.stationeryClub)
    await insertMembership(
      db,
      membershipGrantOf(plan!, {
        memberId: member!.id,
        currency: 'USD',
        now: new Date('2026-06-01T00:00:00Z'),
      }),
    )
    const page = await browser.get('/dashboard/members')
    expect(page.text).toContain('Stationery club')
    expect(page.text).toContain('5 of 5')
    // Bought on 1 Jun 2026 00:00 UTC for a month: it ends on 30 Jun at 20:00 in the demo shop's New York.
    expect(page.text).toContain('30 Jun 2026')
  })
})
