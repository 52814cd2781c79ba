import { Link, useLocation, useNavigation } from 'react-router'
import { toActiveFilters } from './active-filters'
import { type CatalogueSearch, isFiltered, toPageHref } from './catalogue-search'
import { toProductCountText } from './collection-view'
import { FilterChips } from './filter-chips'
import { Pagination } from './pagination'
import { ProductGrid } from './product-card'
import { ProductGridSkeleton } from './product-grid-skeleton'
import type { ProductListView } from './product-view'

export interface ProductResultsProps {
  list: ProductListView
  state: CatalogueSearch
  /** The shop's collections, offered when nothing matches; and the chosen one's name for its chip. */
  collections?: ReadonlyArray<{ slug: string; name: string }> | undefined
}

/**
 * A product list's results: the count (announced when it changes), the grid or an empty state, and the
 * pages. While the same page loads other results, grey cards stand in and the region says it is busy.
 */
export function ProductResults({ list, state, collections }: ProductResultsProps) {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const isPending = navigation.state === 'loading' && navigation.location.pathname === pathname
  const skeletonCount = Math.min(12, Math.max(4, list.products.length))
  const filters = toActiveFilters(pathname, state, {
    collectionName: collections?.find((collection) => collection.slug === state.collection)?.name,
    currency: list.products[0]?.price.currency ?? 'USD',
  })
  const clearHref = toPageHref(pathname, toUnfiltered(state), 1)

  return (
    <div className="results" aria-busy={isPending}>
      <p role="status" className="result-count">
        {isPending ? 'Loading products…' : toProductCountText(list.total)}
      </p>
      <FilterChips filters={filters} clearHref={clearHref} />
      {isPending ? (
        <ProductGridSkeleton count={skeletonCount} />
      ) : list.products.length > 0 ? (
        <ProductGrid products={list.products} eagerImages={list.page === 1 ? 4 : 0} />
      ) : (
        <EmptyResults list={list} state={state} pathname={pathname} collections={collections} />
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

/** The list without search or filters, its sort kept (Best match needs a search). */
function toUnfiltered(state: CatalogueSearch): CatalogueSearch {
  return {
    ...state,
    q: '',
    collection: '',
    minPrice: undefined,
    maxPrice: undefined,
    inStockOnly: false,
    sort: state.sort === 'relevance' ? 'newest' : state.sort,
  }
}

/** Nothing to show: says why, and what to try next (fewer filters, other words, a collection). */
function EmptyResults({
  list,
  state,
  pathname,
  collections = [],
}: {
  list: ProductListView
  state: CatalogueSearch
  pathname: string
  collections?: ReadonlyArray<{ slug: string; name: string }> | undefined
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
  let title = 'There are no products here yet.'
  if (state.q) title = `No products match “${state.q}”${hasNarrowing ? ' with these filters' : ''}.`
  else if (hasNarrowing) title = 'No products match these filters.'
  return (
    <div className="empty-results">
      <p className="empty-results-title">{title}</p>
      <ul className="empty-results-tips">
        {hasNarrowing ? (
          <li>
            <Link to={toPageHref(pathname, { ...toUnfiltered(state), q: state.q, sort: state.sort }, 1)}>
              Remove the filters
            </Link>{' '}
            and see every match.
          </li>
        ) : null}
        {state.q ? <li>Check the spelling, or search with fewer or more general words.</li> : null}
        <li>
          <Link to="/products">Browse all products</Link>.
        </li>
      </ul>
      {collections.length > 0 ? (
        <nav aria-labelledby="empty-collections" className="empty-results-collections">
          <h2 id="empty-collections">Or shop a collection</h2>
          <ul>
            {collections.map((collection) => (
              <li key={collection.slug}>
                <Link to={`/collections/${encodeURIComponent(collection.slug)}`}>{collection.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  )
}
