import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_TRUNK_SHOW_GENERAL_ID, DEMO_TRUNK_SHOW_ID } from '../seed/demo-events.ts'
import { bookSlotOnHostedPages } from '../testing/booked-slots.ts'
import { createDashboardPlatform, createTestBrowser } from '../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { buyTickets } from '../testing/ticket-orders.ts'
import { findTicketsOfOrder } from '../ticketed-events/ticketed-event-store.ts'

// The order desk's Cancel order undoes what placing the order confirmed of its bookings and tickets
// (decision 101), driven as the merchant's dashboard drives it; the shop is bought from on the same database.
describe.each(databaseKinds())('cancelling an order frees its bookings and tickets, on %s', (kind) => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  let shop: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    shop = createTestPlatform(db)
  })
  afterAll(() => db.close())

  /** A visitor's hold of the fitting at `start`: 200 when the slot is free, 409 when it is taken. */
  async function holdStatus(start: string) {
    const { access_token: token } = await shop.visitorTokens()
    const held = await shop.call('POST', '/bookings/v2/bookings', {
      token,
      body: { booking: { bookedEntity: { slot: { serviceId: DEMO_FITTING_ID, startDate: start } } } },
    })
    return held.status
  }
  const statusOf = async (bookingId: string) =>
    (await db.query<{ status: string }>('select status from bookings where id = $1', [bookingId]))[0]?.status
  const eventsOf = async (type: string, entityId: string) =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from events where type = $1 and entity_id = $2',
        [type, entityId],
      )
    )[0]?.n
  const cancellationsOf = async (orderId: string) =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from order_events where order_id = $1 and kind = 'CANCELED'",
        [orderId],
      )
    )[0]?.n

  async function cancelFromOrderPage(orderId: string) {
    await browser.get(`/dashboard/orders/${orderId}`)
    const canceled = await browser.submit(`/dashboard/orders/${orderId}/cancel`, {
      reason: 'Closed that day',
    })
    expect(canceled.status).toBe(303)
  }

  it('cancels the booking of a cancelled order: its time is free again, with one booking.canceled', async () => {
    const start = '2026-06-03T14:00:00.000Z'
    const { orderId, bookingId } = await bookSlotOnHostedPages(shop.app, db, {
      serviceId: DEMO_FITTING_ID,
      start,
      email: 'cancel-order@example.com',
      pay: 'in-person',
    })
    expect(await holdStatus(start)).toBe(409)
    // The cancel section says what cancelling this order does: no stock to speak of, the booking's time freed.
    const page = await browser.get(`/dashboard/orders/${orderId}`)
    expect(page.text).toContain('Its booking is cancelled and its time freed. Refund a payment on its own.')
    expect(page.text).not.toContain('in stock')

    await cancelFromOrderPage(orderId)
    expect(await statusOf(bookingId)).toBe('CANCELLED')
    expect(await eventsOf('booking.canceled', bookingId)).toBe(1)
    expect(await cancellationsOf(orderId)).toBe(1)
    expect(await holdStatus(start)).toBe(200)

    // The booking desk finds it cancelled: no cancel offered, and a post of one does nothing again.
    const bookingPage = await browser.get(`/dashboard/bookings/${bookingId}`)
    expect(bookingPage.text).not.toContain(`action="/dashboard/bookings/${bookingId}/cancel"`)
    await browser.post(`/dashboard/bookings/${bookingId}/cancel`, {})
    expect(await eventsOf('booking.canceled', bookingId)).toBe(1)
    expect(await cancellationsOf(orderId)).toBe(1)
  })

  it('cancelling the booking from the bookings desk still cancels its order once, with one booking.canceled', async () => {
    const start = '2026-06-03T16:00:00.000Z'
    const { orderId, bookingId } = await bookSlotOnHostedPages(shop.app, db, {
      serviceId: DEMO_FITTING_ID,
      start,
      email: 'cancel-booking@example.com',
      pay: 'in-person',
    })
    await browser.get(`/dashboard/bookings/${bookingId}`)
    expect((await browser.submit(`/dashboard/bookings/${bookingId}/cancel`)).status).toBe(303)
    expect(await statusOf(bookingId)).toBe('CANCELLED')
    const [order] = await db.query<{ status: string }>('select status from orders where id = $1', [orderId])
    expect(order?.status).toBe('CANCELED')
    expect(await cancellationsOf(orderId)).toBe(1)
    expect(await eventsOf('booking.canceled', bookingId)).toBe(1)
    expect(await holdStatus(start)).toBe(200)
  })

  it('voids every ticket of a cancelled order: the door refuses them', async () => {
    const orderId = await buyTickets(shop, {
      eventId: DEMO_TRUNK_SHOW_ID,
      eventSlug: 'autumn-trunk-show',
      ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID,
      buyer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada-tickets@example.com' },
      attendees: [{ name: 'Ada Lovelace' }, { name: 'Mary Somerville' }],
    })
    const tickets = await findTicketsOfOrder(db, orderId)
    expect(tickets).toHaveLength(2)
    expect(tickets.every((ticket) => ticket.cancelled_date === null)).toBe(true)
    // Paid by card: the refund form offers no "Back in stock" for tickets, and the cancel section names them.
    const page = await browser.get(`/dashboard/orders/${orderId}`)
    expect(page.text).toContain(`action="/dashboard/orders/${orderId}/refund"`)
    expect(page.text).not.toContain('name="restock-')
    expect(page.text).toContain('Its 2 tickets are voided: they no longer pass the door.')
    expect(page.text).not.toContain('in stock')

    await cancelFromOrderPage(orderId)
    const after = await findTicketsOfOrder(db, orderId)
    expect(after.map((ticket) => ticket.cancelled_date !== null)).toEqual([true, true])
    await browser.get('/dashboard/events/check-in')
    const refused = await browser.post('/dashboard/events/check-in', { code: after[0]!.code })
    expect(refused.status).toBe(409)
    expect(refused.text).toContain('was cancelled')
  })
})
