import { describe, expect, it } from 'vitest'
import { type BreakdownTotals, breakdownLinesInOrder, toTotalsBreakdown } from './totals-breakdown.ts'

const money = (amount: string) => ({ amount })

/** Totals as a checkout keeps them: 47.20 of items, a coupon and a merchant discount, shipping, a fee, tax. */
const totals: BreakdownTotals = {
  priceSummary: {
    subtotal: money('47.20'),
    discount: money('6.52'),
    shipping: money('5.99'),
    tax: money('1.63'),
    additionalFees: money('1.00'),
    total: money('49.30'),
  },
  appliedDiscounts: [
    { discountType: 'GLOBAL', amount: money('2.00'), merchantDiscount: {} },
    { discountType: 'GLOBAL', amount: money('4.52'), coupon: { code: 'WELCOME10', name: 'Welcome' } },
  ],
  additionalFees: [{ code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: money('1.00') }],
  shippingInfo: { selectedCarrierServiceOption: { title: 'Standard' } },
}

const options = { currency: 'USD', locale: 'en-US' }
const partsSum = (lines: { amountMinor: number }[]) => lines.reduce((sum, line) => sum + line.amountMinor, 0)

describe('toTotalsBreakdown', () => {
  it('lists subtotal, each discount by name, shipping with its method, each fee by its kind and tax, summing to the total', () => {
    const breakdown = toTotalsBreakdown(totals, options)
    expect(breakdown.lines.map((line) => [line.label, line.detail, line.formattedAmount])).toEqual([
      ['Subtotal', undefined, '$47.20'],
      ['Discount', undefined, '-$2.00'],
      ['Coupon WELCOME10', 'Welcome', '-$4.52'],
      ['Shipping', 'Standard', '$5.99'],
      ['Handling fee', undefined, '$1.00'],
      ['Tax', undefined, '$1.63'],
    ])
    expect(partsSum(breakdown.lines)).toBe(4930)
    expect(breakdown.total).toMatchObject({ kind: 'TOTAL', amountMinor: 4930, formattedAmount: '$49.30' })
    expect(breakdown.refunds).toEqual([])
    expect(breakdown.net).toBeUndefined()
  })

  it('puts each refund with its date and items below the total, then what is left', () => {
    const breakdown = toTotalsBreakdown(totals, {
      ...options,
      refunds: [
        {
          amountMinor: 1300,
          date: new Date('2026-06-02T09:00:00Z'),
          items: [{ name: 'Meadow Notebook', quantity: 1 }],
        },
        { amountMinor: 500, date: new Date('2026-06-03T09:00:00Z') },
      ],
    })
    expect(breakdown.refunds.map((line) => [line.detail, line.date, line.items, line.amountMinor])).toEqual([
      ['Jun 2, 2026', '2026-06-02T09:00:00.000Z', '1 × Meadow Notebook', -1300],
      ['Jun 3, 2026', '2026-06-03T09:00:00.000Z', undefined, -500],
    ])
    expect(breakdown.net).toMatchObject({ label: 'Net after refunds', amountMinor: 3130 })
    expect(breakdownLinesInOrder(breakdown).map((line) => line.kind)).toEqual([
      'SUBTOTAL',
      'DISCOUNT',
      'DISCOUNT',
      'SHIPPING',
      'FEE',
      'TAX',
      'TOTAL',
      'REFUND',
      'REFUND',
      'NET',
    ])
  })

  it('names an insurance fee by its kind, keeping a name of its own beside it', () => {
    const breakdown = toTotalsBreakdown(
      {
        ...totals,
        additionalFees: [
          { code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: money('0.40') },
          { code: 'parcel', name: 'Parcel cover', chargeType: 'INSURANCE', price: money('0.60') },
        ],
      },
      options,
    )
    expect(
      breakdown.lines.filter((line) => line.kind === 'FEE').map((line) => [line.label, line.detail]),
    ).toEqual([
      ['Handling fee', undefined],
      ['Insurance', 'Parcel cover'],
    ])
    expect(partsSum(breakdown.lines)).toBe(breakdown.total.amountMinor)
  })

  it('still adds up for totals kept with sums only (no itemised discounts or fees)', () => {
    const { appliedDiscounts: _discounts, additionalFees: _fees, ...sumsOnly } = totals
    const breakdown = toTotalsBreakdown(sumsOnly, options)
    expect(breakdown.lines.map((line) => [line.label, line.amountMinor])).toEqual([
      ['Subtotal', 4720],
      ['Discount', -652],
      ['Shipping', 599],
      ['Fees', 100],
      ['Tax', 163],
    ])
    expect(partsSum(breakdown.lines)).toBe(4930)
  })

  it('asks a checkout without a delivery choice for the address, and leaves out parts that are zero', () => {
    const breakdown = toTotalsBreakdown(
      {
        priceSummary: {
          subtotal: money('10.00'),
          discount: money('0.00'),
          shipping: money('0.00'),
          tax: money('0.00'),
          additionalFees: money('0.00'),
          total: money('10.00'),
        },
      },
      { ...options, awaitingAddress: true },
    )
    expect(breakdown.lines.map((line) => [line.kind, line.formattedAmount])).toEqual([
      ['SUBTOTAL', '$10.00'],
      ['SHIPPING', 'Enter your address'],
    ])
  })
})
