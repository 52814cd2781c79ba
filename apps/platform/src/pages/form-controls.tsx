import { CSRF_FIELD } from './csrf.ts'

/** The hidden field with the session's synchroniser token: every dashboard form has one. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />
}

/** A labelled input with its hint and error; the error marks the input invalid and describes it. */
export function Field(props: {
  label: string
  name: string
  defaultValue?: string | number | undefined
  type?: 'text' | 'email' | 'password' | 'number' | 'search'
  error?: string | undefined
  hint?: string
  required?: boolean
  autoComplete?: string
  className?: string
  step?: string
  min?: string
}) {
  const id = `field-${props.name}`
  const describedBy = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue}
        required={props.required}
        autoComplete={props.autoComplete}
        className={props.className}
        step={props.step}
        min={props.min}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
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
