import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent } from '../../money/decimal-text.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { readList, readScaled, rowIndexes } from '../form-text.ts'
import { rowField, toFormFieldViolations } from './setup-violations.ts'
import { EXTRA_ROWS } from './shipping-setup-form.ts'

/**
 * The tax forms and the setup's JSON, both ways: the site's tax settings, and a tax region (a country)
 * with its jurisdictions, each a row. Rates are typed in percent (`8.875`) and stored in basis points,
 * so at most two digits after the point. Tax group rates of a stored jurisdiction are kept.
 */

export type TaxSettings = CommerceSettings['tax']
export type TaxRegion = TaxSettings['regions'][number]
type Jurisdiction = TaxRegion['jurisdictions'][number]
export type JurisdictionType = Jurisdiction['type']

export interface JurisdictionRowValues {
  /** The stored jurisdiction's name; empty for a new row. */
  was: string
  name: string
  type: JurisdictionType
  rate: string
  subdivision: string
  city: string
  postalCodePrefixes: string
  remove: boolean
}

/** Whether the region follows the site's settings (`''`) or sets its own (`'yes'`, `'no'`). */
export type Override = '' | 'yes' | 'no'

export interface TaxRegionFormValues {
  country: string
  isManual: Override
  isShippingTaxed: Override
  jurisdictions: JurisdictionRowValues[]
}

const toOverride = (value: boolean | undefined): Override => (value === undefined ? '' : value ? 'yes' : 'no')
const fromOverride = (value: string): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined
const readOverride = (value: string): Override => (value === 'yes' || value === 'no' ? value : '')

function emptyJurisdictionRow(): JurisdictionRowValues {
  return {
    was: '',
    name: '',
    type: 'STATE',
    rate: '',
    subdivision: '',
    city: '',
    postalCodePrefixes: '',
    remove: false,
  }
}

/** The form's values for a stored tax region (or a new one). */
export function toTaxRegionFormValues(region: TaxRegion | undefined): TaxRegionFormValues {
  const rows = (region?.jurisdictions ?? []).map(
    (jurisdiction): JurisdictionRowValues => ({
      was: jurisdiction.name,
      name: jurisdiction.name,
      type: jurisdiction.type,
      rate: formatPercent(jurisdiction.rateBasisPoints),
      subdivision: jurisdiction.subdivision ?? '',
      city: jurisdiction.city ?? '',
      postalCodePrefixes: (jurisdiction.postalCodePrefixes ?? []).join(', '),
      remove: false,
    }),
  )
  return {
    country: region?.country ?? '',
    isManual: toOverride(region?.isManual),
    isShippingTaxed: toOverride(region?.isShippingTaxed),
    jurisdictions: [...rows, ...Array.from({ length: EXTRA_ROWS }, emptyJurisdictionRow)],
  }
}

const isBlank = (row: JurisdictionRowValues) =>
  row.was === '' && [row.name, row.rate, row.subdivision, row.city].every((value) => value.trim() === '')

/** Reads a submitted tax region form over the stored region (`undefined` for a new one). */
export function readTaxRegionForm(
  form: FormFields,
  previous: TaxRegion | undefined,
): {
  values: TaxRegionFormValues
  region: TaxRegion
  violations: FieldViolation[]
  /** The setup's violations at `tax.regions[index]` as the form's fields. */
  toFormViolations(violations: readonly FieldViolation[], index: number): FieldViolation[]
} {
  const rows = rowIndexes(form, 'jur', 'name').map(
    (index): JurisdictionRowValues => ({
      was: form.text(`jur-${index}-was`),
      name: form.text(`jur-${index}-name`),
      // An unknown type goes on as sent: the schema names it.
      type: form.text(`jur-${index}-type`) as JurisdictionType,
      rate: form.text(`jur-${index}-rate`),
      subdivision: form.text(`jur-${index}-subdivision`).trim(),
      city: form.text(`jur-${index}-city`),
      postalCodePrefixes: form.text(`jur-${index}-postalCodePrefixes`),
      remove: form.isChecked(`jur-${index}-remove`),
    }),
  )
  const violations: FieldViolation[] = []
  const stored = new Map((previous?.jurisdictions ?? []).map((j) => [j.name, j]))
  const kept: number[] = []
  const jurisdictions: Jurisdiction[] = []
  rows.forEach((row, index) => {
    if (row.remove || isBlank(row)) return
    const prefixes = readList(row.postalCodePrefixes)
    jurisdictions.push({
      ...stored.get(row.was),
      name: row.name.trim(),
      type: row.type,
      rateBasisPoints: readScaled(row.rate, 2, `jur-${index}-rate`, violations) as number,
      subdivision: row.subdivision || undefined,
      city: row.city.trim() || undefined,
      postalCodePrefixes: prefixes.length > 0 ? prefixes : undefined,
    })
    kept.push(index)
  })
  const values: TaxRegionFormValues = {
    country: previous?.country ?? form.text('country').trim(),
    isManual: readOverride(form.text('isManual')),
    isShippingTaxed: readOverride(form.text('isShippingTaxed')),
    jurisdictions: rows,
  }
  const region: TaxRegion = {
    ...previous,
    country: values.country,
    isManual: fromOverride(values.isManual),
    isShippingTaxed: fromOverride(values.isShippingTaxed),
    jurisdictions,
  }
  return {
    values,
    region,
    violations,
    toFormViolations: (refused, index) =>
      toFormFieldViolations(refused, `tax.regions[${index}]`, [
        [/^(country|isManual|isShippingTaxed)$/, (match) => match[1]!],
        [
          /^jurisdictions\[(\d+)\]\.(rateBasisPoints|ratesByTaxGroup).*$/,
          (m) => rowField('jur', kept, m[1], 'rate'),
        ],
        [
          /^jurisdictions\[(\d+)\]\.(name|type|subdivision|city|postalCodePrefixes).*$/,
          (match) => rowField('jur', kept, match[1], match[2]!),
        ],
        [/^jurisdictions$/, () => 'jurisdictions'],
      ]),
  }
}

/** Reads the site's tax settings form over the stored settings (its regions stay). */
export function readTaxSettingsForm(form: FormFields, previous: TaxSettings): TaxSettings {
  return {
    ...previous,
    // An unknown calculation goes on as sent: the schema names it.
    calculation: form.text('calculation') as TaxSettings['calculation'],
    isShippingTaxed: form.isChecked('isShippingTaxed'),
    isAutoTaxDeactivated: form.isChecked('isAutoTaxDeactivated'),
  }
}
