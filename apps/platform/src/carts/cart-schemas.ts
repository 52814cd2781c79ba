import { z } from 'zod'

export const MAX_LINE_QUANTITY = 10_000
export const MAX_LINE_ITEMS = 300

export const CatalogReference = z.object({
  catalogItemId: z.guid({ message: 'must be an id (UUID)' }),
  appId: z.literal('stores', { message: 'must be "stores", the platform\'s catalogue' }).default('stores'),
  options: z
    .object({
      variantId: z.guid({ message: 'must be an id (UUID)' }).optional(),
      options: z.record(z.string().max(100), z.string().max(200)).optional(),
    })
    .optional(),
})

export const AddToCartBody = z.object({
  lineItems: z
    .array(
      z.object({
        catalogReference: CatalogReference,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
      }),
    )
    .min(1)
    .max(100),
})

export type AddToCartInput = z.output<typeof AddToCartBody>

const Money = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
})

const Translatable = z.object({ original: z.string(), translated: z.string() })

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
      catalogReference: z.object({
        catalogItemId: z.string(),
        appId: z.string(),
        options: z.object({ variantId: z.string().optional() }),
      }),
      productName: Translatable,
      url: z.string().optional(),
      price: Money,
      fullPrice: Money,
      lineItemPrice: Money,
      descriptionLines: z.array(
        z.object({
          name: Translatable,
          lineType: z.enum(['PLAIN_TEXT', 'COLOR']),
          plainText: Translatable.optional(),
          colorInfo: z.object({ original: z.string(), translated: z.string(), code: z.string() }).optional(),
        }),
      ),
      image: z
        .object({
          id: z.string(),
          url: z.string(),
          width: z.number(),
          height: z.number(),
          altText: z.string(),
        })
        .optional(),
      availability: z.object({
        status: z.enum(['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE']),
        quantityAvailable: z.number().int().optional(),
      }),
      physicalProperties: z.object({
        sku: z.string(),
        shippable: z.boolean(),
        weight: z.number().optional(),
      }),
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
  appliedDiscounts: z.array(z.unknown()),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
})
