import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBookingsOfOrders } from '../bookings/booking-store.ts'
import { listServiceSlots } from '../bookings/service-slots.ts'
import type { Db } from '../db/db.ts'
import { findOrder } from '../orders/order-store.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { pathOfLocation, payOnTestProvider } from '../testing/hosted-checkout-flow.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The clock stands at Monday 1 June 2026, 12:00 UTC; the fitting may be cancelled online until 24 hours
// before it starts (the default policy).
describe.each(databaseKinds())('cancelling a booking on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const START = '2026-06-02T13:00:00.000Z'

  /** Books the fitting at START on the hosted pages and pays it with the test card; answers the order. */
  async function bookAndPay(email: string) {
    const { access_token: token } = await platform.visitorTokens()
    const url = await redirectUrl(platform, token, {
      bookingsBook: {},
      callbacks: { thankYouPageUrl: `${SHOP}/booked` },
    })
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    await browser.get(`${landed.location}?serviceId=${DEMO_FITTING_ID}&start=${encodeURIComponent(START)}`)
    const booked = await browser.post(`${landed.location}/book`, {
      serviceId: DEMO_FITTING_ID,
      start: START,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      paymentMethod: 'test-card',
      paymentKey: crypto.randomUUID(),
    })
    expect(booked.status).toBe(303)
    expect(booked.location).toContain('/test-provider/pay/')
    const paid = await payOnTestProvider(browser, booked.location!, '4242 4242 4242 4242')
    expect(paid.status).toBe(303)
    const orderId = new URL(paid.location!).searchParams.get('orderId')!
    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from mail_outbox where recipient = $1 and topic = 'booking-confirmation'",
      [email],
    )
    const cancelUrl = /To cancel: (\S+)/.exec(mail!.text_body)?.[1]
    expect(cancelUrl).toMatch(
      /^http:\/\/platform\.test\/_bookings\/cancel\/[0-9a-f-]{36}\?expires=\d+&signature=/,
    )
    return { orderId, cancelPath: pathOfLocation(cancelUrl!), browser }
  }

  const freeStarts = async () =>
    (
      await listServiceSlots(db, DEMO_SITE_ID, DEMO_FITTING_ID, {
        from: new Date(START),
        to: new Date(new Date(START).getTime() + 3_600_000),
        now: platform.clock(),
      })
    ).slots.map((slot) => slot.start.toISOString())

  it('cancels a paid booking through the mail’s link: the slot is free, the order cancelled and refunded, the webhook fired', async () => {
    const { orderId, cancelPath, browser } = await bookAndPay('cancel-paid@example.com')
    expect(await freeStarts()).not.toContain(START)
    const page = await browser.get(cancelPath)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Cancel Tailored fitting?')
    expect(page.text).toContain('Tue, Jun 2, 2026, 9:00')
    expect(page.text).toContain('Cancel this booking</button>')

    // A link with another signature, or for another booking, opens nothing.
    const forged = cancelPath.replace(/signature=[^&]+/, 'signature=forged')
    expect((await browser.get(forged)).status).toBe(403)
    expect(
      (await browser.get(cancelPath.replace(/cancel\/[0-9a-f-]{36}/, `cancel/${crypto.randomUUID()}`)))
        .status,
    ).toBe(403)
    const params = new URL(cancelPath, 'http://platform.test').searchParams
    const form = { expires: params.get('expires')!, signature: params.get('signature')! }
    expect((await browser.post(cancelPath.split('?')[0]!, { ...form, signature: 'forged' })).status).toBe(403)

    const done = await browser.post(cancelPath.split('?')[0]!, form)
    expect(done.status).toBe(200)
    expect(done.text).toContain('Your booking is cancelled')
    expect(done.text).toContain('data-refunded="4000"')
    const [booking] = await findBookingsOfOrders(db, [orderId])
    expect(booking).toMatchObject({ status: 'CANCELLED' })
    expect(await freeStarts()).toContain(START)
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(order?.order).toMatchObject({ status: 'CANCELED', payment_status: 'FULLY_REFUNDED' })
    expect(order?.refunds).toHaveLength(1)
    const events = await db.query<{ type: string; payload: { status: string; orderId: string } }>(
      "select type, payload from events where entity_id = $1 and type like 'booking.%' order by created_date, type",
      [booking!.id],
    )
    // The test clock stands still: the three share one time.
    expect(events.map((event) => event.type)).toEqual([
      'booking.canceled',
      'booking.confirmed',
      'booking.created',
    ])
    expect(events[0]!.payload).toMatchObject({ status: 'CANCELED', orderId })
    const topics = await db.query<{ topic: string }>(
      "select topic from mail_outbox where recipient = 'cancel-paid@example.com' order by sequence",
    )
    expect(topics.map((mail) => mail.topic)).toEqual([
      'booking-confirmation',
      'order-canceled',
      'order-refunded',
    ])

    // A second press changes nothing: no second refund.
    const again = await browser.post(cancelPath.split('?')[0]!, form)
    expect(again.status).toBe(200)
    expect(again.text).not.toContain('data-refunded')
    expect((await findOrder(db, { siteId: DEMO_SITE_ID }, orderId))?.refunds).toHaveLength(1)
    expect((await browser.get(cancelPath)).text).toContain('This booking is cancelled')
  })

  it('refuses to cancel online within the service’s notice, and changes nothing', async () => {
    const { orderId, cancelPath, browser } = await bookAndPay('cancel-late@example.com')
    // 23 hours before the start: inside the 24 hours' notice.
    platform.clock.advance(2 * 3600)
    try {
      const page = await browser.get(cancelPath)
      expect(page.text).toContain('data-cancel-too-late')
      expect(page.text).not.toContain('Cancel this booking</button>')
      const params = new URL(cancelPath, 'http://platform.test').searchParams
      const refused = await browser.post(cancelPath.split('?')[0]!, {
        expires: params.get('expires')!,
        signature: params.get('signature')!,
      })
      expect(refused.status).toBe(409)
      expect(refused.text).toContain('contact the shop')
      const [booking] = await findBookingsOfOrders(db, [orderId])
      expect(booking).toMatchObject({ status: 'CONFIRMED' })
      expect((await findOrder(db, { siteId: DEMO_SITE_ID }, orderId))?.order.payment_status).toBe('PAID')
    } finally {
      platform.clock.advance(-2 * 3600)
    }
  })
})
