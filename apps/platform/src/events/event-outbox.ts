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

/**
 * Records an event in the outbox. Call it with the transaction that makes the change, so the event
 * exists exactly when the change does; delivery (webhooks) reads the outbox later.
 */
export async function recordEvent(
  tx: Db,
  event: { siteId: string; type: EventType; entityId: string; payload: unknown; identity: EventIdentity },
  now: Date,
): Promise<void> {
  await tx.query(
    'insert into events (id, site_id, type, entity_id, payload, identity, created_date) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      randomUUID(),
      event.siteId,
      event.type,
      event.entityId,
      JSON.stringify(event.payload),
      JSON.stringify(event.identity),
      now,
    ],
  )
}

/** Records an event that `caller` caused, in the caller's site, with the caller as its identity. */
export function recordCallerEvent(
  tx: Db,
  caller: Caller,
  event: { type: EventType; entityId: string; payload: unknown },
  now: Date,
): Promise<void> {
  return recordEvent(tx, { ...event, siteId: caller.siteId, identity: identityOf(caller) }, now)
}
