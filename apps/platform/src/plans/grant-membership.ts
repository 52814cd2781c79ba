import { randomUUID } from 'node:crypto'
import type { MembershipGrant } from './membership-store.ts'
import { expirationOf } from './plan-rules.ts'
import { durationOf, type PlanRow } from './plan-store.ts'

/**
 * The membership a member gets for a plan bought at `now`: the plan's name and cover as they are now,
 * its sessions (or unlimited), starting now and ending after the plan's duration (or never).
 */
export function membershipGrantOf(
  plan: PlanRow,
  buyer: { memberId: string; currency: string; now: Date },
): MembershipGrant {
  return {
    id: randomUUID(),
    siteId: plan.site_id,
    planId: plan.id,
    memberId: buyer.memberId,
    name: plan.name,
    productIds: plan.product_ids,
    collectionIds: plan.collection_ids,
    serviceIds: plan.service_ids,
    sessions: plan.sessions,
    startDate: buyer.now,
    expirationDate: expirationOf(durationOf(plan), buyer.now),
    priceMinor: Number(plan.price_minor),
    currency: buyer.currency,
  }
}
