import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeCanceledOrder } from '../checkout/free-canceled-order.ts'
import { orderRefundsThroughPayments } from '../checkout/payments/refunds-for-order-desk.ts'
import type { Db } from '../db/db.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { bookSlotOnHostedPages } from '../testing/booked-slots.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { voidRefundedTickets } from '../ticketed-events/ticketed-event-store.ts'
import { sendDueBookingReminders } from './booking-reminders.ts'
import { cancelBooking } from './cancel-booking.ts'
import { rescheduleBooking } from './reschedule-booking.ts'

// The clock stands at Monday 1 June 2026, 12:00 UTC; the demo calendar is New York's (UTC-4 in June) and its
// services are reminded 24 hours before they start (the default).
describe.each(databaseKinds())('booking reminders on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const cancelLink = (id: string) => `http://platform.test/_bookings/cancel/${id}?expires=1&signature=s`
  const round = (now: string) => sendDueBookingReminders({ db, bookingCancelLink: cancelLink }, new Date(now))
  const reminders = (email: string) =>
    db.query<{ subject: string; text_body: string; html_body: string }>(
      "select subject, text_body, html_body from mail_outbox where recipient = $1 and topic = 'booking-reminder'",
      [email],
    )

  it('reminds a booking once, 24 hours before it starts, in its calendar’s zone with the move and cancel links', async () => {
    const { bookingId } = await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-03T13:00:00.000Z',
      email: 'remind-me@example.com',
    })
    expect(await round('2026-06-02T12:59:00Z')).toBe(0)
    expect(await reminders('remind-me@example.com')).toEqual([])

    expect(await round('2026-06-02T13:00:00Z')).toBe(1)
    const [mail, ...more] = await reminders('remind-me@example.com')
    expect(more).toEqual([])
    expect(mail?.subject).toContain(
      'Reminder: Tailored fitting with Aisle Demo Store, Wed, Jun 3, 2026, 9:00',
    )
    expect(mail?.subject).toMatch(/9:45\sAM EDT$/)
    expect(mail?.text_body).toContain('Where: The fitting room, 12 Mercer Street, New York')
    expect(mail?.text_body).toContain(
      `To move it to another time: http://platform.test/_bookings/reschedule/${bookingId}?expires=1&signature=s`,
    )
    expect(mail?.text_body).toContain(`To cancel: ${cancelLink(bookingId)}`)
    expect(mail?.html_body).toContain('Move to another time')
    // How it was paid, in the words of decision 093: the test card paid it in full online.
    expect(mail?.text_body).toContain('Payment: Paid $40.00 online')
    expect(mail?.html_body).toMatch(/<tr data-booking-payment>.*Paid \$40\.00 online/)

    // Later rounds find it reminded.
    expect(await round('2026-06-02T13:01:00Z')).toBe(0)
    expect(await round('2026-06-03T12:00:00Z')).toBe(0)
    expect(await reminders('remind-me@example.com')).toHaveLength(1)

    // Moved to another day, it is reminded again for its new time.
    await rescheduleBooking(
      { db, bookingCancelLink: cancelLink },
      {
        siteId: DEMO_SITE_ID,
        bookingId,
        start: new Date('2026-06-05T13:00:00.000Z'),
        now: new Date('2026-06-02T14:00:00Z'),
        identity: { identityType: 'APP', appId: 'test' },
      },
    )
    expect(await round('2026-06-03T12:00:00Z')).toBe(0)
    expect(await round('2026-06-04T13:00:00Z')).toBe(1)
    expect((await reminders('remind-me@example.com')).map((one) => one.subject)).toEqual([
      expect.stringContaining('Wed, Jun 3'),
      expect.stringContaining('Fri, Jun 5'),
    ])
  })

  it('never reminds a cancelled booking, nor one booked after its reminder was due', async () => {
    const cancelled = await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-08T13:00:00.000Z',
      email: 'cancelled-reminder@example.com',
      pay: 'in-person',
    })
    await cancelBooking(
      {
        db,
        refunds: orderRefundsThroughPayments(platform.app.payments),
        linesRefunded: voidRefundedTickets,
        orderCanceled: freeCanceledOrder,
      },
      { siteId: DEMO_SITE_ID, bookingId: cancelled.bookingId, by: 'merchant', now: platform.clock() },
    )
    // Booked at 12:00 for 17:00 the same day: within 24 hours, its confirmation is the reminder.
    await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-01T17:00:00.000Z',
      email: 'late-booker@example.com',
      pay: 'in-person',
    })
    expect(await round('2026-06-07T13:00:00Z')).toBe(0)
    expect(await round('2026-06-01T16:00:00Z')).toBe(0)
    expect(await reminders('cancelled-reminder@example.com')).toEqual([])
    expect(await reminders('late-booker@example.com')).toEqual([])
  })

  it('sends one reminder when two processes run a round at once', async () => {
    await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-09T13:00:00.000Z',
      email: 'raced-reminder@example.com',
      pay: 'in-person',
    })
    const counts = await Promise.all([round('2026-06-08T13:30:00Z'), round('2026-06-08T13:30:00Z')])
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1)
    expect(await reminders('raced-reminder@example.com')).toHaveLength(1)
  })
})
