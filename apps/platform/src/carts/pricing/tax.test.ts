import { describe, expect, it, vi } from 'vitest'
import { calculateTotals, estimateTotals, toAutoTaxRequest } from './estimate-totals.ts'
import type { TaxSetup } from './pricing-input.ts'
import type { AutoTaxCalculator, AutoTaxRates } from './tax.ts'
import {
  AUSTIN,
  BUFFALO,
  expectConsistent,
  line,
  NEW_YORK,
  PARIS,
  parcel,
  pricingInput,
  SHIPPING,
  STORE_ADDRESS,
  US_TAX,
} from './testing/pricing-fixtures.ts'

const hundred = parcel({ id: 'a', unitPrice: 10_000 })

describe('tax per jurisdiction (manual rates)', () => {
  it('stacks state, city and special district, and taxes shipping in each', () => {
    // Manhattan: same-day shipping 15.00. Items: 4 % + 4.5 % + 0.5 % of 100.00 = 9.00.
    // Shipping: 0.60 + 0.675 -> 0.68 + 0.075 -> 0.08 = 1.36, rounded per jurisdiction.
    const estimate = calculateTotals(
      pricingInput({ lines: [hundred], shipping: SHIPPING, shippingAddress: NEW_YORK, tax: US_TAX }),
    )
    expect(estimate.taxSummary).toEqual({
      rateType: 'MANUAL_RATE',
      manualCalculationReason: 'GLOBAL_SETTING_TO_MANUAL',
      taxableAmount: 11_500,
      shippingTax: 136,
      totalTax: 1036,
      jurisdictions: [
        { name: 'New York', type: 'STATE', rateBasisPoints: 400, taxableAmount: 11_500, taxAmount: 460 },
        { name: 'New York City', type: 'CITY', rateBasisPoints: 450, taxableAmount: 11_500, taxAmount: 518 },
        {
          name: 'Midtown district',
          type: 'SPECIAL',
          rateBasisPoints: 50,
          taxableAmount: 11_500,
          taxAmount: 58,
        },
      ],
    })
    expect(estimate.lineItems[0]?.taxBreakdown).toEqual([
      { jurisdictionName: 'New York', jurisdictionType: 'STATE', rateBasisPoints: 400, amount: 400 },
      { jurisdictionName: 'New York City', jurisdictionType: 'CITY', rateBasisPoints: 450, amount: 450 },
      { jurisdictionName: 'Midtown district', jurisdictionType: 'SPECIAL', rateBasisPoints: 50, amount: 50 },
    ])
    expect(estimate.lineItems[0]).toMatchObject({ tax: 900, total: 10_900 })
    expect(estimate.priceSummary).toEqual({
      subtotal: 10_000,
      discount: 0,
      shipping: 1500,
      tax: 1036,
      additionalFees: 0,
      total: 12_536,
    })
    expectConsistent(estimate)
  })

  it.each([
    ['Buffalo: state and county by postal prefix', BUFFALO, ['STATE', 'COUNTY'], 875, 'MANUAL_RATE'],
    ['Austin: a taxed country, no matching jurisdiction', AUSTIN, [], 0, 'MANUAL_RATE'],
    ['Paris: no tax region', PARIS, [], 0, 'NO_TAX_COLLECTED'],
  ] as const)('%s', (_what, address, types, expectedTax, rateType) => {
    const estimate = calculateTotals(
      pricingInput({ lines: [line({ id: 'a', unitPrice: 10_000 })], billingAddress: address, tax: US_TAX }),
    )
    expect(estimate.taxSummary.jurisdictions.map((jurisdiction) => jurisdiction.type)).toEqual(types)
    expect(estimate.taxSummary.totalTax).toBe(expectedTax)
    expect(estimate.taxSummary.rateType).toBe(rateType)
  })

  it('taxes everywhere in the country with a COUNTRY jurisdiction that has no matchers', () => {
    const setup: TaxSetup = {
      calculation: 'MANUAL',
      isShippingTaxed: false,
      regions: [
        { country: 'FR', jurisdictions: [{ name: 'France', type: 'COUNTRY', rateBasisPoints: 2000 }] },
      ],
    }
    const estimate = calculateTotals(pricingInput({ currency: 'EUR', billingAddress: PARIS, tax: setup }))
    expect(estimate.taxSummary.jurisdictions).toEqual([
      { name: 'France', type: 'COUNTRY', rateBasisPoints: 2000, taxableAmount: 1000, taxAmount: 200 },
    ])
  })

  it.each([
    ['the site does not tax shipping', { ...US_TAX, isShippingTaxed: false }, 0],
    [
      'the region overrides the site',
      { ...US_TAX, regions: [{ ...US_TAX.regions[0]!, isShippingTaxed: false }] },
      0,
    ],
    ['the site taxes shipping', US_TAX, 136],
  ] as const)('leaves shipping tax to the setting: %s', (_what, tax, expectedShippingTax) => {
    const estimate = calculateTotals(
      pricingInput({ lines: [hundred], shipping: SHIPPING, shippingAddress: NEW_YORK, tax }),
    )
    expect(estimate.taxSummary.shippingTax).toBe(expectedShippingTax)
    expect(estimate.taxSummary.totalTax).toBe(900 + expectedShippingTax)
    expectConsistent(estimate)
  })

  it('taxes shipping after shipping discounts', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [hundred],
        shipping: SHIPPING,
        shippingAddress: NEW_YORK,
        tax: US_TAX,
        merchantDiscounts: [{ discountType: 'SHIPPING', value: { type: 'AMOUNT', amount: 1500 } }],
      }),
    )
    expect(estimate.taxSummary.shippingTax).toBe(0)
    expect(estimate.taxSummary.taxableAmount).toBe(10_000)
  })

  it('taxes the price after discounts', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'a', unitPrice: 10_000 })],
        billingAddress: BUFFALO,
        tax: US_TAX,
        coupon: { id: 'c', code: 'TEN', value: { type: 'PERCENTAGE', basisPoints: 1000 }, timesUsed: 0 },
      }),
    )
    // 8.75 % of 90.00 = 7.875 -> 4 % 3.60 + 4.75 % 4.275 -> 4.28 = 7.88
    expect(estimate.taxSummary.totalTax).toBe(788)
    expect(estimate.priceSummary.total).toBe(9000 + 788)
  })

  it('taxes a tax group at its own rate: food is exempt from the state’s tax only', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'bread', unitPrice: 1000, taxGroup: 'food' })],
        billingAddress: NEW_YORK,
        tax: US_TAX,
      }),
    )
    expect(estimate.lineItems[0]?.taxBreakdown.map((part) => [part.jurisdictionType, part.amount])).toEqual([
      ['CITY', 45],
      ['SPECIAL', 5],
    ])
    expect(estimate.taxSummary.jurisdictions[0]).toMatchObject({
      type: 'STATE',
      taxableAmount: 0,
      taxAmount: 0,
    })
  })

  it('never taxes gift cards', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [
          line({ id: 'card', unitPrice: 5000, itemType: 'GIFT_CARD' }),
          line({ id: 'b', unitPrice: 1000 }),
        ],
        billingAddress: BUFFALO,
        tax: US_TAX,
      }),
    )
    expect(estimate.lineItems.map((item) => item.tax)).toEqual([0, 88])
    expect(estimate.taxSummary.taxableAmount).toBe(1000)
  })

  it('rounds tax per line and per jurisdiction, half away from zero', () => {
    const setup: TaxSetup = {
      calculation: 'MANUAL',
      isShippingTaxed: false,
      regions: [{ country: 'US', jurisdictions: [{ name: 'US', type: 'COUNTRY', rateBasisPoints: 1000 }] }],
    }
    const estimate = calculateTotals(
      pricingInput({
        lines: [
          line({ id: 'a', unitPrice: 5 }),
          line({ id: 'b', unitPrice: 5 }),
          line({ id: 'c', unitPrice: 4 }),
        ],
        billingAddress: { country: 'US' },
        tax: setup,
      }),
    )
    // 0.005 -> 0.01, 0.005 -> 0.01, 0.004 -> 0.00; on the order's 0.14 it would have been 0.01.
    expect(estimate.lineItems.map((item) => item.tax)).toEqual([1, 1, 0])
    expect(estimate.taxSummary.totalTax).toBe(2)
  })

  it('taxes at the pickup location when a pickup is selected', () => {
    const input = pricingInput({
      lines: [hundred],
      shipping: SHIPPING,
      shippingAddress: NEW_YORK,
      tax: US_TAX,
    })
    const delivered = calculateTotals(input)
    const collected = calculateTotals({ ...input, selectedShippingOption: { code: 'store' } })
    expect(delivered.taxSummary.totalTax).toBe(1036)
    // The store is in New Jersey, where the setup names no jurisdiction.
    expect(collected.taxSummary).toMatchObject({ rateType: 'MANUAL_RATE', totalTax: 0, jurisdictions: [] })
  })

  it('taxes at the billing address when there is no shipping address', () => {
    const estimate = calculateTotals(
      pricingInput({ lines: [line({ id: 'a', unitPrice: 10_000 })], billingAddress: BUFFALO, tax: US_TAX }),
    )
    expect(estimate.taxSummary.totalTax).toBe(875)
  })

  it.each([
    ['there is no tax setup', undefined, BUFFALO],
    ['there is no address', US_TAX, undefined],
  ])('collects no tax when %s', (_what, tax, billingAddress) => {
    const estimate = calculateTotals(pricingInput({ billingAddress, tax }))
    expect(estimate.taxSummary).toEqual({
      rateType: 'NO_TAX_COLLECTED',
      taxableAmount: 0,
      shippingTax: 0,
      totalTax: 0,
      jurisdictions: [],
    })
  })
})

describe('automatic tax', () => {
  const AUTO: TaxSetup = { ...US_TAX, calculation: 'AUTO' }
  const input = pricingInput({
    lines: [hundred],
    shipping: SHIPPING,
    shippingAddress: NEW_YORK,
    tax: AUTO,
    merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 1000 } }],
  })
  const rates: AutoTaxRates = {
    jurisdictions: [
      { name: 'NY State', type: 'STATE', rateBasisPoints: 400 },
      { name: 'NYC', type: 'CITY', rateBasisPoints: 488 },
    ],
    isShippingTaxed: false,
  }
  const calculatorAnswering = (answer: () => Promise<AutoTaxRates>): AutoTaxCalculator => ({
    findRates: vi.fn(answer),
  })

  it('uses the calculator’s rates (AUTO_RATE) and asks with the discounted lines and shipping', async () => {
    const calculator = calculatorAnswering(async () => rates)
    const estimate = await estimateTotals(input, { autoTaxCalculator: calculator })
    expect(calculator.findRates).toHaveBeenCalledWith({
      currency: 'USD',
      address: NEW_YORK,
      lines: [{ id: 'a', amount: 9000, quantity: 1, taxGroup: 'standard' }],
      shippingAmount: 1500,
    })
    // 4 % + 4.88 % of 90.00 = 3.60 + 4.392 -> 4.39; shipping untaxed as the calculator says.
    expect(estimate.taxSummary).toMatchObject({ rateType: 'AUTO_RATE', totalTax: 799, shippingTax: 0 })
    expect(estimate.taxSummary.jurisdictions.map((jurisdiction) => jurisdiction.name)).toEqual([
      'NY State',
      'NYC',
    ])
    expect(estimate.violations).toEqual([])
    expect(estimate.calculationErrors).toEqual([])
    expectConsistent(estimate)
  })

  it.each([
    ['throws', () => Promise.reject(new Error('tax service unreachable')), 'tax service unreachable'],
    [
      'answers a rate that is not an integer',
      async () => ({ jurisdictions: [{ name: 'NY', type: 'STATE' as const, rateBasisPoints: 4.5 }] }),
      'the calculator answered rates that are not integers from 0 to 10,000 basis points',
    ],
    [
      'answers a rate above 100 %',
      async () => ({ jurisdictions: [{ name: 'NY', type: 'STATE' as const, rateBasisPoints: 10_001 }] }),
      'the calculator answered rates that are not integers from 0 to 10,000 basis points',
    ],
    [
      'never answers',
      () => new Promise<AutoTaxRates>(() => {}),
      'the tax calculator did not answer within 20 ms',
    ],
  ])(
    'falls back to the manual rates with a WARNING when the calculator %s',
    async (_what, answer, reason) => {
      const estimate = await estimateTotals(input, {
        autoTaxCalculator: calculatorAnswering(answer),
        autoTaxTimeoutMs: 20,
      })
      // Manual New York City rates on 90.00 and shipping 15.00: 8.10 + 1.36.
      expect(estimate.taxSummary).toMatchObject({
        rateType: 'FALLBACK_RATE',
        fallbackReason: 'AUTO_TAX_FAILED',
        totalTax: 946,
      })
      expect(estimate.violations).toEqual([
        { code: 'AUTO_TAX_FAILED', severity: 'WARNING', description: expect.any(String) },
      ])
      expect(estimate.calculationErrors).toEqual([
        { step: 'TAX', code: 'AUTO_TAX_FAILED', description: reason },
      ])
      expectConsistent(estimate)
    },
  )

  it.each([
    ['automatic tax is deactivated', { ...AUTO, isAutoTaxDeactivated: true }, true],
    ['no calculator is set up', AUTO, false],
  ])('falls back to the manual rates without a warning when %s', async (_what, tax, hasCalculator) => {
    const calculator = calculatorAnswering(async () => rates)
    const estimate = await estimateTotals(
      { ...input, tax },
      hasCalculator ? { autoTaxCalculator: calculator } : {},
    )
    expect(calculator.findRates).not.toHaveBeenCalled()
    expect(estimate.taxSummary).toMatchObject({
      rateType: 'FALLBACK_RATE',
      fallbackReason: 'AUTO_TAX_DEACTIVATED',
      totalTax: 946,
    })
    expect(estimate.violations).toEqual([])
  })

  it('ignores an outcome handed to the synchronous core once automatic tax is deactivated', () => {
    const estimate = calculateTotals(
      { ...input, tax: { ...AUTO, isAutoTaxDeactivated: true } },
      { status: 'SUCCEEDED', rates },
    )
    expect(estimate.taxSummary).toMatchObject({
      rateType: 'FALLBACK_RATE',
      fallbackReason: 'AUTO_TAX_DEACTIVATED',
    })
  })

  it('uses the manual rates of a region set to manual (REGION_SETTING_TO_MANUAL) without asking', async () => {
    const calculator = calculatorAnswering(async () => rates)
    const tax: TaxSetup = { ...AUTO, regions: [{ ...US_TAX.regions[0]!, isManual: true }] }
    const estimate = await estimateTotals({ ...input, tax }, { autoTaxCalculator: calculator })
    expect(calculator.findRates).not.toHaveBeenCalled()
    expect(estimate.taxSummary).toMatchObject({
      rateType: 'MANUAL_RATE',
      manualCalculationReason: 'REGION_SETTING_TO_MANUAL',
      totalTax: 946,
    })
  })

  it('asks nothing when the estimate needs no automatic tax', () => {
    expect(toAutoTaxRequest({ ...input, tax: US_TAX })).toBeUndefined()
    expect(toAutoTaxRequest({ ...input, shippingAddress: undefined, shipping: undefined })).toBeUndefined()
    expect(toAutoTaxRequest(input)).toMatchObject({ address: NEW_YORK })
    // Without an address only the pickup is offered, so it is selected and taxed where the store is.
    expect(toAutoTaxRequest({ ...input, shippingAddress: undefined })).toMatchObject({
      address: STORE_ADDRESS,
    })
  })

  it('asks about an AUTO country that has no manual region, and collects nothing if that fails', async () => {
    const estimate = await estimateTotals(
      { ...input, shippingAddress: PARIS, shipping: undefined },
      { autoTaxCalculator: calculatorAnswering(() => Promise.reject(new Error('down'))) },
    )
    expect(estimate.taxSummary).toMatchObject({ rateType: 'FALLBACK_RATE', totalTax: 0, jurisdictions: [] })
  })
})
