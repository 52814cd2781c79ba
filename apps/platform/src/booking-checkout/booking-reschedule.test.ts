import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBookingById } from '../bookings/booking-store.ts'
import type { Db } from '../db/db.ts'
import { findOrder } from '../orders/order-store.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { bookSlotOnHostedPages } from '../testing/booked-slots.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { pathOfLocation } from '../testing/hosted-checkout-flow.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The clock stands at Monday 1 June 2026, 12:00 UTC; the demo calendar is New York's (UTC-4 in June), the
// fitting 45 minutes with 15 after it, and it may be moved online until 24 hours before it starts.
describe.each(databaseKinds())('the customer’s reschedule page on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  /** Books the fitting and answers its ids and the reschedule link of its confirmation mail. */
  async function book(start: string, email: string) {
    const booked = await bookSlotOnHostedPages(platform.app, db, { serviceId: DEMO_FITTING_ID, start, email })
    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from mail_outbox where recipient = $1 and topic = 'booking-confirmation'",
      [email],
    )
    const link = /To move it to another time: (\S+)/.exec(mail!.text_body)?.[1]
    expect(link).toMatch(
      new RegExp(
        `^http://platform\\.test/_bookings/reschedule/${booked.bookingId}\\?expires=\\d+&signature=`,
      ),
    )
    const path = pathOfLocation(link!)
    const query = new URLSearchParams(path.split('?')[1])
    return {
      ...booked,
      path,
      action: path.split('?')[0]!,
      signed: { expires: query.get('expires')!, signature: query.get('signature')! },
    }
  }

  it('moves a booking from its mail’s link to a free time, through the merchant’s reschedule, with the new calendar file', async () => {
    const booking = await book('2026-06-03T13:00:00.000Z', 'mover@example.com')
    const browser = createTestBrowser(platform.app)
    const page = await browser.get(`${booking.path}&date=2026-06-04`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Move Tailored fitting')
    expect(page.text).toContain('Wed, Jun 3, 2026, 9:00')
    expect(page.text).toContain('value="2026-06-04T13:00:00.000Z"')

    // Another booking takes a time meanwhile: pressing it says so and changes nothing.
    await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-04T14:00:00.000Z',
      email: 'first@example.com',
      pay: 'in-person',
    })
    const taken = await browser.post(booking.action, { ...booking.signed, start: '2026-06-04T14:00:00.000Z' })
    expect(taken.status).toBe(409)
    expect(taken.text).toContain('That time was just taken')
    expect((await findBookingById(db, booking.bookingId))?.start_date).toEqual(
      new Date('2026-06-03T13:00:00Z'),
    )

    const moved = await browser.post(booking.action, { ...booking.signed, start: '2026-06-04T15:00:00.000Z' })
    expect(moved.status).toBe(200)
    expect(moved.text).toContain('Your booking has moved')
    expect(moved.text).toContain('Thu, Jun 4, 2026, 11:00')
    expect(await findBookingById(db, booking.bookingId)).toMatchObject({
      status: 'CONFIRMED',
      start_date: new Date('2026-06-04T15:00:00Z'),
    })
    // The new time's mail and calendar file, the webhook naming the customer, and the order line's When.
    const [mail] = await db.query<{ attachments: { content: string }[]; text_body: string }>(
      "select attachments, text_body from mail_outbox where recipient = 'mover@example.com' and topic = 'booking-rescheduled'",
    )
    expect(mail?.attachments[0]?.content).toContain('DTSTART:20260604T150000Z')
    expect(mail?.text_body).toContain(`/_bookings/reschedule/${booking.bookingId}?`)
    const [event] = await db.query<{ payload: Record<string, unknown>; identity: Record<string, unknown> }>(
      "select payload, identity from events where entity_id = $1 and type = 'booking.rescheduled'",
      [booking.bookingId],
    )
    expect(event?.payload).toMatchObject({ startDate: '2026-06-04T15:00:00.000Z', orderId: booking.orderId })
    expect(event?.identity).toMatchObject({ identityType: 'ANONYMOUS_VISITOR' })
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, booking.orderId)
    expect(JSON.stringify(order?.lines[0]?.description_lines)).toContain('Thu, 4 Jun 2026, 11:00')
  })

  it('refuses a forged link, a post from another site and a move past the notice, changing nothing', async () => {
    const booking = await book('2026-06-05T13:00:00.000Z', 'late-mover@example.com')
    const browser = createTestBrowser(platform.app)
    const start = '2026-06-05T15:00:00.000Z'
    const forged = await browser.get(booking.path.replace(/signature=[^&]+/, 'signature=forged'))
    expect(forged.status).toBe(403)
    const forgedPost = await browser.post(booking.action, { ...booking.signed, signature: 'forged', start })
    expect(forgedPost.status).toBe(403)
    const crossSite = await browser.post(
      booking.action,
      { ...booking.signed, start },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.status).toBe(403)
    const noTime = await browser.post(booking.action, { ...booking.signed, start: 'soon' })
    expect(noTime.status).toBe(400)

    // 23 hours before it starts: past the notice, the page says so and the post is refused.
    platform.clock.advance((3 * 24 + 2) * 3600)
    try {
      const page = await browser.get(booking.path)
      expect(page.status).toBe(200)
      expect(page.text).toContain('which has passed: contact the shop')
      expect(page.text).not.toContain('Free times on')
      const late = await browser.post(booking.action, { ...booking.signed, start })
      expect(late.status).toBe(409)
      expect(late.text).toContain('can be moved online only until 24 hours before it starts')
    } finally {
      platform.clock.advance(-(3 * 24 + 2) * 3600)
    }
    expect((await findBookingById(db, booking.bookingId))?.start_date).toEqual(
      new Date('2026-06-05T13:00:00Z'),
    )
  })
})
