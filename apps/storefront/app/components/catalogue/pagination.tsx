import { Link } from 'react-router'

export interface PaginationProps {
  page: number
  pageCount: number
}

function pageHref(page: number): string {
  return page === 1 ? '/' : `/?page=${page}`
}

/** Previous and next links between pages of the product grid. */
export function Pagination({ page, pageCount }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageHref(page + 1)} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** Reads `?page=` as a page number from 1; anything else is page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1
  return Math.max(1, Number(value))
}
