/**
 * The spec's enumerations (section 3) that the pricing engine reads or answers with. They are
 * string unions so that the wire values pass through unchanged.
 */

/** What kind of thing a line sells. */
export type ItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE'

/** How a line is paid for. */
export type PaymentOptionType =
  | 'FULL_PAYMENT_ONLINE'
  | 'FULL_PAYMENT_OFFLINE'
  | 'MEMBERSHIP'
  | 'DEPOSIT_ONLINE'
  | 'MEMBERSHIP_OFFLINE'

/** How often a subscription line is charged. */
export type SubscriptionFrequency = 'UNDEFINED' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'

/** The cart's DiscountType: what a discount applies to. */
export type DiscountType = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING'

/** Kinds of additional fee. */
export type ChargeType = 'HANDLING_FEE' | 'INSURANCE'

/** How the tax of an estimate was found. */
export type RateType = 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE'

/** Why manual rates were used. */
export type ManualCalculationReason = 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL'

/** Why the manual rates stood in for automatic tax. */
export type FallbackReason = 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED'

/** The level of government a tax belongs to. */
export type JurisdictionType = 'UNDEFINED' | 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL'

/** How a pickup option hands the goods over. */
export type PickupMethod = 'UNKNOWN_METHOD' | 'STORE_PICKUP' | 'PICKUP_POINT'

/** How bad a violation is: an ERROR blocks checkout, a WARNING informs. */
export type Severity = 'WARNING' | 'ERROR'
