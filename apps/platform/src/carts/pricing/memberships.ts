import type { Membership, PricedLine, SelectedMembership } from './pricing-input.ts'
import type { MembershipOptions } from './totals-estimate.ts'
import { toViolation, type Violation } from './violations.ts'

/** Whether a line may be paid with a membership: its payment option says so, or a plan the buyer holds covers it. */
export function isMembershipLine(line: PricedLine): boolean {
  return (
    line.paymentOption === 'MEMBERSHIP' ||
    line.paymentOption === 'MEMBERSHIP_OFFLINE' ||
    line.membershipOptional === true
  )
}

/** A membership paying for a line: which one, and how many of the line's units (one session each). */
export interface MembershipPayment {
  membershipId: string
  /** Units of the line it pays, from 1 to the line's quantity; the rest of the line is at its price. */
  quantity: number
}

/** Which membership pays for which line, and what the buyer is told. */
export interface MembershipResolution {
  options: MembershipOptions
  /** Line id to the membership that pays for (some of) its units. */
  paidBy: Map<string, MembershipPayment>
  violations: Violation[]
}

/**
 * Sorts the buyer's memberships for the cart's MEMBERSHIP and MEMBERSHIP_OFFLINE lines. A membership
 * is eligible when it names such a line and has not expired (`expirationDate` is exclusive); an
 * expired one that names such a line is listed as invalid with its expiration date. With the buyer's
 * selection, each named line goes to the named membership when it is eligible for it (a WARNING
 * otherwise); without one, each MEMBERSHIP or MEMBERSHIP_OFFLINE line takes the first eligible membership
 * that names it, and a `membershipOptional` line is paid in full (decision 051). A MEMBERSHIP
 * line that no membership pays for is an ERROR (it is priced in full meanwhile); a
 * MEMBERSHIP_OFFLINE line is then simply paid offline, and a `membershipOptional` line in full. Each
 * unit a membership pays uses one of its `sessionsLeft` (a line of 3 uses 3): a line gets as many units
 * as the sessions still free, the rest of it at its price (a MEMBERSHIP line not wholly paid is an ERROR);
 * a line for which no session is left is not paid (a WARNING when the selection named it). An unlimited
 * membership pays whole lines.
 */
export function resolveMemberships(
  lines: readonly PricedLine[],
  memberships: readonly Membership[],
  selected: readonly SelectedMembership[] | undefined,
  now: Date,
): MembershipResolution {
  const membershipLineIds = new Set(
    lines.filter((line) => isMembershipLine(line) && line.quantity > 0).map((line) => line.id),
  )
  const options: MembershipOptions = {
    eligibleMemberships: [],
    invalidMemberships: [],
    selectedMemberships: [],
  }
  const violations: Violation[] = []
  const eligible = new Map<string, { membership: Membership; lineItemIds: string[] }>()
  const keyOf = (membership: { id: string; appId: string }) => `${membership.appId}\u0000${membership.id}`

  for (const membership of memberships) {
    const lineItemIds = membership.lineItemIds.filter((id) => membershipLineIds.has(id))
    if (lineItemIds.length === 0) continue
    const isExpired =
      membership.expirationDate !== undefined && now.getTime() >= membership.expirationDate.getTime()
    if (isExpired) {
      options.invalidMemberships.push({
        membership: {
          id: membership.id,
          appId: membership.appId,
          name: membership.name,
          ...(membership.expirationDate ? { expirationDate: membership.expirationDate } : {}),
        },
        reason: 'EXPIRED',
      })
      continue
    }
    eligible.set(keyOf(membership), { membership, lineItemIds })
    options.eligibleMemberships.push({
      id: membership.id,
      appId: membership.appId,
      name: membership.name,
      lineItemIds,
    })
  }

  const quantityOf = new Map(lines.map((line) => [line.id, line.quantity]))
  const paidBy = new Map<string, MembershipPayment>()
  const assigned = new Map<string, { lineItemIds: string[]; sessions: number }>()
  const sessionsFree = (membership: Membership) =>
    membership.sessionsLeft === undefined
      ? Number.POSITIVE_INFINITY
      : membership.sessionsLeft - (assigned.get(keyOf(membership))?.sessions ?? 0)
  const hasSessionFor = (membership: Membership) => sessionsFree(membership) > 0
  const assign = (membership: Membership, lineId: string) => {
    const quantity = Math.min(quantityOf.get(lineId) ?? 0, sessionsFree(membership))
    paidBy.set(lineId, { membershipId: membership.id, quantity })
    const key = keyOf(membership)
    const before = assigned.get(key) ?? { lineItemIds: [], sessions: 0 }
    assigned.set(key, { lineItemIds: [...before.lineItemIds, lineId], sessions: before.sessions + quantity })
  }

  if (selected) {
    for (const choice of selected) {
      const candidate = eligible.get(keyOf(choice))
      for (const lineId of choice.lineItemIds) {
        if (
          candidate?.lineItemIds.includes(lineId) &&
          !paidBy.has(lineId) &&
          hasSessionFor(candidate.membership)
        ) {
          assign(candidate.membership, lineId)
        } else {
          violations.push(
            toViolation(
              'MEMBERSHIP_NOT_APPLICABLE',
              `Membership ${choice.id} cannot pay for this item`,
              lineId,
            ),
          )
        }
      }
    }
  } else {
    // Only a line that must be paid by a plan takes one unasked: a line sold for money that a plan may
    // pay is paid by it only when the buyer chooses so (decision 051).
    const unasked = new Set(
      lines
        .filter((line) => line.paymentOption === 'MEMBERSHIP' || line.paymentOption === 'MEMBERSHIP_OFFLINE')
        .map((line) => line.id),
    )
    for (const lineId of membershipLineIds) {
      if (!unasked.has(lineId)) continue
      const first = [...eligible.values()].find(
        (candidate) => candidate.lineItemIds.includes(lineId) && hasSessionFor(candidate.membership),
      )
      if (first) assign(first.membership, lineId)
    }
  }

  for (const line of lines) {
    if (line.paymentOption === 'MEMBERSHIP' && line.quantity > (paidBy.get(line.id)?.quantity ?? 0)) {
      violations.push(
        toViolation('MEMBERSHIP_REQUIRED', 'This item can only be paid with a membership', line.id),
      )
    }
  }
  options.selectedMemberships = [...eligible.entries()].flatMap(([key, { membership }]) => {
    const lineItemIds = assigned.get(key)?.lineItemIds
    return lineItemIds ? [{ id: membership.id, appId: membership.appId, lineItemIds }] : []
  })
  return { options, paidBy, violations }
}
