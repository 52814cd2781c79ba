import type { MiddlewareFunction } from 'react-router'
import { CURRENCY_COOKIE, hasCookie, SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from './session-cookie'

/**
 * Shared caches (a CDN, the topology's nginx) may keep catalogue pages and their data for a minute and serve
 * them stale for five more while they revalidate; browsers always ask again (`max-age=0`). See
 * docs/decisions/006-storefront-catalogue-caching.md and 088-shop-pages-a-shared-cache-can-serve.md.
 */
export const SHARED_CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** Pages that show the visitor's cart count: the browser may keep them but must ask again before use. */
export const VISITOR_PAGE_CACHE_CONTROL = 'private, no-cache'
/** Answers no cache may store at all: the cart, and anything that sets the session cookie. */
export const NO_STORE_CACHE_CONTROL = 'private, no-store'

/** The root route's id: its loader reads the visitor's cart. */
const ROOT_ROUTE_ID = 'root'

/**
 * The cookies that make a page the visitor's own: the session (tokens: a cart, a member; bare over HTTP,
 * `__Host-` over HTTPS) and the display currency (prices converted). A request with none of them is
 * answered alike for everyone; a shared cache must pass any request that carries one to the storefront
 * (the topology's nginx matches the same names: scripts/topology/nginx.mjs).
 */
export const PERSONAL_COOKIE_NAMES = [
  SESSION_COOKIE_NAME,
  SECURE_SESSION_COOKIE_NAME,
  CURRENCY_COOKIE,
] as const

/** Whether the request carries one of the cookies that make its answer the visitor's own. */
export function hasPersonalCookie(request: Request): boolean {
  const cookieHeader = request.headers.get('Cookie')
  return PERSONAL_COOKIE_NAMES.some((name) => hasCookie(cookieHeader, name))
}

/**
 * Tells whether a request's answer is the same for every visitor who sends it, so a shared cache may keep
 * it: a GET or HEAD without the visitor's cookies, for a document (the page drawn without a cart count or a
 * member: the root loader reads neither, see `isSharedPage`) or for route data (`.data`, a client-side
 * navigation) that names its loaders (`_routes`) and leaves out the root's, which reads the visitor's cart.
 * Route data with the session cookie stays shareable (it never reads the visitor); with a display currency
 * it does not (its prices are converted).
 */
export function isVisitorIndependentRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const url = new URL(request.url)
  if (!url.pathname.endsWith('.data')) return !hasPersonalCookie(request)
  if (hasCookie(request.headers.get('Cookie'), CURRENCY_COOKIE)) return false
  const routes = url.searchParams.get('_routes')
  // Without `_routes` every loader runs, the root's among them.
  if (!routes) return false
  return !routes.split(',').includes(ROOT_ROUTE_ID)
}

/**
 * Whether the root loader draws this request's page for everyone: a document GET without the visitor's
 * cookies. Such a page shows no cart count and no member (a visitor without a session has neither), so a
 * copy a cache keeps tells no one anything untrue.
 */
export function isSharedPage(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return !pathname.endsWith('.data') && isVisitorIndependentRequest(request)
}

/**
 * Route middleware for catalogue pages: lets shared caches keep their documents and route data when they
 * do not depend on the visitor and loaded fine. The root middleware still turns any answer that sets the
 * session cookie private, since it runs after this one.
 */
export const catalogueCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  if (response.status === 200 && isVisitorIndependentRequest(request)) {
    response.headers.set('Cache-Control', SHARED_CATALOGUE_CACHE_CONTROL)
  }
  return response
}
