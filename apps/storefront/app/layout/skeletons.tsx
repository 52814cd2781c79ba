import { ProductGridSkeleton } from '../catalogue/product-grid-skeleton'

/**
 * Placeholders shown while a page's data loads; they fade in only if the wait is noticeable. They are hidden
 * from assistive technology: the page marks itself busy meanwhile.
 */

/** A product list page (home, catalogue, collection) while it loads. */
export function ListPageSkeleton() {
  return (
    <div className="skeleton-page" aria-hidden="true">
      <span className="skeleton skeleton-line skeleton-heading" />
      <ProductGridSkeleton count={8} />
    </div>
  )
}

/** A product page while it loads. */
export function ProductPageSkeleton() {
  return (
    <div className="product skeleton-page" aria-hidden="true">
      <span className="skeleton skeleton-block skeleton-image" />
      <div className="skeleton">
        <span className="skeleton-line skeleton-heading" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line-short" />
        <span className="skeleton-block skeleton-button" />
      </div>
    </div>
  )
}

/** Any other page while it loads. */
export function PageSkeleton() {
  return (
    <div className="skeleton-page skeleton" aria-hidden="true">
      <span className="skeleton-line skeleton-heading" />
      <span className="skeleton-line" />
      <span className="skeleton-line skeleton-line-short" />
    </div>
  )
}

/** The placeholder for the page at `pathname`, so the layout the shopper expects appears at once. */
export function SkeletonFor({ pathname }: { pathname: string }) {
  if (/^\/products\/[^/]+\/?$/.test(pathname)) return <ProductPageSkeleton />
  if (pathname === '/' || /^\/(products|collections\/[^/]+)\/?$/.test(pathname)) return <ListPageSkeleton />
  return <PageSkeleton />
}
