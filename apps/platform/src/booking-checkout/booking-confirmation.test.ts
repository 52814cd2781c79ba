import { randomUUID } from 'node:crypto'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ThankYouPage } from '../checkout/hosted/hosted-checkout-pages.tsx'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { findOrder } from '../orders/order-store.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createBookingCheckout } from './create-booking-checkout.ts'

const PUBLIC_URL = 'http://platform.test'

describe.each(databaseKinds())('after booking on %s', (kind) => {
  let db: Db
  let site: Site
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    site = await getSite(db, DEMO_SITE_ID)
  })
  afterAll(async () => {
    await db?.close()
  })

  const events = (entityId: string) =>
    db.query<{ type: string; payload: Record<string, unknown> }>(
      'select type, payload from events where entity_id = $1 order by created_date, type',
      [entityId],
    )

  it('mails the confirmation with the slot, its place, no shipping and an .ics file, and fires created then confirmed', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    // Tuesday 2 June, 09:00 in New York (EDT, UTC-4).
    const start = new Date('2026-06-02T13:00:00Z')
    const visitor = randomUUID()
    const booking = await createBookingCheckout(
      { db, clock: () => now, publicUrl: PUBLIC_URL },
      {
        site,
        owner: { kind: 'visitor', id: visitor },
        serviceId: DEMO_FITTING_ID,
        start,
        email: 'grace@example.com',
        contact: { firstName: 'Grace', lastName: 'Hopper' },
        callbacks: {},
      },
    )
    expect(await events(booking.bookingId)).toEqual([
      {
        type: 'booking.created',
        payload: {
          bookingId: booking.bookingId,
          serviceId: DEMO_FITTING_ID,
          status: 'CREATED',
          startDate: '2026-06-02T13:00:00.000Z',
          endDate: '2026-06-02T13:45:00.000Z',
          timeZone: 'America/New_York',
          checkoutId: booking.checkoutId,
        },
      },
    ])

    const placed = await placeOrder(db, {
      checkoutId: booking.checkoutId,
      expectedTotalMinor: booking.totalMinor,
      payment: { status: 'NOT_PAID', provider: 'offline', paymentId: randomUUID() },
      now,
      publicUrl: PUBLIC_URL,
      bookingCancelLink: (id) => `${PUBLIC_URL}/_bookings/${id}/cancel?signature=s`,
    })
    if (placed.kind !== 'placed') throw new Error(placed.kind)

    const [confirmed] = (await events(booking.bookingId)).filter(
      (event) => event.type === 'booking.confirmed',
    )
    expect(confirmed?.payload).toMatchObject({
      bookingId: booking.bookingId,
      status: 'CONFIRMED',
      orderId: placed.orderId,
    })

    const mails = await db.query<{
      topic: string
      subject: string
      text_body: string
      html_body: string
      attachments: { filename: string; contentType: string; content: string }[]
    }>(
      "select topic, subject, text_body, html_body, attachments from mail_outbox where recipient = 'grace@example.com'",
    )
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.topic).toBe('booking-confirmation')
    expect(mail!.subject).toBe(`Your ${site.name} booking #${placed.orderNumber}`)
    expect(mail!.text_body).toContain('You are booked: Tailored fitting')
    expect(mail!.text_body).toContain('When: Tue, 2 Jun 2026, 09:00–09:45 EDT')
    expect(mail!.text_body).toContain('Where: The fitting room, 12 Mercer Street, New York')
    expect(mail!.text_body).toContain(`To cancel: ${PUBLIC_URL}/_bookings/${booking.bookingId}/cancel`)
    // Placed unpaid, to pay in person: the mail says what is due and where (decision 093).
    expect(mail!.text_body).toContain('Payment: $40.00 to pay at the appointment')
    expect(mail!.html_body).toContain('data-booking-payment')
    expect(mail!.text_body).not.toMatch(/ship/i)
    expect(mail!.html_body).toContain('data-booked-slot')
    expect(mail!.html_body).not.toMatch(/ship/i)
    expect(mail!.attachments).toHaveLength(1)
    const [file] = mail!.attachments
    expect(file!.filename).toBe('booking.ics')
    expect(file!.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH')
    const lines = file!.content.split('\r\n')
    expect(lines).toContain(`UID:${booking.bookingId}@bookings.aisle`)
    expect(lines).toContain('DTSTAMP:20260601T120000Z')
    expect(lines).toContain('DTSTART:20260602T130000Z')
    expect(lines).toContain('DTEND:20260602T134500Z')
    expect(lines).toContain(`SUMMARY:Tailored fitting · ${site.name.replace(/[,;]/g, '\\$&')}`)
    expect(lines).toContain('LOCATION:The fitting room\\, 12 Mercer Street\\, New York')

    // The thank-you page speaks of the booking: no shipping, no addresses, paying when the shopper comes.
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    const page = renderToStaticMarkup(
      createElement(ThankYouPage, { site, order: order!, locale: 'en-US', deliveryTime: undefined }),
    )
    const thanks = page.slice(page.indexOf('<main'))
    expect(thanks).toContain('Thank you, you are booked')
    expect(thanks).toContain('data-booking-next-steps')
    expect(thanks).toContain('To pay when you come')
    expect(thanks).toContain('When')
    expect(thanks).not.toMatch(/ship/i)
    expect(thanks).not.toContain('Billing address')
  })
})
