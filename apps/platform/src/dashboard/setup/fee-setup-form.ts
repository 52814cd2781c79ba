import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent, formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { readScaled, rowIndexes } from '../form-text.ts'
import { codeFromTitle } from './setup-codes.ts'
import { rowField, toFormFieldViolations } from './setup-violations.ts'

/**
 * The additional fees form (one row per fee) and the setup's JSON, both ways. A flat fee is typed in
 * the site's currency, a percentage in percent; the setup keeps minor units and basis points. A new
 * fee's code is made from its name and kept once saved (decision 099).
 */

export type AdditionalFee = CommerceSettings['additionalFees'][number]

export interface FeeRowValues {
  /** The saved fee's code; empty for a new row. */
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

/** The rows of the stored fees, then one empty one (shown behind "Add a fee"). */
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
  return [...rows, emptyFeeRow()]
}

const isBlank = (row: FeeRowValues) =>
  [row.code, row.name, row.amount, row.percent].every((value) => value.trim() === '')

/** Whether a row shows no saved fee and nothing typed: the form's empty "Add a fee" block. */
export const isNewFeeRow = (row: FeeRowValues) => row.code === '' && isBlank(row)

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
  const rows = rowIndexes(form, 'fee', 'name').map(
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
  const taken = new Set(rows.filter((row) => !row.remove).map((row) => row.code))
  rows.forEach((row, index) => {
    if (row.remove || isBlank(row)) return
    const code = row.code || codeFromTitle(row.name, taken, 'fee')
    taken.add(code)
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
      code,
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
        [/^\[(\d+)\]\.(code|name)$/, (match) => field(match[1], 'name')],
        [/^\[(\d+)\]\.(chargeType|isDeliveryOnly)$/, (match) => field(match[1], match[2]!)],
        [/^$/, () => 'fees'],
      ]),
  }
}
