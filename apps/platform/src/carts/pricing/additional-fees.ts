import { percentOf } from './minor-units.ts'
import type { AdditionalFeeSetup } from './pricing-input.ts'
import type { AdditionalFee } from './totals-estimate.ts'

/**
 * The fees an order pays: a flat amount, or a percentage of the item subtotal after cart discounts
 * (rounded half away from zero). None on an empty cart; a delivery-only fee only when the selected
 * option is a delivery, not a pickup. Fees are not discounted and not taxed.
 */
export function calculateAdditionalFees(
  fees: readonly AdditionalFeeSetup[],
  cart: { hasItems: boolean; discountedSubtotal: number; isDeliverySelected: boolean },
): AdditionalFee[] {
  if (!cart.hasItems) return []
  return fees
    .filter((fee) => !fee.isDeliveryOnly || cart.isDeliverySelected)
    .map((fee) => ({
      code: fee.code,
      name: fee.name,
      chargeType: fee.chargeType,
      price:
        fee.value.type === 'FLAT'
          ? fee.value.amount
          : percentOf(cart.discountedSubtotal, fee.value.basisPoints),
    }))
}
