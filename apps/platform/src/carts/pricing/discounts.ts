import type { DiscountType } from './enumerations.ts'
import { distributeByLargestRemainder, percentOf } from './minor-units.ts'
import type { Coupon, MerchantDiscount, PricedLine } from './pricing-input.ts'
import type { AppliedDiscount } from './totals-estimate.ts'

/*
 * Stacking order (decision 008): SPECIFIC_ITEMS merchant discounts, then GLOBAL merchant discounts,
 * then the coupon, each in the order given and each on what the previous ones left. A discount's
 * amount is worked out once over its whole scope (a percentage of the scope's remaining amount,
 * rounded half away from zero, or the fixed amount capped at that remainder), then split over the
 * scope's lines by largest remainder, so no line goes below zero and the shares add up exactly.
 */

/** A line and the amount cart discounts may take from (0 for a line a membership pays). */
export interface DiscountableLine {
  line: PricedLine
  price: number
}

/** Discounts per line id, and the discounts that applied. */
export interface ItemDiscounts {
  byLine: Map<string, number>
  applied: AppliedDiscount[]
}

function merchantDiscountOf(discount: MerchantDiscount): NonNullable<AppliedDiscount['merchantDiscount']> {
  return {
    ...(discount.id === undefined ? {} : { id: discount.id }),
    ...(discount.name === undefined ? {} : { name: discount.name }),
    ...(discount.value.type === 'PERCENTAGE' ? { percentageBasisPoints: discount.value.basisPoints } : {}),
  }
}

/** A coupon as `appliedDiscounts` names it. */
export function toAppliedCoupon(coupon: Coupon): NonNullable<AppliedDiscount['coupon']> {
  return { id: coupon.id, code: coupon.code, ...(coupon.name === undefined ? {} : { name: coupon.name }) }
}

function isSpecificItemMatch(discount: MerchantDiscount, line: PricedLine): boolean {
  return (
    (discount.lineItemIds?.includes(line.id) ?? false) ||
    (line.catalogItemId !== undefined && (discount.catalogItemIds?.includes(line.catalogItemId) ?? false))
  )
}

/** The DiscountType a coupon reports: SHIPPING for free shipping, SPECIFIC_ITEMS when it names items. */
export function couponDiscountType(coupon: Coupon): DiscountType {
  if (coupon.value.type === 'FREE_SHIPPING') return 'SHIPPING'
  return coupon.eligibleCatalogItemIds === undefined ? 'GLOBAL' : 'SPECIFIC_ITEMS'
}

/**
 * Applies the item discounts in stacking order. Gift cards are never discounted. A merchant discount
 * whose scope has no line in the cart is left out; a usable coupon is always listed, even when
 * nothing was left for it to take.
 */
export function applyItemDiscounts(
  lines: readonly DiscountableLine[],
  merchantDiscounts: readonly MerchantDiscount[],
  coupon: { coupon: Coupon; eligibleLineIds: ReadonlySet<string> } | undefined,
): ItemDiscounts {
  const remaining = new Map<string, number>(
    lines.map(({ line, price }) => [line.id, line.itemType === 'GIFT_CARD' ? 0 : price]),
  )
  const byLine = new Map<string, number>(lines.map(({ line }) => [line.id, 0]))
  const applied: AppliedDiscount[] = []

  const take = (
    scope: readonly PricedLine[],
    value: { type: 'PERCENTAGE'; basisPoints: number } | { type: 'AMOUNT'; amount: number },
  ) => {
    const weights = scope.map((line) => remaining.get(line.id) ?? 0)
    const base = weights.reduce((sum, weight) => sum + weight, 0)
    const amount =
      value.type === 'PERCENTAGE' ? percentOf(base, value.basisPoints) : Math.min(value.amount, base)
    const shares = distributeByLargestRemainder(amount, weights)
    const lineItems = scope.map((line, index) => {
      const share = shares[index] ?? 0
      remaining.set(line.id, (remaining.get(line.id) ?? 0) - share)
      byLine.set(line.id, (byLine.get(line.id) ?? 0) + share)
      return { lineItemId: line.id, amount: share }
    })
    return { amount, lineItems }
  }

  const all = lines.map(({ line }) => line)
  const ordered = [
    ...merchantDiscounts.filter((discount) => discount.discountType === 'SPECIFIC_ITEMS'),
    ...merchantDiscounts.filter((discount) => discount.discountType === 'GLOBAL'),
  ]
  for (const discount of ordered) {
    const scope =
      discount.discountType === 'GLOBAL' ? all : all.filter((line) => isSpecificItemMatch(discount, line))
    if (scope.length === 0) continue
    const { amount, lineItems } = take(scope, discount.value)
    applied.push({
      discountType: discount.discountType,
      amount,
      merchantDiscount: merchantDiscountOf(discount),
      lineItems,
    })
  }

  if (coupon && coupon.coupon.value.type !== 'FREE_SHIPPING') {
    const { value } = coupon.coupon
    const scope = all.filter((line) => coupon.eligibleLineIds.has(line.id))
    const { amount, lineItems } = take(
      scope,
      value.type === 'PERCENTAGE' ? value : { type: 'AMOUNT', amount: value.amount },
    )
    applied.push({
      discountType: couponDiscountType(coupon.coupon),
      amount,
      coupon: toAppliedCoupon(coupon.coupon),
      lineItems,
    })
  }
  return { byLine, applied }
}

/** What SHIPPING discounts take off one shipping price, and each one's part. */
export interface ShippingDiscounts {
  total: number
  applied: AppliedDiscount[]
}

/**
 * Applies SHIPPING merchant discounts in the order given, then a free-shipping coupon, to a shipping
 * price. Each takes from what the previous ones left, so shipping never goes below zero.
 */
export function applyShippingDiscounts(
  price: number,
  merchantDiscounts: readonly MerchantDiscount[],
  freeShippingCoupon: Coupon | undefined,
): ShippingDiscounts {
  let left = price
  const applied: AppliedDiscount[] = []
  for (const discount of merchantDiscounts) {
    if (discount.discountType !== 'SHIPPING') continue
    const { value } = discount
    const amount =
      value.type === 'PERCENTAGE' ? percentOf(left, value.basisPoints) : Math.min(value.amount, left)
    left -= amount
    applied.push({
      discountType: 'SHIPPING',
      amount,
      merchantDiscount: merchantDiscountOf(discount),
      lineItems: [],
    })
  }
  if (freeShippingCoupon) {
    applied.push({
      discountType: 'SHIPPING',
      amount: left,
      coupon: toAppliedCoupon(freeShippingCoupon),
      lineItems: [],
    })
    left = 0
  }
  return { total: price - left, applied }
}
