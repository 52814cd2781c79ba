import { z } from 'zod'
import { formattedAddressOf } from '../addresses/address-format.ts'
import { WireAddressSchema } from '../carts/address-wire.ts'
import { DescriptionLineSchema, LineImageSchema, PhysicalPropertiesSchema } from '../carts/cart-schemas.ts'
import { type ContactDetails, WireContactDetailsSchema } from '../carts/contact-info.ts'
import type { Address } from '../carts/pricing/pricing-input.ts'
import { toWireMoney, type WireMoney, WireMoneySchema } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'
import { balanceDueOf } from './order-state.ts'
import type { OrderWithLines } from './order-store.ts'

const Money = WireMoneySchema

/** An address and the person at it (Wix eCom's `AddressWithContact`): an order's recipient and payer. */
const AddressWithContactSchema = z.object({
  address: WireAddressSchema,
  contactDetails: WireContactDetailsSchema.optional(),
})

/** The wire form of a stored address and its person: `formattedAddress` from the one formatter. */
function toWireAddressWithContact(
  address: Address | null,
  contactDetails: ContactDetails | null,
  locale: string,
): z.output<typeof AddressWithContactSchema> | null {
  if (!address) return null
  // A tax id typed with the address goes with the person on the wire, as Wix's contact keeps it.
  const { vatId, ...postal } = address as Address & { vatId?: ContactDetails['vatId'] }
  const contact = vatId || contactDetails ? { ...(vatId ? { vatId } : {}), ...contactDetails } : undefined
  return {
    address: { ...postal, formattedAddress: formattedAddressOf(address, locale) },
    ...(contact ? { contactDetails: contact } : {}),
  }
}

/** A discount the order got, as the totals at the order had it (decision 044). */
const OrderDiscountSchema = z.object({
  discountType: z.enum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']),
  amount: Money.describe('what it took off the order'),
  coupon: z.object({ id: z.string(), code: z.string(), name: z.string().optional() }).optional(),
  merchantDiscount: z
    .object({
      id: z.string().optional(),
      name: z.string().optional(),
      amount: Money,
      percentage: z.number().optional().describe('for a percentage discount: 12.5 is 12.5 %'),
    })
    .optional()
    .describe('a discount the merchant set on the cart'),
  lineItems: z
    .array(z.object({ lineItemId: z.string(), amount: Money }))
    .describe('its share of each order line (`lineItems[].id`); empty for a shipping discount'),
})

/** A file an order line bought, with a signed link of its buyer's (decision 047). */
export interface LineDownload {
  fileId: string
  fileName: string
  fileType: string
  link: string
  expirationDate: Date
}

/** What a digital line gives its buyer: its files, or nothing as it was refunded (decision 055). */
export type LineDownloadState = { refunded: false; files: readonly LineDownload[] } | { refunded: true }

/** An order's downloads by order line id; lines with none (not digital, order not paid) are absent. */
export type OrderLineDownloads = ReadonlyMap<string, LineDownloadState>

const DigitalFileSchema = z.object({
  fileId: z.string(),
  link: z.string().describe('signed by the platform; refused after expirationDate'),
  expirationDate: z.string().describe('when `link` stops working (ISO 8601)'),
})

/** An order on the wire. */
export const OrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  checkoutId: z.string(),
  status: z.enum(['APPROVED', 'CANCELED']),
  paymentStatus: z
    .enum(['PAID', 'PARTIALLY_PAID', 'NOT_PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'])
    .describe('PARTIALLY_PAID: a deposit was paid online, the rest is due (decision 092)'),
  fulfillmentStatus: z
    .enum(['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'])
    .describe('how much of the order has shipped (decision 034)'),
  fulfillments: z
    .array(
      z.object({
        id: z.string(),
        createdDate: z.string(),
        lineItems: z.array(z.object({ id: z.string(), quantity: z.number() })),
        trackingInfo: z.object({
          trackingNumber: z.string(),
          shippingProvider: z.string(),
          trackingLink: z.string().optional(),
        }),
      }),
    )
    .describe("the order's shipments, oldest first, each with its carrier and tracking number"),
  refundedAmount: Money.describe('what was refunded so far'),
  balanceSummary: z
    .object({
      paid: Money.describe('what has been paid so far (online and marked paid by the shop)'),
      balance: Money.describe('what is still due: 0 once paid in full (decision 092)'),
    })
    .describe('as Wix names it: what was paid and what is left to pay'),
  refunds: z
    .array(
      z.object({
        id: z.string(),
        createdDate: z.string().describe('when it was refunded (ISO 8601)'),
        amount: Money,
        lineItems: z
          .array(z.object({ id: z.string(), quantity: z.number() }))
          .describe(
            'the order lines it named (`lineItems[].id`) and how many units of each; empty for an amount alone',
          ),
      }),
    )
    .describe("the order's refunds, oldest first: what was given back and when (decision 060)"),
  payment: z.object({
    provider: z.string(),
    transactionId: z.string().optional(),
    cardLast4: z.string().optional(),
  }),
  buyerInfo: z.object({
    email: z.string(),
    memberId: z.string().optional(),
    visitorId: z.string().optional(),
  }),
  currency: z.string(),
  recipientInfo: AddressWithContactSchema.nullable().describe(
    'who receives the order and where: the address (its `formattedAddress` written as the country writes it) and the contact details (decision 059)',
  ),
  billingInfo: AddressWithContactSchema.nullable().describe('who pays and their address, as `recipientInfo`'),
  shippingInfo: z
    .object({ code: z.string(), carrierId: z.string().optional(), title: z.string().optional() })
    .nullable(),
  couponCode: z.string().nullable(),
  priceSummary: z.record(z.string(), z.unknown()),
  additionalFees: z
    .array(
      z.object({
        code: z.string(),
        name: z.string(),
        chargeType: z.enum(['HANDLING_FEE', 'INSURANCE']).describe("the spec's ChargeType"),
        price: Money,
      }),
    )
    .describe(
      "each fee the order was charged, as the checkout's totals had it (`priceSummary.additionalFees` is their sum)",
    ),
  appliedDiscounts: z
    .array(OrderDiscountSchema)
    .describe("the coupon's and the merchant's discounts, as the order's totals took them"),
  lineItems: z.array(
    z.object({
      id: z.string(),
      catalogItemId: z.string().nullable(),
      variantId: z.string().nullable(),
      productName: z.string(),
      customLineItem: z
        .boolean()
        .describe('a custom line item: described and priced by the merchant, not from the catalogue'),
      quantity: z.number(),
      price: Money,
      totalPrice: Money,
      descriptionLines: z
        .array(DescriptionLineSchema)
        .describe(
          'the chosen options as the cart showed them when the order was placed (empty in orders placed before they were kept)',
        ),
      sku: z.string().optional().describe('the SKU sold, when it had one'),
      image: LineImageSchema.optional().describe("the variant's picture when the order was placed"),
      physicalProperties: PhysicalPropertiesSchema.optional().describe(
        'weight, SKU and whether it ships, as sold (absent in orders placed before they were kept)',
      ),
      digitalFile: DigitalFileSchema.optional().describe(
        "a digital line's (first) secure file, for its buyer once the order is paid: present only in the buyer's own answers, never when the order is unpaid or canceled or the line refunded",
      ),
      digitalFiles: z
        .array(
          DigitalFileSchema.extend({
            fileName: z.string(),
            fileType: z
              .enum(['SECURE_PICTURE', 'SECURE_VIDEO', 'SECURE_DOCUMENT', 'SECURE_MUSIC', 'SECURE_ARCHIVE'])
              .describe("the spec's FileType"),
          }),
        )
        .optional()
        .describe('every secure file of a digital line, as `digitalFile` (when the product carries several)'),
      digitalFileRefunded: z
        .boolean()
        .optional()
        .describe(
          "true on a digital line that was refunded (a refund named it, or the order's refunds reach it: decision 055): its files give no link any more; present only in the buyer's own answers",
        ),
      paymentOption: z
        .string()
        .describe(
          'how the line was paid (PaymentOptionType): `MEMBERSHIP` when a membership paid all its units, its total then 0; a line a membership paid in part keeps the option its other units were paid with',
        ),
      membership: z
        .object({
          id: z.string().describe("the membership's id (`membershipOptions.selectedMemberships[].id`)"),
          name: z.string().describe("the plan's name when the order was placed"),
          quantity: z
            .number()
            .int()
            .describe(
              "how many of the line's units it paid, one session each; the others were charged at `price` each",
            ),
        })
        .optional()
        .describe(
          'the membership that paid for the line (all or some of its units), when one did (decision 046)',
        ),
    }),
  ),
  createdDate: z.string(),
})

/** An order as the wire shows it: `OrderSchema`'s shape (a type test holds them together). */
export type WireOrder = ReturnType<typeof toWireOrder>

/** The wire form of a stored order. */
export function toWireOrder(
  { order, lines, fulfillments, refunds }: OrderWithLines,
  site: Site,
  downloads?: OrderLineDownloads,
) {
  const money = (minor: string | number) => toWireMoney(Number(minor), order.currency, site.locale)
  const payment = order.payment
  return {
    id: order.id,
    number: String(order.number),
    checkoutId: order.checkout_id,
    status: order.status,
    paymentStatus: order.payment_status,
    fulfillmentStatus: order.fulfillment_status,
    fulfillments: fulfillments.map((fulfillment) => ({
      id: fulfillment.id,
      createdDate: new Date(fulfillment.created_date).toISOString(),
      lineItems: fulfillment.lines.map((line) => ({ id: line.lineId, quantity: line.quantity })),
      trackingInfo: {
        trackingNumber: fulfillment.tracking_number,
        shippingProvider: fulfillment.carrier,
        trackingLink: fulfillment.tracking_url ?? undefined,
      },
    })),
    refundedAmount: money(order.refunded_minor),
    balanceSummary: { paid: money(order.paid_minor), balance: money(balanceDueOf(order)) },
    refunds: refunds.map((refund) => ({
      id: refund.id,
      createdDate: new Date(refund.created_date).toISOString(),
      amount: money(refund.amount_minor),
      lineItems: refund.lines.map((line) => ({ id: line.lineId, quantity: line.quantity })),
    })),
    payment: {
      provider: payment.provider,
      transactionId: 'transactionId' in payment ? payment.transactionId : undefined,
      cardLast4: 'cardLast4' in payment ? payment.cardLast4 : undefined,
    },
    buyerInfo: {
      email: order.email,
      ...(order.owner_kind === 'member' ? { memberId: order.owner_id } : { visitorId: order.owner_id }),
    },
    currency: order.currency,
    recipientInfo: toWireAddressWithContact(order.shipping_address, order.shipping_contact, site.locale),
    billingInfo: toWireAddressWithContact(order.billing_address, order.billing_contact, site.locale),
    shippingInfo: order.shipping_option,
    couponCode: order.coupon_code,
    priceSummary: (order.totals.priceSummary ?? {}) as Record<string, unknown>,
    appliedDiscounts: (order.totals.appliedDiscounts ?? []) as z.output<typeof OrderDiscountSchema>[],
    additionalFees: (order.totals.additionalFees ?? []) as {
      code: string
      name: string
      chargeType: 'HANDLING_FEE' | 'INSURANCE'
      price: WireMoney
    }[],
    lineItems: lines.map((line) => ({
      id: line.id,
      catalogItemId: line.catalog_item_id,
      variantId: line.variant_id,
      productName: line.name,
      customLineItem: line.custom !== null,
      quantity: line.quantity,
      price: money(line.unit_price_minor),
      totalPrice: money(line.total_minor),
      descriptionLines: line.description_lines ?? [],
      sku: line.sku ?? undefined,
      image: line.image ?? undefined,
      physicalProperties: physicalPropertiesOf(line),
      ...digitalFilesOf(downloads?.get(line.id)),
      paymentOption: line.payment_option,
      // An order placed before a session paid one unit has no quantity: its membership paid the whole line.
      ...(line.membership
        ? { membership: { ...line.membership, quantity: line.membership.quantity ?? line.quantity } }
        : {}),
    })),
    createdDate: new Date(order.created_date).toISOString(),
  }
}

type FileTypeName = 'SECURE_PICTURE' | 'SECURE_VIDEO' | 'SECURE_DOCUMENT' | 'SECURE_MUSIC' | 'SECURE_ARCHIVE'

/** A line's `digitalFile` and `digitalFiles`, `digitalFileRefunded` for a refunded one, or nothing. */
function digitalFilesOf(downloads: LineDownloadState | undefined) {
  if (!downloads) return {}
  if (downloads.refunded) return { digitalFileRefunded: true }
  const { files } = downloads
  if (files.length === 0) return {}
  const digitalFiles = files.map((file) => ({
    fileId: file.fileId,
    link: file.link,
    expirationDate: file.expirationDate.toISOString(),
    fileName: file.fileName,
    fileType: file.fileType as FileTypeName,
  }))
  const first = digitalFiles[0]!
  return {
    digitalFile: { fileId: first.fileId, link: first.link, expirationDate: first.expirationDate },
    digitalFiles,
  }
}

/**
 * What a sold line says of its shipping on the wire, the order's answer and its webhook alike (decision 058):
 * nothing for a line kept before that was known.
 */
export function physicalPropertiesOf(line: {
  sku: string | null
  shippable: boolean | null
  weight: number | null
}): { sku: string; shippable: boolean; weight: number | undefined } | undefined {
  return line.shippable === null
    ? undefined
    : { sku: line.sku ?? '', shippable: line.shippable, weight: line.weight ?? undefined }
}
