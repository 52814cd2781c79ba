import type { Address, AddressWithContact, ContactDetails } from './address.js'
import type {
  CartDiscountType,
  ChannelType,
  ChargeType,
  FallbackReason,
  ItemAvailabilityStatus,
  ItemType,
  JurisdictionType,
  ManualCalculationReason,
  PaymentOptionType,
  PickupMethod,
  RateType,
  Severity,
  WeightUnit,
} from './enumerations.js'

/** An amount of money as decimal strings, in the store's and the buyer's currency. */
export interface MultiCurrencyPrice {
  amount?: string
  convertedAmount?: string
  formattedAmount?: string
  formattedConvertedAmount?: string
}

/** Points at the item of a catalogue that a line item buys. */
export interface CatalogReference {
  /** Id of the item in its catalogue (a product id for `stores`). */
  catalogItemId: string
  /** The catalogue: `stores` for products. */
  appId: string
  /** Catalogue-specific choice of the item, e.g. `{ variantId }` or `{ options: { Size: 'M' } }`. */
  options?: Record<string, unknown>
}

/** Weight and shipping of a line item. */
export interface PhysicalProperties {
  weight?: number
  sku?: string
  shippable?: boolean
}

/** An item's picture (spec section 3: image with `urlExpirationDate`). */
export interface LineItemImage {
  _id?: string
  url?: string
  width?: number
  height?: number
  altText?: string
  /** ISO-8601 time after which `url` stops working, for media behind expiring URLs. */
  urlExpirationDate?: string
}

/** A line describing the chosen options of an item (DescriptionLineType PLAIN_TEXT or COLOR). */
export interface DescriptionLine {
  name?: { original?: string; translated?: string }
  lineType?: 'UNRECOGNISED' | 'PLAIN_TEXT' | 'COLOR'
  plainText?: { original?: string; translated?: string }
  colorInfo?: { original?: string; translated?: string; code?: string }
}

/** The catalogue item of a line as the cart answers it: the variant it buys, if the product has several. */
export interface LineItemCatalogReference {
  catalogItemId?: string
  appId?: string
  options?: { variantId?: string }
}

/** A line of the cart (spec section 3, "Cart line item"). */
export interface LineItem {
  _id?: string
  quantity?: number
  /** Absent for a custom line item. */
  catalogReference?: LineItemCatalogReference
  productName?: { original?: string; translated?: string }
  url?: string
  price?: MultiCurrencyPrice
  fullPrice?: MultiCurrencyPrice
  /** `price` times `quantity`. */
  lineItemPrice?: MultiCurrencyPrice
  descriptionLines?: DescriptionLine[]
  image?: LineItemImage
  availability?: { status?: ItemAvailabilityStatus; quantityAvailable?: number }
  physicalProperties?: PhysicalProperties
  itemType?: { preset?: ItemType }
  paymentOption?: PaymentOptionType
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number }
  catalogOverrideFields?: { image?: LineItemImage; physicalProperties?: PhysicalProperties }
}

/** A discount applied to the cart; the totals estimate adds its type, what it took off and per-line shares. */
export interface CartDiscount {
  /** GLOBAL, SPECIFIC_ITEMS or SHIPPING (spec section 3, "Cart DiscountType"). */
  discountType?: CartDiscountType
  /** What the discount took off in all. */
  amount?: MultiCurrencyPrice
  coupon?: { _id?: string; code?: string; name?: string }
  /** A discount the merchant set: `amount` is what it took off, `percentage` is set for a percentage (12.5 is 12.5 %). */
  merchantDiscount?: { _id?: string; name?: string; amount?: MultiCurrencyPrice; percentage?: number }
  /** The lines it applies to, with its share of each; empty for SHIPPING discounts. */
  lineItems?: { lineItemId?: string; amount?: MultiCurrencyPrice }[]
}

/** A discount the merchant set on a cart (`Cart.merchantDiscounts`): an amount or a percentage, on lines or the whole cart. */
export interface CartMerchantDiscount {
  _id?: string
  /** For an amount discount: the amount set. */
  amount?: MultiCurrencyPrice
  /** For a percentage discount: 12.5 is 12.5 %. */
  percentage?: number
  /** The lines it discounts; empty for the whole cart. */
  lineItemIds?: string[]
}

/** A discount on the cart as the cart lists it; what it takes off is in the totals estimate's `appliedDiscounts`. */
export interface CartAppliedDiscount {
  /** GLOBAL or SPECIFIC_ITEMS for a merchant discount. */
  discountType?: CartDiscountType
  coupon?: { code?: string }
  merchantDiscount?: { _id?: string; amount?: MultiCurrencyPrice; percentage?: number }
  /** The lines a merchant discount applies to; empty for the whole cart. */
  lineItemIds?: string[]
}

/** The caller's current cart (spec section 3, "Cart"). */
export interface Cart {
  _id?: string
  lineItems?: LineItem[]
  /** ISO-4217 code of the store's currency. */
  currency?: string
  conversionCurrency?: string
  subtotal?: MultiCurrencyPrice
  weightUnit?: WeightUnit
  /** The coupon and the merchant's discounts; what they take off is in the totals estimate's `appliedDiscounts`. */
  appliedDiscounts?: CartAppliedDiscount[]
  /** The buyer's contact address (with its geocode) and details, once given in `cartInfo.contactInfo`. */
  contactInfo?: AddressWithContact
  /** The discounts the merchant set (with an API key, `carts.updateCart`). */
  merchantDiscounts?: CartMerchantDiscount[]
  /** The coupon applied to the cart, if any (its amount is in the totals estimate). */
  couponCode?: string
  /** What the buyer told the seller (`buyerNote`), and other free cart information. */
  cartInfo?: { buyerNote?: string; purchaseFlowId?: string } & Record<string, unknown>
  buyerInfo?: { visitorId?: string; memberId?: string }
  _createdDate?: string
  _updatedDate?: string
}

/** A line item to add: what to buy and how many. */
export interface LineItemInput {
  catalogReference: CatalogReference
  quantity: number
}

/** A line item to add that is not in a catalogue, at the adder's price: the merchant's only (403 from a shopper). */
export interface CustomLineItemInput {
  productName: { original: string }
  price: string
  quantity: number
  itemType?: { preset?: ItemType; custom?: string }
}

/** Body of `addToCurrentCart`. */
export interface AddToCurrentCartOptions {
  lineItems?: LineItemInput[]
  customLineItems?: CustomLineItemInput[]
}

/** A discount for the merchant to set: an `amount` (a decimal string, "5.00") or a `percentage` (0 to 100), on `lineItemIds` or, without them, the whole cart. */
export interface MerchantDiscountInput {
  amount?: string
  percentage?: number
  lineItemIds?: string[]
}

/** Body of `updateCurrentCart` (PATCH) and of the merchant's `updateCart`. */
export interface UpdateCurrentCartOptions {
  /** The buyer's note and other information, and their contact (`null` removes it). */
  cartInfo?: { buyerNote?: string; purchaseFlowId?: string; contactInfo?: AddressWithContact | null }
  /** A coupon to apply; `null` removes the one applied. */
  couponCode?: string | null
  /**
   * The merchant's only: `carts.updateCart` with an API key sets them, replacing those the cart has (`[]`
   * removes them). From a visitor's or member's token they are refused (`MERCHANT_DISCOUNTS_FORBIDDEN`, 403).
   */
  merchantDiscounts?: MerchantDiscountInput[]
  lineItems?: LineItemInput[]
}

/** A new quantity for one line item, by its id. */
export interface LineItemQuantityUpdate {
  _id: string
  quantity: number
}

/** The shipping option the buyer picked. */
export interface SelectedShippingOption {
  code: string
  carrierId?: string
}

/** Body of `estimateCurrentCartTotals`. */
export interface EstimateCurrentCartTotalsOptions {
  selectedShippingOption?: SelectedShippingOption
  shippingAddress?: Address
  billingAddress?: Address
  selectedMemberships?: { memberships?: { _id: string; appId: string; lineItemIds: string[] }[] }
}

/** Body of `createCheckoutFromCurrentCart`. */
export interface CreateCheckoutFromCurrentCartOptions {
  channelType: ChannelType
  shippingAddress?: Address
  billingAddress?: Address
  /**
   * Who receives the order (first and last name, company, phone as the shop asks): given, it must hold
   * both names and the phone where the shop requires one. Left out, the cart's `contactInfo.contactDetails`.
   */
  shippingContactDetails?: ContactDetails
  /** Who pays; left out, the same as `shippingContactDetails`. */
  billingContactDetails?: ContactDetails
  selectedShippingOption?: SelectedShippingOption
  email?: string
  /**
   * Which held memberships pay which lines, as chosen in the estimate: kept on the checkout and honoured
   * when the order is placed. Left out, no membership pays; a membership the buyer does not hold, that
   * does not cover a line it names or lacks sessions is refused (`MEMBERSHIP_NOT_APPLICABLE`).
   */
  selectedMemberships?: { memberships?: { _id: string; appId: string; lineItemIds: string[] }[] }
}

/**
 * The earlier answer shape of the cart calls, `{ cart }`: still readable on the cart they resolve with,
 * so `const { cart } = await addToCurrentCart(...)` keeps working.
 */
export interface CartResponse {
  /** @deprecated The call resolves with the cart itself; read its fields directly. */
  cart?: Cart
}

/** Where a pickup option is picked up (spec section 3: pickupDetails.address; PickupMethod). */
export interface PickupDetails {
  address?: Address
  pickupMethod?: PickupMethod
  instructions?: string
}

/** A shipping option of a totals estimate. */
export interface ShippingOption {
  code?: string
  title?: string
  /** The carrier offering the option; send it back in `selectedShippingOption`. */
  carrierId?: string
  logistics?: {
    deliveryTime?: string
    deliveryTimeSlot?: { from?: string; to?: string }
    pickupDetails?: PickupDetails
  }
  /** `price` before shipping discounts, `discount` what they take off, `totalPrice` what the buyer pays. */
  cost?: { price?: MultiCurrencyPrice; discount?: MultiCurrencyPrice; totalPrice?: MultiCurrencyPrice }
}

/** One line as the estimate priced it. */
export interface CalculatedLineItem {
  lineItemId?: string
  quantity?: number
  paymentOption?: PaymentOptionType
  /** The membership paying for the line, if one does. */
  paidByMembershipId?: string
  /** How many of the line's units the membership pays (one session each); the rest are in its price. */
  membershipQuantity?: number
  pricesBreakdown?: {
    fullPrice?: MultiCurrencyPrice
    price?: MultiCurrencyPrice
    totalDiscount?: MultiCurrencyPrice
    priceAfterDiscounts?: MultiCurrencyPrice
    tax?: MultiCurrencyPrice
    totalPriceAfterTax?: MultiCurrencyPrice
  }
  /** The line's tax per jurisdiction; `rate` is a fraction (0.0825). */
  taxDetails?: {
    jurisdiction?: string
    jurisdictionType?: JurisdictionType
    rate?: number
    amount?: MultiCurrencyPrice
  }[]
}

/** One jurisdiction's tax over the order; `rate` is a fraction (0.0825). */
export interface TaxJurisdiction {
  name?: string
  type?: JurisdictionType
  rate?: number
  taxableAmount?: MultiCurrencyPrice
  taxAmount?: MultiCurrencyPrice
}

/** How the tax was found (RateType and its reasons) and what it comes to. */
export interface TaxSummary {
  rateType?: RateType
  manualCalculationReason?: ManualCalculationReason
  fallbackReason?: FallbackReason
  taxableAmount?: MultiCurrencyPrice
  shippingTax?: MultiCurrencyPrice
  totalTax?: MultiCurrencyPrice
  jurisdictions?: TaxJurisdiction[]
}

/** A fee charged on the order (ChargeType HANDLING_FEE or INSURANCE). */
export interface AdditionalFee {
  code?: string
  name?: string
  chargeType?: ChargeType
  price?: MultiCurrencyPrice
}

/** A calculation step (TAX or SHIPPING) that could not run as set up; the estimate went on without it. */
export interface CalculationError {
  step?: 'TAX' | 'SHIPPING' | (string & {})
  code?: string
  /** Written for developers. */
  description?: string
}

/** Something about the cart to know: an ERROR blocks checkout as it stands, a WARNING does not. */
export interface CartViolation {
  /** e.g. `COUPON_EXPIRED`, `NO_SHIPPING_TO_REGION`. */
  code?: string
  severity?: Severity
  /** Written for developers. */
  description?: string
  /** The line it is about; absent when it is about the whole cart. */
  lineItemId?: string
}

/** A membership of the buyer as the estimate sees it: the lines it can pay for. */
export interface EstimateMembership {
  _id?: string
  appId?: string
  name?: string
  lineItemIds?: string[]
}

/** Answer of `estimateCurrentCartTotals` (spec section 3, "Totals estimate"). */
export interface EstimateTotalsResponse {
  cart?: Cart
  /** ISO-4217 code of the amounts. */
  currency?: string
  calculatedLineItems?: CalculatedLineItem[]
  shippingInfo?: {
    /** The shipping region the address matched, if any. */
    region?: { _id?: string; name?: string }
    selectedCarrierServiceOption?: ShippingOption
    carrierServiceOptions?: { carrierId?: string; shippingOptions?: ShippingOption[] }[]
  }
  membershipOptions?: {
    eligibleMemberships?: EstimateMembership[]
    invalidMemberships?: {
      membership?: Omit<EstimateMembership, 'lineItemIds'> & { expirationDate?: string }
      reason?: 'EXPIRED'
    }[]
    /** Which membership pays for which lines in this estimate. */
    selectedMemberships?: Omit<EstimateMembership, 'name'>[]
  }
  appliedDiscounts?: CartDiscount[]
  priceSummary?: {
    subtotal?: MultiCurrencyPrice
    discount?: MultiCurrencyPrice
    shipping?: MultiCurrencyPrice
    tax?: MultiCurrencyPrice
    additionalFees?: MultiCurrencyPrice
    total?: MultiCurrencyPrice
  }
  taxSummary?: TaxSummary
  additionalFees?: AdditionalFee[]
  calculationErrors?: CalculationError[]
  violations?: CartViolation[]
}

/** Answer of `createCheckoutFromCurrentCart`. */
export interface CreateCheckoutResponse {
  checkoutId?: string
}
