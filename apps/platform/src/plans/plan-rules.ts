import type { Membership } from '../carts/pricing/pricing-input.ts'

/** The app id the estimate answers for memberships of the platform's own plans (decision 046). */
export const PLANS_APP_ID = 'aisle-plans'

/** How long a membership of a plan lasts: a number of days or months, or for ever (`undefined`). */
export type PlanDuration = { unit: 'DAY' | 'MONTH'; count: number } | undefined

/** A membership as the pricing needs it: what it covers, its sessions and its expiry. */
export interface HeldMembership {
  id: string
  name: string
  productIds: readonly string[]
  collectionIds: readonly string[]
  /** The services it covers: one session pays one booking (decision 085). */
  serviceIds: readonly string[]
  /** Unlimited when `null`. */
  sessionsLeft: number | null
  /** Never expires when `null`. */
  expirationDate: Date | null
}

/** A cart line as coverage sees it: its product and the collections the product is in, or its service. */
export interface CoverableLine {
  id: string
  catalogItemId: string | undefined
  collectionIds: readonly string[]
  /** A booked slot of the services catalogue: `catalogItemId` is the service (decision 085). */
  isService?: boolean | undefined
}

/**
 * When a membership that starts at `start` ends (exclusive), or `undefined` for a plan without end. A
 * month past the 31st ends on the last day of the shorter month (31 January + 1 month = 28 or 29 February).
 */
export function expirationOf(duration: PlanDuration, start: Date): Date | undefined {
  if (!duration) return undefined
  if (duration.unit === 'DAY') return new Date(start.getTime() + duration.count * 86_400_000)
  const end = new Date(start.getTime())
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + duration.count)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

/**
 * Whether a membership covers a line: its product is named, or one of the product's collections is; a
 * booked slot's service is named.
 */
export function covers(
  membership: Pick<HeldMembership, 'productIds' | 'collectionIds' | 'serviceIds'>,
  line: CoverableLine,
) {
  if (!line.catalogItemId) return false
  if (line.isService) return membership.serviceIds.includes(line.catalogItemId)
  return (
    membership.productIds.includes(line.catalogItemId) ||
    line.collectionIds.some((id) => membership.collectionIds.includes(id))
  )
}

/**
 * The buyer's memberships as the pricing engine reads them, each naming the lines it covers. A
 * membership with no session left is left out (it can pay for nothing and is not offered); an expired
 * one stays, so the estimate lists it as invalid with its expiration date.
 */
export function membershipsForLines(
  held: readonly HeldMembership[],
  lines: readonly CoverableLine[],
): Membership[] {
  return held.flatMap((membership) => {
    if (membership.sessionsLeft === 0) return []
    const lineItemIds = lines.filter((line) => covers(membership, line)).map((line) => line.id)
    if (lineItemIds.length === 0) return []
    return [
      {
        id: membership.id,
        appId: PLANS_APP_ID,
        name: membership.name,
        lineItemIds,
        ...(membership.expirationDate ? { expirationDate: membership.expirationDate } : {}),
        ...(membership.sessionsLeft === null ? {} : { sessionsLeft: membership.sessionsLeft }),
      },
    ]
  })
}

/**
 * Why a held membership that covers one of the lines cannot pay now, in words for the buyer; `undefined`
 * when every covering membership can (placing an order names it when the total moved because of it).
 */
export function unusableMembershipReason(
  held: readonly HeldMembership[],
  lines: readonly CoverableLine[],
  now: Date,
): string | undefined {
  for (const membership of held) {
    if (!lines.some((line) => covers(membership, line))) continue
    if (membership.expirationDate && now.getTime() >= membership.expirationDate.getTime())
      return `Your plan "${membership.name}" has expired: the items it covered are now at full price`
    if (membership.sessionsLeft === 0)
      return `Your plan "${membership.name}" has no sessions left: the items it covered are now at full price`
  }
  return undefined
}

/**
 * A held membership renewed by buying its plan again (decision 051): its expiry moves on by the plan's
 * duration from the current expiry (a membership without end keeps none; one of a plan that now has no
 * end gets none), and the plan's sessions are added to its total and to what is left (unlimited when
 * either is).
 */
export function renewalOf(
  held: { expiration_date: Date | null; sessions_total: number | null; sessions_left: number | null },
  plan: { sessions: number | null; duration: PlanDuration },
  now: Date,
): { expirationDate: Date | null; sessionsTotal: number | null; sessionsLeft: number | null } {
  const expirationDate =
    held.expiration_date === null || !plan.duration
      ? null
      : (expirationOf(plan.duration, new Date(Math.max(held.expiration_date.getTime(), now.getTime()))) ??
        null)
  const unlimited = held.sessions_total === null || plan.sessions === null
  return {
    expirationDate,
    sessionsTotal: unlimited ? null : (held.sessions_total ?? 0) + (plan.sessions ?? 0),
    sessionsLeft: unlimited ? null : (held.sessions_left ?? 0) + (plan.sessions ?? 0),
  }
}

/**
 * How many times one member may buy a plan when the merchant did not say (decision 051): a free plan
 * once, a plan with a price without limit (each purchase renews the membership).
 */
export function defaultPurchaseLimit(priceMinor: number): number | null {
  return priceMinor === 0 ? 1 : null
}

/** Whether a member who completed `purchases` purchases of a plan may buy it again. */
export function mayBuyAgain(plan: { max_purchases_per_member: number | null }, purchases: number): boolean {
  return plan.max_purchases_per_member === null || purchases < plan.max_purchases_per_member
}

/**
 * The held memberships that may pay a booking of a service now (decision 085): they cover it, have not
 * expired and have a session left (or unlimited ones). The bookings checkout offers these; the pricing
 * decides again when the booking is priced and placed.
 */
export function membershipsForService(
  held: readonly HeldMembership[],
  serviceId: string,
  now: Date,
): HeldMembership[] {
  const line: CoverableLine = { id: serviceId, catalogItemId: serviceId, collectionIds: [], isService: true }
  return held.filter(
    (membership) =>
      covers(membership, line) &&
      membership.sessionsLeft !== 0 &&
      (membership.expirationDate === null || now.getTime() < membership.expirationDate.getTime()),
  )
}
