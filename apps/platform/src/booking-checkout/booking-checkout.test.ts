import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBookings } from '../bookings/booking-store.ts'
import { listServiceSlots } from '../bookings/service-slots.ts'
import { PlaceOrderRefused, placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { findOrder } from '../orders/order-store.ts'
import { DEMO_CLASS_ID, DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createBookingCheckout } from './create-booking-checkout.ts'

const PUBLIC_URL = 'http://platform.test'

describe.each(databaseKinds())('booking a slot on %s', (kind) => {
  let db: Db
  let site: Site
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    site = await getSite(db, DEMO_SITE_ID)
  })
  afterAll(async () => {
    await db?.close()
  })

  const checkoutAt = (now: Date, serviceId: string, start: Date, participants?: number) =>
    createBookingCheckout(
      { db, clock: () => now, publicUrl: PUBLIC_URL },
      {
        site,
        owner: { kind: 'visitor', id: randomUUID() },
        serviceId,
        start,
        participants,
        email: 'ada@example.com',
        contact: { firstName: 'Ada', lastName: 'Lovelace' },
        callbacks: {},
      },
    )
  const payInPerson = (checkoutId: string, totalMinor: number, now: Date) =>
    placeOrder(db, {
      checkoutId,
      expectedTotalMinor: totalMinor,
      payment: { status: 'NOT_PAID', provider: 'offline', paymentId: randomUUID() },
      now,
      publicUrl: PUBLIC_URL,
    })

  it('holds a slot, and placing its order confirms the booking as an order with a service line', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    // Tuesday 2 June, 09:00 in New York.
    const start = new Date('2026-06-02T13:00:00Z')
    const booking = await checkoutAt(now, DEMO_FITTING_ID, start)
    expect(booking.totalMinor).toBe(4000)
    const held = await listServiceSlots(db, DEMO_SITE_ID, DEMO_FITTING_ID, {
      from: start,
      to: new Date(start.getTime() + 3_600_000),
      now,
    })
    expect(held.slots.map((slot) => slot.start.toISOString())).not.toContain(start.toISOString())

    const placed = await payInPerson(booking.checkoutId, booking.totalMinor, now)
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    const [confirmed] = await findBookings(db, DEMO_SITE_ID, [booking.bookingId])
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', order_id: placed.orderId, held_until: null })
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    expect(order?.order).toMatchObject({
      email: 'ada@example.com',
      total_minor: 4000,
      shipping_address: null,
    })
    expect(order?.lines).toHaveLength(1)
    expect(order?.lines[0]).toMatchObject({
      name: 'Tailored fitting',
      quantity: 1,
      catalog_item_id: DEMO_FITTING_ID,
    })
    expect(JSON.stringify(order?.lines[0]?.description_lines)).toContain('9:00')
    // A confirmed booking keeps its slot after the hold's time.
    const later = new Date(now.getTime() + 3_600_000)
    const after = await listServiceSlots(db, DEMO_SITE_ID, DEMO_FITTING_ID, {
      from: start,
      to: new Date(start.getTime() + 3_600_000),
      now: later,
    })
    expect(after.slots.map((slot) => slot.start.toISOString())).not.toContain(start.toISOString())
  })

  it('holds one slot for exactly one of 50 checkouts that ask for it at once', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    const start = new Date('2026-06-03T13:00:00Z')
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => checkoutAt(now, DEMO_CONSULTATION_ID, start)),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(49)
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'SLOT_NOT_AVAILABLE' })
    expect(refusals[0]).toBeInstanceOf(ApplicationError)
  })

  it('confirms exactly one of 50 orders placed at once for a slot whose holds all lapsed', async () => {
    // Each shopper held the slot after the one before let it lapse; then all 50 pay at once.
    const start = new Date('2026-06-04T13:00:00Z')
    let now = new Date('2026-06-01T12:00:00Z')
    const checkouts = []
    for (let n = 0; n < 50; n++) {
      checkouts.push(await checkoutAt(now, DEMO_CONSULTATION_ID, start))
      now = new Date(now.getTime() + 16 * 60_000)
    }
    const results = await Promise.allSettled(
      checkouts.map((checkout) => payInPerson(checkout.checkoutId, checkout.totalMinor, now)),
    )
    const placed = results.filter((result) => result.status === 'fulfilled' && result.value.kind === 'placed')
    expect(placed).toHaveLength(1)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(49)
    for (const reason of refusals) expect(reason).toBeInstanceOf(PlaceOrderRefused)
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'SLOT_TAKEN' })
    const bookings = await findBookings(
      db,
      DEMO_SITE_ID,
      checkouts.map((checkout) => checkout.bookingId),
    )
    expect(bookings.filter((booking) => booking.status === 'CONFIRMED')).toHaveLength(1)
  })

  // The demo's sewing class: 8 places, Tuesdays and Thursdays 18:00 in New York (22:00 UTC in June).
  const placesLeft = async (start: Date, now: Date) => {
    const found = await listServiceSlots(db, DEMO_SITE_ID, DEMO_CLASS_ID, {
      from: start,
      to: new Date(start.getTime() + 1),
      now,
    })
    return found.slots[0]?.openSpots
  }

  it('sells a class session for N participants at N times the price, and the places count', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    const start = new Date('2026-06-02T22:00:00Z')
    const booking = await checkoutAt(now, DEMO_CLASS_ID, start, 3)
    expect(booking.totalMinor).toBe(7500)
    expect(await placesLeft(start, now)).toBe(5)
    const placed = await payInPerson(booking.checkoutId, booking.totalMinor, now)
    if (placed.kind !== 'placed') throw new Error(`not placed: ${placed.kind}`)
    const order = await findOrder(db, { siteId: DEMO_SITE_ID }, placed.orderId)
    expect(order?.lines[0]).toMatchObject({ name: 'Sewing class', quantity: 3 })
    const [confirmed] = await findBookings(db, DEMO_SITE_ID, [booking.bookingId])
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', participants: 3 })
    // Confirmed places stay taken after the hold's time; a hold that lapses gives its places back.
    const later = new Date(now.getTime() + 3_600_000)
    const lapsing = await checkoutAt(now, DEMO_CLASS_ID, start, 4)
    expect(await placesLeft(start, now)).toBe(1)
    expect(await placesLeft(start, later)).toBe(5)
    expect(lapsing.totalMinor).toBe(10_000)
  })

  it('holds the last place of a class session for exactly one of 50 checkouts that ask at once', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    const start = new Date('2026-06-04T22:00:00Z')
    await checkoutAt(now, DEMO_CLASS_ID, start, 7)
    expect(await placesLeft(start, now)).toBe(1)
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => checkoutAt(now, DEMO_CLASS_ID, start, 1)),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(49)
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'SLOT_NOT_AVAILABLE' })
    expect(await placesLeft(start, now)).toBe(0)
  })

  it('confirms exactly one of 50 orders placed at once for the last place, their holds all lapsed', async () => {
    const start = new Date('2026-06-09T22:00:00Z')
    let now = new Date('2026-06-01T12:00:00Z')
    const seven = await checkoutAt(now, DEMO_CLASS_ID, start, 7)
    const placedSeven = await payInPerson(seven.checkoutId, seven.totalMinor, now)
    expect(placedSeven.kind).toBe('placed')
    const checkouts = []
    for (let n = 0; n < 50; n++) {
      checkouts.push(await checkoutAt(now, DEMO_CLASS_ID, start, 1))
      now = new Date(now.getTime() + 16 * 60_000)
    }
    const results = await Promise.allSettled(
      checkouts.map((checkout) => payInPerson(checkout.checkoutId, checkout.totalMinor, now)),
    )
    const placed = results.filter((result) => result.status === 'fulfilled' && result.value.kind === 'placed')
    expect(placed).toHaveLength(1)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(49)
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'SLOT_TAKEN' })
    const bookings = await findBookings(
      db,
      DEMO_SITE_ID,
      checkouts.map((checkout) => checkout.bookingId),
    )
    expect(bookings.filter((booking) => booking.status === 'CONFIRMED')).toHaveLength(1)
    expect(await placesLeft(start, now)).toBe(0)
  })

  it('refuses more participants than a session has places left, and an appointment for two', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    await expect(checkoutAt(now, DEMO_CLASS_ID, new Date('2026-06-11T22:00:00Z'), 9)).rejects.toMatchObject({
      code: 'TOO_MANY_PARTICIPANTS',
    })
    await expect(checkoutAt(now, DEMO_FITTING_ID, new Date('2026-06-05T13:00:00Z'), 2)).rejects.toMatchObject(
      { code: 'TOO_MANY_PARTICIPANTS' },
    )
    // Not a session of the class: a Wednesday at 18:00.
    await expect(checkoutAt(now, DEMO_CLASS_ID, new Date('2026-06-10T22:00:00Z'), 1)).rejects.toMatchObject({
      code: 'SLOT_NOT_AVAILABLE',
    })
  })
})
