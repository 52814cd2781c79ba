import { fractionDigits } from '../../money/money.ts'
import { BASIS_POINTS } from './minor-units.ts'
import type { PricingInput, ShippingOptionSetup } from './pricing-input.ts'
import { PricingInputError } from './pricing-input-error.ts'

function assertCount(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new PricingInputError(
      `"${field}" must be a non-negative integer (minor units or a count), got ${value}`,
    )
  }
}

function assertBasisPoints(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > BASIS_POINTS) {
    throw new PricingInputError(`"${field}" must be an integer from 0 to 10000 basis points, got ${value}`)
  }
}

function assertValue(value: { type: string; amount?: number; basisPoints?: number }, field: string): void {
  if (value.amount !== undefined) assertCount(value.amount, `${field}.amount`)
  if (value.basisPoints !== undefined) assertBasisPoints(value.basisPoints, `${field}.basisPoints`)
}

/**
 * Checks that the input is something a cart can hold: a known currency, unique line ids, integer
 * non-negative minor units and counts, percentages as integer basis points up to 100 %. Business
 * situations (an expired coupon, an address nobody ships to) are not checked here: they become
 * violations.
 *
 * @throws PricingInputError naming the first field that breaks these rules.
 */
export function assertPricingInput(input: PricingInput): void {
  try {
    fractionDigits(input.currency)
  } catch (cause) {
    throw new PricingInputError(`"currency" must be an ISO-4217 code, got "${input.currency}"`, { cause })
  }
  if (Number.isNaN(input.now.getTime())) throw new PricingInputError('"now" must be a valid date')
  const ids = new Set<string>()
  input.lines.forEach((line, index) => {
    if (ids.has(line.id)) throw new PricingInputError(`"lines[${index}].id" repeats line id ${line.id}`)
    ids.add(line.id)
    assertCount(line.quantity, `lines[${index}].quantity`)
    assertCount(line.unitPrice, `lines[${index}].unitPrice`)
    assertCount(line.unitPrice * line.quantity, `lines[${index}].unitPrice times quantity`)
    if (line.fullUnitPrice !== undefined) {
      assertCount(line.fullUnitPrice, `lines[${index}].fullUnitPrice`)
      assertCount(line.fullUnitPrice * line.quantity, `lines[${index}].fullUnitPrice times quantity`)
    }
    if (line.weight !== undefined && !(Number.isFinite(line.weight) && line.weight >= 0)) {
      throw new PricingInputError(
        `"lines[${index}].weight" must be a non-negative number, got ${line.weight}`,
      )
    }
  })
  const { coupon } = input
  if (coupon) {
    assertValue(coupon.value, 'coupon.value')
    if (coupon.minimumSubtotal !== undefined) assertCount(coupon.minimumSubtotal, 'coupon.minimumSubtotal')
    if (coupon.usageLimit !== undefined) assertCount(coupon.usageLimit, 'coupon.usageLimit')
    assertCount(coupon.timesUsed, 'coupon.timesUsed')
  }
  input.merchantDiscounts?.forEach((discount, index) => {
    assertValue(discount.value, `merchantDiscounts[${index}].value`)
  })
  input.shipping?.regions.forEach((region, r) => {
    region.carrierServiceOptions.forEach((carrier, c) => {
      assertShippingOptions(carrier.shippingOptions, `shipping.regions[${r}].carrierServiceOptions[${c}]`)
    })
  })
  input.shipping?.pickupCarrierServiceOptions?.forEach((carrier, c) => {
    assertShippingOptions(carrier.shippingOptions, `shipping.pickupCarrierServiceOptions[${c}]`)
  })
  input.tax?.regions.forEach((region, r) => {
    region.jurisdictions.forEach((jurisdiction, j) => {
      const field = `tax.regions[${r}].jurisdictions[${j}]`
      assertBasisPoints(jurisdiction.rateBasisPoints, `${field}.rateBasisPoints`)
      for (const [group, rate] of Object.entries(jurisdiction.ratesByTaxGroup ?? {})) {
        assertBasisPoints(rate, `${field}.ratesByTaxGroup.${group}`)
      }
    })
  })
  input.additionalFees?.forEach((fee, index) => {
    assertValue(fee.value, `additionalFees[${index}].value`)
  })
}

function assertShippingOptions(options: readonly ShippingOptionSetup[], field: string): void {
  options.forEach((option, index) => {
    const at = `${field}.shippingOptions[${index}]`
    if (option.rate.type === 'FLAT') assertCount(option.rate.price, `${at}.rate.price`)
    else {
      option.rate.tiers.forEach((tier, t) => {
        assertCount(tier.price, `${at}.rate.tiers[${t}].price`)
        if (!(Number.isFinite(tier.maxWeight) && tier.maxWeight >= 0)) {
          throw new PricingInputError(`"${at}.rate.tiers[${t}].maxWeight" must be a non-negative number`)
        }
      })
    }
    if (option.freeOverSubtotal !== undefined) assertCount(option.freeOverSubtotal, `${at}.freeOverSubtotal`)
  })
}
