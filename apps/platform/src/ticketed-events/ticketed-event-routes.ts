import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError, invalidField } from '../http/errors.ts'
import { OneOrIn, picked, QueryBody } from '../query/one-or-in-filter.ts'
import { reserveTickets } from './reserve-tickets.ts'
import { countTakenTicketsOfEvents, findPublishedEvents, findTicketTypes } from './ticketed-event-store.ts'
import {
  EventSchema,
  ReservationSchema,
  TicketDefinitionSchema,
  TicketDefinitionV3Schema,
  TicketReservationV3Schema,
  toWireEvent,
  toWireReservation,
  toWireTicketDefinition,
  toWireTicketDefinitionV3,
  toWireTicketReservationV3,
  WireEventStatus,
  wireEventStatus,
} from './ticketed-event-wire.ts'

export const QueryEventsBody = QueryBody(
  {
    id: OneOrIn(z.string().max(100)).optional(),
    slug: OneOrIn(z.string().max(100)).optional(),
    status: OneOrIn(WireEventStatus).optional(),
  },
  'events come soonest first',
).extend({
  fields: z.array(z.string().max(50)).max(20).optional().describe('accepted; every field is answered'),
})

export const QueryEventsResponse = z.object({
  events: z.array(EventSchema),
  pagingMetadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
})

export const QueryAvailableTicketsBody = z.object({
  filter: z.object({ eventId: z.string().max(100) }).strict(),
  limit: z.number().int().min(1).max(100).default(100),
  offset: z.number().int().min(0).default(0),
})

export const QueryAvailableTicketsResponse = z.object({
  definitions: z.array(TicketDefinitionSchema),
  total: z.number(),
  offset: z.number(),
  count: z.number(),
})

export const CreateReservationBody = z.object({
  eventId: z.string().max(100),
  ticketQuantities: z
    .array(
      z.object({
        ticketDefinitionId: z.string().max(100),
        quantity: z.number().int().min(0).max(50),
      }),
    )
    .min(1)
    .max(20),
})

export const QueryAvailableTicketDefinitionsBody = QueryBody(
  {
    eventId: OneOrIn(z.string().max(100)).optional(),
    id: OneOrIn(z.string().max(100)).optional(),
  },
  'ticket types come in the order the merchant set (sortIndex)',
).extend({
  fields: z.array(z.string().max(50)).max(20).optional().describe('accepted; every field is answered'),
})

export const QueryAvailableTicketDefinitionsResponse = z.object({
  ticketDefinitions: z.array(TicketDefinitionV3Schema),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
})

export const CreateTicketReservationBody = z.object({
  ticketReservation: z.object({
    tickets: z
      .array(
        z.object({
          eventId: z.string().max(100),
          ticketDefinitionId: z.string().max(100),
          quantity: z.number().int().min(0).max(50),
        }),
      )
      .min(1)
      .max(20),
  }),
})

export const CreateTicketReservationResponse = z.object({ ticketReservation: TicketReservationV3Schema })

/**
 * The public calls of the tickets catalogue (decision 070), at the paths the Wix Events client sends:
 * `wixEventsV2.queryEvents`, `orders.queryAvailableTickets` and `orders.createReservation`, and their V3 forms `ticketDefinitionsV2.queryAvailableTicketDefinitions` and
 * `ticketReservations.createTicketReservation` (decision 078). Only published
 * events are shown; a reservation holds its tickets for the event's hold time (`reserveTickets`).
 */
export function registerTicketedEventRoutes(api: Api, deps: { db: Db; clock: Clock; publicUrl: string }) {
  api.route(
    {
      method: 'post',
      path: '/events/v3/events/query',
      operationId: 'queryEvents',
      summary:
        "The shop's published events, soonest first: dates and zone, place, prices and whether tickets are left",
      tag: 'Events',
      auth: 'shopper',
      body: QueryEventsBody,
      response: QueryEventsResponse,
      cacheControl: 'no-cache',
    },
    async ({ caller, body }) => {
      const now = deps.clock()
      const { filter, paging } = body.query
      const slugs = picked(filter.slug)
      const statuses = picked(filter.status)
      const all = (await findPublishedEvents(deps.db, caller.siteId, { ids: picked(filter.id) })).filter(
        (event) =>
          (!slugs || slugs.includes(event.slug)) &&
          (!statuses || statuses.includes(wireEventStatus(event, now))),
      )
      const page = all.slice(paging.offset, paging.offset + paging.limit)
      const eventIds = page.map((event) => event.id)
      const [types, taken] = await Promise.all([
        findTicketTypes(deps.db, caller.siteId, { eventIds }),
        countTakenTicketsOfEvents(deps.db, eventIds, now),
      ])
      return {
        events: page.map((event) =>
          toWireEvent(
            event,
            types.filter((type) => type.event_id === event.id),
            taken,
            caller.site.currency,
            now,
            deps.publicUrl,
          ),
        ),
        pagingMetadata: { count: page.length, offset: paging.offset, total: all.length },
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/events/v1/checkout/available-tickets/query',
      operationId: 'queryAvailableTickets',
      summary: "A published event's ticket types: price or free, the per-order limit and how many are left",
      tag: 'Events',
      auth: 'shopper',
      body: QueryAvailableTicketsBody,
      response: QueryAvailableTicketsResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const now = deps.clock()
      const [event] = await findPublishedEvents(deps.db, caller.siteId, { ids: [body.filter.eventId] })
      if (!event)
        throw new ApplicationError('EVENT_NOT_FOUND', 'There is no such event', {
          eventId: body.filter.eventId,
        })
      const [types, taken] = await Promise.all([
        findTicketTypes(deps.db, caller.siteId, { eventIds: [event.id] }),
        countTakenTicketsOfEvents(deps.db, [event.id], now),
      ])
      const page = types.slice(body.offset, body.offset + body.limit)
      return {
        definitions: page.map((type) => toWireTicketDefinition(type, taken, caller.site.currency, now)),
        total: types.length,
        offset: body.offset,
        count: page.length,
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/events/v1/checkout/reservations',
      operationId: 'createReservation',
      summary:
        'Holds tickets of one or more types of a published event while the buyer pays; the id is what `eventsCheckout` carries. Never more tickets than are left',
      tag: 'Events',
      auth: 'shopper',
      body: CreateReservationBody,
      response: ReservationSchema,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const reservation = await reserveTickets(deps.db, {
        siteId: caller.siteId,
        eventId: body.eventId,
        tickets: body.ticketQuantities.map((ask) => ({
          ticketTypeId: ask.ticketDefinitionId,
          quantity: ask.quantity,
        })),
        now: deps.clock(),
      })
      return toWireReservation(reservation, caller.site.currency)
    },
  )
  api.route(
    {
      method: 'post',
      path: '/events/v3/ticket-definitions/available/query',
      operationId: 'queryAvailableTicketDefinitions',
      summary:
        "Published events' ticket types in the V3 form (by event or id): price or free, the per-order limit and how many are left",
      tag: 'Events',
      auth: 'shopper',
      body: QueryAvailableTicketDefinitionsBody,
      response: QueryAvailableTicketDefinitionsResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const now = deps.clock()
      const { filter, paging } = body.query
      const events = await findPublishedEvents(deps.db, caller.siteId, { ids: picked(filter.eventId) })
      const eventIds = events.map((event) => event.id)
      const [types, taken] = await Promise.all([
        findTicketTypes(deps.db, caller.siteId, { eventIds, ids: picked(filter.id) }),
        countTakenTicketsOfEvents(deps.db, eventIds, now),
      ])
      const page = types.slice(paging.offset, paging.offset + paging.limit)
      return {
        ticketDefinitions: page.map((type) =>
          toWireTicketDefinitionV3(type, taken, caller.site.currency, now),
        ),
        metadata: { count: page.length, offset: paging.offset, total: types.length },
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/events/v1/ticket-reservations',
      operationId: 'createTicketReservation',
      summary:
        'Holds tickets of one published event (the V3 form of createReservation) while the buyer pays; the id is what `eventsCheckout` carries. Never more tickets than are left',
      tag: 'Events',
      auth: 'shopper',
      body: CreateTicketReservationBody,
      response: CreateTicketReservationResponse,
      cacheControl: 'no-store',
    },
    async ({ caller, body }) => {
      const { tickets } = body.ticketReservation
      const eventId = tickets[0]?.eventId ?? ''
      if (tickets.some((ticket) => ticket.eventId !== eventId))
        throw invalidField(
          'ticketReservation.tickets',
          'The tickets of one reservation must be of one event',
          'OTHER',
        )
      const reservation = await reserveTickets(deps.db, {
        siteId: caller.siteId,
        eventId,
        tickets: tickets.map((ticket) => ({
          ticketTypeId: ticket.ticketDefinitionId,
          quantity: ticket.quantity,
        })),
        now: deps.clock(),
      })
      return { ticketReservation: toWireTicketReservationV3(reservation) }
    },
  )
}
