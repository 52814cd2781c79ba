import { Link } from 'react-router'

export interface Crumb {
  name: string
  /** The crumb's page; the last crumb, the page itself, has none. */
  href?: string | undefined
}

/** Where the page sits in the shop, from the home page down: links, the current page last. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.href ?? crumb.name}>
            {crumb.href ? (
              <Link to={crumb.href}>{crumb.name}</Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
