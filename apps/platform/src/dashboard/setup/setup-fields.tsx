import type { ReactNode } from 'react'
import type { FieldViolation } from '../../http/errors.ts'
import { LabelledControl } from '../../pages/form-controls.tsx'
import { DashboardPage, type Place, Problems } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'

/** The parts of the store setup, each a page under `/dashboard/setup` and a place in the menu. */
export type SetupPart = Extract<
  Place,
  'shop' | 'payments' | 'coupons' | 'shipping' | 'pickup' | 'tax' | 'fees' | 'currencies'
>

/** A page of the store setup: the dashboard page with its part current in the menu. */
export function SetupPage(props: {
  owner: Owner
  title: string
  part: SetupPart
  notice?: string | undefined
  children: ReactNode
}) {
  return (
    <DashboardPage owner={props.owner} title={props.title} place={props.part} notice={props.notice}>
      {props.children}
    </DashboardPage>
  )
}

/** A labelled multi-line field with its hint and error. */
export function TextArea(props: {
  label: string
  name: string
  defaultValue?: string
  error?: string | undefined
  hint?: string
}) {
  return (
    <LabelledControl label={props.label} name={props.name} error={props.error} hint={props.hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          name={props.name}
          defaultValue={props.defaultValue}
          rows={3}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledControl>
  )
}

/** An enumeration's values as drop-down choices, labelled in words: `STORE_PICKUP` is "Store pickup". */
export function toChoices(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({
    value,
    label: value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' '),
  }))
}

/**
 * The problems of a refused setup form, with row fields in words: `opt-2-price` is "Option 3 price".
 * `rows` names each row prefix (`{ opt: 'Option' }`).
 */
export function SetupProblems(props: {
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
