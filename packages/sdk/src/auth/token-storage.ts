import { createEmptyTokens, type Tokens, toTokensOrEmpty } from './tokens.js'

/**
 * Where a strategy keeps its tokens. A synchronous storage is the source of truth: the strategy reads it
 * on every read and writes every new pair to it, so a shared storage (localStorage, a cookie) is seen
 * by every client that uses it. An asynchronous one (its `getTokens` returns a promise: a server-side
 * session store, IndexedDB) is read once, when the strategy is created; the strategy then keeps the
 * tokens itself and writes every new pair through (see `OAuthStrategy.hydrate`).
 */
export interface TokenStorage {
  /** Returns the stored tokens, or empty tokens when there are none. Must not throw or reject. */
  getTokens(): Tokens | Promise<Tokens>
  /** Stores a new pair, replacing the old one; a synchronous storage shows it to `getTokens` at once. */
  setTokens(tokens: Tokens): void | Promise<void>
}

/**
 * Creates a storage that holds the tokens in memory only: the default, right for a server-side client
 * per request or a script. Stored pairs are copied, so callers cannot change them from outside.
 */
export function createMemoryTokenStorage(initial?: Tokens): TokenStorage {
  let tokens = initial ? toTokensOrEmpty(initial) : createEmptyTokens()
  return {
    getTokens: () => toTokensOrEmpty(tokens),
    setTokens: (next) => {
      tokens = toTokensOrEmpty(next)
    },
  }
}
