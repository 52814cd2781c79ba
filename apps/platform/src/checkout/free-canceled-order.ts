import { cancelBookingsOfOrder } from '../bookings/cancel-booking.ts'
import type { OrderCanceled } from '../orders/order-actions.ts'
import { cancelTicketsOfOrder } from '../ticketed-events/ticketed-event-store.ts'

/**
 * The order desk's cancel hook (decision 101): what placing the order confirmed of its lines' catalogues is
 * undone in the cancel's transaction. Its still-confirmed bookings are cancelled as `cancelBooking` cancels
 * one (their times free again, a plan's session back once, `booking.canceled`; one cancelled before is
 * skipped), and every ticket of the order is void, so the door refuses it and its seat is free.
 */
export const freeCanceledOrder: OrderCanceled = async (tx, canceled, now) => {
  await cancelBookingsOfOrder(tx, canceled, now)
  await cancelTicketsOfOrder(tx, canceled.orderId, { all: true, lines: [] }, now)
}
