import { z } from 'zod'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { wireNumber } from '../http/wire-number.ts'
import { fractionDigits } from '../money/money.ts'
import { MAX_LINE_QUANTITY } from './cart-limits.ts'

const Translatable = z.object({
  original: z.string().trim().min(1).max(200),
  translated: z.string().max(200).optional(),
})

/**
 * A line the merchant prices and describes itself (a gift wrap, an engraving, a service), added to a
 * cart by its id with an API key (decision 019): never from a shopper's token.
 */
export const CustomLineItemInput = z.object({
  productName: Translatable,
  price: z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount like "12.50"'),
  quantity: wireNumber(z.number().int().min(1).max(MAX_LINE_QUANTITY)).default(1),
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
      weight: wireNumber(z.number().min(0).max(100_000)).optional(),
      sku: z.string().max(40).optional(),
      shippable: z.boolean().default(true),
    })
    .optional(),
  serviceProperties: z
    .object({
      scheduledDate: z.iso.datetime().optional(),
      numberOfParticipants: wireNumber(z.number().int().min(1).max(1_000)).optional(),
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

/** Who added a custom line: the merchant, with an API key or as the site's owner on the dashboard. */
export type CustomLineOrigin = { apiKeyId: string } | { siteUserId: string }

/**
 * What a custom line keeps: the input, its price in minor units, and who added it. `addedBy` is typed
 * as optional because it is read back from stored JSON: a line without it was not added by the merchant.
 */
export type CustomLine = Omit<CustomLineItemValue, 'price' | 'quantity'> & {
  priceMinor: number
  addedBy?: CustomLineOrigin
}

/** The origin a merchant's custom lines keep, for the record. */
export function customLineOrigin(merchant: MerchantCaller): CustomLineOrigin {
  if (merchant.siteUserId) return { siteUserId: merchant.siteUserId }
  if (merchant.apiKeyId) return { apiKeyId: merchant.apiKeyId }
  throw new Error('a merchant caller has neither an API key nor a site user')
}

/** Whether a stored custom line names the merchant who added it (decision 019). */
export function hasMerchantOrigin(custom: CustomLine): boolean {
  const origin = custom.addedBy as Record<string, unknown> | null | undefined
  if (typeof origin !== 'object' || origin === null) return false
  const named = (value: unknown) => typeof value === 'string' && value.length > 0
  return named(origin.apiKeyId) || named(origin.siteUserId)
}

/**
 * The rule of decision 019: a custom line is priced by whoever adds it, so only the merchant may add one
 * (by the cart's id, with an API key that has the `carts` permission). A change that adds `count` custom
 * lines with no merchant origin is refused whole, before anything is written.
 */
export function assertMayAddCustomLines(
  addedBy: CustomLineOrigin | undefined,
  count: number,
): asserts addedBy is CustomLineOrigin {
  if (addedBy) return
  throw new ApplicationError(
    'CUSTOM_LINE_ITEMS_FORBIDDEN',
    'Custom line items are added by the merchant: with an API key that has the "carts" permission, to the cart by its id (POST /ecom/v1/carts/{id}/add-to-cart). A visitor or member can add catalogue line items only.',
    { customLineItems: count },
  )
}

/** Reads a custom line's decimal price in the cart's currency; more decimals than it has are refused. */
export function toCustomLine(
  input: CustomLineItemValue,
  currency: string,
  field: string,
  addedBy: CustomLineOrigin,
): CustomLine {
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
  const priceMinor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
  return { ...rest, priceMinor, addedBy }
}
