import { z } from 'zod'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import { fractionDigits } from '../money/money.ts'
import { MAX_LINE_QUANTITY } from './cart-limits.ts'

const Translatable = z.object({
  original: z.string().trim().min(1).max(200),
  translated: z.string().max(200).optional(),
})

/** A line the caller prices and describes itself (a gift wrap, an engraving, a service). */
export const CustomLineItemInput = z.object({
  productName: Translatable,
  price: z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount like "12.50"'),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  descriptionLines: z
    .array(
      z.union([
        z.object({ name: Translatable, plainText: Translatable }),
        z.object({
          name: Translatable,
          colorInfo: Translatable.extend({ code: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
        }),
      ]),
    )
    .max(10)
    .default([]),
  image: z
    .object({ url: z.url({ protocol: /^https?$/ }).max(2_000), altText: z.string().max(200).optional() })
    .optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2_000)
    .optional(),
  itemType: z
    .object({ preset: z.enum(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']) })
    .default({ preset: 'PHYSICAL' }),
  physicalProperties: z
    .object({
      weight: z.number().min(0).max(100_000).optional(),
      sku: z.string().max(40).optional(),
      shippable: z.boolean().default(true),
    })
    .optional(),
  serviceProperties: z
    .object({
      scheduledDate: z.iso.datetime().optional(),
      numberOfParticipants: z.number().int().min(1).max(1_000).optional(),
    })
    .optional(),
  paymentOption: z
    .enum([
      'FULL_PAYMENT_ONLINE',
      'FULL_PAYMENT_OFFLINE',
      'MEMBERSHIP',
      'DEPOSIT_ONLINE',
      'MEMBERSHIP_OFFLINE',
    ])
    .default('FULL_PAYMENT_ONLINE'),
})

export type CustomLineItemValue = z.output<typeof CustomLineItemInput>

/** What a custom line keeps: the input, its price in minor units. */
export type CustomLine = Omit<CustomLineItemValue, 'price' | 'quantity'> & { priceMinor: number }

/** Reads a custom line's decimal price in the cart's currency; more decimals than it has are refused. */
export function toCustomLine(input: CustomLineItemValue, currency: string, field: string): CustomLine {
  const digits = fractionDigits(currency)
  const [whole = '0', fraction = ''] = input.price.split('.')
  const violations: FieldViolation[] = []
  if (fraction.length > digits) {
    violations.push({
      field: `${field}.price`,
      description: `has more than ${digits} decimals for ${currency}`,
      violatedRule: 'DECIMAL_MAX_SCALE',
    })
  }
  if (violations.length > 0) throw new ValidationError(violations)
  const { price: _price, quantity: _quantity, ...rest } = input
  return { ...rest, priceMinor: Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0') }
}
