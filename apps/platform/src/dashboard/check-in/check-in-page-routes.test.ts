import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrder } from '../../checkout/place-order.ts'
import type { Db } from '../../db/db.ts'
import { createEventCheckout } from '../../event-checkout/create-event-checkout.ts'
import { DEMO_TRUNK_SHOW_GENERAL_ID, DEMO_TRUNK_SHOW_ID } from '../../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { getSite } from '../../sites/site-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { reserveTickets } from '../../ticketed-events/reserve-tickets.ts'
import { findTicketsOfReservations } from '../../ticketed-events/ticketed-event-store.ts'

describe.each(databaseKinds())('the door’s check-in page on %s', (kind) => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  let codes: string[]
  let unpaid: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const now = new Date('2027-05-01T12:00:00Z')
    const site = await getSite(db, DEMO_SITE_ID)
    const reserve = () =>
      reserveTickets(db, {
        siteId: DEMO_SITE_ID,
        eventId: DEMO_TRUNK_SHOW_ID,
        tickets: [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 2 }],
        now,
      })
    const paid = await reserve()
    const checkout = await createEventCheckout(
      { db, clock: () => now, publicUrl: 'http://platform.test' },
      {
        site,
        owner: { kind: 'visitor', id: randomUUID() },
        reservationId: paid.id,
        email: 'ada@example.com',
        contact: { firstName: 'Ada', lastName: 'Lovelace' },
        attendees: [],
        callbacks: {},
      },
    )
    await placeOrder(db, {
      checkoutId: checkout.checkoutId,
      expectedTotalMinor: checkout.totalMinor,
      payment: {
        status: 'PAID',
        provider: 'test-card',
        transactionId: randomUUID(),
        paymentId: randomUUID(),
      },
      now,
      publicUrl: 'http://platform.test',
    })
    codes = (await findTicketsOfReservations(db, [paid.id])).map((ticket) => ticket.code)
    unpaid = (await findTicketsOfReservations(db, [(await reserve()).id]))[0]!.code
  })
  afterAll(() => db.close())

  it('checks a ticket in once, and a second try says when it was used', async () => {
    const page = await browser.get('/dashboard/events/check-in')
    expect(page.status).toBe(200)
    expect(page.text).toContain('Ticket code')
    // The camera's Scan button is hidden until the page's script finds BarcodeDetector (decision 075).
    expect(page.text).toMatch(/<button type="button" data-scan="true" hidden="">Scan<\/button>/)
    expect(page.text).toContain("'BarcodeDetector' in window")
    const first = await browser.post('/dashboard/events/check-in', { code: ` ${codes[0]!.toLowerCase()} ` })
    expect(first.status).toBe(200)
    expect(first.text).toContain(`Checked in: ${codes[0]}`)
    expect(first.text).toContain('General admission')
    const second = await browser.post('/dashboard/events/check-in', { code: codes[0]! })
    expect(second.status).toBe(409)
    expect(second.text).toContain(`Already used: ${codes[0]} was checked in on`)
    // The other ticket of the order is still whole.
    expect((await browser.post('/dashboard/events/check-in', { code: codes[1]! })).status).toBe(200)
  })

  it('refuses a code no paid ticket has', async () => {
    for (const code of [unpaid, 'NOSUCHCODE', '<script>']) {
      const refused = await browser.post('/dashboard/events/check-in', { code })
      expect(refused.status).toBe(404)
      expect(refused.text).toContain('No ticket has the code')
    }
  })
})
