import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  DEMO_CARE_CLASS_FREE_ID,
  DEMO_CARE_CLASS_ID,
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { reserveTickets } from './reserve-tickets.ts'
import { countTakenTickets, findPublishedEvents, findTicketsOfReservations } from './ticketed-event-store.ts'

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ApplicationError ? error.code : error),
  )

describe.each(databaseKinds())('reserving tickets on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('seeds two published events, soonest first', async () => {
    const events = await findPublishedEvents(db, DEMO_SITE_ID, {
      upcomingAfter: new Date('2026-12-01T00:00:00Z'),
    })
    expect(events.map((event) => event.slug)).toEqual(['garment-care-class', 'autumn-trunk-show'])
    expect(events[0]).toMatchObject({
      location_kind: 'ONLINE',
      time_zone: 'Europe/London',
      status: 'PUBLISHED',
    })
  })

  it('of 100 buyers asking at once for the last 10 tickets, exactly 10 get one', async () => {
    const now = new Date('2027-01-10T12:00:00Z')
    // 110 of the 120 general admission tickets go first, ten a reservation.
    for (let i = 0; i < 11; i++)
      await reserveTickets(db, {
        siteId: DEMO_SITE_ID,
        eventId: DEMO_TRUNK_SHOW_ID,
        tickets: [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 10 }],
        now,
      })
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        reserveTickets(db, {
          siteId: DEMO_SITE_ID,
          eventId: DEMO_TRUNK_SHOW_ID,
          tickets: [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 1 }],
          now,
        }),
      ),
    )
    const held = results.filter((result) => result.status === 'fulfilled')
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(held).toHaveLength(10)
    expect(refused).toHaveLength(90)
    expect(
      refused.every((error) => error instanceof ApplicationError && error.code === 'TICKETS_SOLD_OUT'),
    ).toBe(true)
    expect((await countTakenTickets(db, DEMO_TRUNK_SHOW_ID, now)).get(DEMO_TRUNK_SHOW_GENERAL_ID)).toBe(120)

    // The event's capacity (130) bounds the VIP tickets too: 10 places are left of its 20.
    expect(
      await refusal(
        reserveTickets(db, {
          siteId: DEMO_SITE_ID,
          eventId: DEMO_TRUNK_SHOW_ID,
          tickets: [
            { ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 },
            { ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 },
          ],
          now,
        }),
      ),
    ).toBe('TICKET_LIMIT_EXCEEDED')

    // Once the holds lapse, every ticket is back on sale.
    const later = new Date(now.getTime() + 21 * 60_000)
    expect((await countTakenTickets(db, DEMO_TRUNK_SHOW_ID, later)).size).toBe(0)
    const again = await reserveTickets(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      tickets: [
        { ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 2 },
        { ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 },
      ],
      now: later,
    })
    const tickets = await findTicketsOfReservations(db, [again.id])
    expect(tickets).toHaveLength(3)
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(3)
    expect(tickets.every((ticket) => /^[A-HJ-NP-Z2-9]{10}$/.test(ticket.code))).toBe(true)
    expect(again.heldUntil.getTime() - later.getTime()).toBe(20 * 60_000)
  })

  it('bounds a reservation by the event capacity, the per-order limit and the registration window', async () => {
    const now = new Date('2027-02-01T12:00:00Z')
    const reserve = (
      tickets: { ticketTypeId: string; quantity: number }[],
      at = now,
      eventId = DEMO_TRUNK_SHOW_ID,
    ) => reserveTickets(db, { siteId: DEMO_SITE_ID, eventId, tickets, now: at })
    for (let i = 0; i < 12; i++) await reserve([{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 10 }])
    for (let i = 0; i < 4; i++) await reserve([{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }])
    // 128 of 130 places are taken: two VIP tickets fit, a third does not.
    await reserve([{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }])
    expect(await refusal(reserve([{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 }]))).toBe(
      'TICKETS_SOLD_OUT',
    )
    expect(await refusal(reserve([{ ticketTypeId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }]))).toBe(
      'TICKET_TYPE_NOT_FOUND',
    )
    expect(
      await refusal(
        reserve([{ ticketTypeId: DEMO_CARE_CLASS_FREE_ID, quantity: 5 }], now, DEMO_CARE_CLASS_ID),
      ),
    ).toBe('TICKET_LIMIT_EXCEEDED')
    expect(
      await refusal(
        reserve(
          [{ ticketTypeId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }],
          new Date('2027-06-10T18:00:00Z'),
          DEMO_CARE_CLASS_ID,
        ),
      ),
    ).toBe('REGISTRATION_CLOSED')
    expect(await refusal(reserve([], now, DEMO_CARE_CLASS_ID))).toBe('TICKET_TYPE_NOT_FOUND')
    expect(
      await refusal(reserve([{ ticketTypeId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }], now, 'nope')),
    ).toBe('EVENT_NOT_FOUND')
    await db.query(`update ticketed_events set status = 'DRAFT' where id = $1`, [DEMO_CARE_CLASS_ID])
    expect(
      await refusal(
        reserve([{ ticketTypeId: DEMO_CARE_CLASS_FREE_ID, quantity: 1 }], now, DEMO_CARE_CLASS_ID),
      ),
    ).toBe('EVENT_NOT_FOUND')
    await db.query(`update ticketed_events set status = 'PUBLISHED' where id = $1`, [DEMO_CARE_CLASS_ID])
  })
})
