import type { ReactNode } from 'react'
import type { FieldViolation } from '../../http/errors.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { DashboardForm, Problems } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'

/**
 * The problems of a refused form, with row fields in words: `opt-2-price` is "Option 3 price".
 * `rows` names each row prefix (`{ opt: 'Option' }`).
 */
export function FormProblems(props: {
  violations: readonly FieldViolation[]
  labels: Record<string, string>
  rows?: Record<string, string>
}) {
  const labels: Record<string, string> = { ...props.labels }
  for (const { field } of props.violations) {
    const match = /^([a-z]+)-(\d+)-(\w+)$/.exec(field)
    const noun = match && props.rows?.[match[1]!]
    if (match && noun) labels[field] = `${noun} ${Number(match[2]) + 1} ${wordsOf(match[3]!)}`
  }
  return <Problems violations={props.violations} labels={labels} />
}

/** `postalCodePrefixes` -> `postal code prefixes`. */
function wordsOf(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
}

/** A form row's binding to the record: its field name, the value it shows and its error. */
export interface RowBinding<Value> {
  name: string
  defaultValue: Value
  error: string | undefined
}

/** Binds a form row to the record by name: `<Field label="Price" {...row('price')} />`. */
export type RowOf<Values> = <Name extends keyof Values & string>(name: Name) => RowBinding<Values[Name]>

/**
 * Binds the rows of one entry of a form by name, its field names under the entry's `prefix` (`fee-0-`
 * for the first fee of a list; none for a whole record): `<Field label="Name" {...row('name')} />`.
 */
export function bindRows<Values>(
  values: Values,
  errors: Readonly<Record<string, string>>,
  prefix = '',
): RowOf<Values> {
  return (name) => ({
    name: `${prefix}${name}`,
    defaultValue: values[name],
    error: errors[`${prefix}${name}`],
  })
}

/**
 * The form that creates or edits one record (a plan, a coupon, an event, a ticket type, a service):
 * the session's token, what a refused save got wrong in words, then the rows, each bound to the record's
 * value and its own error by `row(name)`, then the save button.
 */
export function RecordForm<Values>(props: {
  owner: Owner
  action: string
  /** The form's accessible name ("Plan"). */
  label: string
  submitLabel: string
  values: Values
  violations: readonly FieldViolation[]
  /** Field names in words for the problems ("durationCount" is "Duration"). */
  labels: Record<string, string>
  /** Row prefixes in words (`{ opt: 'Option' }`). */
  rows?: Record<string, string>
  /** The form's name of a field the domain names otherwise (`{ 'schedule.hours': 'hours' }`). */
  formNames?: Readonly<Record<string, string>>
  children: (row: RowOf<Values>, errors: Readonly<Record<string, string>>) => ReactNode
}) {
  const formNames = props.formNames ?? {}
  const violations = props.violations.map((violation) => ({
    ...violation,
    field: formNames[violation.field] ?? violation.field,
  }))
  const errors = toFormErrors(violations)
  const row = bindRows(props.values, errors)
  return (
    <DashboardForm
      action={props.action}
      label={props.label}
      csrfToken={props.owner.session.csrfToken}
      submitLabel={props.submitLabel}
    >
      <FormProblems violations={violations} labels={props.labels} rows={props.rows} />
      {props.children(row, errors)}
    </DashboardForm>
  )
}
