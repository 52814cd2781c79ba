import { AisleError, isAisleError } from '../http/aisle-error.js'
import type { AuthStrategy, AuthTransport } from './auth-strategy.js'
import { requestTokens, type TokenGrant, toTokens } from './request-tokens.js'
import { createMemoryTokenStorage, type TokenStorage } from './token-storage.js'
import { TokenRole, type Tokens, toTokensOrEmpty } from './tokens.js'

/**
 * Seconds before its stated expiry at which an access token counts as expired, so that a token does not
 * lapse between the check and the server's; a 401 still triggers one refresh and one replay.
 */
export const accessTokenLeewaySeconds = 10

/** Options of {@link OAuthStrategy}. */
export interface OAuthStrategyOptions {
  /** The OAuth client id of the site, sent with every grant. */
  clientId: string
  /** Where the tokens live; memory by default (see {@link createMemoryTokenStorage}). */
  tokenStorage?: TokenStorage | undefined
  /**
   * Called when the platform definitely rejected the stored refresh token (a 4xx) and the strategy fell
   * back to new visitor tokens: for a member, that is a logout the app may want to show. Receives the
   * rejected tokens. Must not throw.
   */
  onRefreshRejected?: ((rejected: Tokens) => void) | undefined
}

/** The visitor and member token flow of spec sections 4 and 6; `client.auth` of a client that uses it. */
export interface OAuthStrategy extends AuthStrategy {
  /** The client id the strategy was created with. */
  readonly clientId: string
  /** Returns the stored tokens (empty tokens with role `none` before the first call). */
  getTokens(): Promise<Tokens>
  /** Stores a token pair, e.g. restored from a session or from a member login; it wins over any refresh in flight. */
  setTokens(tokens: Tokens): Promise<void>
  /**
   * Makes sure the client holds usable tokens and returns them: keeps an unexpired access token,
   * refreshes an expired one, and otherwise (or when the refresh token is rejected) asks for anonymous
   * visitor tokens. With `tokens`, stores them first and starts from them. A member's usable tokens are
   * returned as they are.
   *
   * @throws {AisleError} `something went wrong` when the token endpoint refuses; `NETWORK_ERROR` when it
   * cannot be reached (the stored tokens are then kept).
   */
  generateVisitorTokens(tokens?: Tokens): Promise<Tokens>
  /** Tells whether the stored refresh token is a member's (spec section 4: "Logged in means..."). */
  loggedIn(): Promise<boolean>
}

/**
 * Creates the OAuth strategy: a new client starts with empty tokens; before a call, a missing or expired
 * access token is renewed with the refresh token, or with an anonymous grant when there is none or it is
 * rejected. One token request is in flight at a time, shared by concurrent callers.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   auth: OAuthStrategy({ clientId: 'f3c1...', tokenStorage: createLocalStorageTokenStorage('f3c1...') }),
 *   modules: { currentCart },
 *   baseUrl: 'http://127.0.0.1:4000',
 * })
 * ```
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId, onRefreshRejected } = options
  if (typeof clientId !== 'string' || clientId === '') {
    throw new AisleError({ code: 'INVALID_ARGUMENT', message: '"clientId" must be a non-empty string' })
  }
  const storage = options.tokenStorage ?? createMemoryTokenStorage()
  let transport: AuthTransport | undefined
  // One token request at a time: a second anonymous grant would split the visitor's cart.
  let inFlight: Promise<Tokens> | undefined
  // Bumped by setTokens, so that a refresh finishing after a login does not overwrite the member's tokens.
  let generation = 0

  const readTokens = async () => toTokensOrEmpty(await storage.getTokens())

  async function grant(body: TokenGrant, role: TokenRole, previousRefreshToken: string): Promise<Tokens> {
    if (!transport) {
      throw new AisleError({
        code: 'CLIENT_REQUIRED',
        message: 'OAuthStrategy must be passed to createClient before it can request tokens',
      })
    }
    return toTokens(await requestTokens(transport, clientId, body), role, previousRefreshToken, Date.now())
  }

  async function runRenewal(rejectedAccessToken: string | undefined): Promise<Tokens> {
    const startGeneration = generation
    const current = await readTokens()
    // Someone (another caller, another tab on shared storage) may have renewed already.
    if (isUsable(current) && current.accessToken.value !== rejectedAccessToken) return current

    let next: Tokens
    let rejected = false
    const refreshToken = current.refreshToken.value
    if (refreshToken) {
      const role =
        current.refreshToken.role === TokenRole.NONE ? TokenRole.VISITOR : current.refreshToken.role
      try {
        next = await grant({ grantType: 'refresh_token', refresh_token: refreshToken }, role, refreshToken)
      } catch (error) {
        // A network failure or a 5xx says nothing about the token: keep the member a member.
        if (!isDefiniteRejection(error)) throw error
        rejected = true
        next = await grant({ grantType: 'anonymous' }, TokenRole.VISITOR, '')
      }
    } else {
      next = await grant({ grantType: 'anonymous' }, TokenRole.VISITOR, '')
    }

    if (generation !== startGeneration) return readTokens()
    await storage.setTokens(next)
    if (rejected) onRefreshRejected?.(current)
    return next
  }

  function renew(rejectedAccessToken?: string): Promise<Tokens> {
    inFlight ??= runRenewal(rejectedAccessToken).finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  async function setTokens(tokens: Tokens): Promise<void> {
    generation++
    await storage.setTokens(toTokensOrEmpty(tokens))
  }

  async function ensureTokens(): Promise<Tokens> {
    const tokens = await readTokens()
    return isUsable(tokens) ? tokens : renew()
  }

  return {
    clientId,
    attach(next) {
      if (transport && transport !== next) {
        throw new AisleError({
          code: 'INVALID_ARGUMENT',
          message: 'an OAuthStrategy belongs to one client: create one strategy per client',
        })
      }
      transport = next
    },
    async getAuthHeaders() {
      const tokens = await ensureTokens()
      return { authorization: tokens.accessToken.value }
    },
    async renewAfterUnauthorized(rejected) {
      const rejectedAccessToken = rejected.authorization ?? ''
      const tokens = await renew(rejectedAccessToken)
      return tokens.accessToken.value !== rejectedAccessToken
    },
    getTokens: readTokens,
    setTokens,
    async generateVisitorTokens(tokens) {
      if (tokens) await setTokens(tokens)
      return ensureTokens()
    },
    async loggedIn() {
      return (await readTokens()).refreshToken.role === TokenRole.MEMBER
    },
  }
}

function isUsable(tokens: Tokens): boolean {
  const nowSeconds = Date.now() / 1000
  return (
    tokens.accessToken.value !== '' && tokens.accessToken.expiresAt - accessTokenLeewaySeconds > nowSeconds
  )
}

// Only a 4xx answer of the token endpoint rejects the token itself; 408 and 429 only ask to come back later.
function isDefiniteRejection(error: unknown): boolean {
  if (!isAisleError(error) || error.status === undefined) return false
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
}
