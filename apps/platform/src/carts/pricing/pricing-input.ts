import type {
  ChargeType,
  DiscountType,
  ItemType,
  JurisdictionType,
  PaymentOptionType,
  PickupMethod,
  SubscriptionFrequency,
} from './enumerations.ts'

/*
 * Everything the pricing engine reads. Money is always an integer count of the currency's minor
 * units (cents, yen, fils); percentages are integer basis points (1250 = 12.5 %); weights are numbers
 * in the site's weight unit. Nothing here is fetched: the caller gathers it and passes it in.
 */

/** A postal address (spec section 3, "Address"); the engine reads country, subdivision, city and postal code. */
export interface Address {
  /** ISO-3166 alpha-2 country code, e.g. `US`. */
  country?: string | undefined
  /** ISO-3166-2 subdivision code, `US-NY`; a bare `NY` is read as a code of `country`. */
  subdivision?: string | undefined
  city?: string | undefined
  postalCode?: string | undefined
  addressLine?: string | undefined
  addressLine2?: string | undefined
  streetAddress?: { name?: string; number?: string; apt?: string } | undefined
  formattedAddress?: string | undefined
  geocode?: { latitude?: number; longitude?: number } | undefined
}

/** A cart line as priced from the catalogue (or a custom line with its own price). */
export interface PricedLine {
  id: string
  /** Units to charge for; the caller passes the payable quantity (what is in stock). */
  quantity: number
  /** Price of one unit, after the catalogue's own product discount, in minor units. */
  unitPrice: number
  /** Price of one unit before the catalogue's product discount; `unitPrice` when absent. */
  fullUnitPrice?: number | undefined
  itemType: ItemType
  paymentOption: PaymentOptionType
  /** Catalogue product id: what SPECIFIC_ITEMS discounts and coupons with eligible items name. */
  catalogItemId?: string | undefined
  /** Whether the line travels to the buyer and so needs a shipping option. */
  isShippable: boolean
  /** Weight of one unit in the site's weight unit. */
  weight?: number | undefined
  /** Tax category, for jurisdictions that tax some categories at their own rate; `standard` when absent. */
  taxGroup?: string | undefined
  /**
   * A line sold for money that a membership the buyer holds may pay for instead (decision 046): offered
   * like a MEMBERSHIP line, paid in full unless the buyer chooses a membership for it (decision 051),
   * answered as MEMBERSHIP when one pays.
   */
  membershipOptional?: boolean | undefined
  /**
   * With DEPOSIT_ONLINE: what one unit pays online now (decision 092); the rest of the line's total is paid
   * later (at the appointment). Ignored for other ways.
   */
  depositUnitPrice?: number | undefined
  /** Subscription lines are priced for their first charge; the options pass through. */
  subscription?: { frequency: SubscriptionFrequency; interval: number } | undefined
}

/** A coupon the cart carries, already found by its code. */
export interface Coupon {
  id: string
  code: string
  name?: string | undefined
  value:
    | { type: 'PERCENTAGE'; basisPoints: number }
    | { type: 'FIXED_AMOUNT'; amount: number }
    | { type: 'FREE_SHIPPING' }
  /** The cart's subtotal must reach this many minor units (inclusive). */
  minimumSubtotal?: number | undefined
  /** First instant the coupon works (inclusive). */
  startsAt?: Date | undefined
  /** First instant the coupon no longer works (exclusive: valid while `now < expiresAt`). */
  expiresAt?: Date | undefined
  /** How many times the coupon may be used in all; unlimited when absent. */
  usageLimit?: number | undefined
  /** How many orders have used it so far. */
  timesUsed: number
  /** Catalogue product ids the coupon discounts; every line when absent. */
  eligibleCatalogItemIds?: readonly string[] | undefined
}

/** A discount the merchant (or an app on their behalf) put on the cart. */
export interface MerchantDiscount {
  id?: string | undefined
  name?: string | undefined
  discountType: DiscountType
  value: { type: 'PERCENTAGE'; basisPoints: number } | { type: 'AMOUNT'; amount: number }
  /** For SPECIFIC_ITEMS: the lines it discounts, by catalogue product id or by line id. */
  catalogItemIds?: readonly string[] | undefined
  lineItemIds?: readonly string[] | undefined
}

/** The price of a shipping option. */
export type ShippingRate =
  | { type: 'FLAT'; price: number }
  /**
   * The first tier whose `maxWeight` (inclusive) holds the cart's shippable weight sets the price;
   * heavier than every tier, the option is not offered.
   */
  | { type: 'WEIGHT_TIERS'; tiers: readonly { maxWeight: number; price: number }[] }

/** One way to get the goods: a delivery service or a pickup location. */
export interface ShippingOptionSetup {
  /** Stable code the buyer selects it by. */
  code: string
  title: string
  rate: ShippingRate
  /** Free when the discounted item subtotal reaches this many minor units (inclusive). */
  freeOverSubtotal?: number | undefined
  /** Free text such as "2-4 business days". */
  deliveryTime?: string | undefined
  deliveryTimeSlot?: { from: Date; to: Date } | undefined
  /** Present on pickup options: where and how the buyer collects. */
  pickup?: { method: PickupMethod; address: Address; instructions?: string | undefined } | undefined
}

/** A carrier (or the merchant's own delivery) and the options it offers. */
export interface CarrierServiceOptionSetup {
  carrierId: string
  shippingOptions: readonly ShippingOptionSetup[]
}

/** Where a shipping region ships: a country, optionally narrowed to subdivisions and postal-code prefixes. */
export interface ShippingDestination {
  /** ISO-3166 alpha-2 code, or `*` for the rest of the world. */
  country: string
  subdivisions?: readonly string[] | undefined
  postalCodePrefixes?: readonly string[] | undefined
}

/** A delivery zone with its carriers. */
export interface ShippingRegion {
  id: string
  name: string
  destinations: readonly ShippingDestination[]
  carrierServiceOptions: readonly CarrierServiceOptionSetup[]
}

/** The merchant's shipping setup. */
export interface ShippingSetup {
  regions: readonly ShippingRegion[]
  /** Pickup locations, offered whatever the address (and without one). */
  pickupCarrierServiceOptions?: readonly CarrierServiceOptionSetup[] | undefined
}

/** The option the buyer picked. */
export interface SelectedShippingOption {
  code: string
  carrierId?: string | undefined
}

/** A tax that applies where an address matches every matcher it has. */
export interface TaxJurisdiction {
  name: string
  type: JurisdictionType
  rateBasisPoints: number
  /** Rates for tax groups taxed differently (0 exempts a group). */
  ratesByTaxGroup?: Readonly<Record<string, number>> | undefined
  subdivision?: string | undefined
  city?: string | undefined
  postalCodePrefixes?: readonly string[] | undefined
}

/** The taxes of one country. */
export interface TaxRegion {
  country: string
  jurisdictions: readonly TaxJurisdiction[]
  /** The merchant set this region to manual rates though the site calculates automatically. */
  isManual?: boolean | undefined
  /** Overrides the site's `isShippingTaxed` for this region. */
  isShippingTaxed?: boolean | undefined
}

/** The merchant's tax setup. */
export interface TaxSetup {
  /** `AUTO` asks the calculator, `MANUAL` uses the regions' rates. */
  calculation: 'MANUAL' | 'AUTO'
  /** An AUTO site whose calculator subscription lapsed: the manual rates stand in. */
  isAutoTaxDeactivated?: boolean | undefined
  isShippingTaxed: boolean
  regions: readonly TaxRegion[]
}

/** A fee added to the order. */
export interface AdditionalFeeSetup {
  code: string
  name: string
  chargeType: ChargeType
  value: { type: 'FLAT'; amount: number } | { type: 'PERCENTAGE'; basisPoints: number }
  /** Only when a delivery option (not a pickup) is selected. */
  isDeliveryOnly?: boolean | undefined
}

/** A membership (a plan the buyer holds) that can pay for lines whose payment option is MEMBERSHIP. */
export interface Membership {
  id: string
  appId: string
  name: string
  /** The lines it may pay for. */
  lineItemIds: readonly string[]
  /** First instant it no longer works (exclusive). */
  expirationDate?: Date | undefined
  /** How many more lines it may pay for (each line it pays uses one); unlimited when absent. */
  sessionsLeft?: number | undefined
}

/** A membership the buyer chose for some lines. */
export interface SelectedMembership {
  id: string
  appId: string
  lineItemIds: readonly string[]
}

/** The engine's whole input for one estimate. */
export interface PricingInput {
  /** ISO-4217 code; amounts are in its minor units. */
  currency: string
  now: Date
  lines: readonly PricedLine[]
  coupon?: Coupon | undefined
  merchantDiscounts?: readonly MerchantDiscount[] | undefined
  shipping?: ShippingSetup | undefined
  selectedShippingOption?: SelectedShippingOption | undefined
  shippingAddress?: Address | undefined
  billingAddress?: Address | undefined
  tax?: TaxSetup | undefined
  additionalFees?: readonly AdditionalFeeSetup[] | undefined
  /** The buyer's memberships, valid or not. */
  memberships?: readonly Membership[] | undefined
  /**
   * The buyer's choice; without one each MEMBERSHIP line takes the first eligible membership and a
   * `membershipOptional` line is paid in full (decision 051).
   */
  selectedMemberships?: readonly SelectedMembership[] | undefined
}
