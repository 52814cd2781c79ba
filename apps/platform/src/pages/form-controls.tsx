import type { ReactNode } from 'react'
import { CSRF_FIELD } from './csrf.ts'

/** The hidden field with the session's synchroniser token: every dashboard form has one. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />
}

/** What a labelled control needs of its frame: its id and the ids that describe it. */
export interface ControlIds {
  id: string
  /** The hint's and the error's ids, for `aria-describedby`; `undefined` when there are none. */
  describedBy: string | undefined
}

/**
 * The frame every labelled form control shares: the label, the control (rendered by `children` with
 * its ids), then its hint and its error, each with the id the control is described by.
 */
export function LabelledControl(props: {
  label: string
  name: string
  error?: string | undefined
  hint?: string | undefined
  /** Classes of the frame besides `field`, and of the label (`row-label` hides a row's label but for screen readers). */
  className?: string | undefined
  labelClassName?: string | undefined
  children: (ids: ControlIds) => ReactNode
}) {
  const id = `field-${props.name}`
  const describedBy = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
      </label>
      {props.children({ id, describedBy: describedBy || undefined })}
      {props.hint && (
        <div className="hint" id={`${id}-hint`}>
          {props.hint}
        </div>
      )}
      {props.error && (
        <div className="error-text" id={`${id}-error`}>
          {props.error}
        </div>
      )}
    </div>
  )
}

/** A labelled input with its hint and error; the error marks the input invalid and describes it. */
export function Field(props: {
  label: string
  name: string
  defaultValue?: string | number | undefined
  type?: 'text' | 'email' | 'password' | 'number' | 'search' | 'color' | 'tel' | 'url' | 'datetime-local'
  error?: string | undefined
  hint?: string
  required?: boolean
  autoComplete?: string
  className?: string
  step?: string
  min?: string
  placeholder?: string
  /** Classes of the field's frame and of its label (see `LabelledControl`). */
  frameClassName?: string
  labelClassName?: string
}) {
  return (
    <LabelledControl
      label={props.label}
      name={props.name}
      error={props.error}
      hint={props.hint}
      className={props.frameClassName}
      labelClassName={props.labelClassName}
    >
      {({ id, describedBy }) => (
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          defaultValue={props.defaultValue}
          placeholder={props.placeholder}
          required={props.required}
          autoComplete={props.autoComplete}
          className={props.className}
          step={props.step}
          min={props.min}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledControl>
  )
}
