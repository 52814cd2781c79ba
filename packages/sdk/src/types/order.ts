import type { AddressWithContact } from './address.js'
import type {
  AdditionalFee,
  DescriptionLine,
  LineItemImage,
  MultiCurrencyPrice,
  PhysicalProperties,
} from './cart.js'
import type { CartDiscountType, FileType } from './enumerations.js'

/** An order's status: APPROVED once placed, CANCELED when the merchant cancels it. */
export type OrderStatus = 'APPROVED' | 'CANCELED'

/** Whether an order is paid (or only its deposit, `PARTIALLY_PAID`), and how much of it was refunded. */
export type OrderPaymentStatus =
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'NOT_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'FULLY_REFUNDED'

/** How much of an order has shipped. */
export type OrderFulfillmentStatus = 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED'

/** A shipment of some of an order's units, with the carrier's tracking. */
export interface OrderFulfillment {
  _id: string
  /** ISO-8601 date-time it shipped. */
  _createdDate: string
  /** The order lines (`OrderLineItem._id`) and units it holds. */
  lineItems: { _id: string; quantity: number }[]
  trackingInfo: {
    trackingNumber: string
    /** The carrier: `UPS`, `DHL`, ... */
    shippingProvider: string
    /** The carrier's tracking page, when the merchant gave it. */
    trackingLink?: string
  }
}

/** An amount of an order line, as a decimal string and formatted for the site's locale. */
export interface OrderMoney {
  amount: string
  formattedAmount: string
}

/** A line of an order: what was bought, how many, at which price. */
export interface OrderLineItem {
  _id: string
  /** The product's id, or null for a product deleted since. */
  catalogItemId: string | null
  variantId: string | null
  productName: string
  /** A custom line item: described and priced by the merchant, not from the catalogue. */
  customLineItem: boolean
  quantity: number
  price: OrderMoney
  totalPrice: OrderMoney
  /** The chosen options as the cart showed them when the order was placed (empty in older orders). */
  descriptionLines: DescriptionLine[]
  /** The SKU sold, when it had one. */
  sku?: string
  /** The variant's picture when the order was placed. */
  image?: LineItemImage
  /** Weight, SKU and whether it ships, as sold (absent in older orders). */
  physicalProperties?: PhysicalProperties
  /**
   * How the line was paid: `MEMBERSHIP` when a membership paid all its units (its total then 0); a line
   * a membership paid in part keeps the option its other units were paid with.
   */
  paymentOption: string
  /**
   * The membership that paid for the line (as it was called then) and how many of its units it paid, one
   * session each, when one did.
   */
  membership?: { _id: string; name: string; quantity?: number }
  /**
   * A digital line's (first) secure file with a download link that expires: present only in the buyer's
   * own order, once it is paid (never when unpaid or canceled, or the line refunded).
   */
  digitalFile?: OrderDigitalFile
  /** Every secure file of a digital line, as `digitalFile`, with its name and FileType. */
  digitalFiles?: OrderDigitalFileDetails[]
  /** True on a digital line that was refunded: its files give no link any more (in the buyer's own order only). */
  digitalFileRefunded?: boolean
}

/** A secure file an order line bought, and a link to download it, signed by the platform. */
export interface OrderDigitalFile {
  fileId: string
  /** Refused (410) after `expirationDate`: read the order again for a new one. */
  link: string
  /** When `link` stops working (ISO 8601). */
  expirationDate: string
}

/** A secure file with its name and type. */
export interface OrderDigitalFileDetails extends OrderDigitalFile {
  fileName: string
  fileType: Exclude<FileType, 'UNSPECIFIED'>
}

/** A discount an order got: the coupon's or one the merchant set on the cart. */
export interface OrderAppliedDiscount {
  discountType: CartDiscountType
  /** What it took off the order. */
  amount: MultiCurrencyPrice
  coupon?: { _id: string; code: string; name?: string }
  /** `percentage` is set for a percentage discount (12.5 is 12.5 %). */
  merchantDiscount?: { _id?: string; name?: string; amount: MultiCurrencyPrice; percentage?: number }
  /** Its share of each order line (`OrderLineItem._id`); empty for a shipping discount. */
  lineItems: { lineItemId: string; amount: MultiCurrencyPrice }[]
}

/** A refund of an order, in full or in part. */
export interface OrderRefund {
  _id: string
  /** When it was refunded (ISO 8601). */
  _createdDate: string
  amount: MultiCurrencyPrice
  /** The order lines it named (`OrderLineItem._id`) and how many units of each. */
  lineItems: { _id: string; quantity: number }[]
}

/** An order placed through checkout (`GET /ecom/v1/orders`). */
export interface Order {
  _id: string
  /** The number a buyer quotes: sequential per site. */
  number: string
  checkoutId: string
  status: OrderStatus
  paymentStatus: OrderPaymentStatus
  fulfillmentStatus: OrderFulfillmentStatus
  /** Its shipments, oldest first. */
  fulfillments: OrderFulfillment[]
  /** What was refunded so far. */
  refundedAmount: MultiCurrencyPrice
  /** What has been paid so far and what is still due (`balance`: 0 once paid in full). */
  balanceSummary: { paid: MultiCurrencyPrice; balance: MultiCurrencyPrice }
  /** Its refunds, oldest first: what was given back, when, and for which lines (empty for an amount alone). */
  refunds: OrderRefund[]
  payment: { provider: string; transactionId?: string; cardLast4?: string }
  /** Who placed it: the buyer's e-mail and either their member id or their visitor id. */
  buyerInfo: { email: string; memberId?: string; visitorId?: string }
  currency: string
  /**
   * Who receives the order and where (Wix eCom's `recipientInfo`): the address, its `formattedAddress`
   * written the way the destination country writes it, and the recipient's contact details.
   */
  recipientInfo: AddressWithContact | null
  /** Who pays and their address, as `recipientInfo`. */
  billingInfo: AddressWithContact | null
  shippingInfo: { code: string; carrierId?: string; title?: string } | null
  couponCode: string | null
  /** The checkout's totals at the time of the order: `subtotal`, `discount`, `shipping`, `tax`, `additionalFees`, `total`. */
  priceSummary: Record<string, MultiCurrencyPrice>
  /** The coupon's and the merchant's discounts, as the order's totals took them. */
  appliedDiscounts: OrderAppliedDiscount[]
  /** Each fee the order was charged (ChargeType HANDLING_FEE or INSURANCE); `priceSummary.additionalFees` is their sum. */
  additionalFees: AdditionalFee[]
  lineItems: OrderLineItem[]
  /** ISO-8601 date-time the order was placed. */
  _createdDate: string
}

/** Paging of `listMyOrders` (offset paging; at most 100 orders a page). */
export interface ListMyOrdersOptions {
  /** How many orders (1 to 100; 50 when left out). */
  limit?: number
  /** How many of the newest orders to skip (0 when left out). */
  offset?: number
}

/** Answer of `listMyOrders`: a page of the caller's orders, newest first. */
export interface ListMyOrdersResponse {
  orders: Order[]
  metadata: { count: number; offset: number; total: number }
}
