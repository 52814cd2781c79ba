import { describe, expect, it } from 'vitest'
import { applyShippingDiscounts } from './discounts.ts'
import { calculateTotals } from './estimate-totals.ts'
import type { MerchantDiscount } from './pricing-input.ts'
import { expectConsistent, line, parcel, pricingInput } from './testing/pricing-fixtures.ts'

const tenPercentOffA: MerchantDiscount = {
  id: 'd-specific',
  discountType: 'SPECIFIC_ITEMS',
  value: { type: 'PERCENTAGE', basisPoints: 1000 },
  catalogItemIds: ['product-a'],
}
const threeOff: MerchantDiscount = {
  id: 'd-global',
  discountType: 'GLOBAL',
  value: { type: 'AMOUNT', amount: 300 },
}

describe('discount stacking', () => {
  const lines = [line({ id: 'a', quantity: 2, unitPrice: 1000 }), line({ id: 'b', unitPrice: 500 })]
  const coupon = {
    id: 'c1',
    code: 'TEN',
    value: { type: 'PERCENTAGE' as const, basisPoints: 1000 },
    timesUsed: 0,
  }

  it('applies SPECIFIC_ITEMS, then GLOBAL, then the coupon, each on what is left', () => {
    const estimate = calculateTotals(
      pricingInput({ lines, merchantDiscounts: [tenPercentOffA, threeOff], coupon }),
    )
    // a: 2000 - 200 (10 % of a) = 1800; 300 over [1800, 500] = [235, 65] by largest remainder;
    // coupon 10 % of 2000 left = 200 over [1565, 435] = [157, 43] (a tie: the earlier line takes it).
    expect(estimate.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        amount: 200,
        merchantDiscount: { id: 'd-specific', percentageBasisPoints: 1000 },
        lineItems: [{ lineItemId: 'a', amount: 200 }],
      },
      {
        discountType: 'GLOBAL',
        amount: 300,
        merchantDiscount: { id: 'd-global' },
        lineItems: [
          { lineItemId: 'a', amount: 235 },
          { lineItemId: 'b', amount: 65 },
        ],
      },
      {
        discountType: 'GLOBAL',
        amount: 200,
        coupon: { id: 'c1', code: 'TEN' },
        lineItems: [
          { lineItemId: 'a', amount: 157 },
          { lineItemId: 'b', amount: 43 },
        ],
      },
    ])
    expect(estimate.lineItems.map((item) => [item.id, item.discount, item.discountedPrice])).toEqual([
      ['a', 592, 1408],
      ['b', 108, 392],
    ])
    expect(estimate.priceSummary).toMatchObject({ subtotal: 2500, discount: 700, total: 1800 })
    expectConsistent(estimate)
  })

  it('keeps the stacking order whatever order the merchant discounts come in', () => {
    const forwards = calculateTotals(
      pricingInput({ lines, merchantDiscounts: [tenPercentOffA, threeOff], coupon }),
    )
    const backwards = calculateTotals(
      pricingInput({ lines, merchantDiscounts: [threeOff, tenPercentOffA], coupon }),
    )
    expect(backwards.appliedDiscounts).toEqual(forwards.appliedDiscounts)
  })

  const percent = (basisPoints: number): MerchantDiscount['value'] => ({ type: 'PERCENTAGE', basisPoints })
  const amount = (minor: number): MerchantDiscount['value'] => ({ type: 'AMOUNT', amount: minor })

  it.each([
    // [what, discounts, expected discount on 100.00]
    ['two percentages compound', [percent(1000), percent(1000)], 1900],
    ['an amount then a percentage', [amount(2000), percent(5000)], 6000],
    ['a percentage then an amount', [percent(5000), amount(2000)], 7000],
    ['amounts are capped at what is left', [amount(6000), amount(6000)], 10_000],
    ['100 % leaves nothing', [percent(10_000), amount(100)], 10_000],
  ])('GLOBAL discounts in order: %s', (_what, values, expected) => {
    const merchantDiscounts = values.map((value): MerchantDiscount => ({ discountType: 'GLOBAL', value }))
    const estimate = calculateTotals(
      pricingInput({ lines: [line({ id: 'a', unitPrice: 10_000 })], merchantDiscounts }),
    )
    expect(estimate.priceSummary.discount).toBe(expected)
    expect(estimate.priceSummary.total).toBe(10_000 - expected)
    expectConsistent(estimate)
  })

  it('lists a discount that found nothing left to take, but not one whose items are absent', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'a', unitPrice: 500 })],
        merchantDiscounts: [
          { id: 'all', discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 5000 } },
          { id: 'more', discountType: 'GLOBAL', value: { type: 'PERCENTAGE', basisPoints: 1000 } },
          {
            id: 'absent',
            discountType: 'SPECIFIC_ITEMS',
            value: { type: 'AMOUNT', amount: 100 },
            catalogItemIds: ['product-z'],
          },
        ],
      }),
    )
    expect(
      estimate.appliedDiscounts.map((discount) => [discount.merchantDiscount?.id, discount.amount]),
    ).toEqual([
      ['all', 500],
      ['more', 0],
    ])
    expect(estimate.priceSummary.total).toBe(0)
    expectConsistent(estimate)
  })

  it('matches SPECIFIC_ITEMS discounts by catalogue id or by line id', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'a' }), line({ id: 'b' }), line({ id: 'c' })],
        merchantDiscounts: [
          {
            discountType: 'SPECIFIC_ITEMS',
            value: { type: 'AMOUNT', amount: 150 },
            catalogItemIds: ['product-a'],
            lineItemIds: ['c'],
          },
        ],
      }),
    )
    expect(estimate.lineItems.map((item) => item.discount)).toEqual([75, 0, 75])
  })

  it('spreads an order amount over lines by largest remainder so the shares add up exactly', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [
          line({ id: 'a', unitPrice: 333 }),
          line({ id: 'b', unitPrice: 333 }),
          line({ id: 'c', unitPrice: 334 }),
        ],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 100 } }],
      }),
    )
    // 33.3, 33.3, 33.4: floors 33 each leave one unit, which goes to the largest remainder (c).
    expect(estimate.lineItems.map((item) => item.discount)).toEqual([33, 33, 34])
    expectConsistent(estimate)
  })

  it('rounds a percentage once over its scope, not once per line', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [
          line({ id: 'a', unitPrice: 5 }),
          line({ id: 'b', unitPrice: 5 }),
          line({ id: 'c', unitPrice: 5 }),
        ],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'PERCENTAGE', basisPoints: 1000 } }],
      }),
    )
    // 10 % of 0.15 is 0.015 -> 0.02 in all; per line it would have been 3 × round(0.005) = 0.03.
    expect(estimate.priceSummary.discount).toBe(2)
    expect(estimate.lineItems.map((item) => item.discount)).toEqual([1, 1, 0])
  })

  it('never discounts gift cards', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [
          line({ id: 'book', unitPrice: 2000 }),
          line({ id: 'card', unitPrice: 5000, itemType: 'GIFT_CARD' }),
        ],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'PERCENTAGE', basisPoints: 5000 } }],
        coupon: { id: 'c', code: 'FIVE', value: { type: 'FIXED_AMOUNT', amount: 5000 }, timesUsed: 0 },
      }),
    )
    expect(estimate.lineItems.map((item) => [item.id, item.discount])).toEqual([
      ['book', 2000],
      ['card', 0],
    ])
    expect(estimate.priceSummary.total).toBe(5000)
    expectConsistent(estimate)
  })

  it('lets SHIPPING discounts touch shipping only', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', unitPrice: 2000 })],
        shippingAddress: { country: 'US' },
        shipping: {
          regions: [
            {
              id: 'us',
              name: 'US',
              destinations: [{ country: 'US' }],
              carrierServiceOptions: [
                {
                  carrierId: 'post',
                  shippingOptions: [{ code: 'flat', title: 'Flat', rate: { type: 'FLAT', price: 500 } }],
                },
              ],
            },
          ],
        },
        merchantDiscounts: [
          { id: 'ship', discountType: 'SHIPPING', value: { type: 'AMOUNT', amount: 1000 } },
        ],
      }),
    )
    expect(estimate.lineItems[0]?.discount).toBe(0)
    expect(estimate.appliedDiscounts).toEqual([
      { discountType: 'SHIPPING', amount: 500, merchantDiscount: { id: 'ship' }, lineItems: [] },
    ])
    expect(estimate.priceSummary).toEqual({
      subtotal: 2000,
      discount: 500,
      shipping: 500,
      tax: 0,
      additionalFees: 0,
      total: 2000,
    })
    expectConsistent(estimate)
  })
})

describe('applyShippingDiscounts', () => {
  const coupon = { id: 'c', code: 'SHIPFREE', value: { type: 'FREE_SHIPPING' as const }, timesUsed: 0 }

  it.each([
    [
      'a percentage',
      [{ discountType: 'SHIPPING', value: { type: 'PERCENTAGE', basisPoints: 2500 } }],
      undefined,
      250,
    ],
    [
      'an amount capped at the price',
      [{ discountType: 'SHIPPING', value: { type: 'AMOUNT', amount: 5000 } }],
      undefined,
      1000,
    ],
    [
      'a free-shipping coupon takes the rest',
      [{ discountType: 'SHIPPING', value: { type: 'AMOUNT', amount: 300 } }],
      coupon,
      1000,
    ],
    [
      'item discounts are ignored',
      [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 300 } }],
      undefined,
      0,
    ],
  ] as const)('takes %s off 10.00 of shipping', (_what, discounts, freeShipping, expected) => {
    const result = applyShippingDiscounts(1000, discounts as readonly MerchantDiscount[], freeShipping)
    expect(result.total).toBe(expected)
    expect(result.applied.reduce((sum, discount) => sum + discount.amount, 0)).toBe(expected)
  })
})
