import { bookingEvent } from '../bookings/booking-events.ts'
import { setBookingCheckout } from '../bookings/booking-store.ts'
import { holdSlot } from '../bookings/hold-slot.ts'
import { paymentOptionsOf, unitPriceOf } from '../bookings/sold-services.ts'
import type { BookingPaymentOption } from '../carts/cart-store.ts'
import { BOOKINGS_APP_ID } from '../carts/catalogue-app-id.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { CheckoutCallbacks } from '../checkout/checkout-store.ts'
import type { CheckoutDeps } from '../checkout/price-cart.ts'
import { openPurchaseCheckout } from '../checkout/purchase-checkout.ts'
import { recordEvent } from '../events/event-outbox.ts'
import { ApplicationError } from '../http/errors.ts'
import type { Site } from '../sites/site-store.ts'

/** A bookings checkout: the checkout of the held slot's order, and what it comes to. */
export interface BookingCheckout {
  checkoutId: string
  bookingId: string
  totalMinor: number
  /** What is paid now, online: the total, or the deposit of a booking paid by deposit (decision 092). */
  payNowMinor: number
  heldUntil: Date
  /** How it is paid, as the shopper chose and the service allows. */
  paymentOption: BookingPaymentOption
}

/**
 * Holds a free slot of a service and opens the checkout that sells it, in one transaction (decision 065):
 * the slot is held (`holdSlot`), a cart of its own holds one line of the services catalogue (owned by
 * the booking, so the shopper's current cart is untouched; its quantity is the participants), and a checkout of that cart is the shopper's,
 * with their e-mail and name, priced by the one pricing of a cart. It is paid and placed like any
 * checkout (`startPayment`, `placeOrder`, which confirms the booking).
 *
 * How it is paid is the shopper's choice among the service's (decision 085), checked here whatever page
 * asked: in full online, a deposit online and the rest in person (decision 092: the checkout's pay-now is
 * the deposit), in person (the order is placed unpaid), or with a membership of a plan that
 * covers the service, which the checkout's pricing must find paying the whole booking (a member's,
 * not expired, with a session left); the session itself is used when the order is placed, in the
 * transaction that confirms the booking.
 *
 * @throws {ApplicationError} SERVICE_NOT_FOUND, SLOT_NOT_AVAILABLE, PAYMENT_OPTION_NOT_OFFERED,
 *   MEMBERSHIP_NOT_APPLICABLE (nothing is stored).
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
    /** How the shopper pays; in full online when left out. */
    paymentOption?: BookingPaymentOption | undefined
    /** With MEMBERSHIP, the member's membership that pays (else the first that may). */
    membershipId?: string | undefined
  },
): Promise<BookingCheckout> {
  const paymentOption = request.paymentOption ?? 'FULL_PAYMENT_ONLINE'
  if (paymentOption === 'MEMBERSHIP' && request.owner.kind !== 'member')
    throw new ApplicationError('MEMBERSHIP_NOT_APPLICABLE', 'Sign in to use your plan', {})
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
    // A free service has nothing to pay online: taking it "in full online" is taking it for nothing.
    const isFree = unitPriceOf(hold.service) === 0
    if (
      !(isFree && paymentOption === 'FULL_PAYMENT_ONLINE') &&
      !paymentOptionsOf(hold.service).includes(paymentOption)
    )
      throw new ApplicationError(
        'PAYMENT_OPTION_NOT_OFFERED',
        `${hold.service.name} cannot be paid that way: choose another`,
        { paymentOption },
      )
    const { checkoutId, totalMinor, payNowMinor } = await openPurchaseCheckout(tx, deps, {
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
            ...(paymentOption === 'FULL_PAYMENT_ONLINE' ? {} : { paymentOption }),
          },
          quantity: hold.participants,
        },
      ],
      owner: request.owner,
      email: request.email,
      contact: request.contact,
      callbacks: request.callbacks,
      now,
      membershipId: paymentOption === 'MEMBERSHIP' ? request.membershipId : undefined,
    })
    // A plan pays the whole booking or the shopper chooses another way: the pricing is the judge.
    if (paymentOption === 'MEMBERSHIP' && totalMinor !== 0)
      throw new ApplicationError(
        'MEMBERSHIP_NOT_APPLICABLE',
        `None of your plans can pay for ${hold.service.name} now: choose another way to pay`,
        {},
      )
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
      payNowMinor,
      heldUntil: hold.heldUntil,
      paymentOption,
    }
  })
}
