import { toShopperErrorResponse } from './shopper-error'

/**
 * Whether a form post comes from a page of this storefront, by Fetch Metadata (`Sec-Fetch-Site`) where
 * the browser sends it, else by `Origin`. A request with neither (an old browser, a script) passes: the
 * session cookie is SameSite=Lax, so a cross-site post would not carry it anyway.
 */
export function isSameOriginPost(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site')
  if (site !== null) return site === 'same-origin'
  const origin = request.headers.get('Origin')
  if (origin === null) return true
  return origin === toRequestOrigin(request)
}

/**
 * The storefront's origin as the shopper's browser sees it: the request's URL, which `server.js` builds
 * with https behind a trusted proxy that ends TLS (`STOREFRONT_TRUSTED_PROXIES`).
 */
export function toRequestOrigin(request: Request): string {
  return new URL(request.url).origin
}

/**
 * Ends the request with 403 unless it is a form post from this storefront (login CSRF and forced
 * sign-outs from other sites).
 * @throws {Response} 403 `CROSS_SITE_REQUEST` for a cross-site post.
 */
export function requireSameOriginPost(request: Request): void {
  if (!isSameOriginPost(request)) throw toShopperErrorResponse(403, 'CROSS_SITE_REQUEST')
}
