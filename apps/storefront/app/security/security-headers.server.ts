import { randomBytes } from 'node:crypto'
import type { MiddlewareFunction } from 'react-router'
import { isHttpsRequest } from '../platform/session-cookie'

/** A fresh nonce for one page: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/** The origins a page talks to besides its own: the platform's API and read hosts, for images, calls and form redirects. */
export interface PageOrigins {
  platform: readonly string[]
}

/**
 * The Content Security Policy of a page (SECURITY.md K5): scripts only with the page's nonce, and what they
 * load (`'strict-dynamic'`; `'self'` for browsers before CSP 3); no plugins, no `<base>`, no framing; forms
 * post to the shop and may be redirected to the platform's hosted pages (login, checkout).
 */
export function contentSecurityPolicy(nonce: string, origins: PageOrigins): string {
  const platform = [...new Set(origins.platform.flatMap(withLoopbackNames))].join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React sets style attributes (the gallery's and the drawer's positions): inline styles stay allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${platform}`,
    // Product videos play from the platform's media (decision 052).
    `media-src 'self' ${platform}`,
    "font-src 'self' data:",
    `connect-src 'self' ${platform}`,
    // A captcha provider's widget is a frame from its own origin.
    `frame-src https: ${platform}`,
    `form-action 'self' ${platform}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}

// CSP host sources cannot name an IPv6 literal ([::1]): browsers ignore such a source and log it.
const loopbackNames = ['localhost', '127.0.0.1']

/**
 * The origin, and when it is on a loopback host its other loopback names at the same port: a platform on
 * this machine is called at 127.0.0.1 but its hosted pages and pictures are at its `PUBLIC_URL`, by default
 * http://localhost:<port> (`npm start`), and a policy naming one alone blocks the other.
 */
function withLoopbackNames(origin: string): string[] {
  const url = URL.canParse(origin) ? new URL(origin) : undefined
  if (!url || !loopbackNames.includes(url.hostname)) return [origin]
  return [origin, ...loopbackNames.map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`)]
}

/** Headers every answer of the storefront carries, pages and files alike. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/**
 * The policy of an answer that is no page (robots.txt, the sitemap, JSON): it runs nothing, loads nothing
 * and is framed by no one, should a browser ever render it.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/** Sets a page's Content Security Policy with its `nonce` (the other headers are `securityHeadersMiddleware`'s). */
export function setPageSecurityPolicy(headers: Headers, nonce: string, origins: PageOrigins): void {
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, origins))
}

/**
 * Sets the headers every answer of the app carries: the common ones, HSTS when the request came over HTTPS
 * (as `server.js` decided, believing `X-Forwarded-Proto` from `STOREFRONT_TRUSTED_PROXIES` only), and, on an
 * answer without a policy of its own (anything but a page), one that allows nothing.
 */
export function setSecurityHeaders(headers: Headers, isHttps: boolean): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value)
  if (isHttps) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  if (!headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', RESOURCE_CONTENT_SECURITY_POLICY)
  }
}

/**
 * The root route's first middleware: whatever the route (a page, its data, a redirect, robots.txt, the
 * sitemap, search suggestions, an error), its answer leaves with the security headers, so no route can
 * forget them. A page's own policy, with its nonce, is set by the server entry as it renders.
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  setSecurityHeaders(response.headers, isHttpsRequest(request))
  return response
}
