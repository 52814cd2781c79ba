import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent, formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { readScaled, rowIndexes } from '../form-text.ts'
import { rowField, toFormFieldViolations } from './setup-violations.ts'
import { EXTRA_ROWS } from './shipping-setup-form.ts'

/**
 * The additional fees form (one row per fee) and the setup's JSON, both ways. A flat fee is typed in
 * the site's currency, a percentage in percent; the setup keeps minor units and basis points.
 */

export type AdditionalFee = CommerceSettings['additionalFees'][number]

export interface FeeRowValues {
  code: string
  name: string
  chargeType: AdditionalFee['chargeType']
  valueType: AdditionalFee['value']['type']
  amount: string
  percent: string
  isDeliveryOnly: boolean
  remove: boolean
}

const emptyFeeRow = (): FeeRowValues => ({
  code: '',
  name: '',
  chargeType: 'HANDLING_FEE',
  valueType: 'FLAT',
  amount: '',
  percent: '',
  isDeliveryOnly: false,
  remove: false,
})

/** The rows of the stored fees, then empty ones to add more. */
export function toFeeRows(fees: readonly AdditionalFee[], currency: string): FeeRowValues[] {
  const digits = fractionDigits(currency)
  const rows = fees.map(
    (fee): FeeRowValues => ({
      code: fee.code,
      name: fee.name,
      chargeType: fee.chargeType,
      valueType: fee.value.type,
      amount: fee.value.type === 'FLAT' ? formatScaledDecimal(fee.value.amount, digits) : '',
      percent: fee.value.type === 'PERCENTAGE' ? formatPercent(fee.value.basisPoints) : '',
      isDeliveryOnly: fee.isDeliveryOnly ?? false,
      remove: false,
    }),
  )
  return [...rows, ...Array.from({ length: EXTRA_ROWS }, emptyFeeRow)]
}

const isBlank = (row: FeeRowValues) =>
  [row.code, row.name, row.amount, row.percent].every((value) => value.trim() === '')

/** Reads the submitted fee rows: the values to show again, the fees, and text that is no number. */
export function readFeeForm(
  form: FormFields,
  currency: string,
): {
  rows: FeeRowValues[]
  fees: AdditionalFee[]
  violations: FieldViolation[]
  toFormViolations(violations: readonly FieldViolation[]): FieldViolation[]
} {
  const digits = fractionDigits(currency)
  const rows = rowIndexes(form, 'fee', 'code').map(
    (index): FeeRowValues => ({
      code: form.text(`fee-${index}-code`).trim(),
      name: form.text(`fee-${index}-name`),
      // Unknown choices go on as sent: the schema names them.
      chargeType: form.text(`fee-${index}-chargeType`) as FeeRowValues['chargeType'],
      valueType: form.text(`fee-${index}-valueType`) as FeeRowValues['valueType'],
      amount: form.text(`fee-${index}-amount`),
      percent: form.text(`fee-${index}-percent`),
      isDeliveryOnly: form.isChecked(`fee-${index}-isDeliveryOnly`),
      remove: form.isChecked(`fee-${index}-remove`),
    }),
  )
  const violations: FieldViolation[] = []
  const kept: number[] = []
  const fees: AdditionalFee[] = []
  rows.forEach((row, index) => {
    if (row.remove || isBlank(row)) return
    const value =
      row.valueType === 'PERCENTAGE'
        ? {
            type: row.valueType,
            basisPoints: readScaled(row.percent, 2, `fee-${index}-percent`, violations) as number,
          }
        : {
            type: row.valueType,
            amount: readScaled(row.amount, digits, `fee-${index}-amount`, violations) as number,
          }
    fees.push({
      code: row.code,
      name: row.name,
      chargeType: row.chargeType,
      value: value as AdditionalFee['value'],
      isDeliveryOnly: row.isDeliveryOnly,
    })
    kept.push(index)
  })
  const field = (index: string | undefined, name: string) => rowField('fee', kept, index, name)
  return {
    rows,
    fees,
    violations,
    toFormViolations: (refused) =>
      toFormFieldViolations(refused, 'additionalFees', [
        [/^\[(\d+)\]\.value\.type$/, (match) => field(match[1], 'valueType')],
        [/^\[(\d+)\]\.value\.basisPoints$/, (match) => field(match[1], 'percent')],
        [/^\[(\d+)\]\.value.*$/, (match) => field(match[1], 'amount')],
        [/^\[(\d+)\]\.(code|name|chargeType|isDeliveryOnly)$/, (match) => field(match[1], match[2]!)],
        [/^$/, () => 'fees'],
      ]),
  }
}
