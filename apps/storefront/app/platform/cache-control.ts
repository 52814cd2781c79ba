import type { MiddlewareFunction } from 'react-router'

/**
 * Shared caches (a CDN) may keep catalogue data for a minute and serve it stale for five more while they
 * revalidate; browsers always ask again (`max-age=0`). See docs/decisions/006-storefront-catalogue-caching.md.
 */
export const SHARED_CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** Pages that show the visitor's cart count: the browser may keep them but must ask again before use. */
export const VISITOR_PAGE_CACHE_CONTROL = 'private, no-cache'
/** Answers no cache may store at all: the cart, and anything that sets the session cookie. */
export const NO_STORE_CACHE_CONTROL = 'private, no-store'

/** The root route's id: its loader reads the visitor's cart. */
const ROOT_ROUTE_ID = 'root'

/**
 * Tells whether a request reads only catalogue data, the same for every visitor: a GET for route data
 * (`.data`, a client-side navigation) that names its loaders (`_routes`) and leaves out the root's, which
 * reads the visitor's cart. A document (HTML) always carries the header's cart count, so it never is.
 */
export function isVisitorIndependentRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const url = new URL(request.url)
  if (!url.pathname.endsWith('.data')) return false
  const routes = url.searchParams.get('_routes')
  // Without `_routes` every loader runs, the root's among them.
  if (!routes) return false
  return !routes.split(',').includes(ROOT_ROUTE_ID)
}

/**
 * Route middleware for catalogue pages: lets shared caches keep their route data when it does not depend on
 * the visitor and loaded fine. The root middleware still turns any answer that sets the session cookie
 * private, since it runs after this one.
 */
export const catalogueCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  if (response.status === 200 && isVisitorIndependentRequest(request)) {
    response.headers.set('Cache-Control', SHARED_CATALOGUE_CACHE_CONTROL)
  }
  return response
}
