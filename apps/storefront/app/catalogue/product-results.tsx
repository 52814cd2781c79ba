import { Link, useLocation, useNavigation } from 'react-router'
import { type CatalogueSearch, isFiltered, toPageHref } from './catalogue-search'
import { toProductCountText } from './collection-view'
import { Pagination } from './pagination'
import { ProductGrid } from './product-card'
import { ProductGridSkeleton } from './product-grid-skeleton'
import type { ProductListView } from './product-view'

export interface ProductResultsProps {
  list: ProductListView
  state: CatalogueSearch
}

/**
 * A product list's results: the count (announced when it changes), the grid or an empty state, and the
 * pages. While the same page loads other results, grey cards stand in and the region says it is busy.
 */
export function ProductResults({ list, state }: ProductResultsProps) {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const isPending = navigation.state === 'loading' && navigation.location.pathname === pathname
  const skeletonCount = Math.min(12, Math.max(4, list.products.length))

  return (
    <div className="results" aria-busy={isPending}>
      <p role="status" className="result-count">
        {isPending ? 'Loading products…' : toProductCountText(list.total)}
      </p>
      {isPending ? (
        <ProductGridSkeleton count={skeletonCount} />
      ) : list.products.length > 0 ? (
        <ProductGrid products={list.products} eagerImages={list.page === 1 ? 4 : 0} />
      ) : (
        <EmptyResults list={list} state={state} pathname={pathname} />
      )}
      {isPending ? null : (
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          toHref={(page) => toPageHref(pathname, state, page)}
        />
      )}
    </div>
  )
}

function EmptyResults({
  list,
  state,
  pathname,
}: {
  list: ProductListView
  state: CatalogueSearch
  pathname: string
}) {
  if (list.total > 0) {
    return (
      <div className="empty-results">
        <p className="empty-results-title">There are no products on this page.</p>
        <p>
          <Link to={toPageHref(pathname, state, 1)}>Go to the first page</Link>.
        </p>
      </div>
    )
  }
  const hasNarrowing = isFiltered({ ...state, q: '' })
  const clearHref = toPageHref(
    pathname,
    { ...state, collection: '', minPrice: undefined, maxPrice: undefined, inStockOnly: false },
    1,
  )
  let title = 'There are no products here yet.'
  if (state.q) title = `No products match “${state.q}”${hasNarrowing ? ' with these filters' : ''}.`
  else if (hasNarrowing) title = 'No products match these filters.'
  return (
    <div className="empty-results">
      <p className="empty-results-title">{title}</p>
      <p>
        {hasNarrowing ? (
          <>
            <Link to={clearHref}>Clear filters</Link> or{' '}
          </>
        ) : null}
        <Link to="/products">browse all products</Link>.
      </p>
    </div>
  )
}
