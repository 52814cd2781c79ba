/** A price as the events calls send it: a decimal string in the shop's currency. */
export interface EventMoney {
  value: string
  currency: string
}

/** An event's state now: `UPCOMING`, `STARTED`, `ENDED` or `CANCELED`. */
export type EventStatus = 'UPCOMING' | 'STARTED' | 'ENDED' | 'CANCELED'

/** A published event (`events.queryEvents`), shaped like a Wix Events V3 event. */
export interface TicketedEvent {
  /** What `queryAvailableTickets` and `createReservation` name as `eventId`. */
  _id: string
  /** What an `eventsCheckout` redirect names as `eventSlug`. */
  slug: string
  title: string
  shortDescription: string
  /** The event's picture, when the shop gave one: an absolute https address. */
  mainImage?: { url: string }
  status: EventStatus
  dateAndTimeSettings: {
    /** ISO-8601 instants. */
    startDate: string
    endDate: string
    /** The IANA zone the event is held in, to show its times. */
    timeZoneId: string
  }
  /** At a venue, or online (the link is sent to ticket holders only). */
  location: { type: 'VENUE' | 'ONLINE'; name?: string; address?: { formatted: string } }
  registration: {
    type: 'TICKETING'
    /** `OPEN_TICKETS` while tickets may be reserved. */
    status: 'OPEN_TICKETS' | 'CLOSED_AUTOMATICALLY'
    tickets: { lowestPrice?: EventMoney; highestPrice?: EventMoney; soldOut: boolean }
  }
  /** ISO-8601 date-time. */
  _createdDate: string
}

/** The filter, paging and sort of `queryEvents` (events come soonest first). */
export interface QueryEventsRequest {
  filter?: {
    _id?: string | { $in: string[] }
    slug?: string | { $in: string[] }
    status?: EventStatus | { $in: EventStatus[] }
  }
  paging?: { limit?: number; offset?: number }
}

/** Answer of `queryEvents`. */
export interface QueryEventsResponse {
  events: TicketedEvent[]
  pagingMetadata: { count: number; offset: number; total: number }
}

/** A ticket type of an event (`events.queryAvailableTickets`), a Wix Events "ticket definition". */
export interface TicketDefinition {
  /** What a reservation names as `ticketDefinitionId`. */
  _id: string
  name: string
  description: string
  eventId: string
  price: { amount: string; currency: string }
  free: boolean
  /** The most tickets of the type one order may have now. */
  limitPerCheckout: number
  /** Tickets left to reserve now. */
  remaining: number
  soldOut: boolean
  saleStatus: 'SALE_SCHEDULED' | 'SALE_STARTED' | 'SALE_ENDED'
}

/** What `queryAvailableTickets` asks: an event's ticket types, paged. */
export interface QueryAvailableTicketsRequest {
  filter: { eventId: string }
  limit?: number
  offset?: number
}

/** Answer of `queryAvailableTickets`. */
export interface QueryAvailableTicketsResponse {
  definitions: TicketDefinition[]
  total: number
  offset: number
  count: number
}

/** What `createReservation` asks: tickets of one or more types of one event. */
export interface CreateReservationRequest {
  eventId: string
  ticketQuantities: { ticketDefinitionId: string; quantity: number }[]
}

/** Tickets held while the buyer pays; pass `_id` as `eventsCheckout.reservationId`. */
export interface TicketReservation {
  _id: string
  /** When the tickets go back on sale unless the order is placed (ISO-8601). */
  expires: string
  reservationStatus: 'RESERVATION_PENDING'
  reservations: {
    quantity: number
    ticket: { _id: string; name: string; price: { amount: string; currency: string }; free: boolean }
  }[]
}
