/** The cookie that carries the visitor's tokens (serialised by the SDK) between requests. */
export const SESSION_COOKIE_NAME = 'aisle_session'
/**
 * The session cookie's name over HTTPS (SECURITY.md K2): the `__Host-` prefix makes browsers refuse it
 * unless it is Secure, for `/`, and set by this very host, so no sibling subdomain can plant or shadow it.
 * Over plain HTTP (local development) browsers refuse the prefix, so the bare name is used there.
 */
export const SECURE_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`

/** The cookie that keeps the shopper's display currency (an ISO-4217 code). */
export const CURRENCY_COOKIE = 'aisle_currency'

/** How the visitor's session cookie is written. */
export interface SessionCookieOptions {
  name: string
  /** How long the browser keeps the cookie; without it, until the browser session ends. */
  maxAgeSeconds?: number
  /** Send only over HTTPS; true whenever the storefront is reached over HTTPS. */
  isSecure: boolean
}

/** Finds one cookie's decoded value in a `Cookie` request header. */
export function findCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=')
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue
    const raw = pair.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return undefined
    }
  }
  return undefined
}

/** Whether the request carries a cookie of that name at all, whatever its value. */
export function hasCookie(cookieHeader: string | null, name: string): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => pair.split('=')[0]?.trim() === name)
}

/**
 * Builds the `Set-Cookie` header that stores `value`, or expires the cookie when `value` is empty.
 * HttpOnly keeps tokens away from page scripts; SameSite=Lax still sends the cookie on top-level navigations.
 */
export function serializeSessionCookie(value: string | undefined, options: SessionCookieOptions): string {
  const parts = [
    `${options.name}=${value ? encodeURIComponent(value) : ''}`,
    'Path=/',
    ...(value && options.maxAgeSeconds === undefined ? [] : [`Max-Age=${value ? options.maxAgeSeconds : 0}`]),
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (options.isSecure) parts.push('Secure')
  return parts.join('; ')
}

/**
 * Whether the shopper reached the storefront over HTTPS. The request's URL says so: `server.js` builds it
 * with `https:` when the connection is TLS or a proxy of `STOREFRONT_TRUSTED_PROXIES` forwarded
 * `X-Forwarded-Proto: https`. The header itself is never read here: any client can send it.
 */
export function isHttpsRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:'
}
