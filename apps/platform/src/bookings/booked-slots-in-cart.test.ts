import { BOOKINGS_APP_ID, bookings, currentCart, isAisleError } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { createSdkShopper } from '../testing/sdk-shoppers.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// A booked slot in the shopper's current cart beside a product (decision 082), told with the real SDK
// against the real app: hold the slot, add it by its booking id with the services catalogue's app id, and
// check the cart out with a notebook (the demo store's shipping and taxes set up). The clock stands at Monday 1 June 2026, 12:00 UTC; the shop is in New York.
describe.each(databaseKinds())('a booked slot beside products in the current cart, on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    ;({ db, platform } = await openDemoCommerce(kind))
  })
  afterAll(() => db.close())

  const shopper = () => createSdkShopper(platform, { bookings, currentCart }).client
  const slotAt = (localTime: string) => ({
    bookedEntity: {
      slot: {
        serviceId: DEMO_FITTING_ID,
        startDate: `2026-06-02T${localTime}:00`,
        timezone: 'America/New_York',
      },
    },
  })
  const bookingLine = (bookingId: string, quantity = 1) => ({
    catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: bookingId },
    quantity,
  })

  it('holds a slot, sells it beside a notebook, and the order placed from the cart confirms it', async () => {
    const client = shopper()
    const { booking } = await client.bookings.createBooking(slotAt('10:00'))
    expect(booking).toMatchObject({
      status: 'CREATED',
      startDate: '2026-06-02T14:00:00.000Z',
      endDate: '2026-06-02T14:45:00.000Z',
      bookedEntity: {
        title: 'Tailored fitting',
        slot: { serviceId: DEMO_FITTING_ID, timezone: 'America/New_York' },
      },
    })
    // The slot is no longer offered to anyone else while it is held.
    const day = await shopper().bookings.listAvailabilityTimeSlots({
      serviceId: DEMO_FITTING_ID,
      fromLocalDate: '2026-06-02T00:00:00',
      toLocalDate: '2026-06-03T00:00:00',
    })
    expect(day.timeSlots.map((slot) => slot.localStartDate.slice(11, 16))).not.toContain('10:00')

    const [notebook] = await db.query<{ id: string }>(
      "select id from products where slug = 'meadow-notebook'",
    )
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: 'stores', catalogItemId: notebook?.id ?? '' },
          quantity: 2,
        },
        bookingLine(booking._id),
      ],
    })
    const service = cart?.lineItems?.find((line) => line.catalogReference?.appId === BOOKINGS_APP_ID)
    expect(service).toMatchObject({
      quantity: 1,
      itemType: { preset: 'SERVICE' },
      serviceProperties: { scheduledDate: '2026-06-02T14:00:00.000Z' },
      productName: { original: 'Tailored fitting' },
      price: { amount: '40.00' },
    })
    expect(cart?.lineItems).toHaveLength(2)

    // Adding the same slot again leaves one line; a slot is one appointment, never two.
    const again = await client.currentCart.addToCurrentCart({ lineItems: [bookingLine(booking._id)] })
    expect(again.cart?.lineItems).toHaveLength(2)
    const twice = await client.currentCart
      .updateCurrentCartLineItemQuantity([{ _id: service?._id ?? '', quantity: 2 }])
      .catch((error: unknown) => error)
    expect(isAisleError(twice) && twice.status).toBe(400)

    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' })
    const now = platform.clock()
    await saveCheckoutChoices(
      db,
      checkoutId ?? '',
      {
        email: 'buyer@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      },
      now,
    )
    const payment = { status: 'NOT_PAID', provider: 'offline' } as const
    const request = { publicUrl: TEST_PUBLIC_URL, checkoutId: checkoutId ?? '', payment, now }
    const first = await placeOrder(db, { ...request, expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error(`expected the total first, got ${first.kind}`)
    const placed = await placeOrder(db, { ...request, expectedTotalMinor: first.totalMinor })
    if (placed.kind !== 'placed') throw new Error(`the order was not placed: ${placed.kind}`)
    const [row] = await db.query<{ status: string; order_id: string }>(
      'select status, order_id from bookings where id = $1',
      [booking._id],
    )
    expect(row).toEqual({ status: 'CONFIRMED', order_id: placed.orderId })
    const lines = await db.query<{ name: string; quantity: number }>(
      'select name, quantity from order_lines where order_id = $1 order by position',
      [placed.orderId],
    )
    expect(lines.map((line) => line.name).sort()).toEqual(['Meadow Notebook', 'Tailored fitting'])
  })

  it('refuses a slot that is taken, and a booking id that holds nothing, and writes nothing', async () => {
    const first = shopper()
    await first.bookings.createBooking(slotAt('11:00'))
    const taken = await shopper()
      .bookings.createBooking(slotAt('11:00'))
      .catch((error: unknown) => error)
    expect(isAisleError(taken) && [taken.status, taken.code]).toEqual([409, 'SLOT_NOT_AVAILABLE'])
    const client = shopper()
    const unknown = await client.currentCart
      .addToCurrentCart({ lineItems: [bookingLine('00000000-0000-4000-8000-000000000000')] })
      .catch((error: unknown) => error)
    expect(isAisleError(unknown) && [unknown.status, unknown.code]).toEqual([404, 'BOOKING_NOT_FOUND'])
    const none = await client.currentCart.getCurrentCart().catch((error: unknown) => error)
    expect(isAisleError(none) && none.status).toBe(404)
  })

  it('answers the real client’s path and a malformed slot with a clear error', async () => {
    const client = shopper()
    const bad = await client.bookings
      .createBooking({ bookedEntity: { slot: { serviceId: DEMO_FITTING_ID, startDate: 'soon' } } })
      .catch((error: unknown) => error)
    expect(isAisleError(bad) && bad.status).toBe(400)
    const token = await platform.fetch(`${TEST_PUBLIC_URL}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: (await import('../seed/demo-ids.ts')).DEMO_CLIENT_ID,
        grantType: 'anonymous',
      }),
    })
    const { access_token } = (await token.json()) as { access_token: string }
    const answer = await platform.fetch(`${TEST_PUBLIC_URL}/_api/bookings-service/v2/bookings`, {
      method: 'POST',
      headers: { authorization: access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ booking: slotAt('12:00') }),
    })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { booking: { status: string } }).booking.status).toBe('CREATED')
  })
})
