import { describe, expect, it } from 'vitest'
import { calculateTotals } from './estimate-totals.ts'
import type { Coupon } from './pricing-input.ts'
import { expectConsistent, line, NOW, parcel, pricingInput, SHIPPING } from './testing/pricing-fixtures.ts'

const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 'c1',
    code: 'SAVE10',
    value: { type: 'PERCENTAGE', basisPoints: 1000 },
    timesUsed: 0,
    ...overrides,
  }
}

// Two lines: a 2 × 10.00, b 1 × 5.00; subtotal 25.00.
const lines = [line({ id: 'a', quantity: 2 }), line({ id: 'b', unitPrice: 500 })]

describe('coupon rules', () => {
  it.each([
    ['works with no limits at all', {}, 250, undefined],
    ['works up to the instant before it expires', { expiresAt: at(1) }, 250, undefined],
    ['has expired at its expiry instant', { expiresAt: at(0) }, 0, 'COUPON_EXPIRED'],
    ['has expired after it', { expiresAt: at(-1) }, 0, 'COUPON_EXPIRED'],
    ['works from its start instant', { startsAt: at(0) }, 250, undefined],
    ['does not work before its start', { startsAt: at(1) }, 0, 'COUPON_NOT_STARTED'],
    ['works while uses stay under the limit', { usageLimit: 5, timesUsed: 4 }, 250, undefined],
    ['stops at its usage limit', { usageLimit: 5, timesUsed: 5 }, 0, 'COUPON_USAGE_LIMIT_REACHED'],
    ['works at exactly the minimum subtotal', { minimumSubtotal: 2500 }, 250, undefined],
    ['needs the minimum subtotal', { minimumSubtotal: 2501 }, 0, 'COUPON_MINIMUM_SUBTOTAL_NOT_MET'],
    ['discounts only its eligible items', { eligibleCatalogItemIds: ['product-b'] }, 50, undefined],
    [
      'needs an eligible item in the cart',
      { eligibleCatalogItemIds: ['product-z'] },
      0,
      'COUPON_NO_ELIGIBLE_ITEMS',
    ],
    ['takes a fixed amount', { value: { type: 'FIXED_AMOUNT', amount: 700 } }, 700, undefined],
    [
      'takes no more than the eligible items cost',
      { value: { type: 'FIXED_AMOUNT', amount: 9999 } },
      2500,
      undefined,
    ],
  ] as const)('a coupon %s', (_what, overrides, expectedDiscount, expectedViolation) => {
    const estimate = calculateTotals(pricingInput({ lines, coupon: coupon(overrides as Partial<Coupon>) }))
    expect(estimate.priceSummary.discount).toBe(expectedDiscount)
    expect(estimate.priceSummary.total).toBe(2500 - expectedDiscount)
    if (expectedViolation) {
      expect(estimate.violations).toEqual([
        expect.objectContaining({ code: expectedViolation, severity: 'WARNING' }),
      ])
      expect(estimate.appliedDiscounts).toEqual([])
    } else {
      expect(estimate.violations).toEqual([])
      expect(estimate.appliedDiscounts).toEqual([
        expect.objectContaining({ amount: expectedDiscount, coupon: { id: 'c1', code: 'SAVE10' } }),
      ])
    }
    expectConsistent(estimate)
  })

  it('reports the first broken rule: an expired coupon at its limit is expired', () => {
    const estimate = calculateTotals(
      pricingInput({ lines, coupon: coupon({ expiresAt: at(-1), usageLimit: 1, timesUsed: 1 }) }),
    )
    expect(estimate.violations.map((violation) => violation.code)).toEqual(['COUPON_EXPIRED'])
  })

  it('finds no eligible item in a cart of gift cards', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'card', itemType: 'GIFT_CARD', unitPrice: 5000 })],
        coupon: coupon(),
      }),
    )
    expect(estimate.violations.map((violation) => violation.code)).toEqual(['COUPON_NO_ELIGIBLE_ITEMS'])
    expect(estimate.priceSummary.total).toBe(5000)
  })

  it('checks the minimum against the subtotal before merchant discounts', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines,
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'PERCENTAGE', basisPoints: 5000 } }],
        coupon: coupon({ minimumSubtotal: 2500 }),
      }),
    )
    // 50 % leaves 12.50, and the coupon's 10 % of that is 1.25.
    expect(estimate.appliedDiscounts.map((discount) => discount.amount)).toEqual([1250, 125])
  })

  it('reports a coupon for named items as SPECIFIC_ITEMS and one for the whole cart as GLOBAL', () => {
    const specific = calculateTotals(
      pricingInput({ lines, coupon: coupon({ eligibleCatalogItemIds: ['product-a'] }) }),
    )
    const global = calculateTotals(pricingInput({ lines, coupon: coupon() }))
    expect(specific.appliedDiscounts[0]?.discountType).toBe('SPECIFIC_ITEMS')
    expect(specific.appliedDiscounts[0]?.lineItems).toEqual([{ lineItemId: 'a', amount: 200 }])
    expect(global.appliedDiscounts[0]?.discountType).toBe('GLOBAL')
  })

  describe('free shipping', () => {
    const freeShipping = coupon({ code: 'SHIPFREE', value: { type: 'FREE_SHIPPING' } })
    const buffalo = { country: 'US', subdivision: 'US-NY', postalCode: '14201' }
    // 1.5 in weight: the standard option's second tier, 12.00.
    const parcels = [parcel({ id: 'a', quantity: 2 }), parcel({ id: 'b', unitPrice: 500 })]

    it('takes the selected option’s shipping to zero and leaves the items alone', () => {
      const estimate = calculateTotals(
        pricingInput({
          lines: parcels,
          coupon: freeShipping,
          shipping: SHIPPING,
          shippingAddress: buffalo,
          selectedShippingOption: { code: 'express' },
        }),
      )
      expect(estimate.appliedDiscounts).toEqual([
        { discountType: 'SHIPPING', amount: 2500, coupon: { id: 'c1', code: 'SHIPFREE' }, lineItems: [] },
      ])
      expect(estimate.lineItems.every((item) => item.discount === 0)).toBe(true)
      expect(estimate.priceSummary).toMatchObject({
        subtotal: 2500,
        shipping: 2500,
        discount: 2500,
        total: 2500,
      })
      expect(
        estimate.shippingInfo.carrierServiceOptions[0]?.shippingOptions.map((option) => option.cost),
      ).toEqual([
        { price: 1200, discount: 1200, totalPrice: 0 },
        { price: 2500, discount: 2500, totalPrice: 0 },
      ])
      expectConsistent(estimate)
    })

    it('stays on a cart with nothing to ship, taking nothing', () => {
      const estimate = calculateTotals(
        pricingInput({
          lines: [line({ id: 'ebook', itemType: 'DIGITAL', isShippable: false })],
          coupon: freeShipping,
        }),
      )
      expect(estimate.appliedDiscounts).toEqual([
        { discountType: 'SHIPPING', amount: 0, coupon: { id: 'c1', code: 'SHIPFREE' }, lineItems: [] },
      ])
      expect(estimate.violations).toEqual([])
    })

    it('follows the same rules as any coupon', () => {
      const estimate = calculateTotals(
        pricingInput({
          lines: parcels,
          coupon: { ...freeShipping, minimumSubtotal: 5000 },
          shipping: SHIPPING,
          shippingAddress: buffalo,
        }),
      )
      expect(estimate.priceSummary.shipping).toBe(1200)
      expect(estimate.priceSummary.discount).toBe(0)
      expect(estimate.violations.map((violation) => violation.code)).toEqual([
        'COUPON_MINIMUM_SUBTOTAL_NOT_MET',
      ])
    })
  })
})
