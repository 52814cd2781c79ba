import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createCountingDb } from '../../testing/counting-db.ts'
import { createDashboardPlatform } from '../../testing/dashboard-browser.ts'
import { placeNotebookOrder } from '../../testing/placed-orders.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import type { IdentityProfile } from '../identity-profile.ts'
import { insertMember, listMemberSummaries } from './member-store.ts'

describe.each(databaseKinds())('listMemberSummaries on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  })
  afterAll(() => db.close())

  const member = async (email: string, profile: IdentityProfile) =>
    (await insertMember(
      db,
      { siteId: DEMO_SITE_ID, email, passwordHash: null, status: 'ACTIVE', pendingReason: null, profile },
      platform.clock(),
    ))!
  /** A real order placed through the app, then made the member's (as a signed-in checkout makes it). */
  const orderOf = async (memberId: string) => {
    const placed = await placeNotebookOrder(platform.app, db, platform.clock(), {})
    await db.query("update orders set owner_kind = 'member', owner_id = $2 where id = $1", [
      placed.orderId,
      memberId,
    ])
    return placed
  }

  it('answers each member’s placed orders and spend less refunds, searched and sorted, in one statement', async () => {
    const ada = await member('ada@example.com', { firstName: 'Ada', lastName: 'Lovelace' })
    const bo = await member('bo@example.com', { nickname: 'Bo' })
    const cy = await member('cy@example.com', {})
    const first = await orderOf(ada.id)
    await orderOf(ada.id)
    const canceled = await orderOf(ada.id)
    await db.query("update orders set status = 'CANCELED' where id = $1", [canceled.orderId])
    await db.query('update orders set refunded_minor = 100 where id = $1', [first.orderId])
    const bos = await orderOf(bo.id)

    const counting = createCountingDb(db)
    let list: Awaited<ReturnType<typeof listMemberSummaries>> | undefined
    const statements = await counting.measure(async () => {
      list = await listMemberSummaries(counting.db, DEMO_SITE_ID, { sort: 'spend', limit: 10, offset: 0 })
    })
    expect(statements).toHaveLength(1)
    const byEmail = new Map(list!.members.map((m) => [m.login_email, m]))
    expect(byEmail.get('ada@example.com')).toMatchObject({
      orders_count: 2,
      spend_minor: 2 * first.totalMinor - 100,
    })
    expect(byEmail.get('bo@example.com')).toMatchObject({ orders_count: 1, spend_minor: bos.totalMinor })
    expect(byEmail.get('cy@example.com')).toMatchObject({ orders_count: 0, spend_minor: 0 })
    expect(list!.members.map((m) => m.login_email).slice(0, 3)).toEqual([
      'ada@example.com',
      'bo@example.com',
      'cy@example.com',
    ])
    expect(list!.total).toBe(3)

    const named = await listMemberSummaries(db, DEMO_SITE_ID, { q: 'LOVE', limit: 10, offset: 0 })
    expect(named.members.map((m) => m.id)).toEqual([ada.id])
    const nick = await listMemberSummaries(db, DEMO_SITE_ID, { q: 'bo', limit: 10, offset: 0 })
    expect(nick.members.map((m) => m.id)).toEqual([bo.id])
    // A search's % and _ are letters, not wildcards.
    expect((await listMemberSummaries(db, DEMO_SITE_ID, { q: '%', limit: 10, offset: 0 })).total).toBe(0)
    const byName = await listMemberSummaries(db, DEMO_SITE_ID, { sort: 'name', limit: 10, offset: 0 })
    expect(byName.members.map((m) => m.id)).toEqual([ada.id, bo.id, cy.id])
    const later = await listMemberSummaries(db, DEMO_SITE_ID, { sort: 'oldest', limit: 10, offset: 5 })
    expect(later).toEqual({ members: [], total: 3 })
  })
})
