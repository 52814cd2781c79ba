import { type AisleError, invalidArgument } from '../http/aisle-error.js'

// 64 of the 66 characters RFC 7636 allows (`.` and `~` left out), so that `byte & 63` picks each with
// the same probability: no modulo bias, no rejection loop.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/

/**
 * Generates a PKCE code verifier of `length` characters (43 by default, 258 bits) from the platform's
 * cryptographic random generator.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` `Expected a length between 43 and 128` for any other length.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 * @example
 * ```ts
 * const verifier = generateCodeVerifier()
 * const challenge = await generateCodeChallenge(verifier)
 * ```
 */
export function generateCodeVerifier(length = 43): string {
  if (!Number.isInteger(length) || length < 43 || length > 128) throw lengthError()
  let verifier = ''
  for (const byte of crypto.getRandomValues(new Uint8Array(length))) verifier += alphabet[byte & 63]
  return verifier
}

/**
 * Checks a code verifier: 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` `Expected a length between 43 and 128` otherwise.
 */
export function assertCodeVerifier(verifier: string): string {
  if (typeof verifier !== 'string' || !verifierPattern.test(verifier)) throw lengthError()
  return verifier
}

function lengthError(): AisleError {
  return invalidArgument('Expected a length between 43 and 128')
}
