// The enumerations of spec section 3 as string unions: free at run time, checked at compile time.
// Names follow the spec; values travel on the wire as they are.

/**
 * Sales channel of a checkout. The spec names the platform's own app store and invoices channel and
 * third-party channels without their wire values; Aisle spells them `AISLE_APP_STORE`,
 * `AISLE_INVOICES`, and after the channel: `EBAY`, `AMAZON` (general marketplaces), `WISH` (discount),
 * `CLASS_PASS` (fitness classes), `GLOBAL_E` (cross-border checkout), `FACEBOOK` (social network),
 * `TIKTOK` (short video), `ETSY` (crafts), `FAIRE_COM` (wholesale) (decision 005).
 */
export type ChannelType =
  | 'UNSPECIFIED'
  | 'WEB'
  | 'POS'
  | 'OTHER_PLATFORM'
  | 'BACKOFFICE_MERCHANT'
  | 'AISLE_APP_STORE'
  | 'AISLE_INVOICES'
  | 'EBAY'
  | 'AMAZON'
  | 'WISH'
  | 'CLASS_PASS'
  | 'GLOBAL_E'
  | 'FACEBOOK'
  | 'TIKTOK'
  | 'ETSY'
  | 'FAIRE_COM'

/** Kind of an additional charge. */
export type ChargeType = 'HANDLING_FEE' | 'INSURANCE'

/** Scope of a cart discount. */
export type CartDiscountType = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING'

/** Kind of a product discount. */
export type ProductDiscountType = 'UNDEFINED' | 'NONE' | 'AMOUNT' | 'PERCENT'

/** Whether a line item can be bought. */
export type ItemAvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE'

/** Kind of a line item. */
export type ItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE'

/** How a line item is paid. */
export type PaymentOptionType =
  | 'FULL_PAYMENT_ONLINE'
  | 'FULL_PAYMENT_OFFLINE'
  | 'MEMBERSHIP'
  | 'DEPOSIT_ONLINE'
  | 'MEMBERSHIP_OFFLINE'

/** How an order is picked up. */
export type PickupMethod = 'UNKNOWN_METHOD' | 'STORE_PICKUP' | 'PICKUP_POINT'

/** How a tax rate was found. */
export type RateType = 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE'

/** Why tax was calculated manually. */
export type ManualCalculationReason = 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL'

/** Why a fallback tax rate was used. */
export type FallbackReason = 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED'

/** Level of a tax jurisdiction. */
export type JurisdictionType = 'UNDEFINED' | 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL'

/** Kind of a Brazilian tax id. */
export type VatType = 'UNSPECIFIED' | 'CPF' | 'CNPJ'

/** Unit of a cart's weights. */
export type WeightUnit = 'UNSPECIFIED_WEIGHT_UNIT' | 'KG' | 'LB'

/** Period of a subscription. */
export type SubscriptionFrequency = 'UNDEFINED' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'

/** Kind of a secure file of a digital item. */
export type FileType =
  | 'UNSPECIFIED'
  | 'SECURE_PICTURE'
  | 'SECURE_VIDEO'
  | 'SECURE_DOCUMENT'
  | 'SECURE_MUSIC'
  | 'SECURE_ARCHIVE'

/** Kind of a line item's description line. */
export type DescriptionLineType = 'UNRECOGNISED' | 'PLAIN_TEXT' | 'COLOR'

/** Severity of a violation or a message. */
export type Severity = 'WARNING' | 'ERROR'

/** Rule a field violation broke (`violatedRule` of a validation error). */
export type RuleType =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'

/** Kind of a product. */
export type ProductType = 'physical' | 'digital'

/** Stock status of a product. */
export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK'

/** Unit of a price per unit. */
export type MeasurementUnit =
  | 'ML'
  | 'CL'
  | 'L'
  | 'CBM'
  | 'MG'
  | 'G'
  | 'KG'
  | 'MM'
  | 'CM'
  | 'M'
  | 'SQM'
  | 'OZ'
  | 'LB'
  | 'FLOZ'
  | 'PT'
  | 'QT'
  | 'GAL'
  | 'IN'
  | 'FT'
  | 'YD'
  | 'SQFT'

/** Kind of a media item. */
export type MediaItemType = 'image' | 'video' | 'audio' | 'document' | 'zip'

/** How a product option is shown. */
export type OptionType = 'drop_down' | 'color'

/**
 * Kind of caller behind an event; `SITE_USER` is the spec's site-user kind (a dashboard user), named as
 * the platform sends it.
 */
export type WebhookIdentityType = 'ANONYMOUS_VISITOR' | 'MEMBER' | 'SITE_USER' | 'APP'

/** Kind of a redirect callback. */
export type CallbackType = 'UNDEFINED' | 'OWNER_BUSINESS' | 'OWNER_CUSTOM' | 'CUSTOM'

/** Prompt of a hosted login (default `login`). */
export type Prompt = 'login' | 'none' | 'consent' | 'select_account'

/** Section of the hosted members' account. */
export type MembersAccountSection = 'ACCOUNT_INFO' | 'BOOKINGS' | 'ORDERS' | 'SUBSCRIPTIONS' | 'EVENTS'

/** Where a redirect session leads. */
export type LocationType = 'UNKNOWN' | 'LOGOUT' | 'CHECKOUT' | 'AUTHORIZE'

/** Privacy status of a member's profile. */
export type PrivacyStatus = 'UNDEFINED' | 'PUBLIC' | 'PRIVATE'

/** Tag of an e-mail address. */
export type EmailTag = 'UNTAGGED' | 'MAIN' | 'HOME' | 'WORK'

/** Tag of a phone number. */
export type PhoneTag = 'UNTAGGED' | 'MAIN' | 'HOME' | 'MOBILE' | 'WORK' | 'FAX'

/** Tag of an address. */
export type AddressTag = 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING'

/** Kind of tenant. */
export type TenantType = 'UNKNOWN_TENANT_TYPE' | 'ACCOUNT' | 'SITE' | 'ROOT'

/** Target of a verification. */
export type VerificationTarget = 'UNKNOWN_TARGET' | 'EMAIL'
