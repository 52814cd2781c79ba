import { decodeTextBase64Url, encodeTextBase64Url } from '../encoding/base64url.js'
import { createEmptyTokens, type Tokens, toTokensOrEmpty } from './tokens.js'

/**
 * Encodes tokens as one compact string that is safe as a cookie value: base64url of the JSON array
 * `[accessToken, expiresAt, refreshToken, role]`.
 *
 * @example
 * ```ts
 * const value = encodeTokens(client.auth.getTokens())
 * headers.append('set-cookie', `aisle_tokens=${value}; Path=/; HttpOnly; SameSite=Lax`)
 * ```
 */
export function encodeTokens(tokens: Tokens): string {
  const { accessToken, refreshToken } = tokens
  return encodeTextBase64Url(
    JSON.stringify([accessToken.value, accessToken.expiresAt, refreshToken.value, refreshToken.role]),
  )
}

/**
 * Decodes a string from {@link encodeTokens}. Never throws: a missing, truncated or tampered value reads
 * as empty tokens (role `none`), which only costs a new visitor grant.
 */
export function decodeTokens(value: string | null | undefined): Tokens {
  if (!value) return createEmptyTokens()
  let decoded: unknown
  try {
    decoded = JSON.parse(decodeTextBase64Url(value))
  } catch {
    return createEmptyTokens()
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) return createEmptyTokens()
  const [accessToken, expiresAt, refreshToken, role] = decoded
  return toTokensOrEmpty({
    accessToken: { value: accessToken, expiresAt },
    refreshToken: { value: refreshToken, role },
  })
}
