/** Whether a membership pays now: ACTIVE does, EXPIRED is past its expiration date, USED_UP has no session left. */
export type MembershipStatus = 'ACTIVE' | 'EXPIRED' | 'USED_UP'

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
