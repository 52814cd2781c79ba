import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import {
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import {
  createTicketedEvent,
  type EventInput,
  readEventInput,
  removeTicketType,
  saveTicketType,
  updateTicketedEventFields,
} from './event-editing.ts'
import { reserveTickets } from './reserve-tickets.ts'
import {
  cancelTicketsOfOrder,
  countTakenTickets,
  findTicketedEvent,
  findTicketsOfReservations,
  findTicketTypes,
} from './ticketed-event-store.ts'

const input: EventInput = {
  title: 'Night market',
  description: '',
  imageUrl: '/media/b1e4c7d0/night-market.webp',
  timeZone: 'Europe/London',
  start: '2027-03-28 00:30',
  end: '2027-03-28T03:30',
  locationKind: 'ONLINE',
  venueName: '',
  venueAddress: '',
  onlineUrl: 'https://meet.example.com/night',
  registrationOpens: '',
  registrationCloses: '',
  capacity: '',
}

const fieldsOf = (error: unknown) =>
  error instanceof ValidationError ? error.fieldViolations.map((violation) => violation.field) : error
const codeOf = (error: unknown) => (error instanceof ApplicationError ? error.code : error)

describe('reading an event as the merchant writes it', () => {
  it('reads wall-clock times in the event’s zone, across a daylight-saving change', () => {
    const { fields, violations } = readEventInput(input)
    expect(violations).toEqual([])
    // London is on GMT at 00:30 on 28 March 2027 and on BST from 01:00 GMT: 03:30 BST is 02:30 UTC.
    expect(fields?.start.toISOString()).toBe('2027-03-28T00:30:00.000Z')
    expect(fields?.end.toISOString()).toBe('2027-03-28T02:30:00.000Z')
    expect(fields?.location).toEqual({ kind: 'ONLINE', url: 'https://meet.example.com/night' })
    expect(fields?.capacity).toBeNull()
  })

  it('names every field that breaks its rule', () => {
    const { fields, violations } = readEventInput({
      ...input,
      title: 'x'.repeat(201),
      imageUrl: 'javascript:alert(1)',
      start: '2027-02-30 10:00',
      end: '2027-02-28 25:00',
      registrationOpens: '2027-01-10 10:00',
      registrationCloses: '2027-01-09 10:00',
      onlineUrl: 'http://insecure.example.com',
      capacity: '1.5',
    })
    expect(fields).toBeUndefined()
    expect(violations.map((violation) => violation.field).sort()).toEqual([
      'capacity',
      'end',
      'imageUrl',
      'onlineUrl',
      'registrationCloses',
      'start',
      'title',
    ])
    const venue = readEventInput({ ...input, locationKind: 'VENUE', venueAddress: ' ' })
    expect(venue.violations.map((violation) => violation.field)).toEqual(['venueAddress'])
    expect(readEventInput({ ...input, locationKind: 'MOON' }).violations[0]?.field).toBe('locationKind')
  })
})

describe.each(databaseKinds())('editing events on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await db?.close()
  })
  const now = new Date('2027-01-10T12:00:00Z')

  it('creates drafts with slugs free in the shop, and stores nothing for a refused input', async () => {
    const first = await createTicketedEvent(db, { siteId: DEMO_SITE_ID, input, now })
    const second = await createTicketedEvent(db, { siteId: DEMO_SITE_ID, input, now })
    expect([first.slug, second.slug]).toEqual(['night-market', 'night-market-2'])
    expect(first.status).toBe('DRAFT')
    const before = await db.query('select id from ticketed_events')
    const refused = await createTicketedEvent(db, {
      siteId: DEMO_SITE_ID,
      input: { ...input, title: '' },
      now,
    }).catch(fieldsOf)
    expect(refused).toEqual(['title'])
    expect(await db.query('select id from ticketed_events')).toHaveLength(before.length)
  })

  it('never sets a capacity or a quantity below the tickets taken, and keeps a ticket type that has tickets', async () => {
    await reserveTickets(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      tickets: [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 5 }],
      now,
    })
    const trunkShow = await findTicketedEvent(db, DEMO_SITE_ID, { id: DEMO_TRUNK_SHOW_ID })
    const asStored = {
      ...input,
      title: trunkShow!.title,
      timeZone: 'America/New_York',
      start: '2027-09-18 18:00',
      end: '2027-09-18 21:00',
      locationKind: 'VENUE',
      venueAddress: trunkShow!.venue_address,
    }
    const lowCapacity = await updateTicketedEventFields(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      input: { ...asStored, capacity: '4' },
      now,
    }).catch(fieldsOf)
    expect(lowCapacity).toEqual(['capacity'])
    const general = {
      name: 'General admission',
      description: '',
      price: '25',
      limitPerOrder: '10',
      saleStarts: '',
      saleEnds: '',
    }
    const lowQuantity = await saveTicketType(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID,
      input: { ...general, quantity: '4' },
      currency: 'USD',
      now,
    }).catch(fieldsOf)
    expect(lowQuantity).toEqual(['quantity'])
    const saved = await saveTicketType(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID,
      input: { ...general, quantity: '5' },
      currency: 'USD',
      now,
    })
    expect(saved.quantity).toBe(5)
    expect(
      await removeTicketType(db, {
        siteId: DEMO_SITE_ID,
        eventId: DEMO_TRUNK_SHOW_ID,
        ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID,
      }).catch(codeOf),
    ).toBe('TICKET_TYPE_IN_USE')
    expect(await findTicketTypes(db, DEMO_SITE_ID, { ids: [DEMO_TRUNK_SHOW_GENERAL_ID] })).toHaveLength(1)
  })

  it('gives a voided ticket’s seat back, voiding as many as a refunded line counts, unused ones first', async () => {
    const reservation = await reserveTickets(db, {
      siteId: DEMO_SITE_ID,
      eventId: DEMO_TRUNK_SHOW_ID,
      tickets: [{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }],
      now,
    })
    const orderId = crypto.randomUUID()
    await db
      .transaction(async (tx) => {
        await tx.query(
          `update event_reservations set status = 'CONFIRMED', held_until = null, order_id = $2 where id = $1`,
          [reservation.id, orderId],
        )
        const [used] = await findTicketsOfReservations(tx, [reservation.id])
        await tx.query('update event_tickets set checked_in_date = $2 where id = $1', [used!.id, now])
        const voided = await cancelTicketsOfOrder(
          tx,
          orderId,
          { all: false, lines: [{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 }] },
          now,
        )
        expect(voided).toBe(1)
        const tickets = await findTicketsOfReservations(tx, [reservation.id])
        // The one used at the door stays; the other is void and its seat free.
        expect(tickets.find((ticket) => ticket.id === used!.id)?.cancelled_date).toBeNull()
        expect(tickets.filter((ticket) => ticket.cancelled_date !== null)).toHaveLength(1)
        expect((await countTakenTickets(tx, DEMO_TRUNK_SHOW_ID, now)).get(DEMO_TRUNK_SHOW_VIP_ID)).toBe(1)
        expect(await cancelTicketsOfOrder(tx, orderId, { all: true, lines: [] }, now)).toBe(1)
        // The order row does not exist: the deferred reference would refuse the commit, so roll back.
        throw new RollBack()
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error
      })
  })
})

class RollBack extends Error {}
