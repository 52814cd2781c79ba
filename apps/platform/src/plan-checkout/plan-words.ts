import { formatMoney } from '../money/money.ts'
import type { PlanRow } from '../plans/plan-store.ts'

/** "30 days", "1 month", "12 months", or "no end" for a plan without one. */
export function durationWords(plan: Pick<PlanRow, 'duration_unit' | 'duration_count'>): string {
  if (!plan.duration_unit || !plan.duration_count) return 'no end'
  const unit = plan.duration_unit === 'DAY' ? 'day' : 'month'
  return `${plan.duration_count} ${unit}${plan.duration_count === 1 ? '' : 's'}`
}

/** "5 sessions", "1 session" or "unlimited sessions". */
export function sessionWords(sessions: number | null): string {
  if (sessions === null) return 'unlimited sessions'
  return `${sessions} session${sessions === 1 ? '' : 's'}`
}

/** The plan's price in the shop's currency, or "Free". */
export function priceWords(plan: Pick<PlanRow, 'price_minor'>, currency: string, locale: string): string {
  const minor = Number(plan.price_minor)
  return minor === 0 ? 'Free' : formatMoney(minor, currency, locale)
}
