import type { ReactNode } from 'react'
import { Field } from '../../pages/form-controls.tsx'

/** A list's URL with these query values, empty ones left out: `listHref('/dashboard/members', { q: 'ann' })`. */
export function listHref(
  path: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '' && !(key === 'page' && Number(value) <= 1))
      search.set(key, String(value))
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/** A choice of a list's filter or sort: the value in its URL and the words a merchant reads. */
export interface ListChoice {
  value: string
  label: string
}

/** A labelled drop-down of a list's filters (a GET form's field, so its choice stands in the URL). */
export function ListSelect(props: {
  label: string
  name: string
  value: string | undefined
  choices: readonly ListChoice[]
}) {
  const id = `list-${props.name}`
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ''}>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The top of a list: a search form (GET, so search, filters and sort stand in the URL and a link keeps
 * them) with its search box, the list's drop-downs, Apply, and Clear when anything is chosen.
 */
export function ListFilters(props: {
  action: string
  /** The form's accessible name ("Filter products"). */
  label: string
  q: string | undefined
  searchLabel?: string
  searchHint: string
  isFiltered: boolean
  children?: ReactNode
  /** Links beside Apply (an export of the same list). */
  extra?: ReactNode
}) {
  return (
    <search>
      <form method="get" action={props.action} className="filters" aria-label={props.label}>
        <Field
          label={props.searchLabel ?? 'Search'}
          name="q"
          type="search"
          defaultValue={props.q}
          hint={props.searchHint}
        />
        {props.children}
        <button type="submit">Apply</button>
        {props.isFiltered && <a href={props.action}>Clear</a>}
        {props.extra}
      </form>
    </search>
  )
}

/** Previous and next page of a list, and where this page stands. */
export function Pager(props: {
  page: number
  pages: number
  href: (page: number) => string
  /** The whole count in words ("42 orders"), after the page. */
  total?: string
  previousLabel?: string
  nextLabel?: string
}) {
  const { page, pages } = props
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 && <a href={props.href(page - 1)}>{props.previousLabel ?? 'Previous page'}</a>}
      <span>
        Page {Math.min(page, pages)} of {pages}
        {props.total && ` · ${props.total}`}
      </span>
      {page < pages && <a href={props.href(page + 1)}>{props.nextLabel ?? 'Next page'}</a>}
    </nav>
  )
}
