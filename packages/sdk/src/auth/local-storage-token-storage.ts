import { decodeTokens, encodeTokens } from './encode-tokens.js'
import type { TokenStorage } from './token-storage.js'
import { createEmptyTokens, toTokensOrEmpty } from './tokens.js'

/** The part of the Web Storage API the adapter uses; `localStorage` and `sessionStorage` have it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * Creates a storage in `localStorage` (or any Web Storage), under the key `aisle:tokens:<clientId>`, so
 * that clients of different sites on one origin keep their own tokens and every tab shares them.
 *
 * When the storage is missing or refuses (private mode, blocked cookies, quota), the tokens are kept in
 * memory for the life of the page instead; reads never throw.
 *
 * @example
 * ```ts
 * OAuthStrategy({ clientId, tokenStorage: createLocalStorageTokenStorage(clientId) })
 * ```
 */
export function createLocalStorageTokenStorage(clientId: string, storage?: KeyValueStorage): TokenStorage {
  const key = `aisle:tokens:${clientId}`
  let fallback = createEmptyTokens()
  // Looked up lazily: merely reading `window.localStorage` throws a SecurityError when storage is blocked.
  const resolve = (): KeyValueStorage | undefined => storage ?? globalThis.localStorage

  return {
    getTokens() {
      try {
        const value = resolve()?.getItem(key)
        return value === null || value === undefined ? toTokensOrEmpty(fallback) : decodeTokens(value)
      } catch {
        return toTokensOrEmpty(fallback)
      }
    },
    setTokens(tokens) {
      fallback = toTokensOrEmpty(tokens)
      try {
        resolve()?.setItem(key, encodeTokens(tokens))
      } catch {
        // Kept in memory above; the page still works, it just forgets the visitor on reload.
      }
    },
  }
}
