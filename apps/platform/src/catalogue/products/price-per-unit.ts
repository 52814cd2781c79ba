import type { FieldViolation } from '../../http/errors.ts'

/** Spec section 3, `MeasurementUnit`: the units a product's quantity and its unit price are given in. */
export const MEASUREMENT_UNITS = [
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
] as const

export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number]

/**
 * What a unit measures and how many of the dimension's smallest metric unit it holds (millilitres,
 * milligrams, millimetres, square metres). US customary volumes, as Wix's unit price uses them.
 */
const UNITS: Record<MeasurementUnit, { dimension: 'volume' | 'mass' | 'length' | 'area'; factor: number }> = {
  ML: { dimension: 'volume', factor: 1 },
  CL: { dimension: 'volume', factor: 10 },
  L: { dimension: 'volume', factor: 1_000 },
  CBM: { dimension: 'volume', factor: 1_000_000 },
  FLOZ: { dimension: 'volume', factor: 29.5735295625 },
  PT: { dimension: 'volume', factor: 473.176473 },
  QT: { dimension: 'volume', factor: 946.352946 },
  GAL: { dimension: 'volume', factor: 3_785.411784 },
  MG: { dimension: 'mass', factor: 1 },
  G: { dimension: 'mass', factor: 1_000 },
  KG: { dimension: 'mass', factor: 1_000_000 },
  OZ: { dimension: 'mass', factor: 28_349.523125 },
  LB: { dimension: 'mass', factor: 453_592.37 },
  MM: { dimension: 'length', factor: 1 },
  CM: { dimension: 'length', factor: 10 },
  M: { dimension: 'length', factor: 1_000 },
  IN: { dimension: 'length', factor: 25.4 },
  FT: { dimension: 'length', factor: 304.8 },
  YD: { dimension: 'length', factor: 914.4 },
  SQM: { dimension: 'area', factor: 1 },
  SQFT: { dimension: 'area', factor: 0.09290304 },
}

/** How a product's unit price is worked out: it holds `totalQuantity` of a unit; the price is per `baseQuantity`. */
export interface PricePerUnitData {
  totalQuantity: number
  totalMeasurementUnit: MeasurementUnit
  baseQuantity: number
  baseMeasurementUnit: MeasurementUnit
}

/** The violations of a unit price's data: its two units must measure the same thing (grams and kilos, not litres). */
export function checkPricePerUnitData(data: PricePerUnitData, field: string): FieldViolation[] {
  const total = UNITS[data.totalMeasurementUnit]
  const base = UNITS[data.baseMeasurementUnit]
  if (total.dimension === base.dimension) return []
  return [
    {
      field: `${field}.baseMeasurementUnit`,
      description: `must measure ${total.dimension} like ${data.totalMeasurementUnit}`,
      violatedRule: 'VALIDATION',
    },
  ]
}

/**
 * The price of `baseQuantity` base units, in minor units, for a price of `totalQuantity` total units:
 * 240 cents for 1 KG, per 100 G, is 24 cents. Rounded half up to the minor unit.
 */
export function pricePerUnitMinor(priceMinor: number, data: PricePerUnitData): number {
  const total = data.totalQuantity * UNITS[data.totalMeasurementUnit].factor
  const base = data.baseQuantity * UNITS[data.baseMeasurementUnit].factor
  return Math.round((priceMinor * base) / total)
}

// Units whose short form is not their code in lower case.
const SYMBOLS: Partial<Record<MeasurementUnit, string>> = {
  L: 'L',
  CBM: 'm³',
  SQM: 'm²',
  FLOZ: 'fl oz',
  SQFT: 'sq ft',
}

/** `100, 'G'` -> `'100 g'`, `1, 'L'` -> `'L'`: what a shopper reads after a unit price ("$2.40 / 100 g"). */
export function formatUnitQuantity(quantity: number, unit: MeasurementUnit): string {
  const symbol = SYMBOLS[unit] ?? unit.toLowerCase()
  return quantity === 1 ? symbol : `${quantity} ${symbol}`
}
