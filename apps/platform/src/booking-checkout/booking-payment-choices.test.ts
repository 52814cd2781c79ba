import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendDueBookingReminders } from '../bookings/booking-reminders.ts'
import { findBookings } from '../bookings/booking-store.ts'
import { cancelBooking } from '../bookings/cancel-booking.ts'
import type { BookingPaymentOption } from '../carts/cart-store.ts'
import { freeCanceledOrder } from '../checkout/free-canceled-order.ts'
import { offlineProvider } from '../checkout/payment-provider.ts'
import { orderRefundsThroughPayments } from '../checkout/payments/refunds-for-order-desk.ts'
import { PlaceOrderRefused, placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { cancelOrder } from '../orders/order-actions.ts'
import { findOrder } from '../orders/order-store.ts'
import { membershipGrantOf } from '../plans/grant-membership.ts'
import { insertMembership } from '../plans/membership-store.ts'
import { savePlan } from '../plans/plan-store.ts'
import { DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { createOwnerCaller } from '../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { voidRefundedTickets } from '../ticketed-events/ticketed-event-store.ts'
import { createBookingCheckout } from './create-booking-checkout.ts'

const PUBLIC_URL = 'http://platform.test'
const now = new Date('2026-06-01T12:00:00Z')

describe.each(databaseKinds())('how a booking is paid on %s', (kind) => {
  let db: Db
  let site: Site
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    site = await getSite(db, DEMO_SITE_ID)
    // The fitting may be paid online or with a plan, not in person; the free consultation never with a plan.
    await db.query(
      `update booking_services set pay_with_plan = true, pay_online = true, pay_in_person = false where id = $1`,
      [DEMO_FITTING_ID],
    )
  })
  afterAll(async () => {
    await db?.close()
  })

  /** A new member holding a plan that covers the fitting, with `sessions` sessions. */
  async function memberWithPlan(sessions: number) {
    const [member] = await db.query<{ id: string }>(
      `insert into members (id, site_id, login_email, status, created_date, updated_date)
       values ($1, $2, $3, 'ACTIVE', now(), now()) returning id`,
      [randomUUID(), DEMO_SITE_ID, `plan-${randomUUID()}@example.com`],
    )
    const plan = await savePlan(db, DEMO_SITE_ID, {
      id: randomUUID(),
      isNew: true,
      fields: {
        name: 'Fitting pass',
        description: '',
        priceMinor: 10000,
        duration: { unit: 'MONTH', count: 3 },
        sessions,
        maxPurchasesPerMember: null,
        productIds: [],
        collectionIds: [],
        serviceIds: [DEMO_FITTING_ID, randomUUID()],
      },
      now,
    })
    // A service of no site is dropped when the plan is saved.
    expect(plan?.service_ids).toEqual([DEMO_FITTING_ID])
    const grant = membershipGrantOf(plan!, { memberId: member!.id, currency: 'USD', now })
    await insertMembership(db, grant)
    return { memberId: member!.id, membershipId: grant.id }
  }

  const sessionsLeft = async (membershipId: string) =>
    (
      await db.query<{ sessions_left: number }>('select sessions_left from memberships where id = $1', [
        membershipId,
      ])
    )[0]?.sessions_left

  const book = (
    owner: { kind: 'visitor' | 'member'; id: string },
    start: Date,
    paymentOption: BookingPaymentOption,
    serviceId = DEMO_FITTING_ID,
  ) =>
    createBookingCheckout(
      { db, clock: () => now, publicUrl: PUBLIC_URL },
      {
        site,
        owner,
        serviceId,
        start,
        email: 'ada@example.com',
        contact: { firstName: 'Ada', lastName: 'Lovelace' },
        callbacks: {},
        paymentOption,
      },
    )
  const placeUnpaid = (checkoutId: string, totalMinor: number) =>
    placeOrder(db, {
      checkoutId,
      expectedTotalMinor: totalMinor,
      payment: { status: 'NOT_PAID', provider: 'offline', paymentId: randomUUID() },
      now,
      publicUrl: PUBLIC_URL,
    })

  it('books with a plan at no charge, uses its session with the booking, and gives it back when cancelled', async () => {
    const { memberId, membershipId } = await memberWithPlan(3)
    const booked = await book(
      { kind: 'member', id: memberId },
      new Date('2026-06-08T13:00:00Z'),
      'MEMBERSHIP',
    )
    expect(booked.totalMinor).toBe(0)
    // The session is used when the order confirms the booking, not when the slot is held.
    expect(await sessionsLeft(membershipId)).toBe(3)
    const placed = await placeUnpaid(booked.checkoutId, 0)
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    expect(await sessionsLeft(membershipId)).toBe(2)
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    expect(order?.order.total_minor).toBe(0)
    expect(order?.lines[0]).toMatchObject({
      payment_option: 'MEMBERSHIP',
      membership: { id: membershipId, name: 'Fitting pass', quantity: 1 },
    })
    // The mails say how it was paid (decision 093): the confirmation names the plan, the reminder its sessions now.
    const mailOf = async (topic: string) =>
      (
        await db.query<{ text_body: string }>(
          `select text_body from mail_outbox where topic = $1 and (subject like '%' || $2 or text_body like '%' || $2 || ')%')`,
          [topic, `#${placed.orderNumber}`],
        )
      )[0]?.text_body
    expect(await mailOf('booking-confirmation')).toContain('Payment: Paid with your plan Fitting pass\n')
    await sendDueBookingReminders({ db }, new Date('2026-06-07T13:00:00Z'))
    expect(await mailOf('booking-reminder')).toContain(
      'Payment: Paid with your plan Fitting pass (2 of 3 sessions left)',
    )

    const deps = {
      db,
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
      refunds: orderRefundsThroughPayments({
        db,
        clock: () => now,
        providers: [offlineProvider],
        publicUrl: PUBLIC_URL,
      }),
    }
    const request = { siteId: DEMO_SITE_ID, bookingId: booked.bookingId, by: 'merchant' as const, now }
    await cancelBooking(deps, request)
    expect(await sessionsLeft(membershipId)).toBe(3)
    // A second press finds the booking cancelled: the session comes back once.
    expect((await cancelBooking(deps, request)).wasCancelled).toBe(true)
    expect(await sessionsLeft(membershipId)).toBe(3)
  })

  it('gives a plan-paid booking’s session back once when the order desk cancels its order', async () => {
    const { memberId, membershipId } = await memberWithPlan(3)
    const booked = await book(
      { kind: 'member', id: memberId },
      new Date('2026-06-12T13:00:00Z'),
      'MEMBERSHIP',
    )
    const placed = await placeUnpaid(booked.checkoutId, 0)
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    expect(await sessionsLeft(membershipId)).toBe(2)
    const deps = {
      db,
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
      refunds: orderRefundsThroughPayments({
        db,
        clock: () => now,
        providers: [offlineProvider],
        publicUrl: PUBLIC_URL,
      }),
    }
    await cancelOrder(deps, await createOwnerCaller(db), { orderId: placed.orderId }, now)
    expect((await findBookings(db, DEMO_SITE_ID, [booked.bookingId]))[0]?.status).toBe('CANCELLED')
    expect(await sessionsLeft(membershipId)).toBe(3)
    // Cancelling the booking after finds it cancelled: the session is not given back twice.
    const again = await cancelBooking(deps, {
      siteId: DEMO_SITE_ID,
      bookingId: booked.bookingId,
      by: 'merchant',
      now,
    })
    expect(again.wasCancelled).toBe(true)
    expect(await sessionsLeft(membershipId)).toBe(3)
    const [events] = await db.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'booking.canceled' and entity_id = $1",
      [booked.bookingId],
    )
    expect(events?.n).toBe(1)
  })

  it('refuses a plan to a visitor, to a service that takes none, and a way the service does not take, storing nothing', async () => {
    const start = new Date('2026-06-09T13:00:00Z')
    await expect(book({ kind: 'visitor', id: randomUUID() }, start, 'MEMBERSHIP')).rejects.toMatchObject({
      code: 'MEMBERSHIP_NOT_APPLICABLE',
    })
    const { memberId } = await memberWithPlan(1)
    const member = { kind: 'member' as const, id: memberId }
    await expect(book(member, start, 'MEMBERSHIP', DEMO_CONSULTATION_ID)).rejects.toMatchObject({
      code: 'PAYMENT_OPTION_NOT_OFFERED',
    })
    await expect(book(member, start, 'FULL_PAYMENT_OFFLINE')).rejects.toMatchObject({
      code: 'PAYMENT_OPTION_NOT_OFFERED',
    })
    // A member without a covering plan: the pricing finds no plan to pay it.
    const [stranger] = await db.query<{ id: string }>(
      `insert into members (id, site_id, login_email, status, created_date, updated_date)
       values ($1, $2, $3, 'ACTIVE', now(), now()) returning id`,
      [randomUUID(), DEMO_SITE_ID, `no-plan-${randomUUID()}@example.com`],
    )
    await expect(book({ kind: 'member', id: stranger!.id }, start, 'MEMBERSHIP')).rejects.toMatchObject({
      code: 'MEMBERSHIP_NOT_APPLICABLE',
    })
    const held = await db.query('select id from bookings where start_date = $1', [start])
    expect(held).toHaveLength(0)
  })

  it('places a booking paid in person unpaid, and refuses to place an online-only one unpaid', async () => {
    const consultation = await book(
      { kind: 'visitor', id: randomUUID() },
      new Date('2026-06-10T13:00:00Z'),
      'FULL_PAYMENT_OFFLINE',
      DEMO_CONSULTATION_ID,
    )
    const placed = await placeUnpaid(consultation.checkoutId, consultation.totalMinor)
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    expect(order?.lines[0]?.payment_option).toBe('FULL_PAYMENT_OFFLINE')

    const fitting = await book(
      { kind: 'visitor', id: randomUUID() },
      new Date('2026-06-10T15:00:00Z'),
      'FULL_PAYMENT_ONLINE',
    )
    expect(fitting.totalMinor).toBe(4000)
    await expect(placeUnpaid(fitting.checkoutId, fitting.totalMinor)).rejects.toMatchObject({
      code: 'NOT_PURCHASABLE',
    })
  })

  it('never uses more sessions than the plan has, whatever bookings are placed at once', async () => {
    const { memberId, membershipId } = await memberWithPlan(2)
    const starts = [13, 14, 15, 16, 17, 18].map((hour) => new Date(`2026-06-11T${hour}:00:00Z`))
    const checkouts = []
    for (const start of starts)
      checkouts.push(await book({ kind: 'member', id: memberId }, start, 'MEMBERSHIP'))
    expect(checkouts.every((checkout) => checkout.totalMinor === 0)).toBe(true)
    const results = await Promise.allSettled(checkouts.map((checkout) => placeUnpaid(checkout.checkoutId, 0)))
    const placed = results.filter((result) => result.status === 'fulfilled' && result.value.kind === 'placed')
    expect(placed).toHaveLength(2)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(4)
    for (const reason of refusals) expect(reason).toBeInstanceOf(PlaceOrderRefused)
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'MEMBERSHIP_NOT_USABLE' })
    expect(await sessionsLeft(membershipId)).toBe(0)
    const bookings = await findBookings(
      db,
      DEMO_SITE_ID,
      checkouts.map((checkout) => checkout.bookingId),
    )
    expect(bookings.filter((booking) => booking.status === 'CONFIRMED')).toHaveLength(2)
  })
})
