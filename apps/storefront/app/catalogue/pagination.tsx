import { Link } from 'react-router'
import { toPageItems } from './page-numbers'

export interface PaginationProps {
  page: number
  pageCount: number
  /** The link to another page of the same list: the same filters and sort, so any page can be shared. */
  toHref: (page: number) => string
}

/** Previous and next links and numbered pages of a product list; plain links, so they work without script. */
export function Pagination({ page, pageCount, toHref }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={toHref(page - 1)} rel="prev" className="pagination-step">
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span />
      )}
      <ol className="pagination-pages">
        {toPageItems(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {item.page}
                  <span className="visually-hidden"> of {pageCount}</span>
                </span>
              ) : (
                <Link to={toHref(item.page)} aria-label={`Page ${item.page}`}>
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={toHref(page + 1)} rel="next" className="pagination-step">
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
