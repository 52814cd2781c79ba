import { bookings, isAisleError } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import {
  DEMO_CLASS_ID,
  DEMO_CONSULTATION_ID,
  DEMO_FITTING_ID,
  DEMO_SCHEDULE_ID,
} from '../seed/demo-bookings.ts'
import { createSdkShopper } from '../testing/sdk-shoppers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The real SDK's bookings reads against the real app (the clock stands at Monday 1 June 2026, 12:00 UTC).
describe.each(databaseKinds())('the SDK’s bookings against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const shopper = () => createSdkShopper(platform, { bookings }).client

  describe('POST /bookings/v2/services/query', () => {
    it('lists the shop’s services with duration, buffer and payment', async () => {
      const { services, pagingMetadata } = await shopper().bookings.queryServices()
      expect(pagingMetadata).toEqual({ count: 3, offset: 0, total: 3 })
      expect(services.map((service) => service._id)).toEqual([
        DEMO_FITTING_ID,
        DEMO_CONSULTATION_ID,
        DEMO_CLASS_ID,
      ])
      expect(services[0]).toMatchObject({
        name: 'Tailored fitting',
        type: 'APPOINTMENT',
        mainSlug: { name: 'tailored-fitting' },
        schedule: {
          _id: DEMO_SCHEDULE_ID,
          availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 },
        },
        payment: {
          rateType: 'FIXED',
          fixed: { price: { value: '40.00', currency: 'USD' } },
          options: { online: true, inPerson: true, pricingPlan: false, deposit: false },
        },
      })
      expect(services[1]?.payment).toEqual({
        rateType: 'NO_FEE',
        options: { online: false, inPerson: true, pricingPlan: false, deposit: false },
      })
      expect(services[0]?.defaultCapacity).toBe(1)
      expect(services[2]).toMatchObject({ name: 'Sewing class', type: 'CLASS', defaultCapacity: 8 })
    })

    it('says a service a paid plan may pay for as `payment.options.pricingPlan`', async () => {
      await db.query('update booking_services set pay_with_plan = true where id = $1', [DEMO_FITTING_ID])
      try {
        const { services } = await shopper().bookings.queryServices({ filter: { _id: DEMO_FITTING_ID } })
        expect(services[0]?.payment.options).toEqual({
          online: true,
          inPerson: true,
          pricingPlan: true,
          deposit: false,
        })
      } finally {
        await db.query('update booking_services set pay_with_plan = false where id = $1', [DEMO_FITTING_ID])
      }
    })

    it('filters by id and pages', async () => {
      const byId = await shopper().bookings.queryServices({ filter: { _id: DEMO_CONSULTATION_ID } })
      expect(byId.services.map((service) => service.name)).toEqual(['Style consultation'])
      const second = await shopper().bookings.queryServices({ paging: { limit: 1, offset: 1 } })
      expect(second.services.map((service) => service.name)).toEqual(['Style consultation'])
      expect(second.pagingMetadata).toEqual({ count: 1, offset: 1, total: 3 })
    })
  })

  describe('a class (decision 083)', () => {
    it('answers its sessions with places left, takes N participants, and refuses more than are left', async () => {
      const week = {
        serviceId: DEMO_CLASS_ID,
        fromLocalDate: '2026-06-01T00:00:00',
        toLocalDate: '2026-06-08T00:00:00',
      }
      const before = await shopper().bookings.listAvailabilityTimeSlots(week)
      expect(before.timeSlots.map((slot) => [slot.localStartDate, slot.localEndDate])).toEqual([
        ['2026-06-02T18:00:00', '2026-06-02T19:30:00'],
        ['2026-06-04T18:00:00', '2026-06-04T19:30:00'],
      ])
      expect(before.timeSlots[0]).toMatchObject({ bookable: true, totalCapacity: 8, remainingCapacity: 8 })

      const slot = {
        serviceId: DEMO_CLASS_ID,
        startDate: '2026-06-04T18:00:00',
        timezone: 'America/New_York',
      }
      const { booking } = await shopper().bookings.createBooking({
        bookedEntity: { slot },
        totalParticipants: 6,
      })
      expect(booking).toMatchObject({ totalParticipants: 6, startDate: '2026-06-04T22:00:00.000Z' })
      const after = await shopper().bookings.listAvailabilityTimeSlots(week)
      expect(after.timeSlots[1]).toMatchObject({ totalCapacity: 8, remainingCapacity: 2, bookable: true })

      const tooMany = await shopper()
        .bookings.createBooking({ bookedEntity: { slot }, totalParticipants: 3 })
        .catch((error: unknown) => error)
      expect(isAisleError(tooMany) && [tooMany.status, tooMany.code]).toEqual([409, 'SLOT_NOT_AVAILABLE'])
      const overCapacity = await shopper()
        .bookings.createBooking({ bookedEntity: { slot }, totalParticipants: 9 })
        .catch((error: unknown) => error)
      expect(isAisleError(overCapacity) && [overCapacity.status, overCapacity.code]).toEqual([
        400,
        'TOO_MANY_PARTICIPANTS',
      ])
      await shopper().bookings.createBooking({ bookedEntity: { slot }, totalParticipants: 2 })
      const full = await shopper().bookings.listAvailabilityTimeSlots(week)
      expect(full.timeSlots[1]).toMatchObject({ remainingCapacity: 0, bookable: false })
      const bookableOnly = await shopper().bookings.listAvailabilityTimeSlots({ ...week, bookable: true })
      expect(bookableOnly.timeSlots.map((each) => each.localStartDate)).toEqual(['2026-06-02T18:00:00'])
    })

    it('keeps an appointment to one participant', async () => {
      const refused = await shopper()
        .bookings.createBooking({
          bookedEntity: { slot: { serviceId: DEMO_FITTING_ID, startDate: '2026-06-05T14:00:00Z' } },
          totalParticipants: 2,
        })
        .catch((error: unknown) => error)
      expect(isAisleError(refused) && [refused.status, refused.code]).toEqual([400, 'TOO_MANY_PARTICIPANTS'])
    })
  })

  describe('GET /bookings/v2/services/:serviceId', () => {
    it('answers one service, with the picture the merchant set as Wix names it', async () => {
      const picture = 'https://pictures.example/fitting.jpg'
      await db.query('update booking_services set picture_url = $2 where id = $1', [DEMO_FITTING_ID, picture])
      try {
        const { service } = await shopper().bookings.getService(DEMO_FITTING_ID)
        expect(service).toMatchObject({
          _id: DEMO_FITTING_ID,
          name: 'Tailored fitting',
          payment: { rateType: 'FIXED', fixed: { price: { value: '40.00', currency: 'USD' } } },
          media: {
            mainMedia: { image: { url: picture, altText: 'Tailored fitting' } },
            items: [{ image: { url: picture, altText: 'Tailored fitting' } }],
          },
        })
      } finally {
        await db.query("update booking_services set picture_url = '' where id = $1", [DEMO_FITTING_ID])
      }
      const { service: consultation } = await shopper().bookings.getService(DEMO_CONSULTATION_ID)
      expect(consultation.media).toEqual({ items: [] })
    })

    it('refuses a service the shop does not offer, or no id at all, with SERVICE_NOT_FOUND', async () => {
      for (const id of [crypto.randomUUID(), 'not-a-service']) {
        const error = await shopper()
          .bookings.getService(id)
          .catch((caught: unknown) => caught)
        expect(isAisleError(error) && error.code).toBe('SERVICE_NOT_FOUND')
        expect(isAisleError(error) && error.status).toBe(404)
      }
    })
  })

  describe('POST /bookings/v2/time-slots', () => {
    it('answers a day’s free slots in the shop’s zone and in the caller’s', async () => {
      const day = {
        serviceId: DEMO_FITTING_ID,
        fromLocalDate: '2026-06-02T00:00:00',
        toLocalDate: '2026-06-03T00:00:00',
      }
      const shop = await shopper().bookings.listAvailabilityTimeSlots(day)
      expect(shop.timeZone).toBe('America/New_York')
      expect(shop.timeSlots.map((slot) => slot.localStartDate.slice(11, 16))).toEqual([
        '09:00',
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ])
      expect(shop.timeSlots[0]).toMatchObject({
        serviceId: DEMO_FITTING_ID,
        localEndDate: '2026-06-02T09:45:00',
        bookable: true,
        remainingCapacity: 1,
        availableResources: [{ resources: [{ _id: DEMO_SCHEDULE_ID, name: 'The fitting room' }] }],
      })
      const london = await shopper().bookings.listAvailabilityTimeSlots({
        ...day,
        timeZone: 'Europe/London',
        fromLocalDate: '2026-06-02T05:00:00',
        toLocalDate: '2026-06-03T05:00:00',
      })
      expect(london.timeZone).toBe('Europe/London')
      expect(london.timeSlots[0]?.localStartDate).toBe('2026-06-02T14:00:00')
      expect(london.timeSlots).toHaveLength(8)
    })

    it('refuses an unknown zone and an unknown service with the normalised errors', async () => {
      const bad = await shopper()
        .bookings.listAvailabilityTimeSlots({
          serviceId: DEMO_FITTING_ID,
          fromLocalDate: '2026-06-02T00:00:00',
          toLocalDate: '2026-06-03T00:00:00',
          timeZone: 'Mars/Olympus',
        })
        .catch((error: unknown) => error)
      expect(isAisleError(bad) && bad.status).toBe(400)
      const missing = await shopper()
        .bookings.listAvailabilityTimeSlots({
          serviceId: '00000000-0000-4000-8000-000000000000',
          fromLocalDate: '2026-06-02T00:00:00',
          toLocalDate: '2026-06-03T00:00:00',
        })
        .catch((error: unknown) => error)
      expect(isAisleError(missing) && [missing.status, missing.code]).toEqual([404, 'SERVICE_NOT_FOUND'])
    })

    it('answers the Wix Bookings client’s own path the same', async () => {
      const client = shopper()
      const answer = await client.bookings.listAvailabilityTimeSlots({
        serviceId: DEMO_CONSULTATION_ID,
        fromLocalDate: '2026-06-02T09:00:00',
        toLocalDate: '2026-06-02T10:00:00',
      })
      const response = await client.fetchWithAuth(
        'http://platform.test/_api/service-availability/v2/time-slots',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            serviceId: DEMO_CONSULTATION_ID,
            fromLocalDate: '2026-06-02T09:00:00',
            toLocalDate: '2026-06-02T10:00:00',
            timeZone: 'America/New_York',
            bookable: true,
          }),
        },
      )
      expect(response.status).toBe(200)
      const wire = (await response.json()) as { timeSlots: { localStartDate: string }[] }
      expect(wire.timeSlots.map((slot) => slot.localStartDate)).toEqual(
        answer.timeSlots.map((slot) => slot.localStartDate),
      )
      expect(wire.timeSlots).toHaveLength(2)
    })
  })
})
