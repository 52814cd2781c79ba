import { events, isAisleError } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import {
  DEMO_CARE_CLASS_FREE_ID,
  DEMO_CARE_CLASS_ID,
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { createSdkShopper } from '../testing/sdk-shoppers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// The real SDK's events calls against the real app; the clock stands at Tuesday 1 June 2027, 12:00 UTC.
describe.each(databaseKinds())('the SDK’s events against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db, { clock: () => new Date('2027-06-01T12:00:00Z') })
  })
  afterAll(() => db.close())

  const shopper = () => createSdkShopper(platform, { events }).client

  it('lists the published events soonest first, with their place and prices, never an online link', async () => {
    const { events: listed, pagingMetadata } = await shopper().events.queryEvents()
    expect(pagingMetadata).toEqual({ count: 2, offset: 0, total: 2 })
    expect(listed.map((event) => event._id)).toEqual([DEMO_CARE_CLASS_ID, DEMO_TRUNK_SHOW_ID])
    expect(listed[1]).toMatchObject({
      slug: 'autumn-trunk-show',
      title: 'Autumn trunk show',
      status: 'UPCOMING',
      dateAndTimeSettings: { startDate: '2027-09-18T22:00:00.000Z', timeZoneId: 'America/New_York' },
      location: { type: 'VENUE', address: { formatted: '120 Mercer Street, New York, NY 10012' } },
      registration: {
        status: 'OPEN_TICKETS',
        tickets: {
          lowestPrice: { value: '25.00', currency: 'USD' },
          highestPrice: { value: '60.00' },
          soldOut: false,
        },
      },
    })
    expect(listed[0]?.location).toEqual({ type: 'ONLINE' })
    expect(JSON.stringify(listed)).not.toContain('meet.example.com')
    const bySlug = await shopper().events.queryEvents({ filter: { slug: 'garment-care-class' } })
    expect(bySlug.events.map((event) => event.title)).toEqual(['Garment care class'])
    const ended = await shopper().events.queryEvents({ filter: { status: { $in: ['ENDED'] } } })
    expect(ended.events).toEqual([])
  })

  it('answers an event’s picture as an absolute address: a path of the shop’s media on the platform, an https one as given', async () => {
    const picture = (url: string | null, id: string) =>
      db.query('update ticketed_events set image_url = $1 where id = $2', [url, id])
    await picture('/media/trunk-show.jpg', DEMO_TRUNK_SHOW_ID)
    await picture('https://pictures.example/care.png', DEMO_CARE_CLASS_ID)
    try {
      const { events: listed } = await shopper().events.queryEvents()
      expect(listed.map((event) => event.mainImage?.url)).toEqual([
        'https://pictures.example/care.png',
        `${TEST_PUBLIC_URL}/media/trunk-show.jpg`,
      ])
    } finally {
      await picture(null, DEMO_TRUNK_SHOW_ID)
      await picture(null, DEMO_CARE_CLASS_ID)
    }
  })

  it('lists an event’s ticket types, and a reservation takes from what is left', async () => {
    const { definitions } = await shopper().events.queryAvailableTickets({
      filter: { eventId: DEMO_TRUNK_SHOW_ID },
    })
    expect(
      definitions.map((definition) => [definition._id, definition.price.amount, definition.limitPerCheckout]),
    ).toEqual([
      [DEMO_TRUNK_SHOW_GENERAL_ID, '25.00', 10],
      [DEMO_TRUNK_SHOW_VIP_ID, '60.00', 2],
    ])
    const reservation = await shopper().events.createReservation({
      eventId: DEMO_TRUNK_SHOW_ID,
      ticketQuantities: [
        { ticketDefinitionId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 2 },
        { ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 },
      ],
    })
    expect(reservation).toMatchObject({
      expires: '2027-06-01T12:20:00.000Z',
      reservationStatus: 'RESERVATION_PENDING',
      reservations: [
        { quantity: 2, ticket: { _id: DEMO_TRUNK_SHOW_GENERAL_ID, name: 'General admission', free: false } },
        { quantity: 1, ticket: { _id: DEMO_TRUNK_SHOW_VIP_ID, price: { amount: '60.00', currency: 'USD' } } },
      ],
    })
    const after = await shopper().events.queryAvailableTickets({ filter: { eventId: DEMO_TRUNK_SHOW_ID } })
    expect(after.definitions.map((definition) => definition.remaining)).toEqual([118, 19])

    const free = await shopper().events.queryAvailableTickets({ filter: { eventId: DEMO_CARE_CLASS_ID } })
    expect(free.definitions[0]).toMatchObject({
      _id: DEMO_CARE_CLASS_FREE_ID,
      free: true,
      price: { amount: '0.00' },
    })
  })

  it('refuses with a clear error and reserves nothing', async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => 'reserved',
        (error: unknown) => (isAisleError(error) ? `${error.status} ${error.code}` : String(error)),
      )
    const client = shopper()
    expect(
      await refused(
        client.events.createReservation({
          eventId: DEMO_TRUNK_SHOW_ID,
          ticketQuantities: [{ ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 3 }],
        }),
      ),
    ).toBe('400 TICKET_LIMIT_EXCEEDED')
    expect(
      await refused(
        client.events.createReservation({
          eventId: DEMO_TRUNK_SHOW_ID,
          ticketQuantities: [{ ticketDefinitionId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }],
        }),
      ),
    ).toBe('404 TICKET_TYPE_NOT_FOUND')
    expect(
      await refused(
        client.events.createReservation({
          eventId: 'not-an-event',
          ticketQuantities: [{ ticketDefinitionId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }],
        }),
      ),
    ).toBe('404 EVENT_NOT_FOUND')
    expect(
      await refused(
        client.events.createReservation({
          eventId: DEMO_TRUNK_SHOW_ID,
          ticketQuantities: [{ ticketDefinitionId: DEMO_TRUNK_SHOW_VIP_ID, quantity: -1 }],
        }),
      ),
    ).toMatch(/^400 /)
    expect(await refused(client.events.queryAvailableTickets({ filter: { eventId: 'x' } }))).toBe(
      '404 EVENT_NOT_FOUND',
    )
    const after = await shopper().events.queryAvailableTickets({ filter: { eventId: DEMO_TRUNK_SHOW_ID } })
    expect(after.definitions.map((definition) => definition.remaining)).toEqual([118, 19])
  })
})
