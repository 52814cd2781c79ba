import { bookingEvent } from '../bookings/booking-events.ts'
import { setBookingCheckout } from '../bookings/booking-store.ts'
import { holdSlot } from '../bookings/hold-slot.ts'
import { BOOKINGS_APP_ID } from '../carts/catalogue-app-id.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { CheckoutCallbacks } from '../checkout/checkout-store.ts'
import type { CheckoutDeps } from '../checkout/price-cart.ts'
import { openPurchaseCheckout } from '../checkout/purchase-checkout.ts'
import { recordEvent } from '../events/event-outbox.ts'
import type { Site } from '../sites/site-store.ts'

/** A bookings checkout: the checkout of the held slot's order, and what it comes to. */
export interface BookingCheckout {
  checkoutId: string
  bookingId: string
  totalMinor: number
  heldUntil: Date
}

/**
 * Holds a free slot of a service and opens the checkout that sells it, in one transaction (decision 065):
 * the slot is held (`holdSlot`), a cart of its own holds one line of the services catalogue (owned by
 * the booking, so the shopper's current cart is untouched; its quantity is the participants), and a checkout of that cart is the shopper's,
 * with their e-mail and name, priced by the one pricing of a cart. It is paid and placed like any
 * checkout (`startPayment`, `placeOrder`, which confirms the booking).
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND, SLOT_NOT_AVAILABLE (nothing is stored).
 */
export async function createBookingCheckout(
  deps: CheckoutDeps,
  request: {
    site: Site
    owner: { kind: 'visitor' | 'member'; id: string }
    serviceId: string
    start: Date
    /** The places it takes: 1 for an appointment (the default), up to a class's places left (decision 083). */
    participants?: number
    email: string
    contact: ContactDetails
    callbacks: CheckoutCallbacks
  },
): Promise<BookingCheckout> {
  const now = deps.clock()
  const { site } = request
  return deps.db.transaction(async (tx) => {
    const hold = await holdSlot(tx, {
      siteId: site.id,
      serviceId: request.serviceId,
      start: request.start,
      participants: request.participants,
      now,
    })
    const { checkoutId, totalMinor } = await openPurchaseCheckout(tx, deps, {
      site,
      purchaseId: hold.bookingId,
      lines: [
        {
          app_id: BOOKINGS_APP_ID,
          catalog_item_id: hold.service.id,
          variant_id: null,
          custom: null,
          service_properties: {
            bookingId: hold.bookingId,
            scheduledDate: hold.start.toISOString(),
            endDate: hold.end.toISOString(),
            timeZone: hold.timeZone,
            numberOfParticipants: hold.participants,
          },
          quantity: hold.participants,
        },
      ],
      owner: request.owner,
      email: request.email,
      contact: request.contact,
      callbacks: request.callbacks,
      now,
    })
    await setBookingCheckout(tx, hold.bookingId, checkoutId)
    await recordEvent(
      tx,
      bookingEvent(
        'booking.created',
        {
          siteId: site.id,
          id: hold.bookingId,
          serviceId: hold.service.id,
          start: hold.start,
          end: hold.end,
          timeZone: hold.timeZone,
          checkoutId,
        },
        request.owner.kind === 'member'
          ? { identityType: 'MEMBER', memberId: request.owner.id }
          : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: request.owner.id },
      ),
      now,
    )
    return {
      checkoutId,
      bookingId: hold.bookingId,
      totalMinor,
      heldUntil: hold.heldUntil,
    }
  })
}
