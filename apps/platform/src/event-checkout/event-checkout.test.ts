import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PlaceOrderRefused, placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { findOrder } from '../orders/order-store.ts'
import {
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { reserveTickets } from '../ticketed-events/reserve-tickets.ts'
import { findReservation, findTicketsOfReservations } from '../ticketed-events/ticketed-event-store.ts'
import { createEventCheckout } from './create-event-checkout.ts'

const PUBLIC_URL = 'http://platform.test'

describe.each(databaseKinds())('buying tickets on %s', (kind) => {
  let db: Db
  let site: Site
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    site = await getSite(db, DEMO_SITE_ID)
  })
  afterAll(async () => {
    await db?.close()
  })

  const reserve = (now: Date, tickets: { ticketTypeId: string; quantity: number }[]) =>
    reserveTickets(db, { siteId: DEMO_SITE_ID, eventId: DEMO_TRUNK_SHOW_ID, tickets, now })
  const checkoutAt = async (now: Date, reservationId: string) => {
    const tickets = await findTicketsOfReservations(db, [reservationId])
    return createEventCheckout(
      { db, clock: () => now, publicUrl: PUBLIC_URL },
      {
        site,
        owner: { kind: 'visitor', id: randomUUID() },
        reservationId,
        email: 'ada@example.com',
        contact: { firstName: 'Ada', lastName: 'Lovelace' },
        attendees: tickets.map((ticket, index) => ({
          ticketId: ticket.id,
          name: `Guest ${index + 1}`,
          email: `guest${index + 1}@example.com`,
        })),
        callbacks: {},
      },
    )
  }
  const place = (checkoutId: string, totalMinor: number, now: Date) =>
    placeOrder(db, {
      checkoutId,
      expectedTotalMinor: totalMinor,
      payment: {
        status: 'PAID',
        provider: 'test-card',
        transactionId: randomUUID(),
        paymentId: randomUUID(),
      },
      now,
      publicUrl: PUBLIC_URL,
    })

  it('sells a reservation as an order of ticket lines, confirms it and mails each ticket’s code', async () => {
    const now = new Date('2027-03-01T12:00:00Z')
    const reservation = await reserve(now, [
      { ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 2 },
      { ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 },
    ])
    const checkout = await checkoutAt(now, reservation.id)
    expect(checkout.totalMinor).toBe(2 * 2500 + 6000)
    const placed = await place(checkout.checkoutId, checkout.totalMinor, new Date(now.getTime() + 60_000))
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    expect(await findReservation(db, DEMO_SITE_ID, reservation.id)).toMatchObject({
      status: 'CONFIRMED',
      order_id: placed.orderId,
      held_until: null,
    })
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    expect(order?.order).toMatchObject({
      email: 'ada@example.com',
      total_minor: 11000,
      shipping_address: null,
    })
    expect(order?.lines.map((line) => [line.name, line.quantity, line.catalog_item_id])).toEqual([
      ['Autumn trunk show · General admission', 2, DEMO_TRUNK_SHOW_GENERAL_ID],
      ['Autumn trunk show · VIP', 1, DEMO_TRUNK_SHOW_VIP_ID],
    ])
    // The event's zone as people know it, never its IANA id (decision 101).
    expect(JSON.stringify(order?.lines[0]?.description_lines)).toMatch(/ E[SD]T"/)
    expect(JSON.stringify(order?.lines[0]?.description_lines)).not.toContain('America/New_York')

    const tickets = await findTicketsOfReservations(db, [reservation.id])
    expect(tickets.map((ticket) => ticket.attendee_name).sort()).toEqual(['Guest 1', 'Guest 2', 'Guest 3'])
    const mails = await db.query<{
      recipient: string
      subject: string
      text_body: string
      html_body: string
    }>(`select recipient, subject, text_body, html_body from mail_outbox where topic = 'event-tickets'`)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      recipient: 'ada@example.com',
      subject: 'Your tickets: Autumn trunk show',
    })
    for (const ticket of tickets) {
      expect(mails[0]?.text_body).toContain(ticket.code)
      expect(mails[0]?.html_body).toContain(ticket.code)
    }
    expect(mails[0]?.text_body).toContain('120 Mercer Street')

    // Paid for: the reservation opens no second checkout.
    const again = await checkoutAt(now, reservation.id).catch((error: unknown) => error)
    expect(again).toBeInstanceOf(ApplicationError)
    expect((again as ApplicationError).code).toBe('RESERVATION_NOT_OPEN')
  })

  it('refuses a lapsed reservation whose tickets others took, and confirms one whose tickets are still there', async () => {
    const now = new Date('2027-04-01T12:00:00Z')
    const mine = await reserve(now, [{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 2 }])
    const checkout = await checkoutAt(now, mine.id)
    // 25 minutes later the hold has lapsed; the VIP tickets still left are bought by others.
    const later = new Date(now.getTime() + 25 * 60_000)
    // 19 VIP tickets are left once the hold lapsed: others take 18, so one is left where two were held.
    const vipLeft = 18
    for (let taken = 0; taken < vipLeft; taken += 1)
      await reserve(later, [{ ticketTypeId: DEMO_TRUNK_SHOW_VIP_ID, quantity: 1 }])
    const refused = await place(checkout.checkoutId, checkout.totalMinor, later).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(PlaceOrderRefused)
    expect((refused as PlaceOrderRefused).code).toBe('TICKETS_SOLD_OUT')
    expect((await findReservation(db, DEMO_SITE_ID, mine.id))?.status).toBe('HELD')

    const general = await reserve(now, [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 1 }])
    const lapsed = await checkoutAt(now, general.id)
    const placed = await place(lapsed.checkoutId, lapsed.totalMinor, later)
    expect(placed.kind).toBe('placed')
    // A reservation whose hold lapsed cannot open a checkout.
    const expired = await reserve(now, [{ ticketTypeId: DEMO_TRUNK_SHOW_GENERAL_ID, quantity: 1 }])
    const late = await checkoutAt(later, expired.id).catch((error: unknown) => error)
    expect((late as ApplicationError).code).toBe('RESERVATION_NOT_OPEN')
  })
})
