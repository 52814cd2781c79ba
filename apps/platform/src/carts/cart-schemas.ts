import { z } from 'zod'
import { wireNumber } from '../http/wire-number.ts'
import { WireMoneySchema } from '../money/money.ts'
import { MAX_LINE_QUANTITY } from './cart-limits.ts'
import { CatalogueAppId } from './catalogue-app-id.ts'
import { ContactInfoInput, ContactInfoSchema } from './contact-info.ts'
import { CustomLineItemInput } from './custom-line-item.ts'
import { MerchantDiscountsInput, WireMerchantDiscountSchema } from './merchant-discounts.ts'

export const CatalogReference = z.object({
  catalogItemId: z.guid({ message: 'must be an id (UUID)' }),
  appId: CatalogueAppId,
  options: z
    .object({
      variantId: z.guid({ message: 'must be an id (UUID)' }).optional(),
      options: z.record(z.string().max(100), z.string().max(200)).optional(),
    })
    .optional(),
})

const CatalogLineItems = z
  .array(
    z.object({
      catalogReference: CatalogReference,
      quantity: wireNumber(z.number().int().min(1).max(MAX_LINE_QUANTITY)).default(1),
    }),
  )
  .max(100)

/** Catalogue line items and custom ones; at least one of either. */
export const AddToCartBody = z
  .object({
    lineItems: CatalogLineItems.default([]),
    customLineItems: z.array(CustomLineItemInput).max(100).default([]),
  })
  .refine((body) => body.lineItems.length + body.customLineItems.length > 0, {
    message: 'must hold at least one line item or custom line item',
    path: ['lineItems'],
    params: { violatedRule: 'MIN_SIZE' },
  })

export type AddToCartInput = z.output<typeof AddToCartBody>

const Money = WireMoneySchema

const Translatable = z.object({ original: z.string(), translated: z.string() })

/** One chosen option of a line, as the cart showed it (DescriptionLineType PLAIN_TEXT or COLOR, colours with their code). */
export const DescriptionLineSchema = z.object({
  name: Translatable,
  lineType: z.enum(['PLAIN_TEXT', 'COLOR']),
  plainText: Translatable.optional(),
  colorInfo: z.object({ original: z.string(), translated: z.string(), code: z.string() }).optional(),
})

/** A line's picture: its variant's own, else its product's first. */
export const LineImageSchema = z.object({
  id: z.string().optional(),
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  altText: z.string(),
})

/** A line's weight, SKU and whether it ships. */
export const PhysicalPropertiesSchema = z.object({
  sku: z.string(),
  shippable: z.boolean(),
  weight: z.number().optional(),
})

export const CartSchema = z.object({
  id: z.string(),
  currency: z.string(),
  conversionCurrency: z.string(),
  weightUnit: z.enum(['KG', 'LB']),
  buyerInfo: z.object({ visitorId: z.string().optional(), memberId: z.string().optional() }),
  lineItems: z.array(
    z.object({
      id: z.string(),
      quantity: z.number().int(),
      catalogReference: z
        .object({
          catalogItemId: z.string(),
          appId: z.string(),
          options: z.object({ variantId: z.string().optional() }),
        })
        .optional()
        .describe('absent for a custom line item'),
      productName: Translatable,
      url: z.string().optional(),
      price: Money,
      fullPrice: Money,
      lineItemPrice: Money,
      descriptionLines: z.array(DescriptionLineSchema),
      image: LineImageSchema.optional(),
      availability: z.object({
        status: z.enum(['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE']),
        quantityAvailable: z.number().int().optional(),
      }),
      physicalProperties: PhysicalPropertiesSchema,
      serviceProperties: z
        .object({ scheduledDate: z.string().optional(), numberOfParticipants: z.number().int().optional() })
        .optional(),
      itemType: z.object({ preset: z.enum(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']) }),
      paymentOption: z.enum([
        'FULL_PAYMENT_ONLINE',
        'FULL_PAYMENT_OFFLINE',
        'MEMBERSHIP',
        'DEPOSIT_ONLINE',
        'MEMBERSHIP_OFFLINE',
      ]),
    }),
  ),
  subtotal: Money,
  couponCode: z.string().optional(),
  cartInfo: z.record(z.string(), z.unknown()),
  contactInfo: ContactInfoSchema.optional().describe("the buyer's contact address and details, once given"),
  merchantDiscounts: z
    .array(WireMerchantDiscountSchema)
    .describe('the discounts the merchant set (decision 044); what each takes off is in the totals estimate'),
  appliedDiscounts: z
    .array(
      z.object({
        discountType: z.enum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']).optional(),
        coupon: z.object({ code: z.string() }).optional(),
        merchantDiscount: z
          .object({ id: z.string(), amount: WireMoneySchema.optional(), percentage: z.number().optional() })
          .optional(),
        lineItemIds: z.array(z.string()).optional(),
      }),
    )
    .describe(
      'the coupon and the merchant discounts on the cart; their amounts come with the totals estimate',
    ),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
})

const CartInfoInput = z.object({
  buyerNote: z.string().max(1_000).optional(),
  purchaseFlowId: z.string().max(100).optional(),
  contactInfo: ContactInfoInput.nullish().describe("the buyer's contact; null removes it"),
})

/**
 * `PATCH /ecom/v1/carts/current`: the cart's own fields, and line items to add. `merchantDiscounts` are
 * the merchant's: from a visitor or member they are refused (MERCHANT_DISCOUNTS_FORBIDDEN, decision 044).
 */
export const UpdateCartBody = z.object({
  cartInfo: CartInfoInput.optional(),
  couponCode: z.string().trim().min(1).max(50).nullish(),
  merchantDiscounts: MerchantDiscountsInput.optional().describe(
    "the merchant's only (PATCH /ecom/v1/carts/{id}); a visitor's or member's are refused with 403",
  ),
  lineItems: CatalogLineItems.optional(),
})
export type UpdateCartInput = z.output<typeof UpdateCartBody>

export const RemoveLineItemsBody = z.object({ lineItemIds: z.array(z.guid()).min(1).max(300) })

export const UpdateQuantitiesBody = z.object({
  lineItems: z
    .array(z.object({ id: z.guid(), quantity: wireNumber(z.number().int().min(0).max(MAX_LINE_QUANTITY)) }))
    .min(1)
    .max(300),
})
