import { describe, expect, it } from 'vitest'
import { checkPricePerUnitData, formatUnitQuantity, pricePerUnitMinor } from './price-per-unit.ts'

describe('pricePerUnitMinor', () => {
  it('divides the price by the total quantity and multiplies by the base one, across units', () => {
    const kilo = {
      totalQuantity: 1,
      totalMeasurementUnit: 'KG',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    } as const
    expect(pricePerUnitMinor(2400, kilo)).toBe(240)
    const litre = {
      totalQuantity: 750,
      totalMeasurementUnit: 'ML',
      baseQuantity: 1,
      baseMeasurementUnit: 'L',
    } as const
    expect(pricePerUnitMinor(1500, litre)).toBe(2000)
  })

  it('rounds to the nearest minor unit', () => {
    const third = {
      totalQuantity: 3,
      totalMeasurementUnit: 'G',
      baseQuantity: 1,
      baseMeasurementUnit: 'G',
    } as const
    expect(pricePerUnitMinor(100, third)).toBe(33)
    expect(pricePerUnitMinor(200, third)).toBe(67)
  })

  it('converts US customary units', () => {
    const pound = {
      totalQuantity: 1,
      totalMeasurementUnit: 'LB',
      baseQuantity: 1,
      baseMeasurementUnit: 'OZ',
    } as const
    expect(pricePerUnitMinor(1600, pound)).toBe(100)
  })
})

describe('checkPricePerUnitData', () => {
  it('accepts two units of one dimension and refuses a mass priced per volume', () => {
    expect(
      checkPricePerUnitData(
        { totalQuantity: 1, totalMeasurementUnit: 'KG', baseQuantity: 100, baseMeasurementUnit: 'G' },
        'product.pricePerUnitData',
      ),
    ).toEqual([])
    expect(
      checkPricePerUnitData(
        { totalQuantity: 1, totalMeasurementUnit: 'KG', baseQuantity: 100, baseMeasurementUnit: 'ML' },
        'product.pricePerUnitData',
      ),
    ).toEqual([expect.objectContaining({ field: 'product.pricePerUnitData.baseMeasurementUnit' })])
  })
})

describe('formatUnitQuantity', () => {
  it('writes the quantity and the unit as shoppers read them, leaving out a quantity of one', () => {
    expect(formatUnitQuantity(100, 'G')).toBe('100 g')
    expect(formatUnitQuantity(1, 'L')).toBe('L')
    expect(formatUnitQuantity(2, 'SQM')).toBe('2 m²')
  })
})
