import { Link } from 'react-router'

export interface PaginationProps {
  page: number
  pageCount: number
  /** The link to another page of the same list. */
  toHref: (page: number) => string
}

/** Previous and next links between pages of a product list. */
export function Pagination({ page, pageCount, toHref }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={toHref(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={toHref(page + 1)} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
