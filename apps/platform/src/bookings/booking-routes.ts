import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { identityOf } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError, invalidField } from '../http/errors.ts'
import { findScheduleCalendar, findServices } from './booking-store.ts'
import {
  BookingSchema,
  EventTimeSlotSchema,
  ServiceSchema,
  SlotAvailabilitySchema,
  TimeSlotSchema,
  toWireBooking,
  toWireEventTimeSlot,
  toWireService,
  toWireSlotAvailability,
  toWireTimeSlot,
} from './booking-wire.ts'
import { createBooking } from './create-booking.ts'
import { listServiceSlots } from './service-slots.ts'
import { instantOfLocalDateTime, instantOfSlotDate, isTimeZone, toLocalDate } from './zoned-time.ts'

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/

const LocalDateTime = z.string().regex(LOCAL_DATE_TIME, 'must be a local date and time, YYYY-MM-DDThh:mm:ss')
const TimeZone = z
  .string()
  .max(100)
  .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. "Europe/London"' })
const DateTime = z
  .string()
  .regex(DATE_TIME, 'must be an ISO 8601 date and time, e.g. "2026-06-02T09:00:00Z"')
  .refine((date) => !Number.isNaN(Date.parse(`${date.slice(0, 19)}Z`)), {
    message: 'must be a date and time that exists, e.g. "2026-06-02T09:00:00Z"',
  })

export const QueryServicesBody = z.object({
  query: z
    .object({
      filter: z
        .object({ id: z.union([z.string(), z.object({ $in: z.array(z.string()).max(100) })]).optional() })
        .strict()
        .default({}),
      paging: z
        .object({
          limit: z.number().int().min(1).max(100).default(50),
          offset: z.number().int().min(0).default(0),
        })
        .default({ limit: 50, offset: 0 }),
      sort: z
        .array(z.unknown())
        .max(10)
        .optional()
        .describe('accepted and ignored: services come oldest first'),
    })
    .default({ filter: {}, paging: { limit: 50, offset: 0 } }),
})

export const QueryServicesResponse = z.object({
  services: z.array(ServiceSchema),
  pagingMetadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
})

export const GetServiceParams = z.object({ serviceId: z.string().max(100) })
export const GetServiceResponse = z.object({ service: ServiceSchema })

export const ListTimeSlotsBody = z.object({
  serviceId: z.guid({ message: 'must be a service id (UUID)' }),
  fromLocalDate: LocalDateTime,
  toLocalDate: LocalDateTime,
  timeZone: TimeZone.optional().describe(
    "the zone of the dates asked and answered; the shop's when left out",
  ),
  bookable: z
    .boolean()
    .optional()
    .describe('only slots with places left (`true`) or only full sessions (`false`); both when left out'),
})

export const ListTimeSlotsResponse = z.object({
  timeSlots: z.array(TimeSlotSchema),
  timeZone: z.string(),
  cursorPagingMetadata: z.object({ count: z.number(), hasNext: z.boolean() }),
})

export const CreateBookingBody = z.object({
  booking: z.object({
    bookedEntity: z.object({
      slot: z
        .object({
          serviceId: z.guid({ message: 'must be a service id (UUID)' }),
          startDate: z.string().min(1).max(40).describe('an ISO-8601 instant, or a local time of `timezone`'),
          endDate: z
            .string()
            .max(40)
            .optional()
            .describe("accepted and ignored: the service's duration sets it"),
          timezone: TimeZone.optional().describe(
            'the zone `startDate` is a local time of (its offset then ignored, as upstream)',
          ),
        })
        .passthrough(),
    }),
    totalParticipants: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(1)
      .describe("places it takes: 1 for an appointment, up to a class's places left in the session"),
  }),
})

export const CreateBookingResponse = z.object({ booking: BookingSchema })
export const ListEventTimeSlotsBody = z.object({
  serviceIds: z
    .array(z.guid({ message: 'must be a service id (UUID)' }))
    .max(100)
    .optional(),
  fromLocalDate: LocalDateTime,
  toLocalDate: LocalDateTime,
  timeZone: TimeZone.optional().describe(
    "the zone of the dates asked and answered; the shop's when left out",
  ),
})

export const ListEventTimeSlotsResponse = z.object({
  timeSlots: z
    .array(EventTimeSlotSchema)
    .describe('the classes’ sessions, soonest first, each with its places left'),
  timeZone: z.string(),
  cursorPagingMetadata: z.object({ count: z.number(), hasNext: z.boolean() }),
})

export const QueryAvailabilityBody = z.object({
  query: z.object({
    filter: z
      .object({
        serviceId: z
          .union([
            z.guid({ message: 'must be a service id (UUID)' }),
            z
              .array(z.guid({ message: 'must be a service id (UUID)' }))
              .min(1)
              .max(20),
          ])
          .describe('the services whose slots are asked'),
        startDate: DateTime.describe(
          'from when: a local time of `timezone` when it is given (its offset ignored, as upstream), else an instant (UTC without an offset)',
        ),
        endDate: DateTime.describe('until when, read as `startDate`'),
        bookable: z
          .boolean()
          .optional()
          .describe(
            'only slots with places left (`true`) or only full sessions (`false`); both when left out',
          ),
      })
      .strict(),
    sort: z.array(z.unknown()).max(10).optional().describe('accepted and ignored: slots come soonest first'),
  }),
  timezone: TimeZone.optional().describe(
    "the zone the filter's dates are read in and the slots' dates are given in; each service's shop zone when left out",
  ),
  slotsPerDay: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('the most slots of a service per local day'),
})

export const QueryAvailabilityResponse = z.object({
  availabilityEntries: z.array(SlotAvailabilitySchema),
  pagingMetadata: z.object({ hasNext: z.boolean() }),
})

/** An availability filter's date: a local time of `zone` when one is given, else the instant it names. */
function filterInstant(date: string, zone: string | undefined): Date {
  if (zone) return instantOfLocalDateTime(date.slice(0, 19), zone)
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(date) ? date : `${date}Z`)
}

/**
 * The public reads of the services catalogue (decision 065), at the paths the Wix Bookings client sends
 * (`/_api/bookings/...`, `/_api/service-availability/...`, `/availability-calendar/...`, aliased in
 * `http/path-aliases.ts`): `queryServices`, `getService` (decision 084), `listAvailabilityTimeSlots`, `listEventTimeSlots` and the V1
 * `queryAvailability` (decision 078), every slot from the one `listServiceSlots`.
 */
export function registerBookingRoutes(api: Api, deps: { db: Db; clock: Clock }) {
  api.route(
    {
      method: 'post',
      path: '/bookings/v2/bookings',
      operationId: 'createBooking',
      summary:
        "Holds a free slot of a service for the shop's hold time: the booking a current cart then adds by its id, with the services catalogue's app id, beside products",
      tag: 'Bookings',
      auth: 'shopper',
      body: CreateBookingBody,
      response: CreateBookingResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const { slot } = body.booking.bookedEntity
      const start = instantOfSlotDate(slot.startDate, slot.timezone)
      if (!start)
        throw invalidField(
          'booking.bookedEntity.slot.startDate',
          'must be an ISO-8601 date and time',
          'FORMAT',
        )
      const hold = await createBooking(deps, {
        siteId: caller.siteId,
        serviceId: slot.serviceId,
        start,
        participants: body.booking.totalParticipants,
        identity: identityOf(caller),
      })
      return { booking: toWireBooking(hold, hold.createdDate) }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/bookings/v2/services/query',
      operationId: 'queryServices',
      summary: 'The services the shop offers, oldest first: duration, buffer, price and how each may be paid',
      tag: 'Bookings',
      auth: 'shopper',
      body: QueryServicesBody,
      response: QueryServicesResponse,
      cacheControl: 'no-cache',
    },
    async ({ caller, body }) => {
      const id = body.query.filter.id
      const ids = id === undefined ? undefined : typeof id === 'string' ? [id] : id.$in
      const all = await findServices(deps.db, caller.siteId, { ids })
      const { limit, offset } = body.query.paging
      const page = all.slice(offset, offset + limit)
      const calendars = new Map(
        await Promise.all(
          [...new Set(page.map((service) => service.schedule_id))].map(
            async (scheduleId) => [scheduleId, await findScheduleCalendar(deps.db, scheduleId)] as const,
          ),
        ),
      )
      return {
        services: page.map((service) =>
          toWireService(
            service,
            { bufferMinutes: calendars.get(service.schedule_id)?.bufferMinutes ?? 0 },
            caller.site.currency,
          ),
        ),
        pagingMetadata: { count: page.length, offset, total: all.length },
      }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/bookings/v2/services/:serviceId',
      operationId: 'getService',
      summary:
        'One service the shop offers, by its id: duration, buffer, price, picture and how it may be paid',
      tag: 'Bookings',
      auth: 'shopper',
      params: GetServiceParams,
      response: GetServiceResponse,
      cacheControl: 'no-cache',
    },
    async ({ caller, params }) => {
      const [service] = await findServices(deps.db, caller.siteId, { ids: [params.serviceId] })
      if (!service)
        throw new ApplicationError('SERVICE_NOT_FOUND', 'The shop offers no such service', {
          serviceId: params.serviceId,
        })
      const calendar = await findScheduleCalendar(deps.db, service.schedule_id)
      return {
        service: toWireService(
          service,
          { bufferMinutes: calendar?.bufferMinutes ?? 0 },
          caller.site.currency,
        ),
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/bookings/v2/time-slots',
      operationId: 'listAvailabilityTimeSlots',
      summary:
        "A service's free slots from one local date and time to another: the shop's hours, exceptions and buffers, less bookings and holds, in the asked time zone (the shop's by default)",
      tag: 'Bookings',
      auth: 'shopper',
      body: ListTimeSlotsBody,
      response: ListTimeSlotsResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const [service] = await findServices(deps.db, caller.siteId, { ids: [body.serviceId] })
      const shopZone = service && (await findScheduleCalendar(deps.db, service.schedule_id))?.timeZone
      const timeZone = body.timeZone ?? shopZone ?? 'UTC'
      const from = instantOfLocalDateTime(body.fromLocalDate, timeZone)
      const to = instantOfLocalDateTime(body.toLocalDate, timeZone)
      if (to <= from)
        throw invalidField('toLocalDate', '"toLocalDate" must be after "fromLocalDate"', 'OTHER')
      const found = await listServiceSlots(deps.db, caller.siteId, body.serviceId, {
        from,
        to,
        now: deps.clock(),
      })
      const timeSlots = found.slots
        .filter((slot) => body.bookable === undefined || slot.openSpots > 0 === body.bookable)
        .map((slot) => toWireTimeSlot(slot, found.service.id, found.calendar, timeZone))
      return { timeSlots, timeZone, cursorPagingMetadata: { count: timeSlots.length, hasNext: false } }
    },
  )
  api.route(
    {
      method: 'post',
      path: '/bookings/v2/time-slots/event',
      operationId: 'listEventTimeSlots',
      summary:
        "The sessions of the shop's classes (or those named) from one local date and time to another, soonest first, each with its places left (full ones not bookable)",
      tag: 'Bookings',
      auth: 'shopper',
      body: ListEventTimeSlotsBody,
      response: ListEventTimeSlotsResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const named = await findServices(
        deps.db,
        caller.siteId,
        body.serviceIds?.length ? { ids: body.serviceIds } : {},
      )
      const classes = named.filter((service) => service.type === 'CLASS')
      const first = classes[0] ?? named[0]
      const shopZone = first && (await findScheduleCalendar(deps.db, first.schedule_id))?.timeZone
      const timeZone = body.timeZone ?? shopZone ?? 'UTC'
      const from = instantOfLocalDateTime(body.fromLocalDate, timeZone)
      const to = instantOfLocalDateTime(body.toLocalDate, timeZone)
      if (to <= from)
        throw invalidField('toLocalDate', '"toLocalDate" must be after "fromLocalDate"', 'OTHER')
      const now = deps.clock()
      const perClass = await Promise.all(
        classes.map(async (service) => {
          const found = await listServiceSlots(deps.db, caller.siteId, service.id, { from, to, now })
          return found.slots.map((slot) => ({
            start: slot.start.getTime(),
            slot: toWireEventTimeSlot(slot, service.id, found.calendar, timeZone),
          }))
        }),
      )
      const timeSlots = perClass
        .flat()
        .sort((a, b) => a.start - b.start)
        .map(({ slot }) => slot)
      return { timeSlots, timeZone, cursorPagingMetadata: { count: timeSlots.length, hasNext: false } }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/bookings/v1/availability/query',
      operationId: 'queryAvailability',
      summary:
        "Services' free slots between two dates in the V1 availability form, soonest first: each entry is what a bookingsCheckout redirect session takes as `slotAvailability`",
      tag: 'Bookings',
      auth: 'shopper',
      body: QueryAvailabilityBody,
      response: QueryAvailabilityResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const { filter } = body.query
      const from = filterInstant(filter.startDate, body.timezone)
      const to = filterInstant(filter.endDate, body.timezone)
      if (to <= from)
        throw invalidField('query.filter.endDate', '"endDate" must be after "startDate"', 'OTHER')
      const serviceIds = [
        ...new Set(typeof filter.serviceId === 'string' ? [filter.serviceId] : filter.serviceId),
      ]
      const now = deps.clock()
      const perService = await Promise.all(
        serviceIds.map(async (serviceId) => {
          const found = await listServiceSlots(deps.db, caller.siteId, serviceId, { from, to, now })
          const timeZone = body.timezone ?? found.calendar.timeZone
          const perDay = new Map<string, number>()
          const kept = found.slots.filter((slot) => {
            if (filter.bookable !== undefined && slot.openSpots > 0 !== filter.bookable) return false
            if (body.slotsPerDay === undefined) return true
            const day = toLocalDate(slot.start, timeZone)
            perDay.set(day, (perDay.get(day) ?? 0) + 1)
            return (perDay.get(day) ?? 0) <= body.slotsPerDay
          })
          return kept.map((slot) => ({
            start: slot.start.getTime(),
            entry: toWireSlotAvailability(slot, found.service, found.calendar, timeZone),
          }))
        }),
      )
      const availabilityEntries = perService
        .flat()
        .sort((a, b) => a.start - b.start)
        .map(({ entry }) => entry)
      return { availabilityEntries, pagingMetadata: { hasNext: false } }
    },
  )
}
