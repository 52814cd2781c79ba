import type { ReactElement, ReactNode } from 'react'
import type { FieldViolation } from '../http/errors.ts'
import { Document } from '../pages/document.tsx'
import { CsrfField, Field, LabelledControl } from '../pages/form-controls.tsx'
import { renderPage } from '../pages/render-page.tsx'
import type { ShopBrand } from '../pages/shop-frame.tsx'

import { DashboardNavigation, type Place } from './dashboard-navigation.tsx'
import type { Owner } from './session/owner-session.ts'

export type { Place }
export { CsrfField, Field }

// Progressive enhancement only: a "select all" box and a confirmation before destructive posts.
const enhance = `
document.addEventListener('change', (event) => {
  const box = event.target.closest('input[data-select-all]')
  if (!box) return
  for (const other of box.form.querySelectorAll('input[name="' + box.dataset.selectAll + '"]')) other.checked = box.checked
})
document.addEventListener('submit', (event) => {
  const message = event.submitter && event.submitter.dataset.confirm
  if (message && !window.confirm(message)) event.preventDefault()
})`

/** A page of the signed-in dashboard: top bar with the shop and sign-out, the menu, then the page. */
export function DashboardPage(props: {
  owner: Owner
  title: string
  /** The menu's entry this page belongs under, shown as the current place. */
  place?: Place
  notice?: string | undefined
  /** The page's own scripts, after the dashboard's (progressive enhancement only). */
  scripts?: readonly string[]
  children: ReactNode
}) {
  const { session } = props.owner
  return (
    <Document
      title={`${props.title} · ${session.site.name} · Aisle dashboard`}
      scripts={[enhance, ...(props.scripts ?? [])]}
    >
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <a className="brand" href="/dashboard/home">
          {session.site.name}
        </a>
        <div className="account">
          <span className="account-email">{session.email}</span>
          <form method="post" action="/dashboard/logout" className="inline">
            <CsrfField token={session.csrfToken} />
            <button type="submit">Sign out</button>
          </form>
        </div>
      </header>
      <div className="shell">
        <DashboardNavigation current={props.place} />
        <main id="main">
          {props.notice && (
            <p className="notice" role="status">
              {props.notice}
            </p>
          )}
          {props.children}
        </main>
      </div>
    </Document>
  )
}

/** The field violations of a refused form, above it, for screen readers announced at once. */
export function Problems(props: { violations: readonly FieldViolation[]; labels?: Record<string, string> }) {
  if (props.violations.length === 0) return null
  return (
    <div className="problem" role="alert">
      <strong>Nothing was saved:</strong>
      <ul>
        {props.violations.map((violation) => (
          <li key={`${violation.field}${violation.description}`}>
            {props.labels?.[violation.field] ?? violation.field} {violation.description}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A checkbox with its label beside it. */
export function Checkbox(props: { label: string; name: string; value?: string; defaultChecked?: boolean }) {
  return (
    <label className="check">
      <input
        type="checkbox"
        name={props.name}
        value={props.value ?? 'on'}
        defaultChecked={props.defaultChecked}
      />{' '}
      {props.label}
    </label>
  )
}

/** A labelled drop-down with its error. */
export function Select(props: {
  label: string
  name: string
  options: readonly { value: string; label: string }[]
  defaultValue?: string | undefined
  error?: string | undefined
  hint?: string
  /** Classes of the field's frame, as `Field` takes them (`wide`: two columns of a form's grid, for long choices). */
  frameClassName?: string
}) {
  return (
    <LabelledControl
      label={props.label}
      name={props.name}
      error={props.error}
      hint={props.hint}
      className={props.frameClassName}
    >
      {({ id }) => (
        <select
          id={id}
          name={props.name}
          defaultValue={props.defaultValue}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  )
}

/**
 * A dashboard form that saves its fields in one post: the session's CSRF token, the fields (with the
 * problems of a refused save first), then its primary button.
 */
export function DashboardForm(props: {
  action: string
  /** The form's accessible name. */
  label: string
  csrfToken: string
  submitLabel: string
  children: ReactNode
}) {
  return (
    <form method="post" action={props.action} aria-label={props.label}>
      <CsrfField token={props.csrfToken} />
      {props.children}
      <div className="actions">
        <button type="submit" className="primary">
          {props.submitLabel}
        </button>
      </div>
    </form>
  )
}

/** A dashboard page as a response: the page's security headers, images allowed from the platform. */
export function renderDashboardPage(
  element: ReactElement,
  deps: { publicUrl: string },
  status = 200,
  options: { connectSources?: readonly string[]; brand?: ShopBrand | undefined } = {},
): Response {
  return renderPage(element, { status, imageOrigins: [new URL(deps.publicUrl).origin], ...options })
}

/** `303 See Other` to a dashboard path (after a form post), with cookies to set. */
export function seeOther(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}
