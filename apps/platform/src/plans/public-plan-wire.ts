import { z } from 'zod'
import { toDecimalString } from '../money/money.ts'
import type { PlanRow } from './plan-store.ts'

/**
 * A plan as any shopper may read it (decision 051), shaped like Wix Pricing Plans' public plan
 * (`pricing.price`, `singlePaymentForDuration` or `singlePaymentUnlimited`) with what Aisle's plans add:
 * the sessions and the cover.
 */
export const PublicPlanSchema = z.object({
  id: z.string().describe('the plan id: what a `paidPlansCheckout` redirect session names as `planId`'),
  name: z.string(),
  description: z.string(),
  pricing: z.object({
    price: z
      .object({ value: z.string().describe('a decimal string, "0" for a free plan'), currency: z.string() })
      .describe("one payment in the shop's currency"),
    singlePaymentForDuration: z
      .object({ count: z.number(), unit: z.enum(['DAY', 'MONTH']) })
      .optional()
      .describe('how long a membership of it lasts; absent when it never ends'),
    singlePaymentUnlimited: z.boolean().optional().describe('true when a membership of it never ends'),
  }),
  sessions: z.number().optional().describe('how many cart lines it pays for; absent for unlimited sessions'),
  productIds: z.array(z.string()).describe('the products it covers'),
  collectionIds: z.array(z.string()).describe('the collections whose products it covers'),
})

/** A public plan as the wire shows it. */
export type WirePublicPlan = z.output<typeof PublicPlanSchema>

/** The wire form of a plan the shop offers. */
export function toWirePublicPlan(plan: PlanRow, currency: string): WirePublicPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    pricing: {
      price: { value: toDecimalString(Number(plan.price_minor), currency), currency },
      ...(plan.duration_unit && plan.duration_count
        ? { singlePaymentForDuration: { count: plan.duration_count, unit: plan.duration_unit } }
        : { singlePaymentUnlimited: true }),
    },
    ...(plan.sessions === null ? {} : { sessions: plan.sessions }),
    productIds: plan.product_ids,
    collectionIds: plan.collection_ids,
  }
}
