import { describe, expect, it } from 'vitest'
import type { ShippingChoice } from './shipping-choice'
import { type EstimateShippingOption, type TotalsEstimate, toTotalsBreakdown } from './totals-breakdown'

// Estimates as the SDK resolves them from the platform's answer (apps/platform/src/checkout/totals-wire.ts):
// the storefront never imports the platform, so the answers are written out here, for the demo store's
// setup: Standard $5.99 and Express by weight in the US, a pickup counter in Brooklyn, New York sales tax,
// a $1.00 handling fee on deliveries.

const money = (amount: string) => ({
  amount,
  convertedAmount: amount,
  formattedAmount: `$${amount}`,
  formattedConvertedAmount: `$${amount}`,
})

const standard: EstimateShippingOption = {
  code: 'standard',
  title: 'Standard',
  carrierId: 'aisle-post',
  cost: { price: money('5.99'), totalPrice: money('5.99') },
  logistics: { deliveryTime: '3-5 business days' },
}
const express: EstimateShippingOption = {
  code: 'express',
  title: 'Express',
  carrierId: 'aisle-post',
  cost: { price: money('14.99'), totalPrice: money('14.99') },
  logistics: { deliveryTime: '1-2 business days' },
}
const pickup: EstimateShippingOption = {
  code: 'pickup-brooklyn',
  title: 'Pick up in Brooklyn',
  carrierId: 'aisle-store',
  cost: { price: money('0.00'), totalPrice: money('0.00') },
  logistics: {
    pickupDetails: {
      address: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'Brooklyn',
        postalCode: '11201',
        addressLine: '1 Front St',
      },
      pickupMethod: 'STORE_PICKUP',
      instructions: 'At the counter, with your order number.',
    },
  },
}

const newYork: ShippingChoice = {
  address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
}

function estimateFor(fields: Partial<TotalsEstimate> = {}): TotalsEstimate {
  return {
    currency: 'USD',
    cart: {
      currency: 'USD',
      lineItems: [
        { _id: 'line-1', productName: { original: 'Meadow Notebook' }, quantity: 1 },
        { _id: 'line-2', productName: { original: 'Alpine Fountain Pen' }, quantity: 1 },
      ],
    },
    priceSummary: {
      subtotal: money('63.00'),
      discount: money('6.30'),
      shipping: money('5.99'),
      tax: money('4.82'),
      additionalFees: money('1.00'),
      total: money('68.51'),
    },
    appliedDiscounts: [
      {
        discountType: 'GLOBAL',
        amount: money('6.30'),
        coupon: { _id: 'coupon-1', code: 'WELCOME10', name: '10 % off your first order' },
      },
    ],
    shippingInfo: {
      carrierServiceOptions: [
        { carrierId: 'aisle-post', shippingOptions: [standard, express] },
        { carrierId: 'aisle-store', shippingOptions: [pickup] },
      ],
      selectedCarrierServiceOption: standard,
    },
    taxSummary: {
      rateType: 'MANUAL_RATE',
      totalTax: money('4.82'),
      jurisdictions: [
        { name: 'New York State', type: 'STATE', rate: 0.04, taxAmount: money('2.27') },
        { name: 'New York City', type: 'CITY', rate: 0.045, taxAmount: money('2.55') },
      ],
    },
    additionalFees: [
      { code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: money('1.00') },
    ],
    calculationErrors: [],
    violations: [],
    ...fields,
  }
}

describe('toTotalsBreakdown', () => {
  it('lists the coupon, shipping for the chosen option, tax per jurisdiction, the fee and the total', () => {
    const breakdown = toTotalsBreakdown(estimateFor(), newYork)
    expect(breakdown.rows).toEqual([
      {
        key: 'discount-0',
        kind: 'discount',
        label: 'Coupon WELCOME10',
        detail: '10 % off your first order',
        value: '−$6.30',
      },
      { key: 'shipping', kind: 'shipping', label: 'Shipping', detail: 'Standard', value: '$5.99' },
      { key: 'tax-0', kind: 'tax', label: 'Tax', detail: 'New York State (4%)', value: '$2.27' },
      { key: 'tax-1', kind: 'tax', label: 'Tax', detail: 'New York City (4.5%)', value: '$2.55' },
      { key: 'fee-0', kind: 'fee', label: 'Handling fee', value: '$1.00' },
    ])
    expect(breakdown).toMatchObject({ totalLabel: 'Estimated total', total: '$68.51' })
    expect(breakdown).toMatchObject({ hasAddress: true, shipping: 'options', notices: [] })
    expect(breakdown.note).toBe(
      'Estimated for New York, NY 10001, United States. The final amounts are confirmed at checkout.',
    )
    expect(breakdown.announcement).toBe('Totals updated. Estimated total: $68.51.')
  })

  it('offers every option with its price and delivery time or pickup place, the chosen one selected', () => {
    const { options } = toTotalsBreakdown(estimateFor(), newYork)
    expect(options).toEqual([
      {
        value: 'aisle-post/standard',
        title: 'Standard',
        price: '$5.99',
        delivery: '3-5 business days',
        isSelected: true,
      },
      {
        value: 'aisle-post/express',
        title: 'Express',
        price: '$14.99',
        delivery: '1-2 business days',
        isSelected: false,
      },
      {
        value: 'aisle-store/pickup-brooklyn',
        title: 'Pick up in Brooklyn',
        price: 'Free',
        pickupAddress: '1 Front St, Brooklyn, NY 11201',
        instructions: 'At the counter, with your order number.',
        isSelected: false,
      },
    ])
  })

  it('shows a delivery window when an option has one instead of a delivery time', () => {
    const slotted: EstimateShippingOption = {
      ...express,
      logistics: { deliveryTimeSlot: { from: '2026-11-27T09:00:00.000Z', to: '2026-11-27T17:00:00.000Z' } },
    }
    const estimate = estimateFor({
      shippingInfo: {
        carrierServiceOptions: [{ carrierId: 'aisle-post', shippingOptions: [slotted] }],
        selectedCarrierServiceOption: slotted,
      },
    })
    const [option] = toTotalsBreakdown(estimate, newYork).options
    expect(option?.delivery).toBe('Fri, Nov 27, 9:00 AM – 5:00 PM UTC')
  })

  it('leaves shipping and tax out and asks for an address when the shopper has given none', () => {
    // Without an address the platform still offers the pickup, prices the cart with it and taxes it there.
    const estimate = estimateFor({
      priceSummary: {
        ...estimateFor().priceSummary,
        shipping: money('0.00'),
        tax: money('2.27'),
        additionalFees: money('0.00'),
        total: money('58.97'),
      },
      shippingInfo: {
        carrierServiceOptions: [{ carrierId: 'aisle-store', shippingOptions: [pickup] }],
        selectedCarrierServiceOption: pickup,
      },
      taxSummary: {
        rateType: 'MANUAL_RATE',
        totalTax: money('2.27'),
        jurisdictions: [{ name: 'New York State', type: 'STATE', rate: 0.04, taxAmount: money('2.27') }],
      },
      additionalFees: [],
      violations: [
        {
          code: 'SHIPPING_ADDRESS_REQUIRED',
          severity: 'WARNING',
          description: 'A shipping address is needed',
        },
      ],
    })
    const breakdown = toTotalsBreakdown(estimate, undefined)
    expect(breakdown.rows.map((row) => row.label)).toEqual(['Coupon WELCOME10'])
    expect(breakdown).toMatchObject({
      hasAddress: false,
      shipping: 'needs-address',
      options: [],
      notices: [],
      totalLabel: 'Total before shipping and tax',
      total: '$56.70',
      note: 'Shipping and tax are added once you enter your address.',
      announcement: 'Totals updated. Total before shipping and tax: $56.70.',
    })
  })

  it('has no rows for a cart with no discount before an address is given', () => {
    const estimate = estimateFor({
      appliedDiscounts: [],
      shippingInfo: { carrierServiceOptions: [] },
      additionalFees: [],
    })
    const breakdown = toTotalsBreakdown(estimate, undefined)
    expect(breakdown.rows).toEqual([])
    expect(breakdown.shipping).toBe('not-needed')
    expect(breakdown.note).toBe('Tax is added once you enter your address.')
  })

  it('shows shipping at its price and a free-shipping coupon taking it off, the option then free', () => {
    const freeStandard = { ...standard, cost: { price: money('5.99'), totalPrice: money('0.00') } }
    const estimate = estimateFor({
      appliedDiscounts: [
        {
          discountType: 'SHIPPING',
          amount: money('5.99'),
          coupon: { _id: 'coupon-2', code: 'FREESHIP', name: 'Free shipping over $40' },
        },
      ],
      shippingInfo: {
        carrierServiceOptions: [{ carrierId: 'aisle-post', shippingOptions: [freeStandard] }],
        selectedCarrierServiceOption: freeStandard,
      },
    })
    const breakdown = toTotalsBreakdown(estimate, newYork)
    expect(breakdown.rows.slice(0, 2)).toEqual([
      {
        key: 'discount-0',
        kind: 'discount',
        label: 'Coupon FREESHIP',
        detail: 'Free shipping over $40',
        value: '−$5.99',
      },
      { key: 'shipping', kind: 'shipping', label: 'Shipping', detail: 'Standard', value: '$5.99' },
    ])
    expect(breakdown.options[0]?.price).toBe('Free')
  })

  it('names the shop’s discount on some lines with the lines it took from', () => {
    const estimate = estimateFor({
      appliedDiscounts: [
        {
          discountType: 'SPECIFIC_ITEMS',
          amount: money('2.50'),
          merchantDiscount: { _id: 'd1', amount: money('2.50') },
          lineItems: [{ lineItemId: 'line-1', amount: money('2.50') }],
        },
        { discountType: 'GLOBAL', amount: money('1.00'), merchantDiscount: { amount: money('1.00') } },
      ],
    })
    const discounts = toTotalsBreakdown(estimate, newYork).rows.filter((row) => row.kind === 'discount')
    expect(discounts.map(({ label, detail, value }) => [label, detail, value])).toEqual([
      ['Shop discount', 'On Meadow Notebook', '−$2.50'],
      ['Shop discount', undefined, '−$1.00'],
    ])
  })

  it('names merchant discounts by their name, else by their percentage, and skips discounts of nothing', () => {
    const estimate = estimateFor({
      appliedDiscounts: [
        { discountType: 'GLOBAL', amount: money('3.15'), merchantDiscount: { percentage: 5 } },
        { discountType: 'SPECIFIC_ITEMS', amount: money('2.00'), merchantDiscount: { name: 'Pen week' } },
        { discountType: 'SHIPPING', amount: money('1.00'), merchantDiscount: {} },
        { discountType: 'GLOBAL', amount: money('0.00'), merchantDiscount: { name: 'Nothing off' } },
      ],
    })
    const discounts = toTotalsBreakdown(estimate, newYork).rows.filter((row) => row.kind === 'discount')
    expect(discounts.map(({ label, value }) => [label, value])).toEqual([
      ['5% off', '−$3.15'],
      ['Pen week', '−$2.00'],
      ['Shipping discount', '−$1.00'],
    ])
  })

  it('says shipping is not available and why when nothing ships to the address', () => {
    const estimate = estimateFor({
      priceSummary: { ...estimateFor().priceSummary, shipping: money('0.00') },
      shippingInfo: { carrierServiceOptions: [] },
      additionalFees: [],
      violations: [
        { code: 'NO_SHIPPING_TO_REGION', severity: 'ERROR', description: 'The store does not ship there' },
      ],
    })
    const breakdown = toTotalsBreakdown(estimate, { address: { country: 'JP' } })
    expect(breakdown.shipping).toBe('unavailable')
    expect(breakdown.rows).toContainEqual({
      key: 'shipping',
      kind: 'shipping',
      label: 'Shipping',
      value: 'Not available',
    })
    expect(breakdown.notices).toEqual([
      { severity: 'error', message: 'Sorry, we don’t ship to this address. Please try another one.' },
    ])
    expect(breakdown.note).toBe('Estimated for Japan. The final amounts are confirmed at checkout.')
  })

  it('shows one tax row, even of nothing, for an address no jurisdiction taxes', () => {
    const estimate = estimateFor({
      taxSummary: { rateType: 'NO_TAX_COLLECTED', totalTax: money('0.00'), jurisdictions: [] },
    })
    const taxes = toTotalsBreakdown(estimate, newYork).rows.filter((row) => row.kind === 'tax')
    expect(taxes).toEqual([{ key: 'tax', kind: 'tax', label: 'Tax', value: '$0.00' }])
  })

  it('formats amounts in the estimate’s currency', () => {
    const yen = (amount: string) => ({ amount })
    const estimate: TotalsEstimate = {
      currency: 'JPY',
      priceSummary: { subtotal: yen('4800'), shipping: yen('1200'), total: yen('6000') },
      shippingInfo: {
        carrierServiceOptions: [{ carrierId: 'post', shippingOptions: [{ code: 'std', title: 'Standard' }] }],
        selectedCarrierServiceOption: { code: 'std', title: 'Standard' },
      },
    }
    const breakdown = toTotalsBreakdown(estimate, { address: { country: 'JP' } })
    expect(breakdown.total).toBe('¥6,000')
    expect(breakdown.rows[0]).toMatchObject({ label: 'Shipping', value: '¥1,200' })
    expect(breakdown.options[0]).toMatchObject({ value: 'post/std', title: 'Standard', isSelected: true })
  })

  it('reads an answer with none of the optional parts as a cart with nothing added', () => {
    expect(toTotalsBreakdown({}, undefined)).toEqual({
      rows: [],
      totalLabel: 'Total before shipping and tax',
      total: '$0.00',
      hasAddress: false,
      shipping: 'not-needed',
      options: [],
      notices: [],
      note: 'Tax is added once you enter your address.',
      announcement: 'Totals updated. Total before shipping and tax: $0.00.',
    })
  })
})
