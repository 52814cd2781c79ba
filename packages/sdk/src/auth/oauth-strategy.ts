import { AisleError, invalidArgument } from '../http/aisle-error.js'
import { assertNonEmptyString } from '../http/encode-path-segment.js'
import { toUpperSnakeCase } from '../http/status-text.js'
import { loadOnFirstCall } from '../load-on-first-call.js'
import type { CaptchaSettings } from '../types/identity.js'
import type { AuthStrategy, AuthTransport } from './auth-strategy.js'
import { generateCodeChallenge } from './generate-code-challenge.js'
import { generateCodeVerifier } from './generate-code-verifier.js'
import type { LoginResult } from './login-state.js'
import type {
  AuthUrlOptions,
  DirectLoginOptions,
  LoginParams,
  MemberFlows,
  OAuthData,
  RegisterParams,
} from './member-flows.js'
import { type AuthorizationResponse, parseAuthorizationResponse } from './parse-authorization-response.js'
import { isTokenAnswer, postOAuth, type TokenGrant, toTokens } from './request-tokens.js'
import type { TokenStorage } from './token-storage.js'
import { createEmptyTokens, TokenRole, type Tokens, toTokensOrEmpty } from './tokens.js'

/**
 * Seconds before its stated expiry at which an access token counts as expired, so that a token does not
 * lapse between the check and the server's; a 401 still triggers one refresh and one replay.
 */
export const accessTokenLeewaySeconds = 10

/** How long a token request waits for another tab's (Web Locks) before going ahead on its own. */
export const tokenLockTimeoutMs = 10_000

/** Options of {@link OAuthStrategy}. */
export interface OAuthStrategyOptions {
  /** The OAuth client id of the site, sent with every grant. */
  clientId: string
  /**
   * Where the tokens live; memory by default (like {@link createMemoryTokenStorage}). A storage whose
   * `getTokens` returns a promise is read once, before the first call: see {@link OAuthStrategy.hydrate}.
   */
  tokenStorage?: TokenStorage | undefined
  /**
   * Tokens to start from, e.g. a member's session read back from a cookie: written to the storage at
   * once, so they win over what it held.
   */
  tokens?: Tokens | undefined
  /**
   * Called when the platform definitely rejected the stored refresh token (a 4xx) and the strategy fell
   * back to new visitor tokens: for a member, that is a logout the app may want to show. Receives the
   * rejected tokens. Must not throw.
   */
  onRefreshRejected?: ((rejected: Tokens) => void) | undefined
  /**
   * The platform's captcha site keys (spec section 9: one invisible, one visible); empty by default,
   * until {@link OAuthStrategy.getCaptchaSettings} reads the site's. Keys given here win over those.
   */
  captchaSiteKeys?: { invisible?: string | undefined; visible?: string | undefined } | undefined
}

/**
 * The visitor and member token flow of spec sections 2, 4, 5 and 6; `client.auth` of a client that uses
 * it. Every call that gets member tokens also stores them.
 */
export interface OAuthStrategy extends AuthStrategy {
  /** The client id the strategy was created with. */
  readonly clientId: string
  /**
   * Site key of the invisible captcha, to render it before `register` or `login`: the `captchaSiteKeys`
   * option's, else the site's once {@link OAuthStrategy.getCaptchaSettings} has read them, else `''`.
   */
  readonly captchaInvisibleSiteKey: string
  /** Site key of the visible captcha, shown after a `missingCaptchaToken` or `invalidCaptchaToken`; as above. */
  readonly captchaVisibleSiteKey: string
  /**
   * Reads the site's captcha settings (`GET /identity/v1/captcha-settings?clientId=`): whether
   * registration and login need a captcha, the provider, and the two site keys, which
   * `captchaInvisibleSiteKey` and `captchaVisibleSiteKey` then answer.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  getCaptchaSettings(): Promise<CaptchaSettings>
  /**
   * Returns a copy of the current tokens (empty tokens with role `none` before the first call). With an
   * asynchronous storage, these are the `tokens` option's (or empty ones) until {@link OAuthStrategy.hydrate}
   * resolves.
   */
  getTokens(): Tokens
  /**
   * Stores a token pair, e.g. restored from a session or from a member login; it wins over any refresh
   * in flight and over a storage still being read. An asynchronous storage's write runs in the
   * background (the next token request waits for it; a failed write is ignored).
   */
  setTokens(tokens: Tokens): void
  /**
   * Resolves the current tokens once the storage has been read: at once for a synchronous storage
   * (memory, localStorage, cookie), after its `getTokens` for an asynchronous one. Await it before the
   * synchronous getters when the storage is asynchronous; calls to the platform wait for it on their own.
   */
  hydrate(): Promise<Tokens>
  /**
   * Makes sure the client holds usable tokens and returns them: keeps an unexpired access token,
   * refreshes an expired one, and otherwise (or when the refresh token is rejected) asks for anonymous
   * visitor tokens. With `tokens`, stores them first and starts from them. A member's usable tokens are
   * returned as they are.
   *
   * @throws {AisleError} `something went wrong` when the token endpoint refuses; `NETWORK_ERROR` when it
   * cannot be reached (the stored tokens are then kept; `retryable` is true).
   */
  generateVisitorTokens(tokens?: Tokens): Promise<Tokens>
  /**
   * Exchanges a refresh token (the stored one by default) for a new pair of the same role, now, and
   * stores it. It does not fall back to visitor tokens.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` when there is no refresh token; `something went wrong` when
   * the token endpoint refuses it.
   */
  renewToken(refreshToken?: Tokens['refreshToken']): Promise<Tokens>
  /** Tells whether the current refresh token is a member's (spec section 4: "Logged in means..."). */
  loggedIn(): boolean
  /**
   * Starts a PKCE login transaction: a fresh code verifier, its S256 challenge and a random state, with
   * the redirect URI and the URI to return to afterwards. Keep it until the callback.
   */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>
  /**
   * Creates a redirect session for the hosted login (`POST /redirects/v1/redirect-session` with
   * `auth.authRequest`) and resolves `{ authUrl }` to send the visitor to. Prompt `login` and response
   * mode `fragment` by default.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<{ authUrl: string }>
  /**
   * Reads `code`, `state`, `error` and `error_description` from a callback URL (the current page's by
   * default), in its fragment (default) or query.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` when a parameter appears twice, or outside a browser without `url`.
   */
  parseFromUrl(url?: string, responseMode?: 'fragment' | 'query'): AuthorizationResponse
  /**
   * Exchanges the callback's code for member tokens (authorization code with the PKCE verifier), stores
   * and returns them.
   *
   * @throws {AisleError} `Missing code or _state`, `Invalid _state` (before any request), or `Failed to
   * get member tokens` (its `cause` is the token endpoint's `something went wrong`).
   */
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthData,
  ): Promise<Tokens>
  /**
   * Creates a logout redirect session that returns to `originalUrl`, revokes the refresh token (see
   * `revokeTokens`; a failed revocation does not stop the logout), clears both tokens (role `none`) and
   * resolves `{ logoutUrl }` for the browser to go to.
   *
   * @throws {AisleError} as any call, when the redirect session fails (the tokens are then kept and
   * nothing is revoked).
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>
  /**
   * Revokes the current refresh token at the platform (`POST /oauth2/revoke`, which ends its whole
   * family: every token of that login or visit) and clears the tokens (role `none`). Without a refresh
   * token it only clears them.
   *
   * @throws {AisleError} `something went wrong` when the platform refuses (the tokens are then kept),
   * `NETWORK_ERROR` when it cannot be reached.
   * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1
   */
  revokeTokens(): Promise<void>
  /**
   * Registers a member with e-mail and password and resolves the login state (spec section 4): SUCCESS
   * with a session token, EMAIL_VERIFICATION_REQUIRED with a state token, OWNER_APPROVAL_REQUIRED, or
   * FAILURE with `error` and, for the codes of spec section 8, `errorCode`.
   *
   * @throws {AisleError} only for a failure worth retrying (no answer, 408, 429, 5xx).
   */
  register(params: RegisterParams): Promise<LoginResult>
  /**
   * Logs a member in with e-mail and password and resolves the login state, like `register`; a failure
   * has an `errorCode` (`invalidEmail` unless the platform says otherwise).
   *
   * @throws {AisleError} only for a failure worth retrying (no answer, 408, 429, 5xx).
   */
  login(params: LoginParams): Promise<LoginResult>
  /**
   * Sends the e-mail verification code when the last `register`/`login` (or `state`) is
   * EMAIL_VERIFICATION_REQUIRED, and resolves the next login state; otherwise FAILURE `Unknown _state`.
   *
   * @throws {AisleError} only for a failure worth retrying (no answer, 408, 429, 5xx).
   */
  processVerification(nextInputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>
  /**
   * Turns the session token of a SUCCESS into member tokens without showing a page: in a browser
   * through a hidden iframe (response mode `web_message`, prompt `none`, 2-minute timeout), in Node by
   * following the platform's redirect itself. Stores and returns the tokens.
   *
   * @throws {AisleError} the platform's error (`LOGIN_REQUIRED`...), `OAuth flow timed out`, or the
   * errors of `getMemberTokens`.
   */
  getMemberTokensForDirectLogin(sessionToken: string, options?: DirectLoginOptions): Promise<Tokens>
  /**
   * Sends a password-recovery e-mail whose link leads to `redirectUri`.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>
  /**
   * Gets member tokens for a member the merchant's own server has authenticated (spec section 6): a
   * `client_credentials` grant with the member id, authorised by the merchant API key. Server-side
   * only: never ship an API key to a browser. Stores and returns the tokens.
   *
   * @throws {AisleError} `something went wrong` when the token endpoint refuses.
   */
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>
}

/**
 * Creates the OAuth strategy: a new client starts with empty tokens; before a call, a missing or expired
 * access token is renewed with the refresh token, or with an anonymous grant when there is none or it is
 * rejected. One token request is in flight at a time, shared by concurrent callers and, where the
 * browser has Web Locks, by the tabs of one client id.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   auth: OAuthStrategy({ clientId: 'f3c1...', tokenStorage: createLocalStorageTokenStorage('f3c1...') }),
 *   modules: { currentCart },
 *   baseUrl: 'http://127.0.0.1:4000',
 * })
 * const result = await client.auth.login({ email, password })
 * if (result.loginState === LoginState.SUCCESS) {
 *   await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken)
 * }
 * ```
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const clientId = assertNonEmptyString('clientId', options.clientId)
  const { onRefreshRejected } = options
  let transport: AuthTransport | undefined
  // One token request at a time: a second anonymous grant would split the visitor's cart, and a rotated
  // refresh token spent twice revokes its whole family.
  let queue: Promise<unknown> = Promise.resolve()
  // A renewal shared by every caller that needs one while it runs.
  let inFlight: Promise<Tokens> | undefined
  // Bumped by setTokens, so that a refresh finishing after a login does not overwrite the member's tokens,
  // and a storage read finishing after it does not either.
  let generation = 0
  // The current tokens when the storage is asynchronous (read once, then written through) or the default
  // memory; a synchronous storage is read on every call instead, since another tab may have written it.
  let held = createEmptyTokens()
  let isAsync = false
  const storage: TokenStorage = options.tokenStorage ?? { getTokens: () => held, setTokens: ignore }
  // Settles once the storage has been read and setTokens' writes are done: token requests wait for it.
  let ready: Promise<unknown> = Promise.resolve()

  const read = () => toTokensOrEmpty(isAsync ? held : storage.getTokens())

  function write(tokens: Tokens) {
    held = toTokensOrEmpty(tokens)
    return storage.setTokens(held)
  }

  // Tokens set on purpose (a login, a restored session): they win over a renewal or a read in progress.
  function store(tokens: Tokens) {
    generation++
    return write(tokens)
  }

  function setTokens(tokens: Tokens): void {
    // A failed background write leaves the tokens in memory, like a blocked localStorage.
    ready = Promise.all([ready, store(tokens)]).catch(ignore)
  }

  async function hydrate(): Promise<Tokens> {
    await ready
    return read()
  }

  const stored = storage.getTokens()
  if (stored instanceof Promise) {
    isAsync = true
    // A storage that cannot answer counts as empty: a new visitor, never a crash.
    ready = stored.then((tokens) => {
      if (!generation) held = toTokensOrEmpty(tokens)
    }, ignore)
  }
  if (options.tokens) setTokens(options.tokens)

  function requireTransport(): AuthTransport {
    if (!transport) {
      throw new AisleError({
        code: 'CLIENT_REQUIRED',
        message: 'OAuthStrategy must be passed to createClient before it can call the platform',
      })
    }
    return transport
  }

  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locks = globalThis.navigator?.locks
    const locked = locks
      ? (): Promise<T> =>
          locks
            .request(`aisle:tokens:${clientId}`, { signal: AbortSignal.timeout(tokenLockTimeoutMs) }, task)
            // A tab holding the lock forever (suspended) must not stall this one.
            .catch((error: unknown) =>
              (error as Error)?.name === 'TimeoutError' ? task() : Promise.reject(error),
            ) as Promise<T>
      : task
    const run = queue.then(hydrate).then(locked, locked)
    queue = run.catch(ignore)
    return run
  }

  async function grant(
    body: TokenGrant,
    role: TokenRole,
    previousRefreshToken: string,
    headers?: Record<string, string>,
  ): Promise<Tokens> {
    const grantBody = { clientId, ...body }
    const answer = await postOAuth(requireTransport(), '/token', grantBody, isTokenAnswer, headers)
    return toTokens(answer, role, previousRefreshToken, Date.now())
  }

  // A grant asked for on purpose (a login, renewToken): its tokens replace the stored ones at once.
  const grantAndStore = (
    body: TokenGrant,
    role: TokenRole,
    previous = '',
    headers?: Record<string, string>,
  ) =>
    exclusive(async () => {
      const tokens = await grant(body, role, previous, headers)
      await store(tokens)
      return tokens
    })

  async function runRenewal(rejectedAccessToken: string | undefined): Promise<Tokens> {
    const startGeneration = generation
    const current = read()
    // Someone (another caller, another tab on shared storage) may have renewed already.
    if (isUsable(current) && current.accessToken.value !== rejectedAccessToken) return current

    let next: Tokens | undefined
    let rejected = false
    const refreshToken = current.refreshToken.value
    if (refreshToken) {
      try {
        const role =
          current.refreshToken.role === TokenRole.NONE ? TokenRole.VISITOR : current.refreshToken.role
        next = await grant({ grantType: 'refresh_token', refresh_token: refreshToken }, role, refreshToken)
      } catch (error) {
        // A network failure or a 5xx says nothing about the token: keep the member a member.
        if (!isDefiniteRejection(error)) throw error
        rejected = true
      }
    }
    next ??= await grant({ grantType: 'anonymous' }, TokenRole.VISITOR, '')

    if (generation !== startGeneration) return read()
    await write(next)
    if (rejected) onRefreshRejected?.(current)
    return next
  }

  function renew(rejectedAccessToken?: string): Promise<Tokens> {
    inFlight ??= exclusive(() => runRenewal(rejectedAccessToken)).finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  async function ensureTokens(): Promise<Tokens> {
    const tokens = await hydrate()
    return isUsable(tokens) ? tokens : renew()
  }

  async function generateOAuthData(redirectUri: string, originalUri = ''): Promise<OAuthData> {
    const codeVerifier = generateCodeVerifier()
    return {
      redirectUri,
      originalUri,
      codeVerifier,
      codeChallenge: await generateCodeChallenge(codeVerifier),
      state: generateCodeVerifier(),
    }
  }

  // The site's captcha keys, once `getCaptchaSettings` has read them; the option's win.
  let siteKeys: { invisible?: string | undefined; visible?: string | undefined } = {}

  // The member flows load on their first call: a visitor-only storefront never downloads them.
  const memberFlows = loadOnFirstCall<MemberFlows>(memberFlowNames, async () => {
    const { createMemberFlows } = await import('./member-flows.js')
    return createMemberFlows({
      clientId,
      transport: requireTransport,
      grantAndStore,
      hydrate,
      clearTokens: () => setTokens(createEmptyTokens()),
      postOAuth,
      generateOAuthData,
      parseAuthorizationResponse,
      setCaptchaSiteKeys: (keys) => {
        siteKeys = keys
      },
      AisleError,
      toUpperSnakeCase,
    })
  })

  return {
    clientId,
    get captchaInvisibleSiteKey() {
      return options.captchaSiteKeys?.invisible ?? siteKeys.invisible ?? ''
    },
    get captchaVisibleSiteKey() {
      return options.captchaSiteKeys?.visible ?? siteKeys.visible ?? ''
    },
    attach(next) {
      if (transport && transport !== next) {
        throw invalidArgument('an OAuthStrategy belongs to one client: create one strategy per client')
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
    getTokens: read,
    setTokens,
    hydrate,
    async generateVisitorTokens(tokens) {
      if (tokens) setTokens(tokens)
      return ensureTokens()
    },
    loggedIn: () => read().refreshToken.role === TokenRole.MEMBER,
    generateOAuthData,
    parseFromUrl(url = globalThis.location?.href, responseMode = 'fragment') {
      if (typeof url !== 'string') {
        throw invalidArgument('"url" is required outside a browser')
      }
      const parsed = new URL(url)
      return parseAuthorizationResponse(
        responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1)),
      )
    },
    ...memberFlows,
  }
}

// The calls of `MemberFlows`, listed here rather than imported: an import would load the flows at once.
const memberFlowNames = [
  'getAuthUrl',
  'getMemberTokens',
  'getMemberTokensForDirectLogin',
  'getMemberTokensForExternalLogin',
  'logout',
  'register',
  'login',
  'processVerification',
  'sendPasswordResetEmail',
  'revokeTokens',
  'renewToken',
  'getCaptchaSettings',
] as const satisfies readonly (keyof MemberFlows)[]
// Fails to compile when `MemberFlows` gains a call this list lacks.
const listsEveryFlow: Exclude<keyof MemberFlows, (typeof memberFlowNames)[number]> extends never
  ? true
  : false = true
void listsEveryFlow

function ignore(): undefined {
  return undefined
}

function isUsable(tokens: Tokens): boolean {
  const nowSeconds = Date.now() / 1000
  return (
    tokens.accessToken.value !== '' && tokens.accessToken.expiresAt - accessTokenLeewaySeconds > nowSeconds
  )
}

// Only a 4xx answer of the token endpoint rejects the token itself; 408 and 429 only ask to come back later.
// The token endpoint's errors are instances of this very class.
function isDefiniteRejection(error: unknown): boolean {
  return error instanceof AisleError && error.status !== undefined && error.status >= 400 && !error.retryable
}
