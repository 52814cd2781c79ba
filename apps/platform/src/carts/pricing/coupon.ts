import type { Coupon, PricedLine } from './pricing-input.ts'
import { toViolation, type Violation, type ViolationCode } from './violations.ts'

/** Whether a coupon can be applied, and to which lines. */
export type CouponCheck =
  | { isUsable: true; eligibleLineIds: Set<string> }
  | { isUsable: false; violation: Violation }

/** Whether a line is one a coupon may discount; gift cards never are (they are money already). */
export function isCouponEligible(coupon: Coupon, line: PricedLine): boolean {
  if (line.itemType === 'GIFT_CARD') return false
  const eligible = coupon.eligibleCatalogItemIds
  return eligible === undefined || (line.catalogItemId !== undefined && eligible.includes(line.catalogItemId))
}

/**
 * Checks a coupon against the clock and the cart, in this order: not yet started, expired
 * (`expiresAt` is exclusive), usage limit reached (`timesUsed >= usageLimit`), minimum subtotal not
 * met (`subtotal < minimumSubtotal`; the subtotal before cart discounts), no eligible line. The first
 * failing rule gives a WARNING and the coupon is left out of the totals.
 */
export function checkCoupon(
  coupon: Coupon,
  cart: { now: Date; subtotal: number; lines: readonly PricedLine[] },
): CouponCheck {
  const fail = (code: ViolationCode, description: string): CouponCheck => ({
    isUsable: false,
    violation: toViolation(code, description),
  })
  const now = cart.now.getTime()
  if (coupon.startsAt && now < coupon.startsAt.getTime()) {
    return fail('COUPON_NOT_STARTED', `Coupon ${coupon.code} works from ${coupon.startsAt.toISOString()}`)
  }
  if (coupon.expiresAt && now >= coupon.expiresAt.getTime()) {
    return fail('COUPON_EXPIRED', `Coupon ${coupon.code} expired at ${coupon.expiresAt.toISOString()}`)
  }
  if (coupon.usageLimit !== undefined && coupon.timesUsed >= coupon.usageLimit) {
    return fail('COUPON_USAGE_LIMIT_REACHED', `Coupon ${coupon.code} has been used ${coupon.timesUsed} times`)
  }
  if (coupon.minimumSubtotal !== undefined && cart.subtotal < coupon.minimumSubtotal) {
    return fail(
      'COUPON_MINIMUM_SUBTOTAL_NOT_MET',
      `Coupon ${coupon.code} needs a subtotal of at least ${coupon.minimumSubtotal} minor units`,
    )
  }
  const eligibleLineIds = new Set(
    cart.lines.filter((line) => line.quantity > 0 && isCouponEligible(coupon, line)).map((line) => line.id),
  )
  if (eligibleLineIds.size === 0) {
    return fail('COUPON_NO_ELIGIBLE_ITEMS', `Coupon ${coupon.code} applies to none of the items in the cart`)
  }
  return { isUsable: true, eligibleLineIds }
}
