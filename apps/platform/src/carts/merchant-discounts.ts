import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { wireNumber } from '../http/wire-number.ts'
import { fractionDigits, toDecimalString, toWireMoney, WireMoneySchema } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'
import type { CartMerchantDiscount, LineItemRow } from './cart-store.ts'
import type { CustomLineOrigin } from './custom-line-item.ts'
import type { MerchantDiscount } from './pricing/pricing-input.ts'

/** How many discounts a merchant may set on one cart. */
export const MAX_MERCHANT_DISCOUNTS = 20

/**
 * A discount the merchant sets on a cart (decision 044): an amount (a decimal string, as Wix's
 * `MerchantDiscountInput` takes it) or a percentage, on the lines named or on the whole cart.
 */
export const MerchantDiscountInput = z
  .object({
    amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount like "5.00"')
      .optional(),
    percentage: wireNumber(
      z.number().gt(0, 'must be more than 0').max(100, 'must be at most 100'),
    ).optional(),
    lineItemIds: z
      .array(z.guid({ message: 'must be an id (UUID)' }))
      .max(300)
      .optional(),
  })
  .refine((discount) => (discount.amount === undefined) !== (discount.percentage === undefined), {
    message: 'give either an amount or a percentage',
    path: ['amount'],
    params: { violatedRule: 'ONE_OF_ALIGNMENT' },
  })

export const MerchantDiscountsInput = z.array(MerchantDiscountInput).max(MAX_MERCHANT_DISCOUNTS)
export type MerchantDiscountValue = z.output<typeof MerchantDiscountInput>

/** The refusal a shopper's merchant discounts get, wherever they come from (REST or GraphQL). */
export function merchantDiscountsForbidden(): ApplicationError {
  return new ApplicationError(
    'MERCHANT_DISCOUNTS_FORBIDDEN',
    'Merchant discounts are set by the merchant: with an API key that has the "carts" permission, on the cart by its id (PATCH /ecom/v1/carts/{id}). A visitor or member may apply a coupon.',
    {},
  )
}

/** Minor units of a decimal amount in `currency`, or a violation when it has more decimals than the currency. */
function minorOf(amount: string, currency: string, field: string): number | FieldViolation {
  const digits = fractionDigits(currency)
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > digits) {
    return {
      field,
      description: `has more than ${digits} decimals for ${currency}`,
      violatedRule: 'DECIMAL_MAX_SCALE',
    }
  }
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
}

/**
 * Checks the merchant's discounts against the cart and turns them into what the cart keeps: every line id
 * must name a line of the cart (LINE_ITEM_NOT_FOUND otherwise), an amount must be above 0 and at most the
 * subtotal of what it discounts (the lines named, or the whole cart), a percentage above 0 and at most 100
 * with at most two decimals (whole basis points). Refuses the whole list on any fault.
 *
 * @param lineAmounts each line's price times its quantity, in minor units
 * @throws {ValidationError} for an amount or percentage out of bounds
 * @throws {ApplicationError} LINE_ITEM_NOT_FOUND for ids that name no line of the cart
 */
export function planMerchantDiscounts(
  inputs: readonly MerchantDiscountValue[],
  cart: { lines: readonly LineItemRow[]; lineAmounts: ReadonlyMap<string, number>; currency: string },
  addedBy: CustomLineOrigin,
): CartMerchantDiscount[] {
  const known = new Set(cart.lines.map((line) => line.id))
  const unknown = [...new Set(inputs.flatMap((input) => input.lineItemIds ?? []))].filter(
    (id) => !known.has(id),
  )
  if (unknown.length > 0) {
    throw new ApplicationError('LINE_ITEM_NOT_FOUND', `No line item ${unknown[0]} in this cart`, {
      lineItemIds: unknown,
    })
  }
  const violations: FieldViolation[] = []
  const planned = inputs.map((input, index): CartMerchantDiscount => {
    const field = `merchantDiscounts[${index}]`
    const lineItemIds = [...new Set(input.lineItemIds ?? [])]
    const scope = lineItemIds.length > 0 ? lineItemIds : [...known]
    const subtotal = scope.reduce((sum, id) => sum + (cart.lineAmounts.get(id) ?? 0), 0)
    let value: CartMerchantDiscount['value'] = { type: 'AMOUNT', amount: 0 }
    if (input.amount !== undefined) {
      const minor = minorOf(input.amount, cart.currency, `${field}.amount`)
      if (typeof minor !== 'number') violations.push(minor)
      else if (minor <= 0)
        violations.push({
          field: `${field}.amount`,
          description: 'must be more than 0',
          violatedRule: 'DECIMAL_GT',
        })
      else if (minor > subtotal)
        violations.push({
          field: `${field}.amount`,
          description: `must be at most ${toDecimalString(subtotal, cart.currency)}, the subtotal of ${lineItemIds.length > 0 ? 'the lines it discounts' : 'the cart'}`,
          violatedRule: 'DECIMAL_LTE',
        })
      else value = { type: 'AMOUNT', amount: minor }
    } else {
      const basisPoints = (input.percentage ?? 0) * 100
      // Two decimals of a percentage are whole basis points; a float such as 12.5 * 100 is exact.
      if (Math.abs(basisPoints - Math.round(basisPoints)) > 1e-6)
        violations.push({
          field: `${field}.percentage`,
          description: 'has more than 2 decimals',
          violatedRule: 'DECIMAL_MAX_SCALE',
        })
      else value = { type: 'PERCENTAGE', basisPoints: Math.round(basisPoints) }
    }
    return { id: randomUUID(), value, lineItemIds, addedBy }
  })
  if (violations.length > 0) throw new ValidationError(violations)
  return planned
}

/**
 * The discounts of a cart that still apply, each with only the lines still in the cart: a discount
 * whose every line was removed takes nothing, so it is no longer shown (the engine leaves it out too).
 */
export function liveMerchantDiscounts(
  discounts: readonly CartMerchantDiscount[],
  lines: readonly LineItemRow[],
): CartMerchantDiscount[] {
  const ids = new Set(lines.map((line) => line.id))
  return discounts.flatMap((discount) => {
    if (discount.lineItemIds.length === 0) return [discount]
    const lineItemIds = discount.lineItemIds.filter((id) => ids.has(id))
    return lineItemIds.length > 0 ? [{ ...discount, lineItemIds }] : []
  })
}

/** A kept discount as the pricing engine reads it: SPECIFIC_ITEMS when it names lines, else GLOBAL. */
export function toPricingDiscount(discount: CartMerchantDiscount): MerchantDiscount {
  return {
    id: discount.id,
    discountType: discount.lineItemIds.length > 0 ? 'SPECIFIC_ITEMS' : 'GLOBAL',
    value: discount.value,
    lineItemIds: discount.lineItemIds,
  }
}

/** The cart's `merchantDiscounts` on the wire: what the merchant set; what each takes off is the estimate's. */
export const WireMerchantDiscountSchema = z.object({
  id: z.string(),
  amount: WireMoneySchema.optional().describe('for an amount discount: the amount set'),
  percentage: z.number().optional().describe('for a percentage discount: 12.5 is 12.5 %'),
  lineItemIds: z.array(z.string()).describe('the lines it discounts; empty for the whole cart'),
})

/** A kept discount on the wire (see {@link WireMerchantDiscountSchema}). */
export function toWireMerchantDiscount(discount: CartMerchantDiscount, site: Site) {
  return {
    id: discount.id,
    ...(discount.value.type === 'AMOUNT'
      ? { amount: toWireMoney(discount.value.amount, site.currency, site.locale) }
      : { percentage: discount.value.basisPoints / 100 }),
    lineItemIds: discount.lineItemIds,
  }
}
