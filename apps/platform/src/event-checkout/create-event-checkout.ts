import type { ContactDetails } from '../carts/contact-info.ts'
import type { CheckoutCallbacks } from '../checkout/checkout-store.ts'
import type { CheckoutDeps } from '../checkout/price-cart.ts'
import { openPurchaseCheckout, type PurchaseLine } from '../checkout/purchase-checkout.ts'
import { ApplicationError } from '../http/errors.ts'
import type { Site } from '../sites/site-store.ts'
import {
  EVENTS_APP_ID,
  findReservation,
  findTicketedEvent,
  findTicketsOfReservations,
  setAttendees,
  setReservationCheckout,
} from '../ticketed-events/ticketed-event-store.ts'

/** An event checkout: the checkout of the reservation's order, and what it comes to. */
export interface EventCheckout {
  checkoutId: string
  reservationId: string
  totalMinor: number
}

/** Who a ticket is for, by the ticket's id. */
export interface Attendee {
  ticketId: string
  name: string
  email: string
}

/**
 * Opens the checkout that sells a live reservation, in one transaction (decision 070): a cart of its own
 * (owned by the reservation, so the buyer's current cart is untouched) holds one line of the tickets
 * catalogue per ticket type, a checkout of that cart is the buyer's with their e-mail, name and the
 * session's callbacks, priced by the one pricing of a cart, and each ticket is named for its attendee.
 * It is paid and placed like any checkout (`startPayment`, `placeOrder`, which confirms the reservation).
 *
 * @throws {ApplicationError} RESERVATION_NOT_FOUND; RESERVATION_NOT_OPEN when its hold lapsed or it was
 * paid (nothing is stored).
 */
export async function createEventCheckout(
  deps: CheckoutDeps,
  request: {
    site: Site
    owner: { kind: 'visitor' | 'member'; id: string }
    reservationId: string
    email: string
    contact: ContactDetails
    attendees: readonly Attendee[]
    callbacks: CheckoutCallbacks
  },
): Promise<EventCheckout> {
  const now = deps.clock()
  const { site } = request
  return deps.db.transaction(async (tx) => {
    const reservation = await findReservation(tx, site.id, request.reservationId, { lock: true })
    if (!reservation)
      throw new ApplicationError('RESERVATION_NOT_FOUND', 'There is no such reservation', {
        reservationId: request.reservationId,
      })
    if (reservation.status !== 'HELD' || !reservation.held_until || reservation.held_until <= now)
      throw new ApplicationError(
        'RESERVATION_NOT_OPEN',
        reservation.status === 'CONFIRMED'
          ? 'These tickets are paid for already'
          : 'Your reservation has expired and its tickets were released: choose your tickets again',
        { reservationId: reservation.id },
      )
    const event = await findTicketedEvent(tx, site.id, { id: reservation.event_id })
    if (!event) throw new ApplicationError('RESERVATION_NOT_FOUND', 'There is no such reservation', {})
    const tickets = await findTicketsOfReservations(tx, [reservation.id])
    const quantities = new Map<string, number>()
    for (const ticket of tickets)
      quantities.set(ticket.ticket_type_id, (quantities.get(ticket.ticket_type_id) ?? 0) + 1)
    const lines = [...quantities].map(
      ([ticketTypeId, quantity]): PurchaseLine => ({
        app_id: EVENTS_APP_ID,
        catalog_item_id: ticketTypeId,
        variant_id: null,
        custom: null,
        service_properties: null,
        ticket_properties: {
          reservationId: reservation.id,
          eventId: event.id,
          eventTitle: event.title,
          startDate: new Date(event.start_date).toISOString(),
          endDate: new Date(event.end_date).toISOString(),
          timeZone: event.time_zone,
        },
        quantity,
      }),
    )
    const { checkoutId, totalMinor } = await openPurchaseCheckout(tx, deps, {
      site,
      purchaseId: reservation.id,
      lines,
      owner: request.owner,
      email: request.email,
      contact: request.contact,
      callbacks: request.callbacks,
      now,
    })
    await setReservationCheckout(tx, reservation.id, checkoutId)
    await setAttendees(tx, reservation.id, request.attendees)
    return { checkoutId, reservationId: reservation.id, totalMinor }
  })
}
