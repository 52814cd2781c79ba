import { encodeBase64Url } from '../encoding/base64url.js'
import { assertCodeVerifier } from './generate-code-verifier.js'

/**
 * Computes the S256 PKCE code challenge of a verifier: `BASE64URL(SHA-256(ASCII(verifier)))`. It uses
 * Web Crypto, which browsers offer in secure contexts (https, localhost) and Node 20 everywhere.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` `Expected a length between 43 and 128` unless `verifier` is
 * 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 * @example
 * ```ts
 * await generateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export async function generateCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(assertCodeVerifier(verifier)))
  return encodeBase64Url(new Uint8Array(digest))
}
