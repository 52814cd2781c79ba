import { Link } from 'react-router'
import type { ActiveFilter } from './active-filters'

/** The active filters as chips, each a link that removes it; "Clear all" when there is more than one. */
export function FilterChips({ filters, clearHref }: { filters: readonly ActiveFilter[]; clearHref: string }) {
  if (filters.length === 0) return null
  return (
    <ul className="filter-chips" aria-label="Active filters">
      {filters.map((filter) => (
        <li key={filter.removeHref}>
          <Link to={filter.removeHref} className="filter-chip" preventScrollReset>
            {filter.label}
            <span className="visually-hidden">, remove this filter</span>
          </Link>
        </li>
      ))}
      {filters.length > 1 ? (
        <li>
          <Link to={clearHref} className="filter-clear" preventScrollReset>
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  )
}
