/** The cookie that remembers, for the browser session, which of the member's plans pays which cart line. */
export const PLAN_CHOICE_COOKIE_NAME = 'aisle_plans'

/** The form intent of the cart page's plan choice. */
export const PLAN_CHOICE_INTENT = 'plans' as const

/** The plan chosen per cart line: line id to membership id. A line left out is paid normally. */
export type PlanChoice = Record<string, string>

/** A cart line a plan the member holds may pay: the plans offered for it and the one chosen. */
export interface CoveredLine {
  lineItemId: string
  plans: { membershipId: string; name: string; sessionsLeft?: number }[]
  /** The membership chosen for the line; undefined: pay normally. */
  chosen?: string
}

const ID = /^[0-9a-zA-Z-]{1,100}$/

/** Reads a plan choice from the cookie's value; anything unreadable is no choice (pay normally). */
export function parsePlanChoice(raw: string | undefined): PlanChoice {
  if (!raw) return {}
  try {
    const stored: unknown = JSON.parse(raw)
    if (typeof stored !== 'object' || stored === null) return {}
    return Object.fromEntries(
      Object.entries(stored)
        .filter(([line, plan]) => ID.test(line) && typeof plan === 'string' && ID.test(plan))
        .slice(0, 50),
    ) as PlanChoice
  } catch {
    return {}
  }
}

/** Reads the cart page's plan form: `plan.<line id>` names a membership, or is empty to pay normally. */
export function readPlanChoiceForm(form: FormData): PlanChoice {
  const choice: PlanChoice = {}
  for (const [name, value] of form.entries()) {
    if (!name.startsWith('plan.') || typeof value !== 'string') continue
    const line = name.slice('plan.'.length)
    if (ID.test(line) && ID.test(value)) choice[line] = value
  }
  return choice
}

/**
 * The choice as the SDK's estimate and checkout take it (`selectedMemberships`), for the lines still in
 * the cart; `memberships: []` when nothing is chosen, so no plan pays unasked.
 */
export function toSelectedMemberships(choice: PlanChoice, lineIds?: readonly string[]) {
  const byMembership = new Map<string, string[]>()
  for (const [line, membership] of Object.entries(choice)) {
    if (lineIds && !lineIds.includes(line)) continue
    byMembership.set(membership, [...(byMembership.get(membership) ?? []), line])
  }
  return {
    memberships: [...byMembership].map(([_id, lineItemIds]) => ({ _id, appId: 'aisle-plans', lineItemIds })),
  }
}

/** The lines the estimate offers plans for, with each plan's sessions left and the shopper's choice. */
export function toCoveredLines(
  eligible: readonly { _id?: string; name?: string; lineItemIds?: string[] }[] | undefined,
  sessionsLeft: ReadonlyMap<string, number | undefined>,
  choice: PlanChoice,
): CoveredLine[] {
  const lines = new Map<string, CoveredLine>()
  for (const membership of eligible ?? []) {
    if (!membership._id) continue
    for (const lineItemId of membership.lineItemIds ?? []) {
      const line = lines.get(lineItemId) ?? { lineItemId, plans: [] }
      const left = sessionsLeft.get(membership._id)
      line.plans.push({
        membershipId: membership._id,
        name: membership.name ?? 'Your plan',
        ...(left === undefined ? {} : { sessionsLeft: left }),
      })
      lines.set(lineItemId, line)
    }
  }
  return [...lines.values()].map((line) => {
    const chosen = choice[line.lineItemId]
    return line.plans.some((plan) => plan.membershipId === chosen) ? { ...line, chosen } : line
  })
}

/** The estimate's and the checkout's `selectedMemberships` option: none when nothing is chosen (no plan pays then). */
export function toPlanChoiceOptions(choice: PlanChoice) {
  return Object.keys(choice).length > 0 ? { selectedMemberships: toSelectedMemberships(choice) } : {}
}

/** The choice for the lines still in the cart: a line gone (an order placed, a line removed) drops out. */
export function planChoiceForLines(choice: PlanChoice, lineIds: readonly string[]): PlanChoice {
  return Object.fromEntries(Object.entries(choice).filter(([line]) => lineIds.includes(line)))
}

/** Whether the shopper chose a plan for any line. */
export function hasPlanChoice(choice: PlanChoice): boolean {
  return Object.keys(choice).length > 0
}
