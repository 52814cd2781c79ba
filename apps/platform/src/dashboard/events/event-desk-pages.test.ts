import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_TRUNK_SHOW_GENERAL_ID, DEMO_TRUNK_SHOW_ID } from '../../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import {
  createDashboardPlatform,
  createTestBrowser,
  readFormFields,
} from '../../testing/dashboard-browser.ts'
import { openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { buyTickets } from '../../testing/ticket-orders.ts'
import {
  findTicketedEvent,
  findTicketsOfOrder,
  findTicketTypes,
} from '../../ticketed-events/ticketed-event-store.ts'

// The merchant's events desk (decision 075), driven as the owner's browser drives it; tickets are bought
// through the real hosted event checkout on the same database (the test clock stands on 1 June 2026).
describe('the events desk', () => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  let shop: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    const dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    // A page first, as the owner opens one: its CSRF token goes with the posts.
    expect((await browser.get('/dashboard/events/new')).status).toBe(200)
    shop = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const newEvent = {
    title: 'Linen workshop',
    description: 'Two hours with the weavers.',
    imageUrl: '',
    timeZone: 'Europe/Paris',
    start: '2026-09-10T19:00',
    end: '2026-09-10T21:00',
    locationKind: 'VENUE',
    venueName: 'Atelier',
    venueAddress: '3 rue des Tisserands, Lyon',
    onlineUrl: '',
    registrationOpens: '',
    registrationCloses: '',
    capacity: '40',
  }
  const eventCount = async () => (await db.query('select id from ticketed_events')).length

  it('offers a new event in the shop’s time zone, not UTC', async () => {
    const page = await browser.get('/dashboard/events/new')
    // The zone as a merchant knows it, not its IANA id (decision 100).
    expect(page.text).toContain(
      '<option value="America/New_York" selected="">(GMT-05:00) Eastern Time — New York</option>',
    )
    expect(page.text).not.toMatch(/<option value="UTC" selected="">/)
  })

  it('refuses an event with its errors beside the fields and stores nothing', async () => {
    const before = await eventCount()
    const refused = await browser.post('/dashboard/events', {
      ...newEvent,
      title: '',
      end: '2026-09-10T18:00',
      locationKind: 'ONLINE',
      onlineUrl: 'javascript:alert(1)',
      capacity: 'lots',
      timeZone: 'Mars/Olympus',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Nothing was saved')
    for (const field of ['title', 'onlineUrl', 'capacity', 'timeZone'])
      expect(refused.text).toContain(`id="field-${field}-error"`)
    expect(refused.text).toContain('aria-invalid="true"')
    // What was typed stays in the form.
    expect(refused.text).toContain('value="2026-09-10T19:00"')
    const backwards = await browser.post('/dashboard/events', { ...newEvent, end: '2026-09-10T18:00' })
    expect(backwards.status).toBe(400)
    expect(backwards.text).toContain('must be after the start')
    expect(await eventCount()).toBe(before)
  })

  it('creates a draft in its zone, adds a ticket type, publishes it and lists it with tickets sold', async () => {
    const created = await browser.post('/dashboard/events', newEvent)
    expect(created.status).toBe(303)
    const id = /\/dashboard\/events\/([0-9a-f-]{36})/.exec(created.location ?? '')![1]!
    const event = await findTicketedEvent(db, DEMO_SITE_ID, { id })
    expect(event).toMatchObject({
      status: 'DRAFT',
      slug: 'linen-workshop',
      time_zone: 'Europe/Paris',
      capacity: 40,
    })
    // 19:00 in Lyon in September is 17:00 UTC.
    expect(new Date(event!.start_date).toISOString()).toBe('2026-09-10T17:00:00.000Z')

    const early = await browser.post(`/dashboard/events/${id}/publish`, {})
    expect(early.status).toBe(409)
    expect(early.text).toContain('Add a ticket type before publishing')

    const badType = await browser.post(`/dashboard/events/${id}/ticket-types`, {
      name: 'Standard',
      price: '-3',
      quantity: '0',
      limitPerOrder: '99',
    })
    expect(badType.status).toBe(400)
    for (const field of ['price', 'quantity', 'limitPerOrder'])
      expect(badType.text).toContain(`id="field-${field}-error"`)
    expect(await findTicketTypes(db, DEMO_SITE_ID, { eventIds: [id] })).toEqual([])
    const added = await browser.post(`/dashboard/events/${id}/ticket-types`, {
      name: 'Standard',
      ticketDescription: 'A loom each',
      price: '18.50',
      quantity: '30',
      limitPerOrder: '4',
      saleStarts: '',
      saleEnds: '2026-09-09T12:00',
    })
    expect(added.status).toBe(303)
    const [type] = await findTicketTypes(db, DEMO_SITE_ID, { eventIds: [id] })
    expect(type).toMatchObject({ name: 'Standard', quantity: 30, limit_per_order: 4 })
    expect(Number(type!.price_minor)).toBe(1850)
    expect(new Date(type!.sale_ends!).toISOString()).toBe('2026-09-09T10:00:00.000Z')

    expect((await browser.post(`/dashboard/events/${id}/publish`, {})).status).toBe(303)
    expect((await findTicketedEvent(db, DEMO_SITE_ID, { id }))?.status).toBe('PUBLISHED')
    const list = await browser.get('/dashboard/events')
    expect(list.status).toBe(200)
    const row = list.text.slice(list.text.indexOf('Linen workshop'))
    expect(row).toMatch(/Published[\s\S]*?0 of 40/)
    // When, short enough for a phone: the day and the hours each on one line, the year only when it is
    // not this one (the test's clock is in June 2026; the demo's trunk show is in 2027).
    expect(row).toContain('<span>Thu 10 Sept</span>, <span>19:00–21:00 CEST</span>')
    const trunkShow = list.text.slice(list.text.indexOf('Autumn trunk show'))
    expect(trunkShow).toContain('<span>Sat 18 Sept 2027</span>, <span>18:00–21:00 EDT</span>')

    // Editing keeps the zone's reading of the times, and refuses a capacity that is not a number.
    const page = await browser.get(`/dashboard/events/${id}`)
    const fields = readFormFields(page.text, `/dashboard/events/${id}`)
    expect(fields.start).toEqual(['2026-09-10T19:00'])
    const refused = await browser.post(`/dashboard/events/${id}`, { ...newEvent, capacity: '0' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('id="field-capacity-error"')
  })

  it('lists attendees with a CSV safe for spreadsheets, voids refunded tickets, and cancels with one refund', async () => {
    const orderId = await buyTickets(shop, {
      eventId: DEMO_TRUNK_SHOW_ID,
      eventSlug: 'autumn-trunk-show',
      ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID,
      buyer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      attendees: [
        { name: '=HYPERLINK("http://evil.example","x")' },
        { name: 'Charles "Babbage", Esq.', email: 'charles@example.com' },
        { name: 'Mary Somerville' },
      ],
    })
    const tickets = await findTicketsOfOrder(db, orderId)
    expect(tickets).toHaveLength(3)

    const attendees = await browser.get(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}/attendees`)
    expect(attendees.status).toBe(200)
    for (const ticket of tickets) expect(attendees.text).toContain(ticket.code)
    const csv = await browser.get(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}/attendees.csv`)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = csv.text.split('\r\n')
    expect(lines[0]).toBe('attendee,attendee email,ticket,code,order,buyer email,status')
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(csv.text).toContain('"Charles ""Babbage"", Esq.",charles@example.com,General admission')

    // The order desk refunds one of the three tickets: that one ticket no longer passes the door.
    const orderPage = await browser.get(`/dashboard/orders/${orderId}`)
    const refundForm = readFormFields(orderPage.text, `/dashboard/orders/${orderId}/refund`)
    const quantityField = Object.keys(refundForm).find((name) => name.startsWith('refund-'))!
    const refunded = await browser.post(`/dashboard/orders/${orderId}/refund`, {
      ...Object.fromEntries(Object.entries(refundForm).map(([name, values]) => [name, values[0] ?? ''])),
      [quantityField]: '1',
      amount: '',
    })
    expect(refunded.status).toBe(303)
    const afterRefund = await findTicketsOfOrder(db, orderId)
    const voided = afterRefund.filter((ticket) => ticket.cancelled_date !== null)
    expect(voided).toHaveLength(1)
    const refusedAtDoor = await browser.post('/dashboard/events/check-in', { code: voided[0]!.code })
    expect(refusedAtDoor.status).toBe(409)
    expect(refusedAtDoor.text).toContain('was cancelled')
    const live = afterRefund.find((ticket) => ticket.cancelled_date === null)!
    expect((await browser.post('/dashboard/events/check-in', { code: live.code })).status).toBe(200)

    // Cancelling the event: every holder mailed once, the rest of the order refunded once.
    const cancelled = await browser.post(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}/cancel`, {})
    expect(cancelled.status).toBe(303)
    const again = await browser.post(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}/cancel`, {})
    expect(again.status).toBe(303)
    const mails = await db.query<{ recipient: string; text_body: string }>(
      `select recipient, text_body from mail_outbox where topic = 'event-cancelled' order by recipient`,
    )
    expect(mails.map((mail) => mail.recipient)).toEqual(['ada@example.com', 'charles@example.com'])
    expect(mails[0]!.text_body).toContain('Autumn trunk show')
    const refunds = await db.query<{ amount_minor: string; idempotency_key: string }>(
      'select amount_minor::text, idempotency_key from order_refunds where order_id = $1 order by created_date',
      [orderId],
    )
    expect(refunds.map((refund) => refund.amount_minor)).toEqual(['2500', '5000'])
    const [order] = await db.query<{ payment_status: string }>(
      'select payment_status from orders where id = $1',
      [orderId],
    )
    expect(order?.payment_status).toBe('FULLY_REFUNDED')
    expect((await findTicketsOfOrder(db, orderId)).every((ticket) => ticket.cancelled_date !== null)).toBe(
      true,
    )
    const page = await browser.get(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}`)
    expect(page.text).toContain('Cancelled on')
    expect(page.text).not.toContain(`action="/dashboard/events/${DEMO_TRUNK_SHOW_ID}/ticket-types"`)
    // A cancelled event is changed no more.
    const edit = await browser.post(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}`, newEvent)
    expect(edit.status).toBe(409)
  })

  it('answers 404 for an event of no shop and for a ticket type the event lacks', async () => {
    expect((await browser.get(`/dashboard/events/${crypto.randomUUID()}`)).status).toBe(404)
    expect(
      (await browser.get(`/dashboard/events/${DEMO_TRUNK_SHOW_ID}/ticket-types/${crypto.randomUUID()}`))
        .status,
    ).toBe(404)
    expect((await browser.get('/dashboard/events/check-in')).status).toBe(200)
  })
})
