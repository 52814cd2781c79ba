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

/** What each event type tells, as a merchant reads it beside its name (decision 095). */
const webhookEventWords: Record<(typeof webhookEventTypes)[number], string> = {
  'cart.created': 'A cart is created',
  'cart.updated': 'A cart changes',
  'cart.deleted': 'A cart is deleted',
  'product.created': 'A product is created',
  'product.changed': 'A product changes',
  'product.deleted': 'A product is deleted',
  'collection.created': 'A collection is created',
  'collection.changed': 'A collection changes',
  'collection.deleted': 'A collection is deleted',
  'product.variants_changed': 'A product’s variants change',
  'redirect_session.created': 'A shopper is sent to a hosted page',
  'order.created': 'An order is placed',
  'order.paid': 'An order is paid in full',
  'order.fulfilled': 'An order is shipped',
  'order.canceled': 'An order is canceled',
  'order.refunded': 'An order is refunded',
  'membership.purchased': 'A plan is bought',
  'membership.renewed': 'A plan is renewed',
  'membership.refunded': 'A plan is refunded',
  'booking.created': 'A booking is made',
  'booking.confirmed': 'A booking is confirmed',
  'booking.canceled': 'A booking is canceled',
  'booking.rescheduled': 'A booking is moved',
}

/** The sentence an event type stands for ("An order is placed"); the type itself for one the list lacks. */
export function webhookEventText(eventType: string): string {
  return (webhookEventWords as Record<string, string>)[eventType] ?? eventType
}
