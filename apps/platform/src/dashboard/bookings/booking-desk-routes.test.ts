import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBookingById, findServices } from '../../bookings/booking-store.ts'
import { listServiceSlots } from '../../bookings/service-slots.ts'
import type { Db } from '../../db/db.ts'
import { findOrder } from '../../orders/order-store.ts'
import { DEMO_CLASS_ID, DEMO_FITTING_ID } from '../../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { bookSlotOnHostedPages } from '../../testing/booked-slots.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

// The clock stands at Monday 1 June 2026, 12:00 UTC; the demo calendar is New York's (UTC-4 in June).
describe.each(databaseKinds())('the bookings desk on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  const validService = {
    name: 'Hem alteration',
    description: 'Trousers or a skirt taken up.',
    pictureUrl: 'https://images.example.com/hem.jpg',
    location: 'The fitting room',
    durationMinutes: '30',
    rateType: 'FIXED',
    price: '25.00',
    priceText: '',
    paymentOptions: ['FULL_PAYMENT_ONLINE'],
    cancelNoticeHours: '12',
    reminderHours: '48',
    offered: 'on',
    timeZone: 'America/New_York',
    'hours-1': '09:00-17:00',
    'hours-2': '09:00-17:00',
    'hours-3': '09:00-17:00',
    'hours-4': '09:00-17:00',
    'hours-5': '09:00-17:00',
    'hours-6': '10:00-12:00, 13:00-16:00',
    'hours-7': '',
    exceptions: '2026-06-10 closed\n2026-06-14 10:00-12:00',
    bufferMinutes: '15',
    minNoticeHours: '1',
    maxAheadDays: '60',
  }

  it('lists the services under Bookings in the menu, and refuses a bad service with each problem beside its field', async () => {
    const list = await browser.get('/dashboard/bookings/services')
    expect(list.status).toBe(200)
    expect(list.text).toContain('Tailored fitting')
    expect(list.text).toContain('Style consultation')
    expect(list.text).toContain('href="/dashboard/bookings/services" aria-current="page">Services</a>')
    const before = (await findServices(db, DEMO_SITE_ID, { includeHidden: true })).length

    const refused = await browser.post('/dashboard/bookings/services', {
      ...validService,
      name: '',
      price: '0',
      paymentOptions: [],
      'hours-1': '17:00-09:00',
      'hours-2': 'mornings',
      'hours-3': '09:00-13:00, 12:00-17:00',
      exceptions: '2026-06-10 closed\nnext tuesday',
      timeZone: 'Mars/Olympus',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Nothing was saved')
    // Text not in shape is named first, with the rest kept as typed.
    expect(refused.text).toMatch(/id="field-hours-2"[^>]*aria-invalid="true"/)
    expect(refused.text).toContain('not &quot;next tuesday&quot;')
    expect(refused.text).toContain('value="17:00-09:00"')

    const rules = await browser.post('/dashboard/bookings/services', {
      ...validService,
      name: '',
      price: '0',
      paymentOptions: [],
      'hours-1': '17:00-09:00',
      'hours-3': '09:00-13:00, 12:00-17:00',
      timeZone: 'Mars/Olympus',
      reminderHours: '400',
    })
    expect(rules.status).toBe(400)
    for (const field of ['name', 'price', 'hours-1', 'hours-3', 'timeZone', 'reminderHours'])
      expect(rules.text).toMatch(new RegExp(`id="field-${field}"[^>]*aria-invalid="true"`))
    expect(rules.text).toContain('must start before they end (17:00-09:00)')
    expect(rules.text).toContain('must not overlap (09:00-13:00 and 12:00-17:00)')
    expect(rules.text).toContain('must include at least one way to pay')
    expect((await findServices(db, DEMO_SITE_ID, { includeHidden: true })).length).toBe(before)
  })

  it('creates a service on the shop’s calendar, whose hours and exceptions the free slots then follow', async () => {
    const created = await browser.post('/dashboard/bookings/services', validService)
    expect(created.status).toBe(303)
    const id = /services\/([0-9a-f-]{36})\?notice=service-created/.exec(created.location ?? '')?.[1]
    expect(id).toBeDefined()
    const [service] = await findServices(db, DEMO_SITE_ID, { ids: [id!] })
    expect(service).toMatchObject({
      name: 'Hem alteration',
      slug: 'hem-alteration',
      duration_minutes: 30,
      rate_type: 'FIXED',
      pay_online: true,
      pay_in_person: false,
      cancel_notice_minutes: 720,
      reminder_minutes: 2880,
      picture_url: 'https://images.example.com/hem.jpg',
    })
    expect(Number(service?.price_minor)).toBe(2500)
    const page = await browser.get(created.location!)
    expect(page.text).toContain('Service created.')
    expect(page.text).toContain('value="10:00-12:00, 13:00-16:00"')
    expect(page.text).toContain('3 other services share them')

    // A local day of New York in June: 04:00 UTC to 04:00 UTC.
    const slotsOn = async (day: string) => {
      const from = new Date(`${day}T04:00:00Z`)
      const { slots } = await listServiceSlots(db, DEMO_SITE_ID, id!, {
        from,
        to: new Date(from.getTime() + 86_400_000),
        now: dashboard.clock(),
      })
      return slots.map((slot) => slot.start.toISOString().slice(11, 16))
    }
    expect(await slotsOn('2026-06-10')).toEqual([]) // closed by the exception
    expect(await slotsOn('2026-06-14')).toEqual(['14:00', '14:45', '15:30']) // a Sunday's extra hours, 10:00-12:00 local
    expect((await slotsOn('2026-06-13'))[0]).toBe('14:00') // Saturday opens at 10:00 local

    // Saved again as free: the price must go, and then it does.
    const refused = await browser.post(`/dashboard/bookings/services/${id}`, {
      ...validService,
      rateType: 'NO_FEE',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('must be empty unless the service has a fixed price')
    const saved = await browser.post(`/dashboard/bookings/services/${id}`, {
      ...validService,
      rateType: 'NO_FEE',
      price: '',
      exceptions: '',
    })
    expect(saved.status).toBe(303)
    expect((await findServices(db, DEMO_SITE_ID, { ids: [id!] }))[0]).toMatchObject({
      rate_type: 'NO_FEE',
    })
    expect(await slotsOn('2026-06-10')).not.toEqual([])
    expect((await browser.get(`/dashboard/bookings/services/${crypto.randomUUID()}`)).status).toBe(404)
  })

  it('shows a booking on the week and the day in the shop’s zone, each linking to its page', async () => {
    // The shop keeps New York time, as its calendar does (decision 087: the calendar shows the shop's zone).
    await db.query(`update sites set time_zone = 'America/New_York'`)
    const { bookingId } = await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T13:00:00.000Z',
      email: 'calendar@example.com',
    })
    const week = await browser.get('/dashboard/bookings?view=week&date=2026-06-04')
    expect(week.status).toBe(200)
    expect(week.text).toContain('Mon, 1 Jun 2026 to Sun, 7 Jun 2026')
    const tuesday = week.text.slice(
      week.text.indexOf('data-day="2026-06-02"'),
      week.text.indexOf('data-day="2026-06-03"'),
    )
    expect(tuesday).toContain(`href="/dashboard/bookings/${bookingId}"`)
    expect(tuesday).toContain('09:00–09:45')
    expect(tuesday).toContain('Ada Lovelace')
    expect(week.text).toContain('href="/dashboard/bookings?view=week&amp;date=2026-05-28"')
    const day = await browser.get('/dashboard/bookings?view=day&date=2026-06-02')
    expect(day.text).toContain(`href="/dashboard/bookings/${bookingId}"`)
    expect((await browser.get('/dashboard/bookings?view=day&date=2026-06-03')).text).toContain(
      'No bookings this day.',
    )
    expect((await browser.get('/dashboard/bookings?view=month&date=2026-06-03')).status).toBe(400)
    expect((await browser.get('/dashboard/bookings?date=2026-13-45')).status).toBe(400)
  })

  it('marks whether the customer came only once the booking has started', async () => {
    const { bookingId } = await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-01T14:00:00.000Z', // today, 10:00 in New York
      email: 'attend@example.com',
      pay: 'in-person',
    })
    const page = await browser.get(`/dashboard/bookings/${bookingId}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('attend@example.com')
    expect(page.text).toContain('Tailored fitting')
    expect(page.text).toContain('You can mark this once the booking has started.')
    const early = await browser.post(`/dashboard/bookings/${bookingId}/attendance`, { attendance: 'NO_SHOW' })
    expect(early.status).toBe(409)
    expect((await findBookingById(db, bookingId))?.attendance).toBeNull()
    dashboard.clock.advance(2 * 3600 + 60) // 14:01 UTC, a minute after it started
    try {
      await browser.signIn() // the session idled out meanwhile
      expect((await browser.get(`/dashboard/bookings/${bookingId}`)).text).toContain('Mark no-show')
      const maybe = await browser.post(`/dashboard/bookings/${bookingId}/attendance`, { attendance: 'maybe' })
      expect(maybe.status).toBe(400)
      const marked = await browser.post(`/dashboard/bookings/${bookingId}/attendance`, {
        attendance: 'NO_SHOW',
      })
      expect(marked.status).toBe(303)
      expect((await browser.get(marked.location!)).text).toContain('No-show')
      expect((await findBookingById(db, bookingId))?.attendance).toBe('NO_SHOW')
    } finally {
      dashboard.clock.advance(-(2 * 3600 + 60))
      await browser.signIn()
    }
  })

  it('moves a booking to a free time the page offers, and refuses one that is taken', async () => {
    const { bookingId } = await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-03T13:00:00.000Z',
      email: 'move@example.com',
      pay: 'in-person',
    })
    const page = await browser.get(`/dashboard/bookings/${bookingId}?day=2026-06-03`)
    expect(page.text).toContain('value="2026-06-03T15:00:00.000Z"')
    const taken = await browser.post(`/dashboard/bookings/${bookingId}/reschedule`, {
      start: '2026-06-02T13:00:00.000Z', // the calendar test's booking
    })
    expect(taken.status).toBe(409)
    expect(taken.text).toContain('no longer free')
    const moved = await browser.post(`/dashboard/bookings/${bookingId}/reschedule`, {
      start: '2026-06-03T15:00:00.000Z',
    })
    expect(moved.status).toBe(303)
    const after = await browser.get(moved.location!)
    expect(after.text).toContain('Booking moved.')
    expect(after.text).toContain('Wed, 3 Jun 2026, 11:00–')
  })

  it('cancels a paid booking with its refund once, however often the button is pressed', async () => {
    const { bookingId, orderId } = await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-04T13:00:00.000Z',
      email: 'desk-cancel@example.com',
    })
    await browser.get(`/dashboard/bookings/${bookingId}`)
    const presses = await Promise.all([
      browser.post(`/dashboard/bookings/${bookingId}/cancel`),
      browser.post(`/dashboard/bookings/${bookingId}/cancel`),
    ])
    expect(presses.map((press) => press.status)).toEqual([303, 303])
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(order?.refunds).toHaveLength(1)
    expect(order?.order).toMatchObject({
      status: 'CANCELED',
      payment_status: 'FULLY_REFUNDED',
    })
    expect(Number(order?.order.refunded_minor)).toBe(4000)
    expect((await findBookingById(db, bookingId))?.status).toBe('CANCELLED')
    const page = await browser.get(`/dashboard/bookings/${bookingId}`)
    expect(page.text).toContain('Cancelled')
    expect(page.text).toContain('Refunded')
    expect(page.text).not.toContain('Cancel booking and refund')
    const orderPage = await browser.get(`/dashboard/orders/${orderId}`)
    expect(orderPage.text).toContain('$40.00')
    expect(orderPage.text).toMatch(/[Rr]efund/)
    expect((await browser.get(`/dashboard/bookings/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await browser.post(`/dashboard/bookings/${crypto.randomUUID()}/cancel`)).status).toBe(404)
  })

  it('creates a class with places and a timetable, refusing a bad one with each problem beside its field', async () => {
    const refused = await browser.post('/dashboard/bookings/services', {
      ...validService,
      name: 'Pattern cutting',
      type: 'CLASS',
      capacity: '0',
      weeklySessions: 'Someday 18:00',
      oneOffSessions: '2026-06-20 10:00',
      cancelledSessions: '',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('must be a weekday and a time a line')
    const noPlaces = await browser.post('/dashboard/bookings/services', {
      ...validService,
      name: 'Pattern cutting',
      type: 'CLASS',
      capacity: '0',
      weeklySessions: 'Wednesday 19:00',
      oneOffSessions: '',
      cancelledSessions: '2026-06-11 19:00',
    })
    expect(noPlaces.status).toBe(400)
    expect(noPlaces.text).toContain('must be a whole number of places from 1 to 500')
    expect(noPlaces.text).toContain('2026-06-11 19:00: is not a weekly session')
    expect(await findServices(db, DEMO_SITE_ID, { includeHidden: true })).not.toContainEqual(
      expect.objectContaining({ name: 'Pattern cutting' }),
    )

    const created = await browser.post('/dashboard/bookings/services', {
      ...validService,
      name: 'Pattern cutting',
      type: 'CLASS',
      capacity: '6',
      weeklySessions: 'Wednesday 19:00',
      oneOffSessions: '2026-06-20 10:00',
      cancelledSessions: '2026-06-10 19:00',
    })
    expect(created.status).toBe(303)
    const id = /services\/([0-9a-f-]{36})\?notice=service-created/.exec(created.location ?? '')?.[1]
    const [service] = await findServices(db, DEMO_SITE_ID, { ids: [id!] })
    expect(service).toMatchObject({
      type: 'CLASS',
      capacity: 6,
      timetable: {
        weekly: [{ weekday: 3, start: '19:00' }],
        oneOff: ['2026-06-20T10:00'],
        cancelled: ['2026-06-10T19:00'],
      },
    })
    const { slots } = await listServiceSlots(db, DEMO_SITE_ID, id!, {
      from: new Date('2026-06-01T04:00:00Z'),
      to: new Date('2026-06-22T04:00:00Z'),
      now: dashboard.clock(),
    })
    // Wednesdays 19:00 New York (23:00 UTC) but the 10th, and Saturday the 20th at 10:00.
    expect(slots.map((slot) => [slot.start.toISOString(), slot.openSpots])).toEqual([
      ['2026-06-03T23:00:00.000Z', 6],
      ['2026-06-17T23:00:00.000Z', 6],
      ['2026-06-20T14:00:00.000Z', 6],
    ])
    const page = await browser.get(created.location!)
    expect(page.text).toContain('Wednesday 19:00')
    expect(page.text).toContain('<option value="CLASS" selected')
  })

  it('shows a class session’s places taken on the calendar, and a cancel with refund frees them', async () => {
    const start = '2026-06-02T22:00:00.000Z'
    const { bookingId, orderId } = await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_CLASS_ID,
      start,
      email: 'class@example.com',
      participants: 3,
    })
    await bookSlotOnHostedPages(dashboard.app, db, {
      serviceId: DEMO_CLASS_ID,
      start,
      email: 'class-two@example.com',
      participants: 2,
      pay: 'in-person',
    })
    const placesLeft = async () => {
      const { slots } = await listServiceSlots(db, DEMO_SITE_ID, DEMO_CLASS_ID, {
        from: new Date(start),
        to: new Date(Date.parse(start) + 1),
        now: dashboard.clock(),
      })
      return slots[0]?.openSpots
    }
    expect(await placesLeft()).toBe(3)
    const day = await browser.get('/dashboard/bookings?view=day&date=2026-06-02')
    expect(day.text).toContain('Sewing class')
    expect(day.text).toContain('3 places')
    expect(day.text).toContain('Session: 5 of 8 places taken')
    const page = await browser.get(`/dashboard/bookings/${bookingId}`)
    expect(page.text).toContain('3 of 8 places')

    expect((await browser.post(`/dashboard/bookings/${bookingId}/cancel`)).status).toBe(303)
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, orderId)
    expect(Number(order?.order.refunded_minor)).toBe(7500)
    expect(await placesLeft()).toBe(6)
    const after = await browser.get('/dashboard/bookings?view=day&date=2026-06-02')
    expect(after.text).toContain('Session: 2 of 8 places taken')
  })
})
