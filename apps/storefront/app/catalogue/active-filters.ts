import { formatPrice } from '../store/money'
import { type CatalogueSearch, toPageHref } from './catalogue-search'

/** One narrowing the shopper applied, in words, with the link that takes it away (back to page 1). */
export interface ActiveFilter {
  label: string
  removeHref: string
}

/**
 * The list's active filters as removable chips: the search, the collection, each end of the price range and
 * "in stock only". Each removal keeps every other part of the URL (sort included), so it stays shareable.
 */
export function toActiveFilters(
  pathname: string,
  state: CatalogueSearch,
  options: { collectionName?: string | undefined; currency: string },
): ActiveFilter[] {
  const without = (patch: Partial<CatalogueSearch>) => toPageHref(pathname, { ...state, ...patch }, 1)
  const filters: ActiveFilter[] = []
  if (state.q)
    filters.push({ label: `“${state.q}”`, removeHref: without({ q: '', sort: withoutRelevance(state) }) })
  if (state.collection) {
    filters.push({
      label: options.collectionName ?? state.collection,
      removeHref: without({ collection: '' }),
    })
  }
  if (state.minPrice !== undefined) {
    filters.push({
      label: `From ${formatPrice(state.minPrice, options.currency)}`,
      removeHref: without({ minPrice: undefined }),
    })
  }
  if (state.maxPrice !== undefined) {
    filters.push({
      label: `Up to ${formatPrice(state.maxPrice, options.currency)}`,
      removeHref: without({ maxPrice: undefined }),
    })
  }
  if (state.inStockOnly) filters.push({ label: 'In stock only', removeHref: without({ inStockOnly: false }) })
  return filters
}

/** "Best match" needs a search: without one the list falls back to its default order. */
function withoutRelevance(state: CatalogueSearch): CatalogueSearch['sort'] {
  return state.sort === 'relevance' ? 'newest' : state.sort
}
