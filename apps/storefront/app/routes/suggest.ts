import { findSharedProducts, listSharedCollections } from '../catalogue/catalogue.server'
import { parseCatalogueSearch, toProductListQuery } from '../catalogue/catalogue-search'
import {
  MIN_SUGGESTION_LENGTH,
  parseSuggestionQuery,
  SUGGESTED_PRODUCTS,
  toSearchSuggestions,
} from '../catalogue/search-suggestions'
import { getAisle } from '../platform/aisle.server'
import { SHARED_CATALOGUE_CACHE_CONTROL } from '../platform/cache-control'
import type { Route } from './+types/suggest'

/**
 * `GET /search/suggestions?q=`: the products and collections the header's search field suggests as the
 * shopper types (JSON, the same for every visitor, so shared caches may keep it). The search itself stays the
 * plain GET form to `/products?q=`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = parseSuggestionQuery(new URL(request.url).searchParams)
  const headers = { 'Cache-Control': SHARED_CATALOGUE_CACHE_CONTROL }
  if (q.length < MIN_SUGGESTION_LENGTH) return Response.json(toSearchSuggestions(q, [], [], ''), { headers })
  const { publicClient, config } = getAisle(context)
  const query = toProductListQuery(parseCatalogueSearch(new URLSearchParams({ q })), {
    pageSize: SUGGESTED_PRODUCTS,
  })
  const [found, collections] = await Promise.all([
    findSharedProducts(publicClient, query),
    listSharedCollections(publicClient),
  ])
  return Response.json(toSearchSuggestions(q, found.products, collections, config.apiUrl), { headers })
}
