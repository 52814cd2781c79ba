import { z } from 'zod'
import { WireAddressSchema as Address } from '../carts/address-wire.ts'
import type { ShippingOptionEstimate, TotalsEstimate } from '../carts/pricing/totals-estimate.ts'
import { WireMoneySchema as Money, toWireMoney } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'

const PaymentOption = z.enum([
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
])
const JurisdictionType = z.enum(['UNDEFINED', 'COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'])

const ShippingOption = z.object({
  code: z.string(),
  title: z.string(),
  carrierId: z.string(),
  cost: z.object({ price: Money, discount: Money, totalPrice: Money }),
  logistics: z.object({
    deliveryTime: z.string().optional(),
    deliveryTimeSlot: z.object({ from: z.iso.datetime(), to: z.iso.datetime() }).optional(),
    pickupDetails: z
      .object({
        address: Address,
        pickupMethod: z.enum(['UNKNOWN_METHOD', 'STORE_PICKUP', 'PICKUP_POINT']),
        instructions: z.string().optional(),
      })
      .optional(),
  }),
})

/** A totals estimate on the wire (spec section 3, "Totals estimate"), as `toWireTotals` writes it. */
export const WireTotalsSchema = z.object({
  currency: z.string(),
  calculatedLineItems: z.array(
    z.object({
      lineItemId: z.string(),
      quantity: z.number().int(),
      paymentOption: PaymentOption,
      paidByMembershipId: z
        .string()
        .optional()
        .describe('the membership that pays for the line, all its units or `membershipQuantity` of them'),
      membershipQuantity: z
        .number()
        .int()
        .optional()
        .describe(
          "how many of the line's units the membership pays, one session each (decision 046); the rest are in `price`",
        ),
      pricesBreakdown: z.object({
        fullPrice: Money,
        price: Money,
        totalDiscount: Money,
        priceAfterDiscounts: Money,
        tax: Money,
        totalPriceAfterTax: Money,
      }),
      taxDetails: z.array(
        z.object({
          jurisdiction: z.string(),
          jurisdictionType: JurisdictionType,
          rate: z.number().describe('a fraction: 0.0825'),
          amount: Money,
        }),
      ),
    }),
  ),
  priceSummary: z.object({
    subtotal: Money,
    discount: Money,
    shipping: Money,
    tax: Money,
    additionalFees: Money,
    total: Money,
  }),
  appliedDiscounts: z.array(
    z.object({
      discountType: z.enum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']),
      amount: Money,
      coupon: z.object({ id: z.string(), code: z.string(), name: z.string().optional() }).optional(),
      merchantDiscount: z
        .object({
          id: z.string().optional(),
          name: z.string().optional(),
          amount: Money.describe('what the discount takes off, as `amount` beside it (Wix names it here)'),
          percentage: z.number().optional().describe('for a percentage discount: 12.5 is 12.5 %'),
        })
        .optional()
        .describe('a discount the merchant set on the cart (decision 044)'),
      lineItems: z
        .array(z.object({ lineItemId: z.string(), amount: Money }))
        .describe('the lines it applies to, with its share of each'),
    }),
  ),
  shippingInfo: z.object({
    region: z.object({ id: z.string(), name: z.string() }).optional(),
    carrierServiceOptions: z.array(
      z.object({ carrierId: z.string(), shippingOptions: z.array(ShippingOption) }),
    ),
    selectedCarrierServiceOption: ShippingOption.optional(),
  }),
  taxSummary: z.object({
    rateType: z.enum(['NO_TAX_COLLECTED', 'MANUAL_RATE', 'AUTO_RATE', 'FALLBACK_RATE']),
    manualCalculationReason: z.enum(['GLOBAL_SETTING_TO_MANUAL', 'REGION_SETTING_TO_MANUAL']).optional(),
    fallbackReason: z.enum(['AUTO_TAX_FAILED', 'AUTO_TAX_DEACTIVATED']).optional(),
    taxableAmount: Money,
    shippingTax: Money,
    totalTax: Money,
    jurisdictions: z.array(
      z.object({
        name: z.string(),
        type: JurisdictionType,
        rate: z.number().describe('a fraction: 0.0825'),
        taxableAmount: Money,
        taxAmount: Money,
      }),
    ),
  }),
  additionalFees: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      chargeType: z.enum(['HANDLING_FEE', 'INSURANCE']),
      price: Money,
    }),
  ),
  membershipOptions: z.object({
    eligibleMemberships: z.array(
      z.object({ id: z.string(), appId: z.string(), name: z.string(), lineItemIds: z.array(z.string()) }),
    ),
    invalidMemberships: z.array(
      z.object({
        membership: z.object({
          id: z.string(),
          appId: z.string(),
          name: z.string(),
          expirationDate: z.iso.datetime().optional(),
        }),
        reason: z.literal('EXPIRED'),
      }),
    ),
    selectedMemberships: z.array(
      z.object({ id: z.string(), appId: z.string(), lineItemIds: z.array(z.string()) }),
    ),
  }),
  calculationErrors: z.array(
    z.object({ step: z.string().describe('TAX or SHIPPING'), code: z.string(), description: z.string() }),
  ),
  violations: z.array(
    z.object({
      code: z.string(),
      severity: z.enum(['WARNING', 'ERROR']),
      description: z.string(),
      lineItemId: z.string().optional(),
    }),
  ),
})

/** A totals estimate as the wire shows it: `WireTotalsSchema`'s shape (a type test holds them together). */
export type WireTotals = ReturnType<typeof toWireTotals>

function shippingOption(
  option: ShippingOptionEstimate,
  money: (minor: number) => ReturnType<typeof toWireMoney>,
) {
  return {
    code: option.code,
    title: option.title,
    carrierId: option.carrierId,
    cost: {
      price: money(option.cost.price),
      discount: money(option.cost.discount),
      totalPrice: money(option.cost.totalPrice),
    },
    logistics: {
      deliveryTime: option.logistics.deliveryTime,
      deliveryTimeSlot: option.logistics.deliveryTimeSlot && {
        from: option.logistics.deliveryTimeSlot.from.toISOString(),
        to: option.logistics.deliveryTimeSlot.to.toISOString(),
      },
      pickupDetails: option.logistics.pickupDetails,
    },
  }
}

/**
 * The wire form of a totals estimate (see {@link WireTotalsSchema}): money as decimal strings,
 * percentages as numbers, dates as ISO text.
 */
export function toWireTotals(estimate: TotalsEstimate, site: Site) {
  const money = (minor: number) => toWireMoney(minor, site.currency, site.locale)
  return {
    currency: estimate.currency,
    calculatedLineItems: estimate.lineItems.map((line) => ({
      lineItemId: line.id,
      quantity: line.quantity,
      paymentOption: line.paymentOption,
      paidByMembershipId: line.paidByMembershipId,
      membershipQuantity: line.membershipQuantity,
      pricesBreakdown: {
        fullPrice: money(line.fullPrice),
        price: money(line.price),
        totalDiscount: money(line.discount),
        priceAfterDiscounts: money(line.discountedPrice),
        tax: money(line.tax),
        totalPriceAfterTax: money(line.total),
      },
      taxDetails: line.taxBreakdown.map((tax) => ({
        jurisdiction: tax.jurisdictionName,
        jurisdictionType: tax.jurisdictionType,
        rate: tax.rateBasisPoints / 10_000,
        amount: money(tax.amount),
      })),
    })),
    priceSummary: {
      subtotal: money(estimate.priceSummary.subtotal),
      discount: money(estimate.priceSummary.discount),
      shipping: money(estimate.priceSummary.shipping),
      tax: money(estimate.priceSummary.tax),
      additionalFees: money(estimate.priceSummary.additionalFees),
      total: money(estimate.priceSummary.total),
    },
    appliedDiscounts: estimate.appliedDiscounts.map((discount) => ({
      discountType: discount.discountType,
      amount: money(discount.amount),
      coupon: discount.coupon,
      merchantDiscount: discount.merchantDiscount && {
        id: discount.merchantDiscount.id,
        name: discount.merchantDiscount.name,
        amount: money(discount.amount),
        percentage:
          discount.merchantDiscount.percentageBasisPoints === undefined
            ? undefined
            : discount.merchantDiscount.percentageBasisPoints / 100,
      },
      lineItems: discount.lineItems.map((share) => ({
        lineItemId: share.lineItemId,
        amount: money(share.amount),
      })),
    })),
    shippingInfo: {
      region: estimate.shippingInfo.region,
      carrierServiceOptions: estimate.shippingInfo.carrierServiceOptions.map((carrier) => ({
        carrierId: carrier.carrierId,
        shippingOptions: carrier.shippingOptions.map((option) => shippingOption(option, money)),
      })),
      selectedCarrierServiceOption:
        estimate.shippingInfo.selectedCarrierServiceOption &&
        shippingOption(estimate.shippingInfo.selectedCarrierServiceOption, money),
    },
    taxSummary: {
      rateType: estimate.taxSummary.rateType,
      manualCalculationReason: estimate.taxSummary.manualCalculationReason,
      fallbackReason: estimate.taxSummary.fallbackReason,
      taxableAmount: money(estimate.taxSummary.taxableAmount),
      shippingTax: money(estimate.taxSummary.shippingTax),
      totalTax: money(estimate.taxSummary.totalTax),
      jurisdictions: estimate.taxSummary.jurisdictions.map((j) => ({
        name: j.name,
        type: j.type,
        rate: j.rateBasisPoints / 10_000,
        taxableAmount: money(j.taxableAmount),
        taxAmount: money(j.taxAmount),
      })),
    },
    additionalFees: estimate.additionalFees.map((fee) => ({
      code: fee.code,
      name: fee.name,
      chargeType: fee.chargeType,
      price: money(fee.price),
    })),
    membershipOptions: {
      eligibleMemberships: estimate.membershipOptions.eligibleMemberships,
      invalidMemberships: estimate.membershipOptions.invalidMemberships.map((invalid) => ({
        membership: {
          ...invalid.membership,
          expirationDate: invalid.membership.expirationDate?.toISOString(),
        },
        reason: invalid.reason,
      })),
      selectedMemberships: estimate.membershipOptions.selectedMemberships,
    },
    calculationErrors: estimate.calculationErrors,
    violations: estimate.violations,
  }
}
