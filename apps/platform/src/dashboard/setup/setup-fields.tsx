import type { ReactNode } from 'react'
import { LabelledControl } from '../../pages/form-controls.tsx'
import { DashboardPage, type Place } from '../dashboard-layout.tsx'
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
  /** The page's own scripts (progressive enhancement only). */
  scripts?: readonly string[]
  children: ReactNode
}) {
  return (
    <DashboardPage
      owner={props.owner}
      title={props.title}
      place={props.part}
      notice={props.notice}
      scripts={props.scripts}
    >
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

/** Whether any of a form's problems is of a field under `prefix` (one row's fields, one block's). */
export function hasProblemUnder(errors: Record<string, string>, prefix: string): boolean {
  return Object.keys(errors).some((key) => key.startsWith(prefix))
}

/**
 * One entry of a setup list (decision 099): a saved one is a line in words (`saved`) that opens to its
 * fields, a new one a button (`addLabel`) that opens an empty block. A `<details>`, so no script is needed;
 * open when `isOpen` (a problem in it, or a new one already typed in).
 */
export function EntryCard(props: {
  saved: { title: string; summary: string } | undefined
  addLabel: string
  isOpen: boolean
  children: ReactNode
}) {
  return (
    <details className={props.saved ? 'option-card' : 'option-card new-option'} open={props.isOpen}>
      {props.saved ? (
        <summary>
          <strong>{props.saved.title}</strong> <span className="hint">{props.saved.summary}</span>
        </summary>
      ) : (
        <summary className="button">{props.addLabel}</summary>
      )}
      {props.children}
    </details>
  )
}
