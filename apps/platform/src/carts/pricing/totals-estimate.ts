import type {
  ChargeType,
  DiscountType,
  FallbackReason,
  ItemType,
  JurisdictionType,
  ManualCalculationReason,
  PaymentOptionType,
  PickupMethod,
  RateType,
  SubscriptionFrequency,
} from './enumerations.ts'
import type { Address } from './pricing-input.ts'
import type { CalculationError, Violation } from './violations.ts'

/*
 * What the pricing engine answers. Every amount is an integer in the currency's minor units; the
 * wire turns them into decimal strings (`toDecimalString`) in exactly one place.
 */

/** One jurisdiction's tax on one line. */
export interface LineTax {
  jurisdictionName: string
  jurisdictionType: JurisdictionType
  rateBasisPoints: number
  amount: number
}

/** The prices of one line. */
export interface LinePrice {
  id: string
  quantity: number
  itemType: ItemType
  paymentOption: PaymentOptionType
  /** Full unit price times quantity, before the catalogue's product discount. */
  fullPrice: number
  /**
   * Unit price times the units charged: the line's share of the subtotal (the units a membership pays
   * cost nothing: 0 when it pays them all).
   */
  price: number
  /** Cart discounts on the line (merchant discounts and coupon). */
  discount: number
  /** `price - discount`. */
  discountedPrice: number
  tax: number
  taxBreakdown: LineTax[]
  /** `discountedPrice + tax`. */
  total: number
  /**
   * What of `total` is paid later, not online now: the rest after a deposit (DEPOSIT_ONLINE, decision 092);
   * absent when the whole line is paid as its option says.
   */
  payLater?: number
  /** The membership that pays for the line (all or some of its units), if one does. */
  paidByMembershipId?: string
  /** How many of the line's units the membership pays, one session each (with `paidByMembershipId`). */
  membershipQuantity?: number
  subscription?: { frequency: SubscriptionFrequency; interval: number }
}

/** A discount that took something off, with its share per line. */
export interface AppliedDiscount {
  discountType: DiscountType
  /** What it took off in all. */
  amount: number
  coupon?: { id: string; code: string; name?: string }
  /** `percentageBasisPoints` is set for percentage discounts (the wire's `percentage` is it / 100). */
  merchantDiscount?: { id?: string; name?: string; percentageBasisPoints?: number }
  /** Shares per line; they sum to `amount`. Empty for SHIPPING discounts. */
  lineItems: { lineItemId: string; amount: number }[]
}

/** A shipping option as offered for this cart and address. */
export interface ShippingOptionEstimate {
  code: string
  title: string
  carrierId: string
  cost: {
    /** Before shipping discounts. */
    price: number
    /** What SHIPPING discounts and a free-shipping coupon would take off. */
    discount: number
    totalPrice: number
  }
  logistics: {
    deliveryTime?: string
    deliveryTimeSlot?: { from: Date; to: Date }
    pickupDetails?: { address: Address; pickupMethod: PickupMethod; instructions?: string }
  }
}

/** Shipping: the matched region, the options and the selected one. */
export interface ShippingInfo {
  region?: { id: string; name: string }
  carrierServiceOptions: { carrierId: string; shippingOptions: ShippingOptionEstimate[] }[]
  selectedCarrierServiceOption?: ShippingOptionEstimate
}

/** One jurisdiction's tax over the order. */
export interface JurisdictionTax {
  name: string
  type: JurisdictionType
  rateBasisPoints: number
  taxableAmount: number
  taxAmount: number
}

/** How the tax was found and what it comes to. */
export interface TaxSummary {
  rateType: RateType
  manualCalculationReason?: ManualCalculationReason
  fallbackReason?: FallbackReason
  /** Discounted items plus, when shipping is taxed, discounted shipping. */
  taxableAmount: number
  shippingTax: number
  totalTax: number
  jurisdictions: JurisdictionTax[]
}

/** A fee charged on the order. */
export interface AdditionalFee {
  code: string
  name: string
  chargeType: ChargeType
  price: number
}

/** The buyer's memberships for this cart. */
export interface MembershipOptions {
  eligibleMemberships: { id: string; appId: string; name: string; lineItemIds: string[] }[]
  invalidMemberships: {
    membership: { id: string; appId: string; name: string; expirationDate?: Date }
    reason: 'EXPIRED'
  }[]
  /** Which membership pays for which lines in this estimate. */
  selectedMemberships: { id: string; appId: string; lineItemIds: string[] }[]
}

/** The order's money: `total = subtotal - discount + shipping + tax + additionalFees`. */
export interface PriceSummary {
  subtotal: number
  /** Item discounts and shipping discounts together. */
  discount: number
  /** Shipping before discounts. */
  shipping: number
  tax: number
  additionalFees: number
  total: number
}

/** The engine's answer for one cart (spec section 3, "Totals estimate"). */
export interface TotalsEstimate {
  currency: string
  lineItems: LinePrice[]
  subtotal: number
  appliedDiscounts: AppliedDiscount[]
  shippingInfo: ShippingInfo
  taxSummary: TaxSummary
  additionalFees: AdditionalFee[]
  membershipOptions: MembershipOptions
  priceSummary: PriceSummary
  /**
   * What of the total is paid later (the rest after the deposits of DEPOSIT_ONLINE lines, decision 092);
   * absent when nothing is. The total less it is paid now: `payNowOf`.
   */
  payLater?: number
  calculationErrors: CalculationError[]
  violations: Violation[]
}

/** What of an estimate is paid now, online: its total less what is paid later (decision 092). */
export function payNowOf(totals: Pick<TotalsEstimate, 'priceSummary' | 'payLater'>): number {
  return totals.priceSummary.total - (totals.payLater ?? 0)
}
