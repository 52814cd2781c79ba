import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeCanceledOrder } from '../checkout/free-canceled-order.ts'
import { orderRefundsThroughPayments } from '../checkout/payments/refunds-for-order-desk.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { findOrder } from '../orders/order-store.ts'
import { toWireOrder } from '../orders/order-wire.ts'
import { DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite } from '../sites/site-store.ts'
import { bookSlotOnHostedPages } from '../testing/booked-slots.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { voidRefundedTickets } from '../ticketed-events/ticketed-event-store.ts'
import { findBookingById } from './booking-store.ts'
import { cancelBooking } from './cancel-booking.ts'
import { rescheduleBooking } from './reschedule-booking.ts'
import { listServiceSlots } from './service-slots.ts'

const merchant = { identityType: 'APP', appId: 'test' } as const

// The clock stands at Monday 1 June 2026, 12:00 UTC; the demo calendar is New York's (UTC-4 in June),
// open 09:00 to 17:00 with 15 minutes after each appointment; the fitting lasts 45 minutes.
describe.each(databaseKinds())('moving a booking on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const at = (iso: string) => new Date(iso)
  const move = (bookingId: string, start: string) =>
    rescheduleBooking(
      { db, bookingCancelLink: (id) => `http://platform.test/_bookings/cancel/${id}?signed` },
      { siteId: DEMO_SITE_ID, bookingId, start: at(start), now: platform.clock(), identity: merchant },
    )
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'moved',
      (error: unknown) => (error instanceof ApplicationError ? error.code : String(error)),
    )
  const freeStarts = async (serviceId: string, from: string, hours: number) =>
    (
      await listServiceSlots(db, DEMO_SITE_ID, serviceId, {
        from: at(from),
        to: new Date(at(from).getTime() + hours * 3_600_000),
        now: platform.clock(),
      })
    ).slots.map((slot) => slot.start.toISOString())

  it('moves a booking to a free time under the calendar lock, mails the new calendar file and fires booking.rescheduled', async () => {
    const a = await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T13:00:00.000Z',
      email: 'move-a@example.com',
    })
    await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T14:00:00.000Z',
      email: 'move-b@example.com',
      pay: 'in-person',
    })

    // Onto another booking's time, or a time the calendar is closed: refused, nothing changed.
    expect(await refusal(move(a.bookingId, '2026-06-02T14:00:00.000Z'))).toBe('SLOT_NOT_AVAILABLE')
    expect(await refusal(move(a.bookingId, '2026-06-02T14:30:00.000Z'))).toBe('SLOT_NOT_AVAILABLE')
    expect(await refusal(move(a.bookingId, '2026-06-07T14:00:00.000Z'))).toBe('SLOT_NOT_AVAILABLE') // a Sunday
    expect(await refusal(move(crypto.randomUUID(), '2026-06-02T15:00:00.000Z'))).toBe('BOOKING_NOT_FOUND')
    expect(await refusal(move('not-an-id', '2026-06-02T15:00:00.000Z'))).toBe('BOOKING_NOT_FOUND')
    expect((await findBookingById(db, a.bookingId))?.start_date).toEqual(at('2026-06-02T13:00:00.000Z'))

    const moved = await move(a.bookingId, '2026-06-02T15:00:00.000Z')
    expect(moved).toMatchObject({
      start_date: at('2026-06-02T15:00:00.000Z'),
      end_date: at('2026-06-02T15:45:00.000Z'),
    })
    const stored = await findBookingById(db, a.bookingId)
    expect(stored).toMatchObject({
      status: 'CONFIRMED',
      start_date: at('2026-06-02T15:00:00.000Z'),
      blocked_until: at('2026-06-02T16:00:00.000Z'),
      rescheduled_date: platform.clock(),
    })
    // The old time is free again, the new one taken, for every service of the calendar.
    const free = await freeStarts(DEMO_FITTING_ID, '2026-06-02T13:00:00.000Z', 4)
    expect(free).toContain('2026-06-02T13:00:00.000Z')
    expect(free).not.toContain('2026-06-02T15:00:00.000Z')
    expect(await freeStarts(DEMO_CONSULTATION_ID, '2026-06-02T15:00:00.000Z', 1)).toEqual([])

    const [mail] = await db.query<{ subject: string; text_body: string; attachments: { content: string }[] }>(
      "select subject, text_body, attachments from mail_outbox where recipient = 'move-a@example.com' and topic = 'booking-rescheduled'",
    )
    expect(mail?.subject).toContain('has moved')
    expect(mail?.text_body).toContain('Tue, Jun 2, 2026, 11:00')
    expect(mail?.attachments[0]?.content).toContain('DTSTART:20260602T150000Z')
    expect(mail?.attachments[0]?.content).toContain(`UID:${a.bookingId}@bookings.aisle`)
    const [event] = await db.query<{ payload: Record<string, unknown> }>(
      "select payload from events where entity_id = $1 and type = 'booking.rescheduled'",
      [a.bookingId],
    )
    expect(event?.payload).toMatchObject({
      status: 'CONFIRMED',
      startDate: '2026-06-02T15:00:00.000Z',
      orderId: a.orderId,
      timeZone: 'America/New_York',
    })

    // The order line that sold it says the new time, on the order's wire as on every page reading it.
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, a.orderId)
    const wire = toWireOrder(order!, await getSite(db, DEMO_SITE_ID))
    const when = wire.lineItems
      .find((line) => line.catalogItemId === DEMO_FITTING_ID)
      ?.descriptionLines.find((line) => line.name.original === 'When')
    expect(when?.lineType === 'PLAIN_TEXT' && when.plainText.original).toBe(
      'Tue, 2 Jun 2026, 11:00–11:45 EDT',
    )

    // Moved later by half an hour, overlapping where it is: its own time counts as free.
    await move(a.bookingId, '2026-06-02T15:00:00.000Z')
    expect((await findBookingById(db, a.bookingId))?.start_date).toEqual(at('2026-06-02T15:00:00.000Z'))
  })

  it('of two bookings moved to one free time at once, exactly one gets it', async () => {
    const booked = await Promise.all(
      ['2026-06-03T13:00:00.000Z', '2026-06-03T14:00:00.000Z'].map((start, index) =>
        bookSlotOnHostedPages(platform.app, db, {
          serviceId: DEMO_FITTING_ID,
          start,
          email: `race-${index}@example.com`,
          pay: 'in-person',
        }),
      ),
    )
    const results = await Promise.all(
      booked.map(({ bookingId }) => refusal(move(bookingId, '2026-06-03T17:00:00.000Z'))),
    )
    expect(results.sort()).toEqual(['SLOT_NOT_AVAILABLE', 'moved'])
    const [{ count }] = (await db.query<{ count: string }>(
      "select count(*)::text as count from bookings where start_date = '2026-06-03T17:00:00Z' and status = 'CONFIRMED'",
    )) as [{ count: string }]
    expect(count).toBe('1')
  })

  it('refuses to move a cancelled booking', async () => {
    const { bookingId } = await bookSlotOnHostedPages(platform.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-04T13:00:00.000Z',
      email: 'cancelled-move@example.com',
      pay: 'in-person',
    })
    await cancelBooking(
      {
        db,
        refunds: orderRefundsThroughPayments(platform.app.payments),
        linesRefunded: voidRefundedTickets,
        orderCanceled: freeCanceledOrder,
      },
      { siteId: DEMO_SITE_ID, bookingId, by: 'merchant', now: platform.clock() },
    )
    expect(await refusal(move(bookingId, '2026-06-04T15:00:00.000Z'))).toBe('BOOKING_NOT_CONFIRMED')
  })
})
