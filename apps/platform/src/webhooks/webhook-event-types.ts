import type { EventType } from '../events/event-outbox.ts'

/** Every event type an endpoint may subscribe to: the outbox's `EventType`, as data. */
export const webhookEventTypes = [
  'cart.created',
  'cart.updated',
  'cart.deleted',
  'product.created',
  'product.changed',
  'product.deleted',
  'collection.created',
  'collection.changed',
  'collection.deleted',
  'product.variants_changed',
  'redirect_session.created',
  'order.created',
  'order.fulfilled',
  'order.canceled',
  'order.refunded',
  'order.paid',
  'membership.purchased',
  'membership.renewed',
  'membership.refunded',
  'booking.created',
  'booking.confirmed',
  'booking.canceled',
  'booking.rescheduled',
] as const satisfies readonly EventType[]

// Fails to compile when the outbox gains an event type this list lacks.
const isExhaustive: Exclude<EventType, (typeof webhookEventTypes)[number]> extends never ? true : false = true
void isExhaustive
