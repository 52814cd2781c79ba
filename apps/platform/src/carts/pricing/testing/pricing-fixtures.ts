import { expect } from 'vitest'
import type { PricedLine, PricingInput, ShippingSetup, TaxSetup } from '../pricing-input.ts'
import type { TotalsEstimate } from '../totals-estimate.ts'

/** The clock every pricing test reads. */
export const NOW = new Date('2025-06-15T12:00:00.000Z')

/** A service line paid online, nothing to ship: 1 × 10.00 in a 2-digit currency, unless told otherwise. */
export function line(overrides: Partial<PricedLine> & { id: string }): PricedLine {
  return {
    quantity: 1,
    unitPrice: 1000,
    itemType: 'SERVICE',
    paymentOption: 'FULL_PAYMENT_ONLINE',
    catalogItemId: `product-${overrides.id}`,
    isShippable: false,
    ...overrides,
  }
}

/** A physical line that ships, 0.5 in weight, unless told otherwise. */
export function parcel(overrides: Partial<PricedLine> & { id: string }): PricedLine {
  return line({ itemType: 'PHYSICAL', isShippable: true, weight: 0.5, ...overrides })
}

/** An input in USD at `NOW` with no shipping, tax or discounts unless told otherwise. */
export function pricingInput(overrides: Partial<PricingInput> = {}): PricingInput {
  return { currency: 'USD', now: NOW, lines: [line({ id: 'a' })], ...overrides }
}

export const NEW_YORK = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }
export const BUFFALO = { country: 'US', subdivision: 'NY', city: 'Buffalo', postalCode: '14201' }
export const AUSTIN = { country: 'US', subdivision: 'US-TX', city: 'Austin', postalCode: '73301' }
export const PARIS = { country: 'FR', city: 'Paris', postalCode: '75001' }
export const TOKYO = { country: 'JP', city: 'Tokyo', postalCode: '100-0001' }

export const STORE_ADDRESS = { country: 'US', subdivision: 'US-NJ', city: 'Hoboken', postalCode: '07030' }

/**
 * A shipping setup: domestic standard (weight tiers, free from 100.00) and express (flat 25.00,
 * with a delivery slot); Manhattan same-day by postal prefix; Europe flat 30.00; a store pickup.
 */
export const SHIPPING: ShippingSetup = {
  regions: [
    {
      id: 'domestic',
      name: 'United States',
      destinations: [{ country: 'US' }],
      carrierServiceOptions: [
        {
          carrierId: 'aisle-post',
          shippingOptions: [
            {
              code: 'standard',
              title: 'Standard',
              rate: {
                type: 'WEIGHT_TIERS',
                tiers: [
                  { maxWeight: 5, price: 1200 },
                  { maxWeight: 1, price: 500 },
                  { maxWeight: 20, price: 2500 },
                ],
              },
              freeOverSubtotal: 10_000,
              deliveryTime: '3-5 business days',
            },
            {
              code: 'express',
              title: 'Express',
              rate: { type: 'FLAT', price: 2500 },
              deliveryTimeSlot: {
                from: new Date('2025-06-16T09:00:00.000Z'),
                to: new Date('2025-06-16T12:00:00.000Z'),
              },
            },
          ],
        },
      ],
    },
    {
      id: 'manhattan',
      name: 'Manhattan',
      destinations: [{ country: 'US', subdivisions: ['NY'], postalCodePrefixes: ['100', '101', '102'] }],
      carrierServiceOptions: [
        {
          carrierId: 'bike-courier',
          shippingOptions: [{ code: 'same-day', title: 'Same day', rate: { type: 'FLAT', price: 1500 } }],
        },
      ],
    },
    {
      id: 'europe',
      name: 'Europe',
      destinations: [{ country: 'FR' }, { country: 'DE' }],
      carrierServiceOptions: [
        {
          carrierId: 'aisle-post',
          shippingOptions: [
            { code: 'international', title: 'International', rate: { type: 'FLAT', price: 3000 } },
          ],
        },
      ],
    },
  ],
  pickupCarrierServiceOptions: [
    {
      carrierId: 'pickup',
      shippingOptions: [
        {
          code: 'store',
          title: 'Pick up in store',
          rate: { type: 'FLAT', price: 0 },
          pickup: { method: 'STORE_PICKUP', address: STORE_ADDRESS, instructions: 'Ask at the counter' },
        },
      ],
    },
  ],
}

/**
 * Manual US tax: New York state 4 %, New York City 4.5 %, a special district of 0.5 % (by postal prefix),
 * Erie county 4.75 %; food exempt from the state's tax; shipping taxed. No tax in Texas or France.
 */
export const US_TAX: TaxSetup = {
  calculation: 'MANUAL',
  isShippingTaxed: true,
  regions: [
    {
      country: 'US',
      jurisdictions: [
        {
          name: 'New York',
          type: 'STATE',
          rateBasisPoints: 400,
          subdivision: 'US-NY',
          ratesByTaxGroup: { food: 0 },
        },
        { name: 'New York City', type: 'CITY', rateBasisPoints: 450, subdivision: 'US-NY', city: 'New York' },
        {
          name: 'Midtown district',
          type: 'SPECIAL',
          rateBasisPoints: 50,
          subdivision: 'US-NY',
          postalCodePrefixes: ['100'],
        },
        {
          name: 'Erie',
          type: 'COUNTY',
          rateBasisPoints: 475,
          subdivision: 'US-NY',
          postalCodePrefixes: ['142'],
        },
      ],
    },
  ],
}

/** The identities every estimate must keep, whatever the input. */
export function expectConsistent(estimate: TotalsEstimate): void {
  const { priceSummary: summary } = estimate
  expect(summary.total).toBe(
    summary.subtotal - summary.discount + summary.shipping + summary.tax + summary.additionalFees,
  )
  expect(summary.total).toBeGreaterThanOrEqual(0)
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  expect(summary.subtotal).toBe(sum(estimate.lineItems.map((item) => item.price)))
  for (const discount of estimate.appliedDiscounts) {
    if (discount.discountType !== 'SHIPPING') {
      expect(sum(discount.lineItems.map((share) => share.amount))).toBe(discount.amount)
    }
  }
  expect(summary.discount).toBe(sum(estimate.appliedDiscounts.map((discount) => discount.amount)))
  expect(summary.tax).toBe(sum(estimate.lineItems.map((item) => item.tax)) + estimate.taxSummary.shippingTax)
  for (const item of estimate.lineItems) {
    expect(item.discountedPrice).toBeGreaterThanOrEqual(0)
    expect(item.total).toBe(item.discountedPrice + item.tax)
  }
}
