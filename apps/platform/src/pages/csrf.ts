import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** The form field every dashboard form carries its synchroniser token in. */
export const CSRF_FIELD = 'csrf'

/** A fresh random token (256 bits, base64url). */
export function createCsrfToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Compares a submitted token with the expected one in constant time (hashing first evens the lengths). */
export function isCsrfTokenValid(expected: string, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || submitted.length === 0 || expected.length === 0) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(expected), digest(submitted))
}

/**
 * Whether a state-changing request came from another site, by Fetch Metadata (`Sec-Fetch-Site`:
 * only `same-origin` and `none`, a typed URL, pass) or, from browsers that do not send it, by `Origin`.
 * A request with neither header is no browser's cross-site form and passes to the token check.
 *
 * @see https://www.w3.org/TR/fetch-metadata/
 */
export function isCrossSiteRequest(headers: Headers, ownOrigins: readonly string[]): boolean {
  const site = headers.get('sec-fetch-site')
  if (site !== null) return site !== 'same-origin' && site !== 'none'
  const origin = headers.get('origin')
  if (origin === null) return false
  return !ownOrigins.includes(origin)
}
