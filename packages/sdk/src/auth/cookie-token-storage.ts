import { decodeTokens, encodeTokens } from './encode-tokens.js'
import type { TokenStorage } from './token-storage.js'
import { createEmptyTokens } from './tokens.js'

/** Reads and writes the one cookie value; the app owns the cookie's name, attributes and headers. */
export interface CookieAccessor {
  /** Returns the current cookie value, or `undefined` when there is none. */
  get(): string | undefined
  /** Replaces the cookie value (the app sends the `Set-Cookie` header). */
  set(value: string): void
}

/**
 * Creates a storage in one cookie value through `accessor`, encoded with {@link encodeTokens}, so that
 * a server-rendered app restores the visitor's tokens from the request and writes new ones to the
 * answer. A corrupt value reads as empty tokens.
 *
 * @example
 * ```ts
 * let value = readCookie(request, 'aisle_tokens')
 * const tokenStorage = createCookieTokenStorage({ get: () => value, set: (next) => { value = next } })
 * // ...after rendering: if value changed, append `Set-Cookie: aisle_tokens=${value}`
 * ```
 */
export function createCookieTokenStorage(accessor: CookieAccessor): TokenStorage {
  return {
    getTokens() {
      try {
        return decodeTokens(accessor.get())
      } catch {
        return createEmptyTokens()
      }
    },
    setTokens(tokens) {
      accessor.set(encodeTokens(tokens))
    },
  }
}
