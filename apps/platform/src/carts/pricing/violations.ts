import type { Severity } from './enumerations.ts'

/**
 * Every business situation the engine reports and how bad it is: the one table. An ERROR means the
 * cart cannot be checked out as it stands; a WARNING means the estimate left something out.
 */
export const violationSeverity = {
  COUPON_NOT_STARTED: 'WARNING',
  COUPON_EXPIRED: 'WARNING',
  COUPON_USAGE_LIMIT_REACHED: 'WARNING',
  COUPON_MINIMUM_SUBTOTAL_NOT_MET: 'WARNING',
  COUPON_NO_ELIGIBLE_ITEMS: 'WARNING',
  SHIPPING_ADDRESS_REQUIRED: 'WARNING',
  /** No region ships there and there is no pickup: nothing can be selected. */
  NO_SHIPPING_TO_REGION: 'ERROR',
  /** A region ships there, but no option takes this cart (too heavy for every weight tier), nor a pickup. */
  NO_SHIPPING_OPTION_AVAILABLE: 'ERROR',
  /** No delivery to the address for this cart, but a pickup option is left. */
  DELIVERY_UNAVAILABLE: 'WARNING',
  SELECTED_SHIPPING_OPTION_UNAVAILABLE: 'WARNING',
  AUTO_TAX_FAILED: 'WARNING',
  MEMBERSHIP_REQUIRED: 'ERROR',
  MEMBERSHIP_NOT_APPLICABLE: 'WARNING',
} as const satisfies Record<string, Severity>

export type ViolationCode = keyof typeof violationSeverity

/** Something about the cart the buyer or the merchant should know. */
export interface Violation {
  code: ViolationCode
  severity: Severity
  description: string
  /** The line it is about; absent when it is about the whole cart. */
  lineItemId?: string
}

/** A calculation step that could not run as set up; the estimate went on without it or with a stand-in. */
export interface CalculationError {
  step: 'TAX' | 'SHIPPING'
  code: string
  description: string
}

/** A violation with the severity of its code. */
export function toViolation(code: ViolationCode, description: string, lineItemId?: string): Violation {
  return lineItemId === undefined
    ? { code, severity: violationSeverity[code], description }
    : { code, severity: violationSeverity[code], description, lineItemId }
}
