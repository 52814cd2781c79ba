import type { Db } from '../db/db.ts'
import { eventInsert } from '../events/event-outbox.ts'
import { type MembershipGrant, membershipInsertPart } from './membership-store.ts'

/** A member's purchase of a plan through the hosted plan checkout: open until paid, then completed. */
export interface PlanPurchaseRow {
  id: string
  site_id: string
  plan_id: string
  member_id: string
  amount_minor: string
  currency: string
  post_flow_url: string | null
  status: 'OPEN' | 'COMPLETED'
  membership_id: string | null
  created_date: Date
  updated_date: Date
}

/** Stores an open purchase of a plan at its price now. */
export async function insertPlanPurchase(
  db: Db,
  purchase: {
    id: string
    siteId: string
    planId: string
    memberId: string
    amountMinor: number
    currency: string
    postFlowUrl: string | undefined
    now: Date
  },
): Promise<PlanPurchaseRow> {
  const [row] = await db.query<PlanPurchaseRow>(
    `insert into plan_purchases (id, site_id, plan_id, member_id, amount_minor, currency, post_flow_url, status,
       created_date, updated_date)
     values ($1, $2, $3, $4, $5, $6, $7, 'OPEN', $8, $8)
     returning *`,
    [
      purchase.id,
      purchase.siteId,
      purchase.planId,
      purchase.memberId,
      purchase.amountMinor,
      purchase.currency,
      purchase.postFlowUrl ?? null,
      purchase.now,
    ],
  )
  if (!row) throw new Error('storing a plan purchase answered no row')
  return row
}

/** The purchase with this id, if any. */
export async function findPlanPurchase(db: Db, id: string): Promise<PlanPurchaseRow | undefined> {
  const [row] = await db.query<PlanPurchaseRow>('select * from plan_purchases where id::text = $1', [id])
  return row
}

/**
 * Completes an open purchase in one statement: the purchase marked completed with its membership, the
 * membership granted and `membership.purchased` recorded, all only when the purchase was still open (the
 * shopper's return and the provider's notification may both come). Answers the purchase as it is now.
 */
export async function completePlanPurchase(
  db: Db,
  purchaseId: string,
  grant: MembershipGrant,
  now: Date,
): Promise<PlanPurchaseRow | undefined> {
  const params: unknown[] = [purchaseId, grant.id, now]
  const membership = membershipInsertPart(grant, params.length + 1, 'exists (select 1 from completed)')
  params.push(...membership.params)
  const event = eventInsert(
    {
      siteId: grant.siteId,
      type: 'membership.purchased',
      entityId: grant.id,
      payload: {
        membershipId: grant.id,
        planId: grant.planId,
        memberId: grant.memberId,
        planPurchaseId: purchaseId,
        name: grant.name,
      },
      identity: { identityType: 'MEMBER', memberId: grant.memberId },
    },
    now,
    params.length + 1,
    { from: 'granted_membership' },
  )
  params.push(...event.params)
  await db.query(
    `with completed as (
       update plan_purchases set status = 'COMPLETED', membership_id = $2, updated_date = $3
        where id = $1 and status = 'OPEN' returning id),
     ${membership.sql},
     purchase_event as (${event.sql})
     select 1`,
    params,
  )
  return findPlanPurchase(db, purchaseId)
}
