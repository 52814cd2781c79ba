import type { Address, AddressWithContact } from './address.js'
import type {
  ChannelType,
  ItemAvailabilityStatus,
  ItemType,
  PaymentOptionType,
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

/** A line of the cart (spec section 3, "Cart line item"). */
export interface LineItem {
  _id?: string
  quantity?: number
  catalogReference?: CatalogReference
  productName?: { original?: string; translated?: string }
  url?: string
  price?: MultiCurrencyPrice
  fullPrice?: MultiCurrencyPrice
  priceBeforeDiscounts?: MultiCurrencyPrice
  /** `price` times `quantity`. */
  lineItemPrice?: MultiCurrencyPrice
  descriptionLines?: DescriptionLine[]
  image?: LineItemImage
  availability?: { status?: ItemAvailabilityStatus; quantityAvailable?: number }
  physicalProperties?: PhysicalProperties
  itemType?: { preset?: ItemType; custom?: string }
  paymentOption?: PaymentOptionType
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number }
  catalogOverrideFields?: { image?: LineItemImage; physicalProperties?: PhysicalProperties }
}

/** A discount applied to the cart. */
export interface CartDiscount {
  coupon?: { _id?: string; code?: string }
  merchantDiscount?: { amount?: MultiCurrencyPrice; percentage?: number }
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
  appliedDiscounts?: CartDiscount[]
  contactInfo?: AddressWithContact
  buyerNote?: string
  /** The coupon applied to the cart, if any (its amount is in the totals estimate). */
  couponCode?: string
  /** What the buyer told the seller, and other free cart information. */
  cartInfo?: { buyerNote?: string; purchaseFlowId?: string } & Record<string, unknown>
  buyerInfo?: { visitorId?: string; memberId?: string; email?: string }
  checkoutId?: string
  _createdDate?: string
  _updatedDate?: string
}

/** A line item to add: what to buy and how many. */
export interface LineItemInput {
  catalogReference: CatalogReference
  quantity: number
}

/** A line item to add that is not in a catalogue. */
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

/** Body of `updateCurrentCart` (PATCH). */
export interface UpdateCurrentCartOptions {
  cartInfo?: Partial<Pick<Cart, 'buyerNote' | 'contactInfo'>> & Record<string, unknown>
  /** A coupon to apply; `null` removes the one applied. */
  couponCode?: string | null
  merchantDiscounts?: { amount: string; lineItemIds?: string[] }[]
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
  selectedShippingOption?: SelectedShippingOption
  email?: string
}

/**
 * The earlier answer shape of the cart calls, `{ cart }`: still readable on the cart they resolve with,
 * so `const { cart } = await addToCurrentCart(...)` keeps working.
 */
export interface CartResponse {
  /** @deprecated The call resolves with the cart itself; read its fields directly. */
  cart?: Cart
}

/** A shipping option of a totals estimate. */
export interface ShippingOption {
  code?: string
  title?: string
  logistics?: {
    deliveryTime?: string
    instructions?: string
    deliveryTimeSlot?: { from?: string; to?: string }
    pickupDetails?: { address?: Address }
  }
  cost?: { price?: MultiCurrencyPrice }
}

/** Answer of `estimateCurrentCartTotals` (spec section 3, "Totals estimate"). */
export interface EstimateTotalsResponse {
  cart?: Cart
  shippingInfo?: {
    selectedCarrierServiceOption?: ShippingOption
    carrierServiceOptions?: { carrierId?: string; shippingOptions?: ShippingOption[] }[]
  }
  membershipOptions?: {
    eligibleMemberships?: { _id?: string; appId?: string; name?: { original?: string } }[]
    invalidMemberships?: { membership?: { _id?: string; expirationDate?: string }; reason?: string }[]
  }
  appliedDiscounts?: CartDiscount[]
  priceSummary?: Record<string, MultiCurrencyPrice>
}

/** Answer of `createCheckoutFromCurrentCart`. */
export interface CreateCheckoutResponse {
  checkoutId?: string
}
