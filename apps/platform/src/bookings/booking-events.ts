import type { EventIdentity, OutboxEvent } from '../events/event-outbox.ts'

/** What a booking's webhooks carry (decision 069): the one payload of created, confirmed and canceled. */
export interface BookingEventPayload {
  bookingId: string
  serviceId: string
  /** `CREATED` while the slot is held for payment, then `CONFIRMED`, or `CANCELED`. */
  status: 'CREATED' | 'CONFIRMED' | 'CANCELED'
  startDate: string
  endDate: string
  /** The shop's zone, in which the slot was offered. */
  timeZone: string
  orderId?: string | undefined
  checkoutId?: string | undefined
}

const statusOf = {
  'booking.created': 'CREATED',
  'booking.confirmed': 'CONFIRMED',
  'booking.canceled': 'CANCELED',
  'booking.rescheduled': 'CONFIRMED',
} as const

/** A booking's event for the outbox, recorded in the transaction of the change it tells of. */
export function bookingEvent(
  type: keyof typeof statusOf,
  booking: {
    siteId: string
    id: string
    serviceId: string
    start: Date
    end: Date
    timeZone: string
    orderId?: string | undefined
    checkoutId?: string | undefined
  },
  identity: EventIdentity,
): OutboxEvent {
  const payload: BookingEventPayload = {
    bookingId: booking.id,
    serviceId: booking.serviceId,
    status: statusOf[type],
    startDate: booking.start.toISOString(),
    endDate: booking.end.toISOString(),
    timeZone: booking.timeZone,
    orderId: booking.orderId,
    checkoutId: booking.checkoutId,
  }
  return { siteId: booking.siteId, type, entityId: booking.id, payload, identity }
}
