import type { ShippingOptionEstimate, TotalsEstimate } from '../carts/pricing/totals-estimate.ts'
import { toWireMoney } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'

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

/** The wire form of a totals estimate: money as decimal strings, percentages as numbers, dates as ISO text. */
export function toWireTotals(estimate: TotalsEstimate, site: Site) {
  const money = (minor: number) => toWireMoney(minor, site.currency, site.locale)
  return {
    currency: estimate.currency,
    calculatedLineItems: estimate.lineItems.map((line) => ({
      lineItemId: line.id,
      quantity: line.quantity,
      paymentOption: line.paymentOption,
      paidByMembershipId: line.paidByMembershipId,
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
