/** Where a sign-in goes when it was given nowhere safe to return to. */
export const DEFAULT_RETURN_PATH = '/account'

// A path of this storefront: one leading slash, then no second slash or backslash (browsers read `\` as
// `/`, so `/\evil.com` is protocol-relative), no control characters or spaces (stripped by URL parsers).
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u

/**
 * Turns a `returnTo` parameter into a path of this storefront to redirect to after signing in, or
 * `fallback`: only a same-origin path (`/cart?x=1`) is kept, never an absolute URL, a protocol-relative
 * one (`//evil.com`, `/\evil.com`), a scheme (`javascript:`) or anything that decodes into one.
 */
export function toSafeReturnPath(value: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length > 2_000 || !SAME_ORIGIN_PATH.test(value)) return fallback
  // An encoded slash or backslash could become one after another decoding on the way (a proxy, a router).
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return fallback
  }
  if (!SAME_ORIGIN_PATH.test(decoded)) return fallback
  // The last word is the URL parser's: resolved against a placeholder origin it must stay on that origin.
  const base = 'http://storefront.invalid'
  const resolved = new URL(value, base)
  if (resolved.origin !== base) return fallback
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  // Sign-in and sign-out pages are no place to come back to.
  return path === '/account/login' || path.startsWith('/account/logout') ? fallback : path
}

/** The link from one account form to the other, keeping where the shopper goes afterwards. */
export function toAccountFormLink(
  path: '/account/login' | '/account/login/hosted' | '/account/register',
  returnTo: string,
): string {
  return returnTo === DEFAULT_RETURN_PATH ? path : `${path}?returnTo=${encodeURIComponent(returnTo)}`
}
