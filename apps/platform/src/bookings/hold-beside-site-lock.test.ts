import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { lockSite } from '../sites/site-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { holdSlot } from './hold-slot.ts'

// Placing an order takes the site's row and then the calendars of its bookings; holding a slot takes the
// calendar and then inserts a hold, whose key names the site. Had the site's lock been `for update`, the hold's
// key check would wait behind it while the order waited for the calendar: a deadlock, a 500 for one shopper.
describe.each(databaseKinds())('holding a slot while the site is locked on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(() => db.close())

  it.runIf(kind === 'postgres')('is not kept waiting by the lock', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z')
    let held!: Promise<string>
    const whileLocked = await db.transaction(async (tx) => {
      await lockSite(tx, DEMO_SITE_ID)
      held = db.transaction(async (other) => {
        const hold = await holdSlot(other, {
          siteId: DEMO_SITE_ID,
          serviceId: DEMO_FITTING_ID,
          start: new Date('2026-06-05T13:00:00.000Z'),
          now,
        })
        return hold.bookingId
      })
      // The hold finishes while the site stays locked, or (were it to wait) the lock is let go after 10 s.
      return Promise.race([
        held.then(() => 'held while the site was locked'),
        new Promise<string>((resolve) => setTimeout(() => resolve('kept waiting'), 10_000)),
      ])
    })
    await held
    expect(whileLocked).toBe('held while the site was locked')
  })
})
