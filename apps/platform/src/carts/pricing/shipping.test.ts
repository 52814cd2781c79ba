import { describe, expect, it } from 'vitest'
import { calculateTotals } from './estimate-totals.ts'
import type { Address, ShippingRegion, ShippingSetup } from './pricing-input.ts'
import { findShippingRegion, ratePrice, shippableWeight } from './shipping.ts'
import {
  BUFFALO,
  expectConsistent,
  line,
  NEW_YORK,
  PARIS,
  parcel,
  pricingInput,
  SHIPPING,
  STORE_ADDRESS,
  TOKYO,
} from './testing/pricing-fixtures.ts'

const codesOf = (estimate: ReturnType<typeof calculateTotals>) =>
  estimate.shippingInfo.carrierServiceOptions.flatMap((carrier) =>
    carrier.shippingOptions.map((option) => `${carrier.carrierId}/${option.code}`),
  )

describe('findShippingRegion', () => {
  const regions: ShippingRegion[] = [
    { id: 'world', name: 'World', destinations: [{ country: '*' }], carrierServiceOptions: [] },
    { id: 'us', name: 'US', destinations: [{ country: 'US' }], carrierServiceOptions: [] },
    {
      id: 'ny',
      name: 'NY',
      destinations: [{ country: 'US', subdivisions: ['US-NY'] }],
      carrierServiceOptions: [],
    },
    {
      id: 'nyc',
      name: 'NYC',
      destinations: [{ country: 'US', subdivisions: ['NY'], postalCodePrefixes: ['100', '101'] }],
      carrierServiceOptions: [],
    },
    {
      id: 'london',
      name: 'London',
      destinations: [{ country: 'GB', postalCodePrefixes: ['SW1A', 'EC'] }],
      carrierServiceOptions: [],
    },
    { id: 'us-again', name: 'US again', destinations: [{ country: 'us' }], carrierServiceOptions: [] },
  ]

  it.each([
    [
      { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
      'nyc',
      'a postal-code prefix beats a subdivision',
    ],
    [{ country: 'us', subdivision: 'ny', postalCode: '101-17' }, 'nyc', 'codes match without case or dashes'],
    [{ country: 'US', subdivision: 'NY', postalCode: '14201' }, 'ny', 'a subdivision beats a country'],
    [
      { country: 'US', subdivision: 'US-TX', postalCode: '10001' },
      'us',
      'a prefix counts only in its subdivision',
    ],
    [{ country: 'US' }, 'us', 'a country beats the rest of the world; the earlier region wins a tie'],
    [{ country: 'GB', postalCode: 'sw1a 1aa' }, 'london', 'postal codes compare without spaces'],
    [{ country: 'GB', postalCode: 'N1 9GU' }, 'world', 'an unmatched prefix falls to the rest of the world'],
    [{ country: 'JP' }, 'world', 'the rest of the world takes any country'],
  ])('sends %j to %s: %s', (address: Address, expected: string, _why: string) => {
    expect(findShippingRegion(regions, address)?.id).toBe(expected)
  })

  it('finds nothing without a catch-all region', () => {
    expect(findShippingRegion(regions.slice(1), { country: 'JP' })).toBeUndefined()
  })
})

describe('shipping rates', () => {
  const tiers = {
    type: 'WEIGHT_TIERS' as const,
    tiers: [
      { maxWeight: 5, price: 1200 },
      { maxWeight: 1, price: 500 },
      { maxWeight: 20, price: 2500 },
    ],
  }

  it.each([
    [0, 500],
    [1000, 500],
    [1001, 1200],
    [5000, 1200],
    [20_000, 2500],
    [20_001, undefined],
  ])('prices %i thousandths at %s on tiers given in any order', (weight, expected) => {
    expect(ratePrice(tiers, weight)).toBe(expected)
  })

  it('adds weights in thousandths, so 0.1 three times and 0.7 is exactly 1', () => {
    const lines = [parcel({ id: 'a', weight: 0.1, quantity: 3 }), parcel({ id: 'b', weight: 0.7 })]
    expect(shippableWeight(lines)).toBe(1000)
    const estimate = calculateTotals(pricingInput({ lines, shipping: SHIPPING, shippingAddress: BUFFALO }))
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.cost.price).toBe(500)
  })

  it('compares weights to the thousandth of the unit', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', weight: 1.0004 })],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
      }),
    )
    expect(shippableWeight([parcel({ id: 'a', weight: 1.0004 })])).toBe(1000)
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.cost.price).toBe(500)
  })

  it('leaves out weights of lines that do not ship', () => {
    expect(shippableWeight([parcel({ id: 'a', weight: 2 }), line({ id: 'b', weight: 50 })])).toBe(2000)
  })

  it.each([
    ['under the threshold', 9999, 1200],
    ['at the threshold', 10_000, 0],
  ])('charges standard shipping %s of free shipping', (_what, unitPrice, expected) => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', unitPrice, weight: 2 })],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'standard',
      cost: { price: expected, totalPrice: expected },
    })
    expect(estimate.priceSummary.shipping).toBe(expected)
  })

  it('compares the free-shipping threshold with the subtotal after discounts', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', unitPrice: 10_000, weight: 2 })],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 1 } }],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
      }),
    )
    expect(estimate.priceSummary.shipping).toBe(1200)
  })

  it('drops an option that no tier takes and keeps the others', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'a', weight: 21 })],
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
      }),
    )
    expect(codesOf(estimate)).toEqual(['aisle-post/express', 'pickup/store'])
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.code).toBe('express')
    expect(estimate.violations).toEqual([])
  })
})

describe('shipping options', () => {
  const parcels = [parcel({ id: 'a', quantity: 2 })]

  it('offers the region’s options and the pickups, and selects the first delivery option', () => {
    const estimate = calculateTotals(
      pricingInput({ lines: parcels, shipping: SHIPPING, shippingAddress: BUFFALO }),
    )
    expect(estimate.shippingInfo.region).toEqual({ id: 'domestic', name: 'United States' })
    expect(codesOf(estimate)).toEqual(['aisle-post/standard', 'aisle-post/express', 'pickup/store'])
    expect(estimate.shippingInfo.selectedCarrierServiceOption).toEqual({
      code: 'standard',
      title: 'Standard',
      carrierId: 'aisle-post',
      cost: { price: 500, discount: 0, totalPrice: 500 },
      logistics: { deliveryTime: '3-5 business days' },
    })
    expect(estimate.priceSummary).toMatchObject({ subtotal: 2000, shipping: 500, total: 2500 })
    expectConsistent(estimate)
  })

  it('gives each option its delivery time slot', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: parcels,
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        selectedShippingOption: { code: 'express' },
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.logistics).toEqual({
      deliveryTimeSlot: {
        from: new Date('2025-06-16T09:00:00.000Z'),
        to: new Date('2025-06-16T12:00:00.000Z'),
      },
    })
    expect(estimate.priceSummary.shipping).toBe(2500)
  })

  it('sends a postal-code match to its own region', () => {
    const estimate = calculateTotals(
      pricingInput({ lines: parcels, shipping: SHIPPING, shippingAddress: NEW_YORK }),
    )
    expect(estimate.shippingInfo.region?.id).toBe('manhattan')
    expect(codesOf(estimate)).toEqual(['bike-courier/same-day', 'pickup/store'])
  })

  it('prices a store pickup with its address and method', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: parcels,
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        selectedShippingOption: { code: 'store' },
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption).toEqual({
      code: 'store',
      title: 'Pick up in store',
      carrierId: 'pickup',
      cost: { price: 0, discount: 0, totalPrice: 0 },
      logistics: {
        pickupDetails: {
          address: STORE_ADDRESS,
          pickupMethod: 'STORE_PICKUP',
          instructions: 'Ask at the counter',
        },
      },
    })
    expect(estimate.priceSummary.shipping).toBe(0)
  })

  it('offers a pickup point that belongs to a region', () => {
    const locker = { country: 'FR', city: 'Paris', postalCode: '75002', addressLine: 'Locker 12' }
    const shipping: ShippingSetup = {
      regions: [
        {
          id: 'fr',
          name: 'France',
          destinations: [{ country: 'FR' }],
          carrierServiceOptions: [
            {
              carrierId: 'relay',
              shippingOptions: [
                {
                  code: 'locker',
                  title: 'Parcel locker',
                  rate: { type: 'FLAT', price: 390 },
                  pickup: { method: 'PICKUP_POINT', address: locker },
                },
              ],
            },
          ],
        },
      ],
    }
    const estimate = calculateTotals(
      pricingInput({ currency: 'EUR', lines: parcels, shipping, shippingAddress: PARIS }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.logistics.pickupDetails).toEqual({
      address: locker,
      pickupMethod: 'PICKUP_POINT',
    })
    expect(estimate.priceSummary.shipping).toBe(390)
  })

  it('falls back to the first option with a WARNING when the selected one is not offered', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: parcels,
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        selectedShippingOption: { code: 'same-day' },
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard')
    expect(estimate.violations).toEqual([
      expect.objectContaining({ code: 'SELECTED_SHIPPING_OPTION_UNAVAILABLE', severity: 'WARNING' }),
    ])
  })

  it('matches the selected option on its carrier too when one is named', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: parcels,
        shipping: SHIPPING,
        shippingAddress: BUFFALO,
        selectedShippingOption: { code: 'express', carrierId: 'pickup' },
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard')
    expect(estimate.violations.map((violation) => violation.code)).toEqual([
      'SELECTED_SHIPPING_OPTION_UNAVAILABLE',
    ])
  })

  it('ships nothing and says nothing when no line ships', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [line({ id: 'ebook', itemType: 'DIGITAL' })],
        shipping: SHIPPING,
        shippingAddress: TOKYO,
        selectedShippingOption: { code: 'express' },
      }),
    )
    expect(estimate.shippingInfo).toEqual({ carrierServiceOptions: [] })
    expect(estimate.priceSummary.shipping).toBe(0)
    expect(estimate.violations).toEqual([])
  })
})

describe('shipping violations', () => {
  const parcels = [parcel({ id: 'a' })]
  const deliveryOnly: ShippingSetup = { regions: SHIPPING.regions }

  it.each([
    [
      'no address, pickup offered',
      SHIPPING,
      undefined,
      'SHIPPING_ADDRESS_REQUIRED',
      'WARNING',
      ['pickup/store'],
    ],
    ['no address, no pickup', deliveryOnly, undefined, 'SHIPPING_ADDRESS_REQUIRED', 'WARNING', []],
    ['no region, pickup offered', SHIPPING, TOKYO, 'DELIVERY_UNAVAILABLE', 'WARNING', ['pickup/store']],
    ['no region, no pickup', deliveryOnly, TOKYO, 'NO_SHIPPING_TO_REGION', 'ERROR', []],
    ['no shipping setup at all', undefined, TOKYO, 'NO_SHIPPING_TO_REGION', 'ERROR', []],
  ] as const)('reports %s', (_what, shipping, address, code, severity, offered) => {
    const estimate = calculateTotals(pricingInput({ lines: parcels, shipping, shippingAddress: address }))
    expect(estimate.violations).toEqual([expect.objectContaining({ code, severity })])
    expect(codesOf(estimate)).toEqual(offered)
    expectConsistent(estimate)
  })

  it('selects nothing and charges no shipping when nothing ships to the address', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: parcels,
        shipping: deliveryOnly,
        shippingAddress: TOKYO,
        selectedShippingOption: { code: 'standard' },
      }),
    )
    expect(estimate.shippingInfo.selectedCarrierServiceOption).toBeUndefined()
    expect(estimate.priceSummary).toMatchObject({ shipping: 0, total: 1000 })
    expect(estimate.violations.map((violation) => violation.code)).toEqual(['NO_SHIPPING_TO_REGION'])
  })

  it('is an ERROR when the region’s options all refuse the cart and there is no pickup', () => {
    const setup: ShippingSetup = {
      regions: [
        {
          id: 'us',
          name: 'US',
          destinations: [{ country: 'US' }],
          carrierServiceOptions: [
            {
              carrierId: 'post',
              shippingOptions: [
                {
                  code: 'small',
                  title: 'Small parcel',
                  rate: { type: 'WEIGHT_TIERS', tiers: [{ maxWeight: 2, price: 700 }] },
                },
              ],
            },
          ],
        },
      ],
    }
    const estimate = calculateTotals(
      pricingInput({
        lines: [parcel({ id: 'anvil', weight: 40 })],
        shipping: setup,
        shippingAddress: BUFFALO,
      }),
    )
    expect(estimate.shippingInfo.region?.id).toBe('us')
    expect(estimate.violations).toEqual([
      expect.objectContaining({ code: 'NO_SHIPPING_OPTION_AVAILABLE', severity: 'ERROR' }),
    ])
    expect(estimate.priceSummary.shipping).toBe(0)
  })
})
