import type { Db } from '../db/db.ts'
import { type EventIdentity, eventInsert, recordEvent } from '../events/event-outbox.ts'
import { type MembershipGrant, type MembershipRow, membershipInsertPart } from './membership-store.ts'
import { mayBuyAgain, type PlanDuration, renewalOf } from './plan-rules.ts'

/** How long an unpaid purchase stays open before it is closed as abandoned (decision 051). */
export const ABANDONED_PLAN_PURCHASE_MS = 60 * 60 * 1000

/**
 * A member's purchase of a plan through the hosted plan checkout: open until paid, then completed; failed
 * when its payment was declined or it was abandoned; refunded when the merchant gave the money back.
 */
export interface PlanPurchaseRow {
  id: string
  site_id: string
  plan_id: string
  member_id: string
  amount_minor: string
  currency: string
  post_flow_url: string | null
  status: 'OPEN' | 'COMPLETED' | 'FAILED' | 'REFUNDED'
  /** Why it failed: the provider's words, or that it was abandoned. */
  failure_reason: string | null
  membership_id: string | null
  created_date: Date
  updated_date: Date
}

/**
 * Stores an open purchase of a plan at its price now. The same statement closes the site's purchases left
 * open past {@link ABANDONED_PLAN_PURCHASE_MS} with no succeeded payment as FAILED (abandoned), so no
 * purchase stays open for ever (decision 051).
 */
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
    `with abandoned as (
       update plan_purchases q set status = 'FAILED', failure_reason = 'Abandoned: not paid within an hour',
         updated_date = $8
        where q.site_id = $2 and q.status = 'OPEN' and q.created_date < $9
          and not exists (select 1 from payments p where p.plan_purchase_id = q.id and p.status = 'SUCCEEDED'))
     insert into plan_purchases (id, site_id, plan_id, member_id, amount_minor, currency, post_flow_url, status,
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
      new Date(purchase.now.getTime() - ABANDONED_PLAN_PURCHASE_MS),
    ],
  )
  if (!row) throw new Error('storing a plan purchase answered no row')
  return row
}

/** How many purchases of a plan a member completed (refunded and failed ones do not count). */
export async function countCompletedPurchases(db: Db, planId: string, memberId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from plan_purchases
      where member_id::text = $2 and plan_id::text = $1 and status = 'COMPLETED'`,
    [planId, memberId],
  )
  return row?.n ?? 0
}

/** What a purchase refused at completion by the plan's limit per member says (decision 051). */
export const PURCHASE_LIMIT_FAILURE =
  'Refused: the member had bought the plan as many times as one member may'

/** The purchase with this id, if any. */
export async function findPlanPurchase(db: Db, id: string): Promise<PlanPurchaseRow | undefined> {
  const [row] = await db.query<PlanPurchaseRow>('select * from plan_purchases where id::text = $1', [id])
  return row
}

/** Closes an open purchase whose payment failed, with the provider's words; a closed one is left as it is. */
export async function failPlanPurchase(db: Db, purchaseId: string, reason: string, now: Date): Promise<void> {
  await db.query(
    `update plan_purchases set status = 'FAILED', failure_reason = $2, updated_date = $3
      where id = $1 and status = 'OPEN'`,
    [purchaseId, reason.slice(0, 500), now],
  )
}

/**
 * Completes a paid purchase in one transaction, once (the shopper's return and the provider's notification
 * may both come): the purchase is marked completed (from open, or from failed when the money came after
 * all), and the member gets the plan. When they hold a membership of the same plan that has neither
 * ended nor expired, it is renewed (decision 051: its expiry moved on by the plan's duration from the
 * current expiry, the plan's sessions added, `membership.renewed`); otherwise the granted one is stored
 * (`membership.purchased`). A purchase past the plan's limit per member (`mayBuyAgain`) is closed FAILED
 * ({@link PURCHASE_LIMIT_FAILURE}) and grants nothing: the plan's row is locked first, so purchases of
 * one plan complete one at a time and the second of two at once counts the first. Answers the purchase
 * as it is now.
 */
export async function completePlanPurchase(
  db: Db,
  purchaseId: string,
  grant: MembershipGrant,
  duration: PlanDuration,
  now: Date,
): Promise<PlanPurchaseRow | undefined> {
  await db.transaction(async (tx) => {
    // The lock is taken in a statement of its own: the count after it sees a purchase that completed
    // while this one waited (a statement's snapshot is taken when it starts).
    const [plan] = await tx.query<{ max_purchases_per_member: number | null }>(
      'select max_purchases_per_member from plans where id = $1 for update',
      [grant.planId],
    )
    const limited = plan !== undefined && plan.max_purchases_per_member !== null
    if (limited && !mayBuyAgain(plan, await countCompletedPurchases(tx, grant.planId, grant.memberId))) {
      await tx.query(
        `update plan_purchases set status = 'FAILED', failure_reason = $3, updated_date = $2
          where id = $1 and status in ('OPEN', 'FAILED')`,
        [purchaseId, now, PURCHASE_LIMIT_FAILURE],
      )
      return
    }
    const [claimed] = await tx.query<{ id: string }>(
      `update plan_purchases set status = 'COMPLETED', updated_date = $2
        where id = $1 and status in ('OPEN', 'FAILED') returning id`,
      [purchaseId, now],
    )
    if (!claimed) return
    const [held] = await tx.query<MembershipRow>(
      `select * from memberships
        where site_id = $1 and member_id = $2 and plan_id = $3 and ended_date is null
          and (expiration_date is null or expiration_date > $4)
        order by start_date desc, id limit 1 for update`,
      [grant.siteId, grant.memberId, grant.planId, now],
    )
    const identity = { identityType: 'MEMBER', memberId: grant.memberId } as const
    if (held) {
      const renewed = renewalOf(held, { sessions: grant.sessions, duration }, now)
      await tx.query(
        `update memberships set expiration_date = $2, sessions_total = $3, sessions_left = $4 where id = $1`,
        [held.id, renewed.expirationDate, renewed.sessionsTotal, renewed.sessionsLeft],
      )
      await tx.query('update plan_purchases set membership_id = $2 where id = $1', [purchaseId, held.id])
      await recordEvent(
        tx,
        {
          siteId: grant.siteId,
          type: 'membership.renewed',
          entityId: held.id,
          payload: {
            membershipId: held.id,
            planId: grant.planId,
            memberId: grant.memberId,
            planPurchaseId: purchaseId,
          },
          identity,
        },
        now,
      )
      return
    }
    const params: unknown[] = [purchaseId, grant.id]
    const membership = membershipInsertPart(grant, params.length + 1)
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
        identity,
      },
      now,
      params.length + 1,
      { from: 'granted_membership' },
    )
    params.push(...event.params)
    await tx.query(
      `with ${membership.sql},
       linked as (update plan_purchases set membership_id = $2 where id = $1 and exists (select 1 from granted_membership)),
       purchase_event as (${event.sql})
       select 1`,
      params,
    )
  })
  return findPlanPurchase(db, purchaseId)
}

/** A site's completed or refunded purchases of a plan, newest first, with their payment (the dashboard's list). */
export async function listPlanPurchases(
  db: Db,
  siteId: string,
  planId: string,
): Promise<
  (PlanPurchaseRow & {
    member_email: string | null
    payment_id: string | null
    refunded_minor: string | null
  })[]
> {
  return db.query(
    `select q.*, m.login_email as member_email, p.id as payment_id, p.refunded_minor
       from plan_purchases q
       left join members m on m.id = q.member_id
       left join payments p on p.plan_purchase_id = q.id and p.status = 'SUCCEEDED'
      where q.site_id = $1 and q.plan_id = $2 and q.status in ('COMPLETED', 'REFUNDED')
      order by q.created_date desc, q.id limit 200`,
    [siteId, planId],
  )
}

/** The succeeded payment of a purchase (a free plan's has none). */
export async function findPaidPaymentOfPurchase(
  db: Db,
  purchaseId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db.query<{ id: string }>(
    `select id from payments where plan_purchase_id = $1 and status = 'SUCCEEDED' limit 1`,
    [purchaseId],
  )
  return row
}

/**
 * Marks a completed purchase refunded and ends its membership, in one statement (decision 051): the
 * membership pays for nothing more; orders it paid keep their record. Records `membership.refunded` once.
 */
export async function endRefundedPurchase(
  db: Db,
  purchase: PlanPurchaseRow,
  identity: EventIdentity,
  now: Date,
): Promise<void> {
  const event = eventInsert(
    {
      siteId: purchase.site_id,
      type: 'membership.refunded',
      entityId: purchase.membership_id ?? purchase.id,
      payload: {
        membershipId: purchase.membership_id,
        planPurchaseId: purchase.id,
        memberId: purchase.member_id,
      },
      identity,
    },
    now,
    3,
    { from: 'refunded' },
  )
  await db.query(
    `with refunded as (
       update plan_purchases set status = 'REFUNDED', updated_date = $2 where id = $1 and status = 'COMPLETED'
       returning membership_id),
     ended as (
       update memberships set ended_date = $2
        where id = (select membership_id from refunded) and ended_date is null),
     refund_event as (${event.sql})
     select 1`,
    [purchase.id, now, ...event.params],
  )
}
