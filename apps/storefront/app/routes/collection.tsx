import { findProductList, getCollectionBySlug, listSharedCollections } from '../catalogue/catalogue.server'
import { CatalogueFilters } from '../catalogue/catalogue-filters'
import { PRODUCT_LIST_PAGE_SIZE, parseCatalogueSearch } from '../catalogue/catalogue-search'
import { toCollectionView } from '../catalogue/collection-view'
import { ProductResults } from '../catalogue/product-results'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { findSite, toCanonicalPath, toMetaDescription, toPrivatePageMeta, toSeoMeta } from '../seo/page-meta'
import type { Route } from './+types/collection'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return toPrivatePageMeta(matches, 'Collection not found')
  const { collection } = loaderData
  return toSeoMeta(findSite(matches), {
    title: collection.name,
    description: toMetaDescription(collection.description) || `Shop ${collection.name}.`,
    // Filters and sorting show the same products in another order: one canonical URL per page of the list.
    path: toCanonicalPath(location.pathname, new URLSearchParams(location.search), ['page']),
    image: collection.image?.url,
  })
}

/** One collection's products, with the price, stock, sort and page of the URL; 404 for an unknown slug. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const aisle = getAisle(context)
  // The process's shared list usually knows the collection: no call; one it does not know is asked for.
  const collection =
    (await listSharedCollections(aisle.publicClient)).find((candidate) => candidate.slug === params.slug) ??
    (await getCollectionBySlug(aisle.publicClient, params.slug))
  // The collection is the page's own: a `collection` parameter has no say here.
  const state = { ...parseCatalogueSearch(new URL(request.url).searchParams), collection: '' }
  const list = await findProductList(aisle, state, {
    pageSize: PRODUCT_LIST_PAGE_SIZE,
    collectionId: collection._id,
  })
  return { collection: toCollectionView(collection, aisle.config.apiUrl), state, list }
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, state, list } = loaderData
  return (
    <>
      <header className="page-intro">
        <h1>{collection.name}</h1>
        {collection.description ? <p>{collection.description}</p> : null}
      </header>
      <div className="catalogue">
        <CatalogueFilters state={state} />
        <ProductResults list={list} state={state} />
      </div>
    </>
  )
}
