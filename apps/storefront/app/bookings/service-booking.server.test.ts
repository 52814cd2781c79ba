import { describe, expect, it } from 'vitest'
import { type Answer, applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import { getServiceBySlug, readSlotPicker, SLOT_TAKEN, startBooking } from './service-booking.server'

// The real SDK client on a scripted platform answering as apps/platform/src/bookings/booking-routes.ts and
// src/redirects do: the wire's `id`s, the shop's zone when none is asked.

const SERVICE_ID = '00000000-0000-4000-8000-000000000001'
const SCHEDULE_ID = '00000000-0000-4000-8000-000000000002'
const ZONE = 'America/New_York'

const fitting = {
  id: SERVICE_ID,
  name: 'Tailored fitting',
  description: 'A tailor measures you.',
  type: 'APPOINTMENT',
  defaultCapacity: 1,
  mainSlug: { name: 'tailored-fitting' },
  schedule: { id: SCHEDULE_ID, availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 } },
  payment: {
    rateType: 'FIXED',
    fixed: { price: { value: '40.00', currency: 'USD' } },
    options: { online: true, inPerson: true, deposit: false, pricingPlan: false },
  },
  onlineBooking: { enabled: true },
  createdDate: '2026-01-01T00:00:00.000Z',
}
const hidden = {
  ...fitting,
  id: 'other',
  mainSlug: { name: 'offline-only' },
  onlineBooking: { enabled: false },
}
const services: Answer = {
  body: { services: [fitting, hidden], pagingMetadata: { count: 2, offset: 0, total: 2 } },
}

function wireSlot(localStartDate: string, localEndDate: string) {
  return {
    serviceId: SERVICE_ID,
    localStartDate,
    localEndDate,
    bookable: true,
    location: { locationType: 'BUSINESS' },
    totalCapacity: 1,
    remainingCapacity: 1,
    availableResources: [
      { resourceTypeId: 'schedule', resources: [{ id: SCHEDULE_ID, name: 'The fitting room' }] },
    ],
  }
}

function slotsAnswer(...slots: ReturnType<typeof wireSlot>[]): Answer {
  return {
    body: { timeSlots: slots, timeZone: ZONE, cursorPagingMetadata: { count: slots.length, hasNext: false } },
  }
}

const back = { origin: 'http://shop.test', serviceSlug: 'tailored-fitting' }

describe('getServiceBySlug', () => {
  it('finds an offered service by its slug, and answers a 404 route error for one not booked online', async () => {
    const { client } = createScriptedClient({ 'POST /bookings/v2/services/query': services })
    expect((await getServiceBySlug(client, 'tailored-fitting'))._id).toBe(SERVICE_ID)
    const thrown = await getServiceBySlug(client, 'offline-only').catch((error: unknown) => error)
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { code: 'SERVICE_NOT_FOUND' } })
  })
})

describe('readSlotPicker', () => {
  it('asks the next two weeks in the shop’s zone, full class sessions too, and shows the first day with free times', async () => {
    const { client, calls } = createScriptedClient({
      'POST /bookings/v2/time-slots': slotsAnswer(wireSlot('2026-12-09T09:00:00', '2026-12-09T09:45:00')),
    })
    const picker = await readSlotPicker(client, SERVICE_ID, new Date('2026-12-08T02:00:00Z'), undefined)
    expect(calls[0]?.body).toEqual({
      serviceId: SERVICE_ID,
      fromLocalDate: '2026-12-07T00:00:00',
      toLocalDate: '2026-12-23T00:00:00',
    })
    expect(picker).toMatchObject({ timeZone: ZONE, chosenDate: '2026-12-09', slots: [{ label: '9:00 AM' }] })
  })
})

describe('startBooking', () => {
  const { client: serviceReader } = createScriptedClient({ 'POST /bookings/v2/services/query': services })
  const service = () => getServiceBySlug(serviceReader, 'tailored-fitting')

  it('opens a bookingsCheckout session of the slot as the platform answered it, with callbacks to the shop', async () => {
    const { client, calls } = createScriptedClient({
      'POST /bookings/v2/time-slots': slotsAnswer(
        wireSlot('2026-12-09T09:00:00', '2026-12-09T09:45:00'),
        wireSlot('2026-12-09T10:00:00', '2026-12-09T10:45:00'),
      ),
      'POST /redirects/v1/redirect-session': {
        body: { redirectSession: { id: 's1', fullUrl: 'http://api.test/_bookings/checkout?session=s1' } },
      },
    })
    const started = await startBooking(client, await service(), '2026-12-09T10:00:00', back)
    expect(started).toEqual({ ok: true, url: 'http://api.test/_bookings/checkout?session=s1' })
    expect(calls[0]?.body).toMatchObject({
      fromLocalDate: '2026-12-09T00:00:00',
      toLocalDate: '2026-12-10T00:00:00',
    })
    expect(calls[1]?.body).toEqual({
      bookingsCheckout: {
        slotAvailability: {
          slot: {
            serviceId: SERVICE_ID,
            scheduleId: SCHEDULE_ID,
            startDate: '2026-12-09T10:00:00',
            endDate: '2026-12-09T10:45:00',
            timezone: ZONE,
            resource: { id: SCHEDULE_ID, name: 'The fitting room' },
            location: { locationType: 'OWNER_BUSINESS' },
          },
          bookable: true,
          openSpots: 1,
          totalSpots: 1,
        },
        timezone: ZONE,
      },
      callbacks: {
        thankYouPageUrl: 'http://shop.test/thank-you',
        postFlowUrl: 'http://shop.test/services/tailored-fitting',
        bookingsServiceListUrl: 'http://shop.test/services',
      },
    })
  })

  it('answers words (409) and opens no session when the time was taken meanwhile', async () => {
    const { client, calls } = createScriptedClient({
      'POST /bookings/v2/time-slots': slotsAnswer(wireSlot('2026-12-09T09:00:00', '2026-12-09T09:45:00')),
    })
    expect(await startBooking(client, await service(), '2026-12-09T10:00:00', back)).toEqual({
      ok: false,
      status: 409,
      ...SLOT_TAKEN,
    })
    expect(calls.map((call) => call.path)).toEqual(['/bookings/v2/time-slots'])
  })

  it('refuses a time that is not a local date and time, asking the platform nothing', async () => {
    const { client, calls } = createScriptedClient({})
    for (const start of [null, '', '2026-12-09', '2026-12-09T10:00:00Z', 'x'.repeat(300)])
      expect(await startBooking(client, await service(), start, back)).toMatchObject({
        ok: false,
        status: 400,
      })
    expect(calls).toEqual([])
  })

  it('opens the session without callbacks when the platform refuses the shop’s origin', async () => {
    let sessions = 0
    const { client, calls } = createScriptedClient({
      'POST /bookings/v2/time-slots': slotsAnswer(wireSlot('2026-12-09T09:00:00', '2026-12-09T09:45:00')),
      'POST /redirects/v1/redirect-session': () =>
        ++sessions === 1
          ? applicationError(400, 'INVALID_ARGUMENT')
          : {
              body: {
                redirectSession: { id: 's2', fullUrl: 'http://api.test/_bookings/checkout?session=s2' },
              },
            },
    })
    expect(await startBooking(client, await service(), '2026-12-09T09:00:00', back)).toMatchObject({
      ok: true,
    })
    expect(calls[2]?.body).not.toHaveProperty('callbacks')
  })

  it('answers shopper words, never a 500, when the platform fails', async () => {
    const { client } = createScriptedClient({
      'POST /bookings/v2/time-slots': { status: 503, body: { message: 'down' } },
    })
    expect(await startBooking(client, await service(), '2026-12-09T09:00:00', back)).toMatchObject({
      ok: false,
      status: 503,
    })
  })
})
