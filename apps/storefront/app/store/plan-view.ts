import type { PublicPlan } from '@aisle/sdk'
import { formatPrice } from './money'

/** A plan on sale as the plans page shows it. */
export interface PlanView {
  id: string
  name: string
  description: string
  /** "$20.00", or "Free". */
  price: string
  /** "30 days", "1 month", or "No end". */
  duration: string
  /** "5 sessions", "1 session" or "Unlimited sessions". */
  sessions: string
  /** The button's word: "Buy", or "Get it free" for a plan that costs nothing. */
  action: string
}

/** The shop's plan in the shopper's words. */
export function toPlanView(plan: PublicPlan): PlanView {
  const amount = Number(plan.pricing.price.value)
  const period = plan.pricing.singlePaymentForDuration
  const unit = period?.unit === 'DAY' ? 'day' : 'month'
  return {
    id: plan._id,
    name: plan.name,
    description: plan.description,
    price: amount === 0 ? 'Free' : formatPrice(amount, plan.pricing.price.currency),
    duration: period ? `${period.count} ${unit}${period.count === 1 ? '' : 's'}` : 'No end',
    sessions:
      plan.sessions === undefined
        ? 'Unlimited sessions'
        : `${plan.sessions} session${plan.sessions === 1 ? '' : 's'}`,
    action: amount === 0 ? 'Get it free' : 'Buy',
  }
}
