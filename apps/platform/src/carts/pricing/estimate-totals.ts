import { calculateAdditionalFees } from './additional-fees.ts'
import { hasCountry } from './address-matching.ts'
import { assertPricingInput } from './assert-pricing-input.ts'
import { checkCoupon } from './coupon.ts'
import { applyItemDiscounts, couponDiscountType, toAppliedCoupon } from './discounts.ts'
import { resolveMemberships } from './memberships.ts'
import type { Address, Coupon, PricingInput } from './pricing-input.ts'
import { estimateShipping } from './shipping.ts'
import {
  type AutoTaxCalculator,
  type AutoTaxOutcome,
  type AutoTaxRequest,
  calculateTax,
  isTaxable,
  planTax,
  resolveTaxRates,
  STANDARD_TAX_GROUP,
} from './tax.ts'
import type { AppliedDiscount, LinePrice, TotalsEstimate } from './totals-estimate.ts'
import type { CalculationError, Violation } from './violations.ts'
import { toViolation } from './violations.ts'

/** How long `estimateTotals` waits for the automatic tax calculator before it falls back. */
export const DEFAULT_AUTO_TAX_TIMEOUT_MS = 3_000

/** Everything up to tax: it decides the tax address, so the calculator is asked after it. */
function priceBeforeTax(input: PricingInput) {
  const violations: Violation[] = []
  const memberships = resolveMemberships(
    input.lines,
    input.memberships ?? [],
    input.selectedMemberships,
    input.now,
  )
  violations.push(...memberships.violations)

  const priced = input.lines.map((line) => ({
    line,
    // Safe integers: assertPricingInput checked each product.
    fullPrice: (line.fullUnitPrice ?? line.unitPrice) * line.quantity,
    // A membership pays for some units (one session each): the line costs the rest (decision 046).
    price: line.unitPrice * (line.quantity - (memberships.paidBy.get(line.id)?.quantity ?? 0)),
  }))
  const subtotal = priced.reduce((sum, { price }) => sum + price, 0)

  let coupon: { coupon: Coupon; eligibleLineIds: Set<string> } | undefined
  if (input.coupon) {
    const check = checkCoupon(input.coupon, { now: input.now, subtotal, lines: input.lines })
    if (check.isUsable) coupon = { coupon: input.coupon, eligibleLineIds: check.eligibleLineIds }
    else violations.push(check.violation)
  }

  const merchantDiscounts = input.merchantDiscounts ?? []
  const itemDiscounts = applyItemDiscounts(priced, merchantDiscounts, coupon)
  const discountedSubtotal =
    subtotal - [...itemDiscounts.byLine.values()].reduce((sum, amount) => sum + amount, 0)
  const freeShippingCoupon = coupon?.coupon.value.type === 'FREE_SHIPPING' ? coupon.coupon : undefined
  const shipping = estimateShipping({
    setup: input.shipping,
    lines: input.lines,
    address: input.shippingAddress,
    selected: input.selectedShippingOption,
    discountedSubtotal,
    merchantDiscounts,
    freeShippingCoupon,
  })
  violations.push(...shipping.violations)

  const appliedDiscounts: AppliedDiscount[] = [...itemDiscounts.applied, ...shipping.appliedDiscounts]
  if (freeShippingCoupon && !shipping.appliedDiscounts.some((discount) => discount.coupon)) {
    // Nothing ships (or nothing can be selected): the coupon stays on the cart and takes nothing.
    appliedDiscounts.push({
      discountType: couponDiscountType(freeShippingCoupon),
      amount: 0,
      coupon: toAppliedCoupon(freeShippingCoupon),
      lineItems: [],
    })
  }

  const lines = priced.map(({ line, fullPrice, price }) => {
    const discount = itemDiscounts.byLine.get(line.id) ?? 0
    return { line, fullPrice, price, discount, discountedPrice: price - discount }
  })
  const taxAddress: Address | undefined =
    shipping.pickupAddress ??
    (hasCountry(input.shippingAddress) ? input.shippingAddress : input.billingAddress)
  return {
    violations,
    memberships,
    subtotal,
    discountedSubtotal,
    shipping,
    appliedDiscounts,
    lines,
    taxAddress,
  }
}

/**
 * What the automatic tax calculator must be asked for this input, or `undefined` when the estimate
 * needs no automatic tax (manual rates, nothing collected, or automatic tax deactivated).
 */
export function toAutoTaxRequest(input: PricingInput): AutoTaxRequest | undefined {
  assertPricingInput(input)
  if (input.tax?.isAutoTaxDeactivated) return undefined
  const state = priceBeforeTax(input)
  const plan = planTax(input.tax, state.taxAddress)
  if (plan.rateType !== 'AUTO_RATE') return undefined
  const selected = state.shipping.info.selectedCarrierServiceOption
  return {
    currency: input.currency,
    address: plan.address,
    lines: state.lines
      .filter(({ line }) => isTaxable(line))
      .map(({ line, discountedPrice }) => ({
        id: line.id,
        amount: discountedPrice,
        quantity: line.quantity,
        taxGroup: line.taxGroup ?? STANDARD_TAX_GROUP,
      })),
    shippingAmount: selected ? selected.cost.totalPrice : 0,
  }
}

/**
 * The synchronous core of the engine: prices a cart with the automatic calculator's outcome already
 * in hand (`undefined` when no calculator is set up). Business situations become `violations` and
 * `calculationErrors`; only input no cart can hold throws.
 *
 * @throws PricingInputError when the input breaks `assertPricingInput`.
 * @example
 * const estimate = calculateTotals({ currency: 'USD', now: new Date(), lines: [line] })
 * estimate.priceSummary.total // minor units
 */
export function calculateTotals(input: PricingInput, autoTax?: AutoTaxOutcome): TotalsEstimate {
  assertPricingInput(input)
  const state = priceBeforeTax(input)
  const { shipping } = state
  const violations = [...state.violations]
  const calculationErrors: CalculationError[] = []

  const selected = shipping.info.selectedCarrierServiceOption
  const shippingPrice = selected?.cost.price ?? 0
  const shippingDiscount = selected?.cost.discount ?? 0

  const rates = resolveTaxRates(planTax(input.tax, state.taxAddress), input.tax, autoTax)
  if (rates.fallbackReason === 'AUTO_TAX_FAILED') {
    const reason = rates.failure instanceof Error ? rates.failure.message : String(rates.failure)
    calculationErrors.push({ step: 'TAX', code: 'AUTO_TAX_FAILED', description: reason })
    violations.push(toViolation('AUTO_TAX_FAILED', 'Tax is estimated from the store’s own rates for now'))
  }
  const tax = calculateTax(rates, state.lines, shippingPrice - shippingDiscount)

  const additionalFees = calculateAdditionalFees(input.additionalFees ?? [], {
    hasItems: input.lines.some((line) => line.quantity > 0),
    discountedSubtotal: state.discountedSubtotal,
    isDeliverySelected: selected !== undefined && selected.logistics.pickupDetails === undefined,
  })
  const feesTotal = additionalFees.reduce((sum, fee) => sum + fee.price, 0)

  const lineItems = state.lines.map(({ line, fullPrice, price, discount, discountedPrice }): LinePrice => {
    const taxBreakdown = tax.byLine.get(line.id) ?? []
    const lineTax = taxBreakdown.reduce((sum, part) => sum + part.amount, 0)
    const paidBy = state.memberships.paidBy.get(line.id)
    const total = discountedPrice + lineTax
    // A deposit pays its units' share online now, never more than the line costs; the rest is paid later.
    const payLater =
      line.paymentOption === 'DEPOSIT_ONLINE' && line.depositUnitPrice !== undefined
        ? Math.max(0, total - line.depositUnitPrice * line.quantity)
        : 0
    return {
      id: line.id,
      quantity: line.quantity,
      itemType: line.itemType,
      // A line sold for money that a membership pays in whole is a MEMBERSHIP line in the answer (decision
      // 046); one it pays in part is still sold for money, for the units it does not pay.
      paymentOption:
        line.membershipOptional && paidBy?.quantity === line.quantity ? 'MEMBERSHIP' : line.paymentOption,
      fullPrice,
      price,
      discount,
      discountedPrice,
      tax: lineTax,
      taxBreakdown,
      total,
      ...(payLater > 0 ? { payLater } : {}),
      ...(paidBy === undefined
        ? {}
        : { paidByMembershipId: paidBy.membershipId, membershipQuantity: paidBy.quantity }),
      ...(line.subscription ? { subscription: line.subscription } : {}),
    }
  })

  const payLater = lineItems.reduce((sum, line) => sum + (line.payLater ?? 0), 0)
  const discount = state.subtotal - state.discountedSubtotal + shippingDiscount
  const totalTax = tax.summary.totalTax
  return {
    currency: input.currency,
    lineItems,
    subtotal: state.subtotal,
    appliedDiscounts: state.appliedDiscounts,
    shippingInfo: shipping.info,
    taxSummary: tax.summary,
    additionalFees,
    membershipOptions: state.memberships.options,
    priceSummary: {
      subtotal: state.subtotal,
      discount,
      shipping: shippingPrice,
      tax: totalTax,
      additionalFees: feesTotal,
      total: state.subtotal - discount + shippingPrice + totalTax + feesTotal,
    },
    ...(payLater > 0 ? { payLater } : {}),
    calculationErrors,
    violations,
  }
}

/** Where `estimateTotals` gets automatic tax rates. */
export interface EstimateTotalsOptions {
  /** Without one, an AUTO site falls back to its manual rates (AUTO_TAX_DEACTIVATED). */
  autoTaxCalculator?: AutoTaxCalculator | undefined
  /** A calculator slower than this counts as failed; 3 seconds by default. */
  autoTaxTimeoutMs?: number | undefined
}

async function askCalculator(
  calculator: AutoTaxCalculator,
  request: AutoTaxRequest,
  timeoutMs: number,
): Promise<AutoTaxOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the tax calculator did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  try {
    const rates = await Promise.race([calculator.findRates(request), timeout])
    return { status: 'SUCCEEDED', rates }
  } catch (error) {
    return { status: 'FAILED', error }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Estimates a cart's totals (spec section 3, "Totals estimate"): line prices, discounts, shipping,
 * tax per jurisdiction, fees and memberships. Asks the automatic tax calculator when the site and
 * the address call for it; a calculator that throws, times out or answers unusable rates leaves the
 * manual rates in its place (FALLBACK_RATE, AUTO_TAX_FAILED) with a WARNING. Never rejects for a
 * business situation.
 *
 * @throws PricingInputError when the input breaks `assertPricingInput`.
 * @example
 * const estimate = await estimateTotals(input, { autoTaxCalculator })
 * if (estimate.violations.some((v) => v.severity === 'ERROR')) showProblems(estimate.violations)
 */
export async function estimateTotals(
  input: PricingInput,
  options: EstimateTotalsOptions = {},
): Promise<TotalsEstimate> {
  const calculator = options.autoTaxCalculator
  const request = calculator ? toAutoTaxRequest(input) : undefined
  const outcome =
    calculator && request
      ? await askCalculator(calculator, request, options.autoTaxTimeoutMs ?? DEFAULT_AUTO_TAX_TIMEOUT_MS)
      : undefined
  return calculateTotals(input, outcome)
}
