import { findProductList, listSharedCollections } from '../catalogue/catalogue.server'
import { CatalogueFilters } from '../catalogue/catalogue-filters'
import { PRODUCT_LIST_PAGE_SIZE, parseCatalogueSearch } from '../catalogue/catalogue-search'
import { ProductResults } from '../catalogue/product-results'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { findSite, toCanonicalPath, toSeoMeta } from '../seo/page-meta'
import type { Route } from './+types/products'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

function toHeading(q: string): string {
  return q ? `Results for “${q}”` : 'All products'
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const q = loaderData?.state.q ?? ''
  const site = findSite(matches)
  return toSeoMeta(site, {
    title: toHeading(q),
    description: `Shop the ${site.name} catalogue: filter, sort and search every product.`,
    // Filters and sorting show the same products in another order: one canonical URL per page of the list.
    path: toCanonicalPath(location.pathname, new URLSearchParams(location.search), ['page']),
    // Search results are endless variations of the catalogue: not pages for a search engine's index.
    noindex: q !== '',
  })
}

/** The catalogue: every product, with the collection, price, stock, sort, search and page of the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const aisle = getAisle(context)
  const state = parseCatalogueSearch(new URL(request.url).searchParams)
  const pageSize = PRODUCT_LIST_PAGE_SIZE
  // Without a collection to resolve, both reads run at once (and fail together: no read is left unheard).
  const [collections, listed] = await Promise.all([
    listSharedCollections(aisle.publicClient),
    state.collection ? undefined : findProductList(aisle, state, { pageSize }),
  ])
  const collection = collections.find((candidate) => candidate.slug === state.collection)
  // A collection that is gone (an old link) lists everything rather than nothing.
  const shown = collection ? state : { ...state, collection: '' }
  const list = listed ?? (await findProductList(aisle, shown, { pageSize, collectionId: collection?._id }))
  return {
    state: shown,
    collections: collections.map((candidate) => ({ slug: candidate.slug ?? '', name: candidate.name ?? '' })),
    list,
  }
}

export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  const { state, collections, list } = loaderData
  return (
    <>
      <h1>{toHeading(state.q)}</h1>
      <div className="catalogue">
        <CatalogueFilters state={state} collections={collections} />
        <ProductResults list={list} state={state} collections={collections} />
      </div>
    </>
  )
}
