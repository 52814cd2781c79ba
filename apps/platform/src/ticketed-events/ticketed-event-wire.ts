import { z } from 'zod'
import { toDecimalString } from '../money/money.ts'
import type { TicketReservation } from './reserve-tickets.ts'
import { registrationProblem, saleProblem } from './reserve-tickets.ts'
import type { TicketedEventRow, TicketTypeRow } from './ticketed-event-store.ts'

/** An event's state as the Wix Events V3 client reads it, from its status and the time now. */
export const WireEventStatus = z.enum(['UPCOMING', 'STARTED', 'ENDED', 'CANCELED'])

/**
 * An event as the Wix Events V3 client reads it (`wixEventsV2.queryEvents`): id, slug, title, status and
 * dates, with the place, the registration state and what a headless site shows of it (decision 070).
 * An online event's link is for ticket holders: it is never on this wire.
 */
export const EventSchema = z.object({
  id: z.string().describe('the event id: what the ticket reads and a reservation name'),
  slug: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  mainImage: z
    .object({ url: z.string().describe('an absolute https address') })
    .optional()
    .describe("the event's picture, when the merchant gave one"),
  status: WireEventStatus,
  dateAndTimeSettings: z.object({
    startDate: z.string(),
    endDate: z.string(),
    timeZoneId: z.string().describe('the IANA zone the event is held in'),
  }),
  location: z.object({
    type: z.enum(['VENUE', 'ONLINE']),
    name: z.string().optional(),
    address: z.object({ formatted: z.string() }).optional(),
  }),
  registration: z.object({
    type: z.enum(['TICKETING']),
    status: z.enum(['OPEN_TICKETS', 'CLOSED_AUTOMATICALLY']),
    tickets: z.object({
      lowestPrice: z.object({ value: z.string(), currency: z.string() }).optional(),
      highestPrice: z.object({ value: z.string(), currency: z.string() }).optional(),
      soldOut: z.boolean(),
    }),
  }),
  createdDate: z.string(),
})

export type WireEvent = z.output<typeof EventSchema>

/** The state an event shows at `now`. */
export function wireEventStatus(event: TicketedEventRow, now: Date): z.output<typeof WireEventStatus> {
  if (event.status === 'CANCELLED') return 'CANCELED'
  if (new Date(event.end_date) <= now) return 'ENDED'
  if (new Date(event.start_date) <= now) return 'STARTED'
  return 'UPCOMING'
}

/** The wire form of a published event with its ticket types and the tickets each gave out (by type id). */
export function toWireEvent(
  event: TicketedEventRow,
  types: readonly TicketTypeRow[],
  taken: ReadonlyMap<string, number>,
  currency: string,
  now: Date,
  publicUrl: string,
): WireEvent {
  const prices = types.map((type) => Number(type.price_minor))
  const money = (minor: number) => ({ value: toDecimalString(minor, currency), currency })
  const soldOut = types.every((type) => remainingOf(type, taken) === 0)
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    shortDescription: event.description,
    // A path of the shop's media is the platform's; any other picture is an https address already.
    ...(event.image_url
      ? {
          mainImage: {
            url: event.image_url.startsWith('/') ? `${publicUrl}${event.image_url}` : event.image_url,
          },
        }
      : {}),
    status: wireEventStatus(event, now),
    dateAndTimeSettings: {
      startDate: new Date(event.start_date).toISOString(),
      endDate: new Date(event.end_date).toISOString(),
      timeZoneId: event.time_zone,
    },
    location:
      event.location_kind === 'ONLINE'
        ? { type: 'ONLINE' }
        : { type: 'VENUE', name: event.venue_name, address: { formatted: event.venue_address } },
    registration: {
      type: 'TICKETING',
      status: registrationProblem(event, now) || soldOut ? 'CLOSED_AUTOMATICALLY' : 'OPEN_TICKETS',
      tickets: {
        ...(prices.length > 0
          ? { lowestPrice: money(Math.min(...prices)), highestPrice: money(Math.max(...prices)) }
          : {}),
        soldOut,
      },
    },
    createdDate: new Date(event.created_date).toISOString(),
  }
}

/** The tickets of a type still on sale: its quantity less those given out (confirmed or held). */
export function remainingOf(type: TicketTypeRow, taken: ReadonlyMap<string, number>): number {
  return Math.max(0, type.quantity - (taken.get(type.id) ?? 0))
}

/**
 * A ticket type as the Wix Events client reads it (`orders.queryAvailableTickets`, the "ticket
 * definitions"): its price or free, and how many one order may have.
 */
export const TicketDefinitionSchema = z.object({
  id: z.string().describe('what a reservation names as `ticketDefinitionId`'),
  name: z.string(),
  description: z.string(),
  eventId: z.string(),
  price: z.object({ amount: z.string(), currency: z.string() }),
  free: z.boolean(),
  limitPerCheckout: z.number().describe('the most tickets of the type one order may have'),
  remaining: z.number().describe('tickets left to reserve now'),
  soldOut: z.boolean(),
  saleStatus: z.enum(['SALE_SCHEDULED', 'SALE_STARTED', 'SALE_ENDED']),
})

export type WireTicketDefinition = z.output<typeof TicketDefinitionSchema>

/** The wire form of a ticket type; `remaining` is after the tickets given out now. */
export function toWireTicketDefinition(
  type: TicketTypeRow,
  taken: ReadonlyMap<string, number>,
  currency: string,
  now: Date,
): WireTicketDefinition {
  const remaining = remainingOf(type, taken)
  const notOnSale = saleProblem(type, now)
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    eventId: type.event_id,
    price: { amount: toDecimalString(Number(type.price_minor), currency), currency },
    free: Number(type.price_minor) === 0,
    limitPerCheckout: Math.min(type.limit_per_order, remaining),
    remaining,
    soldOut: remaining === 0,
    saleStatus: !notOnSale
      ? 'SALE_STARTED'
      : type.sale_starts && new Date(type.sale_starts) > now
        ? 'SALE_SCHEDULED'
        : 'SALE_ENDED',
  }
}

/**
 * A reservation as the Wix Events client reads it (`orders.createReservation`): its id, which the
 * `eventsCheckout` redirect carries, when it lapses, and the tickets it holds.
 */
export const ReservationSchema = z.object({
  id: z.string().describe('the reservation id: `eventsCheckout.reservationId`'),
  expires: z.string().describe('when the tickets go back on sale unless the order is placed'),
  reservationStatus: z.enum(['RESERVATION_PENDING']),
  reservations: z.array(
    z.object({
      quantity: z.number(),
      ticket: z.object({
        id: z.string(),
        name: z.string(),
        price: z.object({ amount: z.string(), currency: z.string() }),
        free: z.boolean(),
      }),
    }),
  ),
})

export type WireReservation = z.output<typeof ReservationSchema>

/** The wire form of a new reservation. */
export function toWireReservation(reservation: TicketReservation, currency: string): WireReservation {
  return {
    id: reservation.id,
    expires: reservation.heldUntil.toISOString(),
    reservationStatus: 'RESERVATION_PENDING',
    reservations: reservation.lines.map(({ ticketType, quantity }) => ({
      quantity,
      ticket: {
        id: ticketType.id,
        name: ticketType.name,
        price: { amount: toDecimalString(Number(ticketType.price_minor), currency), currency },
        free: Number(ticketType.price_minor) === 0,
      },
    })),
  }
}

/**
 * A ticket type as the Wix Events V3 client reads it (`ticketDefinitionsV2.queryAvailableTicketDefinitions`,
 * what Wix's headless components call): the same facts as {@link TicketDefinitionSchema} in the V3 names
 * (decision 078).
 */
export const TicketDefinitionV3Schema = z.object({
  id: z.string().describe('what a ticket reservation names as `ticketDefinitionId`'),
  eventId: z.string(),
  name: z.string(),
  description: z.string(),
  limited: z.boolean().describe('true: the type has a quantity'),
  initialLimit: z.number().describe('the tickets of the type in all'),
  actualLimit: z.number().describe('the tickets of the type left to reserve now'),
  pricingMethod: z.object({
    fixedPrice: z.object({ value: z.string(), currency: z.string() }).optional().describe('absent when free'),
    free: z.boolean(),
  }),
  salePeriod: z
    .object({ startDate: z.string().optional(), endDate: z.string().optional() })
    .optional()
    .describe('the sales window, when the type has one'),
  saleStatus: TicketDefinitionSchema.shape.saleStatus,
  salesDetails: z.object({ unsoldCount: z.number(), soldOut: z.boolean() }),
  limitPerCheckout: z.number().describe('the most tickets of the type one order may have now'),
  createdDate: z.string(),
})

export type WireTicketDefinitionV3 = z.output<typeof TicketDefinitionV3Schema>

/** The V3 wire form of a ticket type, from its V1 form so the two never say different things. */
export function toWireTicketDefinitionV3(
  type: TicketTypeRow,
  taken: ReadonlyMap<string, number>,
  currency: string,
  now: Date,
): WireTicketDefinitionV3 {
  const v1 = toWireTicketDefinition(type, taken, currency, now)
  const salePeriod = {
    ...(type.sale_starts ? { startDate: new Date(type.sale_starts).toISOString() } : {}),
    ...(type.sale_ends ? { endDate: new Date(type.sale_ends).toISOString() } : {}),
  }
  return {
    id: v1.id,
    eventId: v1.eventId,
    name: v1.name,
    description: v1.description,
    limited: true,
    initialLimit: type.quantity,
    actualLimit: v1.remaining,
    pricingMethod: v1.free
      ? { free: true }
      : { fixedPrice: { value: v1.price.amount, currency: v1.price.currency }, free: false },
    ...(Object.keys(salePeriod).length > 0 ? { salePeriod } : {}),
    saleStatus: v1.saleStatus,
    salesDetails: { unsoldCount: v1.remaining, soldOut: v1.soldOut },
    limitPerCheckout: v1.limitPerCheckout,
    createdDate: new Date(type.created_date).toISOString(),
  }
}

/**
 * A reservation as the Wix Events V3 client reads it (`ticketReservations.createTicketReservation`): its
 * id (what `eventsCheckout.reservationId` carries), when it lapses and its ticket lines (decision 078).
 */
export const TicketReservationV3Schema = z.object({
  id: z.string().describe('the reservation id: `eventsCheckout.reservationId`'),
  status: z.enum(['PENDING']).describe('held while the buyer pays'),
  expirationDate: z.string().describe('when the tickets go back on sale unless the order is placed'),
  tickets: z.array(
    z.object({
      eventId: z.string(),
      ticketDefinitionId: z.string(),
      quantity: z.number(),
    }),
  ),
})

export type WireTicketReservationV3 = z.output<typeof TicketReservationV3Schema>

/** The V3 wire form of a new reservation. */
export function toWireTicketReservationV3(reservation: TicketReservation): WireTicketReservationV3 {
  return {
    id: reservation.id,
    status: 'PENDING',
    expirationDate: reservation.heldUntil.toISOString(),
    tickets: reservation.lines.map(({ ticketType, quantity }) => ({
      eventId: reservation.event.id,
      ticketDefinitionId: ticketType.id,
      quantity,
    })),
  }
}
