import {
  hasCountry,
  hasPostalCodePrefix,
  isSameCity,
  normaliseCountry,
  normaliseSubdivision,
} from './address-matching.ts'
import type { FallbackReason, ManualCalculationReason } from './enumerations.ts'
import { BASIS_POINTS, percentOf } from './minor-units.ts'
import type { Address, PricedLine, TaxJurisdiction, TaxRegion, TaxSetup } from './pricing-input.ts'
import type { JurisdictionTax, LineTax, TaxSummary } from './totals-estimate.ts'

/** The tax group of a line without one. */
export const STANDARD_TAX_GROUP = 'standard'

/** What the automatic calculator is asked: where, and what is sold there. */
export interface AutoTaxRequest {
  currency: string
  address: Address
  /** Taxable lines after cart discounts, in minor units. */
  lines: { id: string; amount: number; quantity: number; taxGroup: string }[]
  /** Shipping after discounts. */
  shippingAmount: number
}

/** What the automatic calculator answers: the jurisdictions that tax at the address, with their rates. */
export interface AutoTaxRates {
  jurisdictions: readonly Pick<TaxJurisdiction, 'name' | 'type' | 'rateBasisPoints' | 'ratesByTaxGroup'>[]
  /** Whether shipping is taxed there; the site's setting when absent. */
  isShippingTaxed?: boolean | undefined
}

/**
 * A pluggable source of tax rates by address (a tax service's client, or a stub in tests). The engine
 * keeps the arithmetic: the calculator only says which rates apply, so rounding stays in one place.
 */
export interface AutoTaxCalculator {
  findRates(request: AutoTaxRequest): Promise<AutoTaxRates>
}

/**
 * The calculator's answer as the synchronous core takes it: its rates, or the reason it gave none.
 * No outcome at all means no calculator is set up.
 */
export type AutoTaxOutcome =
  | { status: 'SUCCEEDED'; rates: AutoTaxRates }
  | { status: 'FAILED'; error: unknown }

/** How the tax of an estimate will be found, before any rate is applied. */
export type TaxPlan =
  | { rateType: 'NO_TAX_COLLECTED' }
  | { rateType: 'MANUAL_RATE'; reason: ManualCalculationReason; region: TaxRegion; address: Address }
  | { rateType: 'AUTO_RATE'; region: TaxRegion | undefined; address: Address }

function findTaxRegion(setup: TaxSetup, address: Address): TaxRegion | undefined {
  const country = normaliseCountry(address.country)
  return setup.regions.find((region) => normaliseCountry(region.country) === country)
}

/**
 * Chooses how to tax: nothing without a setup or an address (NO_TAX_COLLECTED); a MANUAL site uses
 * its region's rates (GLOBAL_SETTING_TO_MANUAL) and collects nothing where it has no region; an AUTO
 * site asks the calculator, except in a region set to manual (REGION_SETTING_TO_MANUAL).
 */
export function planTax(setup: TaxSetup | undefined, address: Address | undefined): TaxPlan {
  if (!setup || !hasCountry(address)) return { rateType: 'NO_TAX_COLLECTED' }
  const region = findTaxRegion(setup, address)
  if (setup.calculation === 'MANUAL') {
    return region
      ? { rateType: 'MANUAL_RATE', reason: 'GLOBAL_SETTING_TO_MANUAL', region, address }
      : { rateType: 'NO_TAX_COLLECTED' }
  }
  if (region?.isManual)
    return { rateType: 'MANUAL_RATE', reason: 'REGION_SETTING_TO_MANUAL', region, address }
  return { rateType: 'AUTO_RATE', region, address }
}

function matches(jurisdiction: TaxJurisdiction, address: Address, country: string): boolean {
  if (
    jurisdiction.subdivision !== undefined &&
    normaliseSubdivision(jurisdiction.subdivision, country) !==
      normaliseSubdivision(address.subdivision, address.country)
  ) {
    return false
  }
  if (jurisdiction.city !== undefined && !isSameCity(jurisdiction.city, address.city)) return false
  if (jurisdiction.postalCodePrefixes !== undefined)
    return hasPostalCodePrefix(address, jurisdiction.postalCodePrefixes)
  return true
}

/** A region's jurisdictions that tax at an address: each whose subdivision, city and postal-code prefixes all match. */
export function matchJurisdictions(region: TaxRegion | undefined, address: Address): TaxJurisdiction[] {
  if (!region) return []
  return region.jurisdictions.filter((jurisdiction) => matches(jurisdiction, address, region.country))
}

function isRate(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= BASIS_POINTS
}

/** Whether a calculator's answer can be used: every rate an integer from 0 to 10,000 basis points. */
export function isUsableAutoTaxRates(rates: AutoTaxRates): boolean {
  return (
    Array.isArray(rates?.jurisdictions) &&
    rates.jurisdictions.every(
      (jurisdiction) =>
        isRate(jurisdiction.rateBasisPoints) &&
        Object.values(jurisdiction.ratesByTaxGroup ?? {}).every(isRate),
    )
  )
}

/** The rates to apply and how they were found. */
export interface ResolvedTaxRates {
  rateType: TaxSummary['rateType']
  manualCalculationReason?: ManualCalculationReason
  fallbackReason?: FallbackReason
  jurisdictions: readonly Pick<TaxJurisdiction, 'name' | 'type' | 'rateBasisPoints' | 'ratesByTaxGroup'>[]
  isShippingTaxed: boolean
  /** The calculator's failure, when the manual rates stood in for it. */
  failure?: unknown
}

/**
 * Settles the plan into rates. An AUTO plan uses the calculator's rates; without a calculator, or on a
 * site whose automatic tax is deactivated, the region's manual rates stand in (FALLBACK_RATE,
 * AUTO_TAX_DEACTIVATED); when the calculator failed or answered unusable rates, likewise with
 * AUTO_TAX_FAILED.
 */
export function resolveTaxRates(
  plan: TaxPlan,
  setup: TaxSetup | undefined,
  autoTax: AutoTaxOutcome | undefined,
): ResolvedTaxRates {
  if (plan.rateType === 'NO_TAX_COLLECTED' || !setup) {
    return { rateType: 'NO_TAX_COLLECTED', jurisdictions: [], isShippingTaxed: false }
  }
  const isShippingTaxed = plan.region?.isShippingTaxed ?? setup.isShippingTaxed
  const manual = matchJurisdictions(plan.region, plan.address)
  if (plan.rateType === 'MANUAL_RATE') {
    return {
      rateType: 'MANUAL_RATE',
      manualCalculationReason: plan.reason,
      jurisdictions: manual,
      isShippingTaxed,
    }
  }
  if (setup.isAutoTaxDeactivated || !autoTax) {
    return {
      rateType: 'FALLBACK_RATE',
      fallbackReason: 'AUTO_TAX_DEACTIVATED',
      jurisdictions: manual,
      isShippingTaxed,
    }
  }
  if (autoTax.status === 'SUCCEEDED' && isUsableAutoTaxRates(autoTax.rates)) {
    return {
      rateType: 'AUTO_RATE',
      jurisdictions: autoTax.rates.jurisdictions,
      isShippingTaxed: autoTax.rates.isShippingTaxed ?? isShippingTaxed,
    }
  }
  return {
    rateType: 'FALLBACK_RATE',
    fallbackReason: 'AUTO_TAX_FAILED',
    jurisdictions: manual,
    isShippingTaxed,
    failure:
      autoTax.status === 'FAILED'
        ? autoTax.error
        : new Error('the calculator answered rates that are not integers from 0 to 10,000 basis points'),
  }
}

/** Whether a line is taxed at all: gift cards are stored money, not a sale. */
export function isTaxable(line: PricedLine): boolean {
  return line.itemType !== 'GIFT_CARD'
}

/** Tax per line and over the order. */
export interface TaxCalculation {
  byLine: Map<string, LineTax[]>
  shippingTax: number
  summary: TaxSummary
}

/**
 * Applies rates: each jurisdiction taxes each taxable line's discounted price at the line's tax-group
 * rate, rounded half away from zero per line and per jurisdiction; shipping after discounts is taxed
 * the same way when shipping is taxed. A jurisdiction's total is the sum of its rounded parts.
 */
export function calculateTax(
  rates: ResolvedTaxRates,
  lines: readonly { line: PricedLine; discountedPrice: number }[],
  discountedShipping: number,
): TaxCalculation {
  const byLine = new Map<string, LineTax[]>(lines.map(({ line }) => [line.id, []]))
  const jurisdictions: JurisdictionTax[] = []
  let shippingTax = 0
  const taxed = new Set<string>()
  for (const jurisdiction of rates.jurisdictions) {
    const summary: JurisdictionTax = {
      name: jurisdiction.name,
      type: jurisdiction.type,
      rateBasisPoints: jurisdiction.rateBasisPoints,
      taxableAmount: 0,
      taxAmount: 0,
    }
    for (const { line, discountedPrice } of lines) {
      if (!isTaxable(line)) continue
      const rate =
        jurisdiction.ratesByTaxGroup?.[line.taxGroup ?? STANDARD_TAX_GROUP] ?? jurisdiction.rateBasisPoints
      if (rate === 0) continue
      const amount = percentOf(discountedPrice, rate)
      byLine.get(line.id)?.push({
        jurisdictionName: jurisdiction.name,
        jurisdictionType: jurisdiction.type,
        rateBasisPoints: rate,
        amount,
      })
      summary.taxableAmount += discountedPrice
      summary.taxAmount += amount
      taxed.add(line.id)
    }
    if (rates.isShippingTaxed && jurisdiction.rateBasisPoints > 0 && discountedShipping > 0) {
      const amount = percentOf(discountedShipping, jurisdiction.rateBasisPoints)
      summary.taxableAmount += discountedShipping
      summary.taxAmount += amount
      shippingTax += amount
    }
    jurisdictions.push(summary)
  }
  const isShippingTaxable = rates.isShippingTaxed && rates.jurisdictions.some((j) => j.rateBasisPoints > 0)
  const taxableAmount =
    lines.reduce((sum, { line, discountedPrice }) => sum + (taxed.has(line.id) ? discountedPrice : 0), 0) +
    (isShippingTaxable ? discountedShipping : 0)
  return {
    byLine,
    shippingTax,
    summary: {
      rateType: rates.rateType,
      ...(rates.manualCalculationReason ? { manualCalculationReason: rates.manualCalculationReason } : {}),
      ...(rates.fallbackReason ? { fallbackReason: rates.fallbackReason } : {}),
      taxableAmount,
      shippingTax,
      totalTax: jurisdictions.reduce((sum, jurisdiction) => sum + jurisdiction.taxAmount, 0),
      jurisdictions,
    },
  }
}
