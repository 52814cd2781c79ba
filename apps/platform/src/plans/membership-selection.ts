import type { SelectedMembership } from '../carts/pricing/pricing-input.ts'
import { type CoverableLine, covers, type HeldMembership, PLANS_APP_ID } from './plan-rules.ts'

/** Why a shopper's choice of plans cannot be honoured. */
export type SelectionProblemReason =
  | 'NOT_HELD'
  | 'EXPIRED'
  | 'NOT_COVERED'
  | 'LINE_CHOSEN_TWICE'
  | 'NO_SESSIONS_LEFT'

/** The first thing wrong with a choice of plans: which membership, which line, why, in the buyer's words. */
export interface SelectionProblem {
  membershipId: string
  lineItemId: string | undefined
  reason: SelectionProblemReason
  message: string
}

/**
 * Checks a shopper's `selectedMemberships` against the memberships they hold and the cart's lines
 * (decision 051): every chosen membership must be one of theirs (of the platform's plans app; an ended one is
 * no longer held), not expired; every line it names must be a line of the cart it covers, chosen once; and it must have a
 * session for each line it is chosen for. Answers the first problem, or `undefined` when all is well.
 * Creating a checkout, saving the hosted page's choice and placing the order refuse on it.
 */
export function membershipSelectionProblem(
  selection: readonly SelectedMembership[],
  held: readonly HeldMembership[],
  lines: readonly CoverableLine[],
  now: Date,
): SelectionProblem | undefined {
  const chosenLines = new Set<string>()
  for (const choice of selection) {
    const membership = choice.appId === PLANS_APP_ID ? held.find((one) => one.id === choice.id) : undefined
    const problem = (reason: SelectionProblemReason, message: string, lineItemId?: string) => ({
      membershipId: choice.id,
      lineItemId,
      reason,
      message,
    })
    if (!membership) return problem('NOT_HELD', 'You do not hold the plan chosen to pay for an item')
    const name = `"${membership.name}"`
    if (membership.expirationDate && now.getTime() >= membership.expirationDate.getTime())
      return problem('EXPIRED', `Your plan ${name} has expired: the items it covered are now at full price`)
    for (const lineItemId of choice.lineItemIds) {
      const line = lines.find((one) => one.id === lineItemId)
      if (!line || !covers(membership, line))
        return problem(
          'NOT_COVERED',
          `Your plan ${name} does not cover an item it was chosen for`,
          lineItemId,
        )
      if (chosenLines.has(lineItemId))
        return problem('LINE_CHOSEN_TWICE', 'An item can be paid by one plan only', lineItemId)
      chosenLines.add(lineItemId)
    }
    const left = membership.sessionsLeft
    if (left !== null && choice.lineItemIds.length > left)
      return problem(
        'NO_SESSIONS_LEFT',
        left === 0
          ? `Your plan ${name} has no sessions left: the items it covered are now at full price`
          : `Your plan ${name} has ${left} session${left === 1 ? '' : 's'} left: choose it for at most ${left} item${left === 1 ? '' : 's'}`,
      )
  }
  return undefined
}
