import { createHash, timingSafeEqual } from 'node:crypto'

// RFC 7636 §4.1: 43 to 128 characters of the unreserved set.
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/

/**
 * Whether `value` has the form of a code verifier, and of a code challenge (an S256 challenge is 43
 * base64url characters, but the format check is the RFC's, as node-oidc-provider's `pkce_format`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 */
export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value)
}

/**
 * `BASE64URL(SHA256(ASCII(verifier)))`: the S256 challenge of a verifier.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 */
export function toS256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/**
 * Whether `verifier` is well formed and its S256 challenge equals `challenge`, compared in constant
 * time (both sides are hashed first, so unequal lengths take the same path).
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.6
 */
export function isVerifierOfChallenge(verifier: string, challenge: string): boolean {
  if (!isPkceValue(verifier)) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(toS256Challenge(verifier)), digest(challenge))
}
