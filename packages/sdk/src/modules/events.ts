import type { HttpClient } from '../http/create-http-client.js'
import type {
  CreateReservationRequest,
  QueryAvailableTicketsRequest,
  QueryAvailableTicketsResponse,
  QueryEventsRequest,
  QueryEventsResponse,
  TicketReservation,
} from '../types/ticketed-event.js'

/** The shop's events, their tickets, and reservations (`/events`); `client.events`. */
export interface EventsModule {
  /** Lists the shop's published events, soonest first (`POST /v3/events/query`). */
  queryEvents(query?: QueryEventsRequest): Promise<QueryEventsResponse>
  /** Lists an event's ticket types with what is left (`POST /v1/checkout/available-tickets/query`). */
  queryAvailableTickets(request: QueryAvailableTicketsRequest): Promise<QueryAvailableTicketsResponse>
  /**
   * Holds tickets for a short time (`POST /v1/checkout/reservations`); pay for them with an
   * `eventsCheckout` redirect session naming the reservation's `_id` and the event's slug.
   */
  createReservation(request: CreateReservationRequest): Promise<TicketReservation>
}

/**
 * The events module; pass it in `modules` to get `client.events`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { events, redirects } })
 * const { events: [event] } = await client.events.queryEvents()
 * const { definitions } = await client.events.queryAvailableTickets({ filter: { eventId: event._id } })
 * const reservation = await client.events.createReservation({
 *   eventId: event._id, ticketQuantities: [{ ticketDefinitionId: definitions[0]._id, quantity: 2 }],
 * })
 * ```
 */
export function events(http: HttpClient): EventsModule {
  return {
    queryEvents: (query = {}) =>
      http.request({ method: 'POST', api: 'events', path: '/v3/events/query', body: { query } }),
    queryAvailableTickets: (request) =>
      http.request({
        method: 'POST',
        api: 'events',
        path: '/v1/checkout/available-tickets/query',
        body: request,
      }),
    createReservation: (request) =>
      http.request({ method: 'POST', api: 'events', path: '/v1/checkout/reservations', body: request }),
  }
}
