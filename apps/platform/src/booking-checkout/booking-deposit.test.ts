import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateType } from '../bookings/booking-store.ts'
import { cancelBooking } from '../bookings/cancel-booking.ts'
import { serviceInputProblems } from '../bookings/service-editor.ts'
import { paymentOptionsOf } from '../bookings/sold-services.ts'
import { freeCanceledOrder } from '../checkout/free-canceled-order.ts'
import { providerTitles } from '../checkout/payment-provider.ts'
import { orderRefundsThroughPayments } from '../checkout/payments/refunds-for-order-desk.ts'
import { saveSiteUser } from '../dashboard/session/site-user-store.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { markOrderPaid, type OrderDeskDeps, refundOrder } from '../orders/order-actions.ts'
import { balanceDueOf, refundableOf } from '../orders/order-state.ts'
import { findOrder } from '../orders/order-store.ts'
import { DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite } from '../sites/site-store.ts'
import { createTestBrowser, OWNER, testHasher } from '../testing/dashboard-browser.ts'
import { payOnTestProvider } from '../testing/hosted-checkout-flow.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { createOwnerCaller } from '../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { voidRefundedTickets } from '../ticketed-events/ticketed-event-store.ts'
import { createBookingCheckout } from './create-booking-checkout.ts'

describe('a service’s deposit (serviceInputProblems, paymentOptionsOf)', () => {
  const service = {
    name: 'Fitting',
    description: '',
    pictureUrl: '',
    location: '',
    durationMinutes: 45,
    rateType: 'FIXED' as RateType,
    priceMinor: 4000,
    depositMinor: 1000 as number | null,
    priceText: '',
    payOnline: false,
    payInPerson: false,
    payWithPlan: false,
    cancelNoticeMinutes: 0,
    reminderMinutes: 0,
    hidden: false,
    type: 'APPOINTMENT' as const,
    capacity: 1,
    timetable: { weekly: [], oneOff: [], cancelled: [] },
  }
  const calendar = {
    timeZone: 'America/New_York',
    weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }],
    exceptions: [],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    maxAheadDays: 60,
  }
  const problemsOf = (changes: Partial<typeof service>) =>
    serviceInputProblems({ service: { ...service, ...changes }, calendar }).map(
      (problem) => `${problem.field}: ${problem.description}`,
    )

  it('takes a deposit below the price of a priced service, as its one way to pay online', () => {
    expect(problemsOf({})).toEqual([])
  })

  it('refuses a deposit of nothing, of the whole price or more, or on a service without a fixed price, in words', () => {
    expect(problemsOf({ depositMinor: 0 })).toEqual(['deposit: must be an amount more than 0'])
    expect(problemsOf({ depositMinor: 4000 })).toEqual([
      'deposit: must be less than the price (to take the whole price online, choose full payment online)',
    ])
    expect(problemsOf({ depositMinor: Number.NaN })).toEqual(['deposit: must be an amount more than 0'])
    expect(problemsOf({ rateType: 'NO_FEE', priceMinor: 0, payInPerson: true })).toEqual([
      'deposit: is only taken on a service with a fixed price: choose a price, or no deposit',
    ])
    // Without a deposit, some way to pay online or in person is still needed.
    expect(problemsOf({ depositMinor: null })).toEqual([
      'paymentOptions: must include at least one way to pay online or in person (a plan may pay besides)',
    ])
  })

  it('answers DEPOSIT_ONLINE only for a deposit below the price', () => {
    const row = {
      rate_type: 'FIXED' as const,
      price_minor: '4000',
      pay_online: true,
      pay_in_person: true,
      pay_with_plan: false,
    }
    expect(paymentOptionsOf({ ...row, deposit_minor: '1000' })).toEqual([
      'FULL_PAYMENT_ONLINE',
      'DEPOSIT_ONLINE',
      'FULL_PAYMENT_OFFLINE',
    ])
    expect(paymentOptionsOf({ ...row, deposit_minor: null })).not.toContain('DEPOSIT_ONLINE')
    // A price lowered below a deposit set before: the deposit is not offered.
    expect(paymentOptionsOf({ ...row, price_minor: '800', deposit_minor: '1000' })).not.toContain(
      'DEPOSIT_ONLINE',
    )
  })
})

// The clock stands at Monday 1 June 2026, 12:00 UTC; the fitting costs $40.00 and takes a $10.00 deposit.
describe.each(databaseKinds())('a booking paid by deposit on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let desk: OrderDeskDeps
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db, { passwordHasher: testHasher })
    await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, ...OWNER }, platform.clock())
    await db.query('update booking_services set deposit_minor = 1000 where id = $1', [DEMO_FITTING_ID])
    desk = {
      db,
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
      refunds: {
        refund: async () => ({ status: 'NOT_SUPPORTED', reason: 'not in this test' }),
        providerTitle: providerTitles(platform.paymentProviders),
      },
    }
  })
  afterAll(() => db.close())

  /** Opens the bookings checkout of the fitting at `start` on the hosted pages; answers its page and browser. */
  async function openCheckout(start: string) {
    const { access_token: token } = await platform.visitorTokens()
    const url = await redirectUrl(platform, token, {
      bookingsBook: {},
      callbacks: { thankYouPageUrl: `${SHOP}/booked` },
    })
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    const page = await browser.get(
      `${landed.location}?serviceId=${DEMO_FITTING_ID}&start=${encodeURIComponent(start)}`,
    )
    return { browser, page, visit: landed.location! }
  }

  /** Books the fitting at `start` paying the deposit with the test card; answers the order's id. */
  async function bookWithDeposit(start: string, email: string) {
    const { browser, page, visit } = await openCheckout(start)
    expect(page.text).toContain('Pay a deposit of $10.00 now, $30.00 at the appointment')
    const booked = await browser.post(`${visit}/book`, {
      serviceId: DEMO_FITTING_ID,
      start,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      paymentMethod: 'deposit:test-card',
      paymentKey: crypto.randomUUID(),
    })
    expect(booked.status).toBe(303)
    const paid = await payOnTestProvider(browser, booked.location!, '4242 4242 4242 4242')
    expect(paid.status).toBe(303)
    return new URL(paid.location!).searchParams.get('orderId')!
  }

  it('charges the deposit online and places the order partly paid, with the rest due', async () => {
    const orderId = await bookWithDeposit('2026-06-02T13:00:00.000Z', 'deposit@example.com')
    const [payment] = await db.query<{ amount_minor: string }>(
      'select amount_minor from payments where checkout_id = (select checkout_id from orders where id = $1)',
      [orderId],
    )
    expect(Number(payment?.amount_minor)).toBe(1000)
    const found = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(found?.order).toMatchObject({ payment_status: 'PARTIALLY_PAID', status: 'APPROVED' })
    expect(Number(found?.order.total_minor)).toBe(4000)
    expect(Number(found?.order.paid_minor)).toBe(1000)
    expect(balanceDueOf(found!.order)).toBe(3000)
    expect(refundableOf(found!.order)).toBe(1000)
    expect(found?.lines[0]?.payment_option).toBe('DEPOSIT_ONLINE')
    const [booking] = await db.query<{ status: string }>(
      'select b.status from bookings b join orders o on o.checkout_id = b.checkout_id where o.id = $1',
      [orderId],
    )
    expect(booking?.status).toBe('CONFIRMED')
  })

  it('shows the balance due on the order desk and marks the rest paid once: a second press changes nothing', async () => {
    const orderId = await bookWithDeposit('2026-06-02T15:00:00.000Z', 'desk@example.com')
    const browser = createTestBrowser(platform.app)
    await browser.signIn()
    const page = await browser.get(`/dashboard/orders/${orderId}`)
    expect(page.text).toContain('Paid $10.00 of $40.00, $30.00 due')
    expect(page.text).toContain('Deposit paid')
    expect(page.text).toContain('Mark the rest paid')
    const marked = await browser.submit(`/dashboard/orders/${orderId}/mark-paid`)
    expect(marked.status).toBe(303)
    const after = await browser.get(`/dashboard/orders/${orderId}`)
    expect(after.text).toContain('Marked paid: $30.00 received outside Aisle.')
    expect(after.text).not.toContain('Mark the rest paid')
    // The same form posted again (a second tab, a double click) finds the order paid.
    const again = await browser.post(`/dashboard/orders/${orderId}/mark-paid`, {
      csrf: browser.formOf(`/dashboard/orders/${orderId}/note`).csrf?.[0] ?? '',
    })
    expect(again.status).toBe(303)
    const second = await markOrderPaid(desk, await createOwnerCaller(db), { orderId }, platform.clock())
    expect(second).toMatchObject({ changed: false, receivedMinor: 0 })
    const found = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(found?.order.payment_status).toBe('PAID')
    expect(Number(found?.order.paid_minor)).toBe(4000)
    expect(balanceDueOf(found!.order)).toBe(0)
    // Paid in person is not the provider's to give back: the deposit is all that is refundable online.
    expect(refundableOf(found!.order)).toBe(1000)
    const paidEvents = await db.query<{ payload: { amountReceived: { amount: number } } }>(
      "select payload from events where entity_id = $1 and type = 'order.paid'",
      [orderId],
    )
    expect(paidEvents.map((event) => event.payload.amountReceived.amount)).toEqual([3000])
  })

  it('refunds no more than the deposit the provider took, and says so in words', async () => {
    const orderId = await bookWithDeposit('2026-06-03T13:00:00.000Z', 'refund@example.com')
    const caller = await createOwnerCaller(db)
    const refusal = await refundOrder(
      desk,
      caller,
      { orderId, idempotencyKey: crypto.randomUUID(), amountMinor: 4000 },
      platform.clock(),
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ValidationError)
    expect((refusal as ValidationError).fieldViolations[0]?.description).toBe(
      'must be at most $10.00: what was paid through Card (test mode) and is not yet refunded',
    )
    const found = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(found?.order.payment_status).toBe('PARTIALLY_PAID')
    expect(found?.refunds).toEqual([])
  })

  it('cancelling a deposit’s booking gives the deposit back, not the price', async () => {
    const orderId = await bookWithDeposit('2026-06-03T15:00:00.000Z', 'cancel@example.com')
    const [booking] = await db.query<{ id: string }>(
      'select b.id from bookings b join orders o on o.checkout_id = b.checkout_id where o.id = $1',
      [orderId],
    )
    const refunds = orderRefundsThroughPayments({
      db,
      clock: platform.clock,
      providers: platform.paymentProviders,
      publicUrl: TEST_PUBLIC_URL,
    })
    const cancelled = await cancelBooking(
      { ...desk, refunds },
      { siteId: DEMO_SITE_ID, bookingId: booking!.id, by: 'merchant', now: platform.clock() },
    )
    expect(cancelled.refundedMinor).toBe(1000)
    const found = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(found?.order).toMatchObject({ status: 'CANCELED', payment_status: 'FULLY_REFUNDED' })
    expect(refundableOf(found!.order)).toBe(0)
    expect(balanceDueOf(found!.order)).toBe(0)
  })

  it('refuses a deposit for a service that takes none (400 PAYMENT_OPTION_NOT_OFFERED), storing nothing', async () => {
    const site = await getSite(db, DEMO_SITE_ID)
    const refused = await createBookingCheckout(
      { db, clock: platform.clock, publicUrl: TEST_PUBLIC_URL },
      {
        site,
        owner: { kind: 'visitor', id: crypto.randomUUID() },
        serviceId: DEMO_CONSULTATION_ID,
        start: new Date('2026-06-04T13:00:00.000Z'),
        email: 'none@example.com',
        contact: { firstName: 'Ada', lastName: 'Lovelace' },
        callbacks: {},
        paymentOption: 'DEPOSIT_ONLINE',
      },
    ).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApplicationError)
    expect(refused).toMatchObject({ code: 'PAYMENT_OPTION_NOT_OFFERED', status: 400 })
    const holds = await db.query(
      "select id from bookings where service_id = $1 and start_date = '2026-06-04T13:00:00Z'",
      [DEMO_CONSULTATION_ID],
    )
    expect(holds).toEqual([])
  })
})
