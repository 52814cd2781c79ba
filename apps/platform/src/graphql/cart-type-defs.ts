/**
 * The current-cart part of the GraphQL schema (version `alpha`): the cart and the totals estimate as
 * the REST current-cart calls answer them (`carts/cart-schemas.ts`, `checkout/totals-wire.ts`), and the
 * inputs of those calls, field for field.
 */
export const cartTypeDefs = /* GraphQL */ `
type Money {
  """Exact decimal amount: "12.50"."""
  amount: String!
  convertedAmount: String!
  formattedAmount: String!
  formattedConvertedAmount: String!
}

type Translatable {
  original: String!
  translated: String!
}

type ColorInfo {
  original: String!
  translated: String!
  code: String!
}

enum DescriptionLineType {
  PLAIN_TEXT
  COLOR
}

type DescriptionLine {
  name: Translatable!
  lineType: DescriptionLineType!
  plainText: Translatable
  colorInfo: ColorInfo
}

type CatalogReferenceOptions {
  variantId: String
}

type CatalogReference {
  catalogItemId: String!
  appId: String!
  options: CatalogReferenceOptions!
}

type LineItemImage {
  id: String
  url: String!
  width: Float
  height: Float
  altText: String!
}

enum ItemAvailabilityStatus {
  AVAILABLE
  NOT_FOUND
  NOT_AVAILABLE
  PARTIALLY_AVAILABLE
}

type ItemAvailability {
  status: ItemAvailabilityStatus!
  quantityAvailable: Int
}

type PhysicalProperties {
  sku: String!
  shippable: Boolean!
  weight: Float
}

type ServiceProperties {
  """ISO-8601 date-time."""
  scheduledDate: String
  numberOfParticipants: Int
}

enum ItemTypePreset {
  PHYSICAL
  DIGITAL
  GIFT_CARD
  SERVICE
}

type ItemType {
  preset: ItemTypePreset!
}

enum PaymentOptionType {
  FULL_PAYMENT_ONLINE
  FULL_PAYMENT_OFFLINE
  MEMBERSHIP
  DEPOSIT_ONLINE
  MEMBERSHIP_OFFLINE
}

type LineItem {
  id: ID!
  quantity: Int!
  """Absent for a custom line item."""
  catalogReference: CatalogReference
  productName: Translatable!
  url: String
  price: Money!
  fullPrice: Money!
  lineItemPrice: Money!
  descriptionLines: [DescriptionLine!]!
  image: LineItemImage
  availability: ItemAvailability!
  physicalProperties: PhysicalProperties!
  serviceProperties: ServiceProperties
  itemType: ItemType!
  paymentOption: PaymentOptionType!
  """The catalogue product of the line, if the caller may still see it (loaded in one batch per request)."""
  product: Product
}

type BuyerInfo {
  visitorId: String
  memberId: String
}

enum WeightUnit {
  KG
  LB
}

type Coupon {
  id: String
  code: String!
  name: String
}

"""A discount on the cart: the coupon, or one the merchant set (its amount is the totals estimate's)."""
type CartDiscount {
  discountType: CartDiscountType
  coupon: Coupon
  merchantDiscount: CartMerchantDiscountValue
  lineItemIds: [ID!]
}

type CartMerchantDiscountValue {
  id: String!
  amount: Money
  percentage: Float
}

"""A discount the merchant set on the cart: an amount or a percentage (12.5 is 12.5 %), on lines or the whole cart."""
type CartMerchantDiscount {
  id: String!
  amount: Money
  percentage: Float
  """Empty for the whole cart."""
  lineItemIds: [ID!]!
}

type VatId {
  id: String!
  type: VatType!
}

type ContactDetails {
  firstName: String
  lastName: String
  phone: String
  company: String
  vatId: VatId
}

"""The buyer's contact: the address estimates and checkouts use when given none, and who is at it."""
type ContactInfo {
  address: Address
  contactDetails: ContactDetails
}

"""The caller's current cart."""
type Cart {
  id: ID!
  currency: String!
  conversionCurrency: String!
  weightUnit: WeightUnit!
  buyerInfo: BuyerInfo!
  lineItems: [LineItem!]!
  subtotal: Money!
  couponCode: String
  cartInfo: JSONObject!
  contactInfo: ContactInfo
  merchantDiscounts: [CartMerchantDiscount!]!
  appliedDiscounts: [CartDiscount!]!
  createdDate: String!
  updatedDate: String!
}

type PricesBreakdown {
  fullPrice: Money!
  price: Money!
  totalDiscount: Money!
  priceAfterDiscounts: Money!
  tax: Money!
  totalPriceAfterTax: Money!
}

enum JurisdictionType {
  UNDEFINED
  COUNTRY
  STATE
  COUNTY
  CITY
  SPECIAL
}

type LineTaxDetail {
  jurisdiction: String!
  jurisdictionType: JurisdictionType!
  rate: Float!
  amount: Money!
}

type CalculatedLineItem {
  lineItemId: ID!
  quantity: Int!
  paymentOption: PaymentOptionType!
  paidByMembershipId: String
  """How many of the line's units the membership pays, one session each; the rest are at the line's price."""
  membershipQuantity: Int
  pricesBreakdown: PricesBreakdown!
  taxDetails: [LineTaxDetail!]!
}

type PriceSummary {
  subtotal: Money!
  discount: Money!
  shipping: Money!
  tax: Money!
  additionalFees: Money!
  total: Money!
}

enum CartDiscountType {
  GLOBAL
  SPECIFIC_ITEMS
  SHIPPING
}

type MerchantDiscount {
  id: String
  name: String
  """What it took off."""
  amount: Money!
  percentage: Float
}

type DiscountShare {
  lineItemId: ID!
  amount: Money!
}

type AppliedDiscount {
  discountType: CartDiscountType!
  amount: Money!
  coupon: Coupon
  merchantDiscount: MerchantDiscount
  lineItems: [DiscountShare!]!
}

type StreetAddress {
  name: String
  number: String
  apt: String
}

type Geocode {
  latitude: Float
  longitude: Float
}

type Address {
  country: String
  subdivision: String
  city: String
  postalCode: String
  addressLine: String
  addressLine2: String
  streetAddress: StreetAddress
  formattedAddress: String
  geocode: Geocode
}

enum PickupMethod {
  UNKNOWN_METHOD
  STORE_PICKUP
  PICKUP_POINT
}

type PickupDetails {
  address: Address!
  pickupMethod: PickupMethod!
  instructions: String
}

type DeliveryTimeSlot {
  from: String!
  to: String!
}

type Logistics {
  deliveryTime: String
  deliveryTimeSlot: DeliveryTimeSlot
  pickupDetails: PickupDetails
}

type ShippingCost {
  price: Money!
  discount: Money!
  totalPrice: Money!
}

type ShippingOption {
  code: String!
  title: String!
  carrierId: String!
  cost: ShippingCost!
  logistics: Logistics!
}

type CarrierServiceOption {
  carrierId: String!
  shippingOptions: [ShippingOption!]!
}

type ShippingRegion {
  id: String!
  name: String!
}

type ShippingInfo {
  region: ShippingRegion
  carrierServiceOptions: [CarrierServiceOption!]!
  selectedCarrierServiceOption: ShippingOption
}

enum RateType {
  NO_TAX_COLLECTED
  MANUAL_RATE
  AUTO_RATE
  FALLBACK_RATE
}

enum ManualCalculationReason {
  GLOBAL_SETTING_TO_MANUAL
  REGION_SETTING_TO_MANUAL
}

enum FallbackReason {
  AUTO_TAX_FAILED
  AUTO_TAX_DEACTIVATED
}

type JurisdictionTax {
  name: String!
  type: JurisdictionType!
  rate: Float!
  taxableAmount: Money!
  taxAmount: Money!
}

type TaxSummary {
  rateType: RateType!
  manualCalculationReason: ManualCalculationReason
  fallbackReason: FallbackReason
  taxableAmount: Money!
  shippingTax: Money!
  totalTax: Money!
  jurisdictions: [JurisdictionTax!]!
}

enum ChargeType {
  HANDLING_FEE
  INSURANCE
}

type AdditionalFee {
  code: String!
  name: String!
  chargeType: ChargeType!
  price: Money!
}

type EligibleMembership {
  id: String!
  appId: String!
  name: String!
  lineItemIds: [ID!]!
}

type Membership {
  id: String!
  appId: String!
  name: String!
  expirationDate: String
}

type InvalidMembership {
  membership: Membership!
  reason: String!
}

type SelectedMembership {
  id: String!
  appId: String!
  lineItemIds: [ID!]!
}

type MembershipOptions {
  eligibleMemberships: [EligibleMembership!]!
  invalidMemberships: [InvalidMembership!]!
  selectedMemberships: [SelectedMembership!]!
}

type CalculationError {
  step: String!
  code: String!
  description: String!
}

enum Severity {
  WARNING
  ERROR
}

type Violation {
  code: String!
  severity: Severity!
  description: String!
  lineItemId: ID
}

"""The answer of estimateCurrentCartTotals: the cart and what it would cost."""
type TotalsEstimate {
  cart: Cart!
  currency: String!
  calculatedLineItems: [CalculatedLineItem!]!
  priceSummary: PriceSummary!
  appliedDiscounts: [AppliedDiscount!]!
  shippingInfo: ShippingInfo!
  taxSummary: TaxSummary!
  additionalFees: [AdditionalFee!]!
  membershipOptions: MembershipOptions!
  calculationErrors: [CalculationError!]!
  violations: [Violation!]!
}

input CatalogReferenceOptionsInput {
  variantId: ID
  """Choices by option name, for a product without variants of its own."""
  options: JSONObject
}

input CatalogReferenceInput {
  catalogItemId: ID!
  """"stores", the platform's catalogue (the default)."""
  appId: String
  options: CatalogReferenceOptionsInput
}

input LineItemInput {
  catalogReference: CatalogReferenceInput!
  """1 by default."""
  quantity: Int
}

input TranslatableInput {
  original: String!
  translated: String
}

input ColorInfoInput {
  original: String!
  translated: String
  code: String!
}

input DescriptionLineInput {
  name: TranslatableInput!
  plainText: TranslatableInput
  colorInfo: ColorInfoInput
}

input CustomLineItemImageInput {
  url: String!
  altText: String
}

input ItemTypeInput {
  preset: ItemTypePreset!
}

input PhysicalPropertiesInput {
  weight: Float
  sku: String
  shippable: Boolean
}

input ServicePropertiesInput {
  scheduledDate: String
  numberOfParticipants: Int
}

"""A line the merchant prices and describes itself: a shopper's token is refused (CUSTOM_LINE_ITEMS_FORBIDDEN)."""
input CustomLineItemInput {
  productName: TranslatableInput!
  """A decimal amount: "12.50"."""
  price: String!
  quantity: Int
  descriptionLines: [DescriptionLineInput!]
  image: CustomLineItemImageInput
  url: String
  itemType: ItemTypeInput
  physicalProperties: PhysicalPropertiesInput
  serviceProperties: ServicePropertiesInput
  paymentOption: PaymentOptionType
}

input LineItemQuantityInput {
  id: ID!
  """0 removes the line."""
  quantity: Int!
}

input ContactDetailsInput {
  firstName: String
  lastName: String
  phone: String
  company: String
  vatId: VatIdInput
}

input ContactInfoInput {
  address: AddressInput
  contactDetails: ContactDetailsInput
}

input CartInfoInput {
  buyerNote: String
  purchaseFlowId: String
  """The buyer's contact; null removes it."""
  contactInfo: ContactInfoInput
}

"""An amount ("5.00") or a percentage (0 to 100), on lineItemIds or the whole cart: the merchant's only."""
input MerchantDiscountInput {
  amount: String
  percentage: Float
  lineItemIds: [ID!]
}

input ShippingChoiceInput {
  code: String!
  carrierId: String
}

input StreetAddressInput {
  name: String
  number: String
  apt: String
}

input GeocodeInput {
  latitude: Float!
  longitude: Float!
}

enum VatType {
  UNSPECIFIED
  CPF
  CNPJ
}

input VatIdInput {
  id: String!
  type: VatType
}

input AddressInput {
  """ISO-3166 alpha-2."""
  country: String
  subdivision: String
  city: String
  postalCode: String
  addressLine: String
  addressLine2: String
  streetAddress: StreetAddressInput
  formattedAddress: String
  geocode: GeocodeInput
  vatId: VatIdInput
}

input MembershipSelectionInput {
  id: String!
  appId: String!
  lineItemIds: [ID!]!
}

input SelectedMembershipsInput {
  memberships: [MembershipSelectionInput!]!
}
`

/** The current cart's root query fields. */
export const cartQueryFields = /* GraphQL */ `
  """The caller's current cart (OWNED_CART_NOT_FOUND before anything was added)."""
  currentCart: Cart
  """Totals, shipping options, tax and discounts of the current cart, as POST .../estimate-totals (changes nothing)."""
  estimateCurrentCartTotals(
    selectedShippingOption: ShippingChoiceInput
    shippingAddress: AddressInput
    billingAddress: AddressInput
    selectedMemberships: SelectedMembershipsInput
  ): TotalsEstimate
`

/** The current cart's mutations: one per REST current-cart call, under the same name. */
export const cartMutationFields = /* GraphQL */ `
  """
  Adds catalogue line items, creating the cart when needed. Custom line items are the merchant's: from a
  visitor or member they are refused with CUSTOM_LINE_ITEMS_FORBIDDEN (403), and nothing is written.
  """
  addToCurrentCart(lineItems: [LineItemInput!], customLineItems: [CustomLineItemInput!]): Cart
  """
  Sets the coupon (null removes it) and the cart's info and contact, and adds line items. Merchant discounts
  are the merchant's: from a visitor or member they are refused with MERCHANT_DISCOUNTS_FORBIDDEN (403).
  """
  updateCurrentCart(
    couponCode: String
    cartInfo: CartInfoInput
    merchantDiscounts: [MerchantDiscountInput!]
    lineItems: [LineItemInput!]
  ): Cart
  """Removes line items by id."""
  removeLineItemsFromCurrentCart(lineItemIds: [ID!]!): Cart
  """Sets the quantities of line items; 0 removes a line."""
  updateCurrentCartLineItemQuantity(lineItems: [LineItemQuantityInput!]!): Cart
  """Removes the cart's coupon."""
  removeCouponFromCurrentCart: Cart
  """Deletes the current cart; true when it is gone."""
  deleteCurrentCart: Boolean
`
