import { slotWhenText } from '../carts/cart-wire.ts'

/** When a booking is, in words of its calendar's zone (`slotWhenText`, the one way a slot is written). */
export function bookingWhenText(
  booking: { start_date: Date; end_date: Date; time_zone: string },
  locale: string,
): string {
  return slotWhenText(
    {
      scheduledDate: new Date(booking.start_date).toISOString(),
      endDate: new Date(booking.end_date).toISOString(),
      timeZone: booking.time_zone,
    },
    locale,
  )
}

/** The last instant the shopper may cancel a booking themselves: its start less the service's notice. */
export function cancelDeadlineOf(booking: { start_date: Date; cancel_notice_minutes: number }): Date {
  return new Date(new Date(booking.start_date).getTime() - booking.cancel_notice_minutes * 60_000)
}

/**
 * Whether the shopper may cancel a booking now, by the service's policy (decision 069): a confirmed
 * booking, before its cancel deadline.
 */
export function mayShopperCancel(
  booking: { status: string; start_date: Date; cancel_notice_minutes: number },
  now: Date,
): boolean {
  return booking.status === 'CONFIRMED' && now < cancelDeadlineOf(booking)
}
