import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBookingsOfOrders } from '../bookings/booking-store.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLASS_ID, DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The hosted bookings pages a shop's redirect sessions lead to (the clock stands at Monday 1 June 2026, 12:00 UTC).
describe('the hosted bookings pages', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const callbacks = { thankYouPageUrl: `${SHOP}/booked`, bookingsServiceListUrl: `${SHOP}/services` }

  it('lead a bookingsBook session from the services to a free slot and book it to pay in person', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const url = await redirectUrl(platform, token, { bookingsBook: {}, callbacks })
    expect(new URL(url).pathname).toBe('/_bookings/book')
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    expect(landed.status).toBe(303)
    const services = await browser.get(landed.location!)
    expect(services.text).toContain('Tailored fitting')
    expect(services.text).toContain('Style consultation')
    const picker = await browser.get(`${landed.location}?serviceId=${DEMO_FITTING_ID}&date=2026-06-02`)
    expect(picker.status).toBe(200)
    const slotHref = /href="([^"]*start=[^"]+)"/.exec(picker.text)?.[1]?.replaceAll('&amp;', '&')
    expect(slotHref).toContain(encodeURIComponent('2026-06-02T13:00:00.000Z'))
    const checkout = await browser.get(slotHref!)
    expect(checkout.text).toContain('Tuesday, June 2, 2026')
    expect(checkout.text).toContain('$40.00')

    const refused = await browser.post(`${landed.location}/book`, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T13:00:00.000Z',
      firstName: '',
      lastName: 'Lovelace',
      email: 'not-an-address',
      paymentMethod: 'offline',
      paymentKey: crypto.randomUUID(),
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Enter your first name.')

    const booked = await browser.post(`${landed.location}/book`, {
      serviceId: DEMO_FITTING_ID,
      start: '2026-06-02T13:00:00.000Z',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      paymentMethod: 'offline',
      paymentKey: crypto.randomUUID(),
    })
    expect(booked.status).toBe(303)
    const returned = await browser.get(booked.location!)
    expect(returned.status).toBe(303)
    const thankYou = new URL(returned.location!)
    expect(`${thankYou.origin}${thankYou.pathname}`).toBe(`${SHOP}/booked`)
    const orderId = thankYou.searchParams.get('orderId')!
    const [booking] = await findBookingsOfOrders(db, [orderId])
    expect(booking).toMatchObject({ status: 'CONFIRMED', service_id: DEMO_FITTING_ID })
    expect(new Date(booking!.start_date).toISOString()).toBe('2026-06-02T13:00:00.000Z')

    // The slot is gone for the next shopper: the same post is refused with the page again.
    const again = await browser.get(slotHref!)
    expect(again.status).toBe(409)
    expect(again.text).toContain('no longer free')
  })

  it('show the picture the merchant set on each page, and let the page load it from its origin alone', async () => {
    const picture = 'https://pictures.example/fitting.jpg'
    await db.query('update booking_services set picture_url = $2 where id = $1', [DEMO_FITTING_ID, picture])
    try {
      const { access_token: token } = await platform.visitorTokens()
      const browser = createTestBrowser(platform.app)
      const landed = await browser.get(
        pathOf(await redirectUrl(platform, token, { bookingsBook: {}, callbacks })),
      )
      const pages = [
        await browser.get(landed.location!),
        await browser.get(`${landed.location}?serviceId=${DEMO_FITTING_ID}&date=2026-06-02`),
        await browser.get(
          `${landed.location}?serviceId=${DEMO_FITTING_ID}&start=${encodeURIComponent('2026-06-02T15:00:00.000Z')}`,
        ),
      ]
      for (const page of pages) {
        expect(page.status).toBe(200)
        expect(page.text).toContain(`src="${picture}"`)
        expect(page.headers.get('content-security-policy')).toContain(
          "img-src 'self' data: https://pictures.example;",
        )
      }
      // The consultation has none: its page shows no picture and allows no foreign one.
      const plain = await browser.get(`${landed.location}?serviceId=${DEMO_CONSULTATION_ID}&date=2026-06-02`)
      expect(plain.text).not.toContain('data-service-picture')
      expect(plain.headers.get('content-security-policy')).toContain("img-src 'self' data:;")
    } finally {
      await db.query("update booking_services set picture_url = '' where id = $1", [DEMO_FITTING_ID])
    }
  })

  it('open the checkout of the slot a bookingsCheckout session names, as the Wix client sends it', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const slot = {
      serviceId: DEMO_CONSULTATION_ID,
      scheduleId: 'x',
      startDate: '2026-06-03T10:30:00.000Z',
      endDate: '2026-06-03T10:45:00.000Z',
      timezone: 'America/New_York',
      resource: { id: 'r', name: 'r' },
      location: { locationType: 'OWNER_BUSINESS' },
    }
    const url = await redirectUrl(platform, token, {
      bookingsCheckout: {
        slotAvailability: { slot, bookable: true, openSpots: 1, totalSpots: 1 },
        timezone: 'America/New_York',
      },
      callbacks,
    })
    expect(new URL(url).pathname).toBe('/_bookings/checkout')
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    const page = await browser.get(landed.location!)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Book Style consultation')
    // Read as 10:30 in New York, the offset ignored, as upstream does when `timezone` is given.
    expect(page.text).toContain('10:30')
    expect(page.text).toContain('Nothing to pay online')
  })

  it('show a class’s sessions with places left, book several participants, and say Full when none', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const url = await redirectUrl(platform, token, { bookingsBook: {}, callbacks })
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    // Thursday 4 June, 18:00 in New York.
    const picker = await browser.get(`${landed.location}?serviceId=${DEMO_CLASS_ID}&date=2026-06-04`)
    expect(picker.status).toBe(200)
    expect(picker.text).toContain('Sessions on')
    expect(picker.text).toContain('8 places left')
    const sessionHref = /href="([^"]*start=[^"]+)"/.exec(picker.text)?.[1]?.replaceAll('&amp;', '&')
    expect(sessionHref).toContain(encodeURIComponent('2026-06-04T22:00:00.000Z'))
    const checkout = await browser.get(sessionHref!)
    expect(checkout.text).toContain('Participants')
    expect(checkout.text).toContain('$25.00 a place')

    const buyer = {
      serviceId: DEMO_CLASS_ID,
      start: '2026-06-04T22:00:00.000Z',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      paymentMethod: 'offline',
    }
    const tooMany = await browser.post(`${landed.location}/book`, {
      ...buyer,
      participants: '9',
      paymentKey: crypto.randomUUID(),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.text).toContain('at most 8 participants')
    const notANumber = await browser.post(`${landed.location}/book`, {
      ...buyer,
      participants: 'two',
      paymentKey: crypto.randomUUID(),
    })
    expect(notANumber.status).toBe(400)
    expect(notANumber.text).toContain('must be a whole number of places')

    const booked = await browser.post(`${landed.location}/book`, {
      ...buyer,
      participants: '8',
      paymentKey: crypto.randomUUID(),
    })
    expect(booked.status).toBe(303)
    const returned = await browser.get(booked.location!)
    const orderId = new URL(returned.location!).searchParams.get('orderId')!
    const [booking] = await findBookingsOfOrders(db, [orderId])
    expect(booking).toMatchObject({ status: 'CONFIRMED', service_id: DEMO_CLASS_ID, participants: 8 })

    const full = await browser.get(`${landed.location}?serviceId=${DEMO_CLASS_ID}&date=2026-06-04`)
    expect(full.text).toContain('Full')
    expect(full.text).not.toContain('start=')
    const again = await browser.get(sessionHref!)
    expect(again.status).toBe(409)
    expect(again.text).toContain('That session is full')
  })
})
