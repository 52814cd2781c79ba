/**
 * Whether a membership pays now: ACTIVE does, EXPIRED is past its expiration date, USED_UP has no session
 * left, ENDED was ended before its time (its purchase refunded).
 */
export type MembershipStatus = 'ACTIVE' | 'EXPIRED' | 'USED_UP' | 'ENDED'

/** A plan the member bought (`GET /ecom/v1/memberships/my`): what it covers, its sessions and expiry. */
export interface Membership {
  /** What an estimate's `selectedMemberships[]._id` names. */
  _id: string
  planId: string
  /** The plan's name when it was bought. */
  name: string
  /** The products it covers. */
  productIds: string[]
  /** The collections whose products it covers. */
  collectionIds: string[]
  /** How many sessions it came with; absent for unlimited sessions. */
  sessionsTotal?: number
  /** How many are left (each cart line it pays for uses one); absent for unlimited sessions. */
  sessionsLeft?: number
  /** ISO-8601 date-time it was bought. */
  startDate: string
  /** ISO-8601 date-time it stops paying; absent when it never expires. */
  expirationDate?: string
  status: MembershipStatus
}

/** Answer of `listMyMemberships`: the member's memberships, newest first (none for a visitor). */
export interface ListMyMembershipsResponse {
  memberships: Membership[]
}

/** A plan the shop sells (`GET /ecom/v1/plans/public`), shaped like a Wix Pricing Plans public plan. */
export interface PublicPlan {
  /** What a `paidPlansCheckout` redirect session names as `planId`. */
  _id: string
  name: string
  description: string
  pricing: {
    /** One payment: `value` a decimal string ("0" for a free plan) in the shop's currency. */
    price: { value: string; currency: string }
    /** How long a membership of it lasts; absent when it never ends. */
    singlePaymentForDuration?: { count: number; unit: 'DAY' | 'MONTH' }
    /** True when a membership of it never ends. */
    singlePaymentUnlimited?: boolean
  }
  /** How many cart lines a membership of it pays for; absent for unlimited sessions. */
  sessions?: number
  /** The products it covers. */
  productIds: string[]
  /** The collections whose products it covers. */
  collectionIds: string[]
}

/** Answer of `listPublicPlans`: the plans on sale, oldest first. */
export interface ListPublicPlansResponse {
  plans: PublicPlan[]
}
