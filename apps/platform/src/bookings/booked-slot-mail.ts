import { slotWhenText } from '../carts/cart-wire.ts'
import type { MailAttachment } from '../mail/mail-outbox.ts'
import type { MailBookedSlot } from '../orders/order-mails.ts'
import { calendarFile } from './booking-ics.ts'
import { type BookingPayment, bookingPaymentWords } from './booking-payment-words.ts'

/**
 * The signed link to a booking's reschedule page (decision 084): the cancel link's signature opens both, as
 * the mail's key to the booking, so every mail and page that has one has the other.
 */
export function bookingRescheduleUrlOf(cancelUrl: string): string {
  return cancelUrl.replace('/_bookings/cancel/', '/_bookings/reschedule/')
}

/**
 * What a confirmed booking gives its mails: its words (with how it is paid, when `payment` is given:
 * decision 093) and its `.ics` calendar file.
 */
export function bookedSlotForMail(
  booking: {
    id: string
    serviceName: string
    location: string
    start: Date
    end: Date
    timeZone: string
    cancelUrl?: string | undefined
    payment?: BookingPayment | undefined
  },
  shop: { name: string; locale: string },
  now: Date,
): { slot: MailBookedSlot; file: MailAttachment } {
  const when = slotWhenText(
    {
      scheduledDate: booking.start.toISOString(),
      endDate: booking.end.toISOString(),
      timeZone: booking.timeZone,
    },
    shop.locale,
  )
  return {
    slot: {
      name: booking.serviceName,
      when,
      location: booking.location,
      cancelUrl: booking.cancelUrl,
      rescheduleUrl: booking.cancelUrl && bookingRescheduleUrlOf(booking.cancelUrl),
      payment: booking.payment && bookingPaymentWords(booking.payment, shop.locale),
    },
    file: {
      filename: 'booking.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: calendarFile({
        uid: `${booking.id}@bookings.aisle`,
        stamp: now,
        start: booking.start,
        end: booking.end,
        summary: `${booking.serviceName} · ${shop.name}`,
        description: booking.cancelUrl
          ? `Booked with ${shop.name}. To cancel: ${booking.cancelUrl}`
          : `Booked with ${shop.name}.`,
        location: booking.location || undefined,
        url: booking.cancelUrl,
      }),
    },
  }
}
