import { describe, expect, it } from 'vitest'
import { calculateTotals } from './estimate-totals.ts'
import type { AdditionalFeeSetup } from './pricing-input.ts'
import {
  BUFFALO,
  expectConsistent,
  line,
  parcel,
  pricingInput,
  SHIPPING,
  US_TAX,
} from './testing/pricing-fixtures.ts'

const handling: AdditionalFeeSetup = {
  code: 'handling',
  name: 'Handling',
  chargeType: 'HANDLING_FEE',
  value: { type: 'FLAT', amount: 200 },
  isDeliveryOnly: true,
}
const insurance: AdditionalFeeSetup = {
  code: 'insurance',
  name: 'Insurance',
  chargeType: 'INSURANCE',
  value: { type: 'PERCENTAGE', basisPoints: 150 },
}

describe('additional fees', () => {
  it('charges a flat handling fee and a percentage insurance on the discounted subtotal', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', unitPrice: 3333 })],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 300 } }],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        additionalFees: [handling, insurance],
      }),
    )
    // 1.5 % of 30.33 is 0.45495 -> 0.45.
    expect(estimate.additionalFees).toEqual([
      { code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: 200 },
      { code: 'insurance', name: 'Insurance', chargeType: 'INSURANCE', price: 45 },
    ])
    expect(estimate.priceSummary).toEqual({
      subtotal: 3333,
      discount: 300,
      shipping: 500,
      tax: 0,
      additionalFees: 245,
      total: 3333 - 300 + 500 + 245,
    })
    expectConsistent(estimate)
  })

  it.each([
    ['a delivery', 'standard', ['handling', 'insurance']],
    ['a pickup', 'store', ['insurance']],
  ])('charges a delivery-only fee only with a delivery: %s', (_what, code, expected) => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a' })],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        selectedShippingOption: { code },
        additionalFees: [handling, insurance],
      }),
    )
    expect(estimate.additionalFees.map((fee) => fee.code)).toEqual(expected)
  })

  it('charges nothing on an empty cart', () => {
    const estimate = calculateTotals(
      pricingInput({ lines: [], additionalFees: [{ ...handling, isDeliveryOnly: false }, insurance] }),
    )
    expect(estimate.additionalFees).toEqual([])
    expect(estimate.priceSummary.total).toBe(0)
  })

  it('does not tax fees', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'a', unitPrice: 10_000 })],
        billingAddress: BUFFALO,
        tax: US_TAX,
        additionalFees: [insurance],
      }),
    )
    expect(estimate.priceSummary).toMatchObject({ tax: 875, additionalFees: 150, total: 10_000 + 875 + 150 })
  })
})
