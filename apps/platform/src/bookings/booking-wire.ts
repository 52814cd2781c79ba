import { z } from 'zod'
import { toDecimalString } from '../money/money.ts'
import type { ScheduleCalendar, ServiceRow } from './booking-store.ts'
import type { Hold } from './hold-slot.ts'
import type { ServiceSlot } from './service-slots.ts'
import { depositOf } from './sold-services.ts'
import { toLocalDateTime, toZonedDateTime } from './zoned-time.ts'

/**
 * A service as the Wix Bookings Services V2 client reads it (`services.queryServices`): its id, name,
 * type and schedule, with the duration, buffer and payment a headless site shows (decision 065).
 */
const ServiceImageSchema = z.object({
  image: z.object({
    url: z.string().describe('an https address'),
    altText: z.string().describe("the service's name"),
  }),
})

export const ServiceSchema = z.object({
  id: z.string().describe('the service id: what the time slots call and a bookings checkout name'),
  name: z.string(),
  description: z.string(),
  type: z
    .enum(['APPOINTMENT', 'CLASS'])
    .describe('APPOINTMENT: one customer at a time; CLASS: scheduled sessions with places (decision 083)'),
  defaultCapacity: z.number().describe('places per session: 1 for an appointment'),
  mainSlug: z.object({ name: z.string() }),
  schedule: z.object({
    id: z.string().describe('the calendar the service is booked on'),
    availabilityConstraints: z.object({
      sessionDurations: z.array(z.number()).describe('the appointment length in minutes'),
      timeBetweenSessions: z.number().describe('minutes kept free after each appointment'),
    }),
  }),
  payment: z.object({
    rateType: z.enum(['FIXED', 'NO_FEE', 'CUSTOM']).describe('a price, free, or "price on request"'),
    fixed: z
      .object({
        price: z.object({ value: z.string(), currency: z.string() }),
        deposit: z
          .object({ value: z.string(), currency: z.string() })
          .optional()
          .describe(
            'what a booking pays online when paid by deposit (decision 092); absent when none is taken',
          ),
      })
      .optional()
      .describe('the price, for FIXED'),
    custom: z.object({ description: z.string() }).optional().describe('what to say of the price, for CUSTOM'),
    options: z
      .object({
        online: z.boolean(),
        inPerson: z.boolean(),
        pricingPlan: z
          .boolean()
          .describe('whether a paid plan that covers it may pay a booking (decision 085)'),
        deposit: z.boolean().describe('a deposit is paid online, the rest at the appointment (decision 092)'),
      })
      .describe('how it may be paid, as Wix Bookings Services V2 names it (decisions 092 and 093)'),
  }),
  media: z
    .object({
      mainMedia: ServiceImageSchema.optional().describe("the service's picture; absent when it has none"),
      items: z.array(ServiceImageSchema).describe('its pictures: the one picture, or none'),
    })
    .describe('as Wix names it: `media.mainMedia.image`, an image with an address and no media id'),
  onlineBooking: z.object({ enabled: z.boolean() }),
  createdDate: z.string(),
})

/** A service as the wire shows it. */
export type WireService = z.output<typeof ServiceSchema>

/** A service's picture as Wix names it (`media.mainMedia.image`, decision 084): the one picture, or none. */
function serviceMediaOf(service: Pick<ServiceRow, 'name' | 'picture_url'>): WireService['media'] {
  if (!service.picture_url) return { items: [] }
  const main = { image: { url: service.picture_url, altText: service.name } }
  return { mainMedia: main, items: [main] }
}

/** The wire form of an offered service. */
export function toWireService(
  service: ServiceRow,
  calendar: Pick<ScheduleCalendar, 'bufferMinutes'>,
  currency: string,
): WireService {
  const deposit = depositOf(service)
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    type: service.type,
    defaultCapacity: service.capacity,
    mainSlug: { name: service.slug },
    schedule: {
      id: service.schedule_id,
      availabilityConstraints: {
        sessionDurations: [service.duration_minutes],
        timeBetweenSessions: calendar.bufferMinutes,
      },
    },
    payment: {
      rateType: service.rate_type,
      ...(service.rate_type === 'FIXED'
        ? {
            fixed: {
              price: { value: toDecimalString(Number(service.price_minor), currency), currency },
              ...(deposit === undefined
                ? {}
                : { deposit: { value: toDecimalString(deposit, currency), currency } }),
            },
          }
        : {}),
      ...(service.rate_type === 'CUSTOM' ? { custom: { description: service.price_text } } : {}),
      options: {
        online: service.pay_online,
        inPerson: service.pay_in_person,
        pricingPlan: service.pay_with_plan,
        deposit: deposit !== undefined,
      },
    },
    media: serviceMediaOf(service),
    onlineBooking: { enabled: true },
    createdDate: new Date(service.created_date).toISOString(),
  }
}

/** A free slot as the Wix Time Slots V2 client reads it (`listAvailabilityTimeSlots`). */
export const TimeSlotSchema = z.object({
  serviceId: z.string(),
  localStartDate: z.string().describe('YYYY-MM-DDThh:mm:ss in the answer’s `timeZone`'),
  localEndDate: z.string(),
  bookable: z.boolean(),
  location: z.object({ locationType: z.enum(['BUSINESS']) }),
  totalCapacity: z.number().describe("places: 1 for an appointment, a class's per session"),
  remainingCapacity: z.number().describe('places left: 0 when a class’s session is full (then not bookable)'),
  availableResources: z.array(
    z.object({
      resourceTypeId: z.string(),
      resources: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
})

export type WireTimeSlot = z.output<typeof TimeSlotSchema>

/** The wire form of a slot with its places, its times in the caller's zone; the calendar is its one resource. */
export function toWireTimeSlot(
  slot: ServiceSlot,
  serviceId: string,
  calendar: Pick<ScheduleCalendar, 'id' | 'name'>,
  timeZone: string,
): WireTimeSlot {
  return {
    serviceId,
    localStartDate: toLocalDateTime(slot.start, timeZone),
    localEndDate: toLocalDateTime(slot.end, timeZone),
    bookable: slot.openSpots > 0,
    location: { locationType: 'BUSINESS' },
    totalCapacity: slot.totalSpots,
    remainingCapacity: slot.openSpots,
    availableResources: [
      { resourceTypeId: 'schedule', resources: [{ id: calendar.id, name: calendar.name }] },
    ],
  }
}

/**
 * A booking as the Wix Bookings client reads `createBooking`'s answer: its id (what a current cart adds,
 * with the services catalogue's app id), `CREATED` while its slot is held, the slot and its times (decision 082).
 */
export const BookingSchema = z.object({
  id: z.string().describe('the booking: the catalogue item id of its current-cart line'),
  status: z.enum(['CREATED']).describe('the slot is held until the order that pays it confirms it'),
  bookedEntity: z.object({
    title: z.string(),
    slot: z.object({
      serviceId: z.string(),
      scheduleId: z.string(),
      startDate: z.string().describe('an ISO-8601 instant'),
      endDate: z.string(),
      timezone: z.string().describe("the shop's zone"),
    }),
  }),
  startDate: z.string(),
  endDate: z.string(),
  totalParticipants: z.number(),
  heldUntil: z.string().describe('when the hold lapses unless an order confirms it'),
  createdDate: z.string(),
})

export type WireBooking = z.output<typeof BookingSchema>

/** The wire form of a held slot. */
export function toWireBooking(hold: Hold, createdDate: Date): WireBooking {
  const startDate = hold.start.toISOString()
  const endDate = hold.end.toISOString()
  return {
    id: hold.bookingId,
    status: 'CREATED',
    bookedEntity: {
      title: hold.service.name,
      slot: {
        serviceId: hold.service.id,
        scheduleId: hold.service.schedule_id,
        startDate,
        endDate,
        timezone: hold.timeZone,
      },
    },
    startDate,
    endDate,
    totalParticipants: hold.participants,
    heldUntil: hold.heldUntil.toISOString(),
    createdDate: createdDate.toISOString(),
  }
}

/**
 * A free slot as the Wix Availability Calendar V1 client reads it (`availabilityCalendar.queryAvailability`,
 * deprecated upstream but the headless example's call): an entry a `bookingsCheckout` redirect session takes
 * back as `slotAvailability` (decision 078).
 */
export const SlotAvailabilitySchema = z.object({
  slot: z.object({
    serviceId: z.string(),
    scheduleId: z.string().describe('the calendar the service is booked on'),
    startDate: z
      .string()
      .describe(
        'the local date and time in `timezone` with its offset: read as an instant or as a local time of `timezone`, the same moment',
      ),
    endDate: z.string(),
    timezone: z.string().describe('the zone of the dates: the one asked, else the shop’s'),
    resource: z.object({ id: z.string(), name: z.string() }).describe('the calendar: its one resource'),
    location: z.object({
      locationType: z.enum(['OWNER_BUSINESS']),
      formattedAddress: z.string().optional(),
    }),
  }),
  bookable: z.boolean(),
  totalSpots: z.number().describe("places: 1 for an appointment, a class's per session"),
  openSpots: z.number().describe('places left: 0 when a class’s session is full (then not bookable)'),
})

export type WireSlotAvailability = z.output<typeof SlotAvailabilitySchema>

/** The V1 availability form of a slot of a service with its places, its dates in `timeZone`. */
export function toWireSlotAvailability(
  slot: ServiceSlot,
  service: Pick<ServiceRow, 'id' | 'location'>,
  calendar: Pick<ScheduleCalendar, 'id' | 'name'>,
  timeZone: string,
): WireSlotAvailability {
  return {
    slot: {
      serviceId: service.id,
      scheduleId: calendar.id,
      startDate: toZonedDateTime(slot.start, timeZone),
      endDate: toZonedDateTime(slot.end, timeZone),
      timezone: timeZone,
      resource: { id: calendar.id, name: calendar.name },
      location: {
        locationType: 'OWNER_BUSINESS',
        ...(service.location ? { formattedAddress: service.location } : {}),
      },
    },
    bookable: slot.openSpots > 0,
    totalSpots: slot.totalSpots,
    openSpots: slot.openSpots,
  }
}

/**
 * A class session as the Wix Time Slots V2 client reads it (`eventTimeSlots.listEventTimeSlots`): a time slot
 * with the session's event (decision 083): a class's session, named by its service and start.
 */
export const EventTimeSlotSchema = TimeSlotSchema.extend({
  eventInfo: z.object({ eventId: z.string().describe('the session: `<serviceId>:<start instant>`') }),
})

export type WireEventTimeSlot = z.output<typeof EventTimeSlotSchema>

/** The wire form of a class's session as an event time slot, its times in the caller's zone. */
export function toWireEventTimeSlot(
  slot: ServiceSlot,
  serviceId: string,
  calendar: Pick<ScheduleCalendar, 'id' | 'name'>,
  timeZone: string,
): WireEventTimeSlot {
  return {
    ...toWireTimeSlot(slot, serviceId, calendar, timeZone),
    eventInfo: { eventId: `${serviceId}:${slot.start.toISOString()}` },
  }
}
