import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import type { Caller } from '../http/caller.ts'

/** The events of spec section 4 that the platform records. */
export type EventType =
  | 'cart.created'
  | 'cart.updated'
  | 'cart.deleted'
  | 'product.created'
  | 'product.changed'
  | 'product.deleted'
  | 'collection.created'
  | 'collection.changed'
  | 'collection.deleted'
  | 'product.variants_changed'
  | 'redirect_session.created'
  | 'order.created'
  | 'order.fulfilled'
  | 'order.canceled'
  | 'order.refunded'
  | 'order.paid'
  | 'membership.purchased'
  | 'membership.renewed'
  | 'membership.refunded'
  | 'booking.created'
  | 'booking.confirmed'
  | 'booking.canceled'
  | 'booking.rescheduled'

/** Who caused an event (spec WebhookIdentityType). */
export type EventIdentity =
  | { identityType: 'ANONYMOUS_VISITOR'; anonymousVisitorId: string }
  | { identityType: 'MEMBER'; memberId: string }
  | { identityType: 'APP'; appId: string }
  | { identityType: 'SITE_USER'; siteUserId: string }

export function identityOf(caller: Caller): EventIdentity {
  if (caller.kind === 'merchant' && caller.siteUserId)
    return { identityType: 'SITE_USER', siteUserId: caller.siteUserId }
  if (caller.kind === 'merchant') return { identityType: 'APP', appId: caller.apiKeyId }
  if (caller.kind === 'member') return { identityType: 'MEMBER', memberId: caller.subjectId }
  return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.subjectId }
}

/** An event as the outbox stores it. */
export interface OutboxEvent {
  siteId: string
  type: EventType
  entityId: string
  payload: unknown
  identity: EventIdentity
}

/**
 * The insert of one event, its parameters numbered from `$first`: for a statement that records the
 * event beside the change it describes (a data-modifying `with`), so both cost one round trip. With
 * `from`, the event is recorded once per row of that relation of the statement: not at all when the
 * change it describes did not happen.
 */
export function eventInsert(
  event: OutboxEvent,
  now: Date,
  first = 1,
  options: { from?: string } = {},
): { sql: string; params: unknown[] } {
  const params = [
    randomUUID(),
    event.siteId,
    event.type,
    event.entityId,
    JSON.stringify(event.payload),
    JSON.stringify(event.identity),
    now,
  ]
  const types = ['uuid', 'uuid', 'text', 'text', 'json', 'jsonb', 'timestamptz']
  const values = types.map((type, index) => `$${first + index}::${type}`).join(', ')
  return {
    sql: `insert into events (id, site_id, type, entity_id, payload, identity, created_date)
      select ${values}${options.from ? ` from ${options.from}` : ''}`,
    params,
  }
}

/**
 * Records an event in the outbox. Call it with the transaction that makes the change, so the event
 * exists exactly when the change does; delivery (webhooks) reads the outbox later.
 */
export async function recordEvent(tx: Db, event: OutboxEvent, now: Date): Promise<void> {
  const { sql, params } = eventInsert(event, now)
  await tx.query(sql, params)
}

/** An event that `caller` caused, in the caller's site, with the caller as its identity. */
export function callerEvent(
  caller: Caller,
  event: { type: EventType; entityId: string; payload: unknown },
): OutboxEvent {
  return { ...event, siteId: caller.siteId, identity: identityOf(caller) }
}

/** Records an event that `caller` caused, in the caller's site, with the caller as its identity. */
export function recordCallerEvent(
  tx: Db,
  caller: Caller,
  event: { type: EventType; entityId: string; payload: unknown },
  now: Date,
): Promise<void> {
  return recordEvent(tx, callerEvent(caller, event), now)
}
