import { createEmptyTokens, type Tokens, toTokensOrEmpty } from './tokens.js'

/**
 * Where a strategy keeps its tokens. The storage is the source of truth: the strategy reads it before
 * every call and writes every new pair to it, so a shared storage (localStorage, a cookie) is seen by
 * every client that uses it.
 */
export interface TokenStorage {
  /** Returns the stored tokens, or empty tokens when there are none. Must not throw. */
  getTokens(): Tokens | Promise<Tokens>
  /** Stores a new pair, replacing the old one. */
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
