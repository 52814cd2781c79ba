import {
  type AisleClient,
  type events,
  isAisleError,
  type redirects,
  type TicketDefinition,
  type TicketedEvent,
} from '@aisle/sdk'
import { openRedirectSession } from '../platform/redirect-session.server'
import { toRouteError } from '../platform/route-error.server'
import {
  type ShopperError,
  toShopperError,
  toShopperErrorResponse,
  toShopperStatus,
} from '../platform/shopper-error'

type EventsClient = AisleClient<{ events: typeof events; redirects: typeof redirects }>

/** How many upcoming events the events page lists. */
const LISTED_EVENTS = 50

/**
 * The shop's upcoming published events, soonest first (the SDK's `queryEvents`).
 * @throws the SDK's error as a route error.
 */
export async function findUpcomingEvents(client: EventsClient): Promise<TicketedEvent[]> {
  try {
    const { events } = await client.events.queryEvents({
      filter: { status: 'UPCOMING' },
      paging: { limit: LISTED_EVENTS },
    })
    return events
  } catch (error) {
    throw toRouteError(error)
  }
}

/**
 * A published event by its slug, with its ticket types and what is left of each.
 * @throws 404 `EVENT_NOT_FOUND` for a slug no published event has; the SDK's error as a route error.
 */
export async function getEventBySlug(
  client: EventsClient,
  slug: string,
): Promise<{ event: TicketedEvent; definitions: TicketDefinition[] }> {
  try {
    const {
      events: [event],
    } = await client.events.queryEvents({ filter: { slug }, paging: { limit: 1 } })
    if (!event) throw toShopperErrorResponse(404, 'EVENT_NOT_FOUND')
    const { definitions } = await client.events.queryAvailableTickets({ filter: { eventId: event._id } })
    return { event, definitions }
  } catch (error) {
    throw toRouteError(error)
  }
}

/** The quantities a ticket form asks, by ticket type id (`ticket.<id>` fields). */
export type TicketQuantities = { ticketDefinitionId: string; quantity: number }[]

/** The most tickets of one type the form may ask; the platform holds each type to its own limit. */
const MOST_PER_TYPE = 50

/**
 * Reads the event page's form: a whole quantity from 0 to 50 per `ticket.<id>` field, the types asked at
 * least once. Answers shopper words when nothing is chosen or a quantity is not a number.
 */
export function readTicketQuantities(form: FormData): TicketQuantities | ShopperError {
  const asked: TicketQuantities = []
  for (const [name, value] of form) {
    if (!name.startsWith('ticket.')) continue
    const quantity = typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : Number.NaN
    if (!(quantity >= 0 && quantity <= MOST_PER_TYPE))
      return { title: 'Please check your tickets', message: 'Choose how many tickets of each kind you want.' }
    if (quantity > 0) asked.push({ ticketDefinitionId: name.slice('ticket.'.length), quantity })
  }
  if (asked.length === 0)
    return { title: 'Choose your tickets', message: 'Choose at least one ticket, then check out.' }
  return asked
}

export type TicketCheckoutStart = { ok: true; url: string } | ({ ok: false; status: number } & ShopperError)

/**
 * Reserves the chosen tickets (`createReservation`) and opens an `eventsCheckout` redirect session for
 * the reservation, whose callbacks bring the buyer back to this storefront: its thank-you page once the
 * order is placed, the event's page to leave the checkout. Answers the hosted event checkout's URL, or
 * shopper words when the platform refuses the tickets (sold out, over the per-order limit, closed).
 * When the platform refuses the callbacks (400: the storefront's origin is not registered for the client),
 * the event checkout still opens, ending on the platform's own pages.
 */
export async function startTicketCheckout(
  client: EventsClient,
  request: { event: Pick<TicketedEvent, '_id' | 'slug'>; tickets: TicketQuantities; origin: string },
): Promise<TicketCheckoutStart> {
  const { event, tickets, origin } = request
  try {
    const reservation = await client.events.createReservation({
      eventId: event._id,
      ticketQuantities: tickets,
    })
    const eventsCheckout = { reservationId: reservation._id, eventSlug: event.slug }
    const callbacks = {
      thankYouPageUrl: `${origin}/thank-you`,
      postFlowUrl: `${origin}/events/${encodeURIComponent(event.slug)}`,
    }
    const url = await openRedirectSession(client, { eventsCheckout }, callbacks)
    if (!url) return { ok: false, status: 502, ...toShopperError(500) }
    return { ok: true, url }
  } catch (error) {
    if (!isAisleError(error)) throw error
    return { ok: false, status: toShopperStatus(error), ...toShopperError(error.status, error.code) }
  }
}
