import { createWixAdapter } from '@aisle/sdk/wix'
import { availabilityCalendar, availabilityTimeSlots, eventTimeSlots, services } from '@wix/bookings'
import { orders as eventOrders, ticketDefinitionsV2, ticketReservations, wixEventsV2 } from '@wix/events'
import { plans } from '@wix/pricing-plans'
import { redirects } from '@wix/redirects'
import { createClient, OAuthStrategy } from '@wix/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import {
  DEMO_CLASS_ID,
  DEMO_CONSULTATION_ID,
  DEMO_FITTING_ID,
  DEMO_SCHEDULE_ID,
} from '../seed/demo-bookings.ts'
import { DEMO_PLAN_IDS } from '../seed/demo-commerce.ts'
import {
  DEMO_CARE_CLASS_ID,
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { pathOf, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// The real @wix/bookings, @wix/events, @wix/pricing-plans and @wix/redirects clients against the real app in
// process, only the host changed (decision 078). The clock stands at Monday 1 June 2026, 12:00 UTC; the demo
// shop's calendar is open 09:00 to 17:00 in New York, its fitting lasts 45 minutes with 15 between.

type Platform = ReturnType<typeof createTestPlatform>

const callbacks = {
  postFlowUrl: `${SHOP}/done`,
  thankYouPageUrl: `${SHOP}/thanks`,
  bookingsServiceListUrl: `${SHOP}/services`,
}

describe.each(databaseKinds())('the real Wix client’s bookings, events and plans calls on %s', (kind) => {
  let db: Db
  let platform: Platform
  let uninstall: () => void
  let adapter: ReturnType<typeof createWixAdapter>
  // Every request the client sends, as the platform receives it: `METHOD path` and its status.
  const requests: string[] = []
  beforeAll(async () => {
    ;({ db, platform } = await openDemoCommerce(kind))
    adapter = createWixAdapter({
      platformUrl: TEST_PUBLIC_URL,
      fetch: async (input, init) => {
        const response = await platform.fetch(input, init)
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname} ${response.status}`)
        return response
      },
    })
    uninstall = adapter.install()
  })
  afterAll(async () => {
    uninstall()
    await db.close()
  })

  /** A visitor's client of the demo site, as a headless site creates it. */
  function shop() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: adapter.tokenStorage() })
    return createClient({
      auth,
      modules: {
        services,
        availabilityCalendar,
        availabilityTimeSlots,
        eventTimeSlots,
        wixEventsV2,
        eventOrders,
        ticketDefinitionsV2,
        ticketReservations,
        plans,
        redirects,
      },
    })
  }

  /** The hosted page a redirect session's URL leads to, as a browser follows it. */
  async function land(fullUrl: string) {
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(fullUrl))
    expect(landed.status).toBe(303)
    return browser.get(landed.location!)
  }

  it('queries services, then the V1 availability the example books from, and checks out its slot on the hosted bookings page', async () => {
    const client = shop()
    const found = await client.services.queryServices().limit(50).find()
    expect(found.items.map((service) => service._id)).toEqual([
      DEMO_FITTING_ID,
      DEMO_CONSULTATION_ID,
      DEMO_CLASS_ID,
    ])
    expect(found.items[2]).toMatchObject({ name: 'Sewing class', type: 'CLASS', defaultCapacity: 8 })
    expect(found.items[0]).toMatchObject({ name: 'Tailored fitting', type: 'APPOINTMENT' })
    expect(found.items[0]?.schedule?._id).toBe(DEMO_SCHEDULE_ID)
    // How it may be paid, with a plan too, in the fields the real client types (decision 093).
    expect(found.items[0]?.payment?.options).toEqual({
      online: true,
      inPerson: true,
      pricingPlan: false,
      deposit: false,
    })
    expect(requests).toContain('POST /_api/bookings/v2/services/query 200')
    // One service by its id, at the path the real client sends, with its picture's address.
    await db.query('update booking_services set picture_url = $2 where id = $1', [
      DEMO_FITTING_ID,
      'https://pictures.example/fitting.jpg',
    ])
    const one = await client.services.getService(DEMO_FITTING_ID)
    await db.query("update booking_services set picture_url = '' where id = $1", [DEMO_FITTING_ID])
    expect(one).toMatchObject({ _id: DEMO_FITTING_ID, name: 'Tailored fitting', type: 'APPOINTMENT' })
    expect(one?.media?.mainMedia?.image).toBe('https://pictures.example/fitting.jpg')
    expect(requests).toContain(`GET /_api/bookings/v2/services/${DEMO_FITTING_ID} 200`)

    // In UTC: 13:00 to 16:00 UTC is 09:00 to 12:00 in New York, three fittings.
    const { availabilityEntries } = await client.availabilityCalendar.queryAvailability(
      {
        filter: {
          serviceId: [DEMO_FITTING_ID],
          startDate: '2026-06-02T13:00:00.000Z',
          endDate: '2026-06-02T16:00:00.000Z',
          bookable: true,
        },
      },
      { timezone: 'UTC' },
    )
    expect(requests).toContain('POST /availability-calendar/v1/availability/query 200')
    expect(availabilityEntries?.map((entry) => entry.slot?.startDate)).toEqual([
      '2026-06-02T13:00:00Z',
      '2026-06-02T14:00:00Z',
      '2026-06-02T15:00:00Z',
    ])
    const first = availabilityEntries![0]!
    expect(first).toMatchObject({
      bookable: true,
      openSpots: 1,
      totalSpots: 1,
      slot: {
        serviceId: DEMO_FITTING_ID,
        scheduleId: DEMO_SCHEDULE_ID,
        endDate: '2026-06-02T13:45:00Z',
        timezone: 'UTC',
        resource: { _id: DEMO_SCHEDULE_ID, name: 'The fitting room' },
        location: { locationType: 'OWNER_BUSINESS' },
      },
    })
    // Without a zone the dates are the shop's local times with their offset: the same instants.
    const inShopZone = await client.availabilityCalendar.queryAvailability({
      filter: {
        serviceId: [DEMO_FITTING_ID],
        startDate: '2026-06-02T13:00:00.000Z',
        endDate: '2026-06-02T15:00:00.000Z',
      },
    })
    expect(inShopZone.availabilityEntries?.map((entry) => entry.slot?.startDate)).toEqual([
      '2026-06-02T09:00:00-04:00',
      '2026-06-02T10:00:00-04:00',
    ])
    expect(inShopZone.availabilityEntries?.[0]?.slot?.timezone).toBe('America/New_York')
    // At most one slot a local day: Tuesday's first and Wednesday's first.
    const firsts = await client.availabilityCalendar.queryAvailability(
      {
        filter: {
          serviceId: [DEMO_FITTING_ID],
          startDate: '2026-06-02T00:00:00',
          endDate: '2026-06-04T00:00:00',
        },
      },
      { timezone: 'America/New_York', slotsPerDay: 1 },
    )
    expect(firsts.availabilityEntries?.map((entry) => entry.slot?.startDate)).toEqual([
      '2026-06-02T09:00:00-04:00',
      '2026-06-03T09:00:00-04:00',
    ])

    // The entry goes back as it came (the client sends `resource._id` as `resource.id`).
    const { redirectSession } = await client.redirects.createRedirectSession({
      bookingsCheckout: { slotAvailability: first, timezone: 'UTC' },
      callbacks,
    })
    expect(new URL(redirectSession!.fullUrl!).pathname).toBe('/_bookings/checkout')
    const page = await land(redirectSession!.fullUrl!)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Book Tailored fitting')
    expect(page.text).toContain('2026-06-02T13:00:00.000Z')
    expect(page.text).toContain('$40.00')
  })

  it('lists the Time Slots V2 appointments, answers no class sessions, and refuses an unknown service or a backward range', async () => {
    const client = shop()
    const { timeSlots, timeZone } = await client.availabilityTimeSlots.listAvailabilityTimeSlots({
      serviceId: DEMO_FITTING_ID,
      fromLocalDate: '2026-06-02T09:00:00',
      toLocalDate: '2026-06-02T12:00:00',
      timeZone: 'America/New_York',
      bookable: true,
    })
    expect(requests).toContain('POST /_api/service-availability/v2/time-slots 200')
    expect(timeZone).toBe('America/New_York')
    expect(timeSlots?.map((slot) => slot.localStartDate)).toEqual([
      '2026-06-02T09:00:00',
      '2026-06-02T10:00:00',
      '2026-06-02T11:00:00',
    ])

    // The class sessions' read answers an appointment's none, and the class's sessions with their places.
    const classes = await client.eventTimeSlots.listEventTimeSlots({
      serviceIds: [DEMO_CLASS_ID],
      fromLocalDate: '2026-06-01T00:00:00',
      toLocalDate: '2026-06-08T00:00:00',
    })
    expect(classes.timeZone).toBe('America/New_York')
    expect(classes.timeSlots?.map((slot) => [slot.localStartDate, slot.remainingCapacity])).toEqual([
      ['2026-06-02T18:00:00', 8],
      ['2026-06-04T18:00:00', 8],
    ])
    expect(classes.timeSlots?.[0]).toMatchObject({
      bookable: true,
      totalCapacity: 8,
      eventInfo: { eventId: `${DEMO_CLASS_ID}:2026-06-02T22:00:00.000Z` },
    })
    const events = await client.eventTimeSlots.listEventTimeSlots({
      serviceIds: [DEMO_FITTING_ID],
      fromLocalDate: '2026-06-02T09:00:00',
      toLocalDate: '2026-06-09T09:00:00',
      timeZone: 'UTC',
    })
    expect(requests).toContain('POST /_api/service-availability/v2/time-slots/event 200')
    expect(events).toMatchObject({ timeSlots: [], timeZone: 'UTC' })
    const inShopZone = await client.eventTimeSlots.listEventTimeSlots({
      serviceIds: [DEMO_FITTING_ID],
      fromLocalDate: '2026-06-02T09:00:00',
      toLocalDate: '2026-06-09T09:00:00',
    })
    expect(inShopZone.timeZone).toBe('America/New_York')

    await expect(
      client.availabilityCalendar.queryAvailability({
        filter: {
          serviceId: ['00000000-0000-4000-8000-000000000000'],
          startDate: '2026-06-02T13:00:00Z',
          endDate: '2026-06-02T16:00:00Z',
        },
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'SERVICE_NOT_FOUND' } } })
    await expect(
      client.availabilityCalendar.queryAvailability({
        filter: {
          serviceId: [DEMO_FITTING_ID],
          startDate: '2026-06-02T16:00:00Z',
          endDate: '2026-06-02T13:00:00Z',
        },
      }),
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'query.filter.endDate' }] } },
    })
    await expect(
      client.availabilityCalendar.queryAvailability({
        filter: {
          serviceId: [DEMO_FITTING_ID],
          startDate: '2026-13-45T10:00:00Z',
          endDate: '2026-06-02T13:00:00Z',
        },
      }),
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'query.filter.startDate' }] } },
    })
    await expect(
      client.eventTimeSlots.listEventTimeSlots({
        fromLocalDate: '2026-06-09T09:00:00',
        toLocalDate: '2026-06-02T09:00:00',
      }),
      // The client names the field by its argument: the wire's `toLocalDate` is its `options.toLocalDate`.
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'options.toLocalDate' }] } },
    })
  })

  it('opens the hosted bookings page for bookingsBook, which offers the shop’s services', async () => {
    const { redirectSession } = await shop().redirects.createRedirectSession({ bookingsBook: {}, callbacks })
    expect(new URL(redirectSession!.fullUrl!).pathname).toBe('/_bookings/book')
    const page = await land(redirectSession!.fullUrl!)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Tailored fitting')
    expect(page.text).toContain('Style consultation')
  })

  it('queries events and their tickets in both generations, reserves through both, and checks a reservation out on the hosted event page', async () => {
    const client = shop()
    const upcoming = await client.wixEventsV2
      .queryEvents({ fields: ['DETAILS', 'REGISTRATION'] })
      .in('status', ['UPCOMING', 'STARTED'])
      .ascending('dateAndTimeSettings.startDate')
      .limit(20)
      .find()
    expect(upcoming.items.map((event) => event._id)).toEqual([DEMO_CARE_CLASS_ID, DEMO_TRUNK_SHOW_ID])
    expect(upcoming.items[1]).toMatchObject({ slug: 'autumn-trunk-show', title: 'Autumn trunk show' })

    const v1 = await client.eventOrders.queryAvailableTickets({
      filter: { eventId: DEMO_TRUNK_SHOW_ID },
      limit: 10,
    })
    expect(v1.definitions?.map((definition) => definition._id)).toEqual([
      DEMO_TRUNK_SHOW_GENERAL_ID,
      DEMO_TRUNK_SHOW_VIP_ID,
    ])

    const v3 = () =>
      client.ticketDefinitionsV2.queryAvailableTicketDefinitions({
        filter: { eventId: DEMO_TRUNK_SHOW_ID },
        sort: [{ fieldName: 'sortIndex', order: 'ASC' }],
      })
    const before = await v3()
    expect(requests).toContain('POST /events-ticket-definitions/v3/ticket-definitions/available/query 200')
    expect(before.ticketDefinitions?.map((definition) => definition._id)).toEqual([
      DEMO_TRUNK_SHOW_GENERAL_ID,
      DEMO_TRUNK_SHOW_VIP_ID,
    ])
    expect(before.ticketDefinitions?.[1]).toMatchObject({
      name: 'VIP',
      eventId: DEMO_TRUNK_SHOW_ID,
      pricingMethod: { fixedPrice: { value: '60.00', currency: 'USD' }, free: false },
      saleStatus: 'SALE_STARTED',
      limitPerCheckout: 2,
      initialLimit: 20,
    })
    const vipLeft = before.ticketDefinitions![1]!.actualLimit!
    const generalLeft = before.ticketDefinitions![0]!.actualLimit!

    // The headless example's reservation.
    const reservation = await client.eventOrders.createReservation(DEMO_TRUNK_SHOW_ID, {
      ticketQuantities: [{ ticketDefinitionId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 1 }],
    })
    expect(reservation._id).toMatch(/^[0-9a-f-]{36}$/)
    // Wix's headless components' reservation.
    const held = await client.ticketReservations.createTicketReservation({
      tickets: [{ eventId: DEMO_TRUNK_SHOW_ID, ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }],
    })
    expect(requests).toContain('POST /events/v1/ticket-reservations 200')
    expect(held).toMatchObject({
      status: 'PENDING',
      tickets: [{ eventId: DEMO_TRUNK_SHOW_ID, ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }],
    })
    expect(held?._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(held!.expirationDate!).toISOString()).toBe('2026-06-01T12:20:00.000Z')

    // Over the per-order limit, or across two events: refused, and nothing is held.
    await expect(
      client.ticketReservations.createTicketReservation({
        tickets: [{ eventId: DEMO_TRUNK_SHOW_ID, ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 3 }],
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'TICKET_LIMIT_EXCEEDED' } } })
    await expect(
      client.ticketReservations.createTicketReservation({
        tickets: [
          { eventId: DEMO_TRUNK_SHOW_ID, ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 },
          { eventId: DEMO_CARE_CLASS_ID, ticketDefinitionId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'ticketReservation.tickets' }] } },
    })
    const after = await v3()
    expect(after.ticketDefinitions?.map((definition) => definition.actualLimit)).toEqual([
      generalLeft - 1,
      vipLeft - 2,
    ])

    for (const reservationId of [reservation._id!, held!._id!]) {
      const { redirectSession } = await client.redirects.createRedirectSession({
        eventsCheckout: { reservationId, eventSlug: 'autumn-trunk-show' },
        callbacks,
      })
      expect(new URL(redirectSession!.fullUrl!).pathname).toBe('/_events/checkout')
      const page = await land(redirectSession!.fullUrl!)
      expect(page.status).toBe(200)
      expect(page.text).toContain('Autumn trunk show')
    }
  })

  it('queries the public plans and opens a visitor’s paidPlansCheckout on the plan’s hosted page', async () => {
    const client = shop()
    const found = await client.plans.queryPublicPlans().find()
    expect(requests).toContain('POST /pricing-plans/v2/plans/public/query 200')
    expect(found.items.map((plan) => plan._id)).toEqual([
      DEMO_PLAN_IDS.stationeryClub,
      DEMO_PLAN_IDS.notebookTrial,
    ])
    expect(found.items[0]).toMatchObject({
      name: 'Stationery club',
      pricing: {
        price: { value: '20.00', currency: 'USD' },
        singlePaymentForDuration: { count: 1, unit: 'MONTH' },
      },
    })
    const listed = await client.plans.listPublicPlans()
    expect(requests).toContain('GET /pricing-plans/v2/plans/public 200')
    expect(listed.plans?.map((plan) => plan._id)).toEqual(found.items.map((plan) => plan._id))
    const one = await client.plans.queryPublicPlans().eq('_id', DEMO_PLAN_IDS.notebookTrial).find()
    expect(one.items.map((plan) => plan.name)).toEqual(['Notebook trial'])

    const { redirectSession } = await client.redirects.createRedirectSession({
      paidPlansCheckout: { planId: found.items[0]!._id! },
      callbacks,
    })
    expect(new URL(redirectSession!.fullUrl!).pathname).toBe('/_plans/checkout')
    const page = await land(redirectSession!.fullUrl!)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<h1>Stationery club</h1>')
    expect(page.text).toContain('$20.00')
    expect(page.text).toContain('Sign in to buy')
  })
})
