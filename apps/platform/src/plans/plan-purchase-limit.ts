import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { countCompletedPurchases } from './plan-purchase-store.ts'
import { mayBuyAgain } from './plan-rules.ts'
import type { PlanRow } from './plan-store.ts'

/** Why a member may not buy a plan again, in their words: once per member, or as many times as allowed. */
export function purchaseLimitWords(plan: Pick<PlanRow, 'name' | 'max_purchases_per_member'>): string {
  const limit = plan.max_purchases_per_member ?? 0
  return limit === 1
    ? `You already have ${plan.name}: it can be bought once per member`
    : `You bought ${plan.name} ${limit} times, as many times as one member may`
}

/** The refusal of a purchase past the plan's limit per member (409 `PLAN_PURCHASE_LIMIT_REACHED`). */
export function purchaseLimitReached(plan: Pick<PlanRow, 'id' | 'name' | 'max_purchases_per_member'>) {
  return new ApplicationError('PLAN_PURCHASE_LIMIT_REACHED', purchaseLimitWords(plan), {
    planId: plan.id,
    maxPurchasesPerMember: plan.max_purchases_per_member,
  })
}

/**
 * Whether the member may start buying the plan (decision 051): refused when they completed as many
 * purchases of it as its `max_purchases_per_member` allows (a free plan is once per member by default).
 * Every entry point that starts a purchase asks it: creating a `paidPlansCheckout` redirect session, the
 * hosted plan page (which then says so instead of offering the button) and its press. Completing a
 * purchase checks the same rule again under the plan's row lock, so two purchases at once cannot both
 * get a once-per-member plan.
 *
 * @throws ApplicationError PLAN_PURCHASE_LIMIT_REACHED (409).
 */
export async function assertMayBuyPlan(
  db: Db,
  plan: Pick<PlanRow, 'id' | 'name' | 'max_purchases_per_member'>,
  memberId: string,
): Promise<void> {
  if (plan.max_purchases_per_member === null) return
  if (!mayBuyAgain(plan, await countCompletedPurchases(db, plan.id, memberId)))
    throw purchaseLimitReached(plan)
}
