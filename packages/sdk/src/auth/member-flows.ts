// The member flows load on first use (`import()` in oauth-strategy.ts), so that a storefront that only
// needs visitor tokens does not download them. Everything they share with the eagerly loaded SDK comes
// through `MemberFlowContext`, never through an import: a bundler that splits code by file (esbuild)
// would otherwise put the shared files in a chunk of their own, which the first page load fetches too.
// Hence types-only imports here and in the files below (login-result.ts, run-frame-authorization.ts).
import type { AisleError } from '../http/aisle-error.js'
import type { Prompt } from '../types/enumerations.js'
import type { AuthenticationResponse, CaptchaSettings, IdentityProfile } from '../types/identity.js'
import type { CreateRedirectSessionResponse, RedirectSessionInput } from '../types/redirect-session.js'
import type { AuthTransport } from './auth-strategy.js'
import { type ErrorKit, toAuthorizationError } from './authorization-error.js'
import {
  toLoginFailure,
  toLoginResult,
  toRegistrationFailure,
  toVerificationFailure,
  unknownStateFailure,
} from './login-result.js'
import type { LoginResult } from './login-state.js'
import type { AuthorizationResponse } from './parse-authorization-response.js'
import type { postOAuth, TokenGrant } from './request-tokens.js'
import { runFrameAuthorization } from './run-frame-authorization.js'
import type { TokenRole, Tokens } from './tokens.js'

/** One PKCE login transaction: keep it (e.g. in `sessionStorage`) from `getAuthUrl` to the callback. */
export interface OAuthData {
  /** Where the platform sends the code; must be registered for the client. */
  redirectUri: string
  /** Where the app wants to go back to after the login, for its own use. */
  originalUri: string
  codeVerifier: string
  /** `BASE64URL(SHA-256(codeVerifier))`. */
  codeChallenge: string
  /** A random value the callback must bring back unchanged. */
  state: string
}

/** How the platform hands the code back. */
export type ResponseMode = 'fragment' | 'query' | 'web_message'

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** `login` (default) shows the hosted login page; `none` never shows UI. */
  prompt?: Prompt
  /** `fragment` (default), `query` or `web_message`. */
  responseMode?: ResponseMode
  /** A session token from a direct login, to turn into a code without a login page. */
  sessionToken?: string
}

/** Captcha answers of a registration or login, from the visible or invisible captcha. */
export interface CaptchaTokens {
  recaptchaToken?: string
  invisibleRecaptchaToken?: string
}

/** What `register` takes. */
export interface RegisterParams {
  email: string
  password: string
  profile?: IdentityProfile
  captchaTokens?: CaptchaTokens
}

/** What `login` takes. */
export interface LoginParams {
  email: string
  password: string
  captchaTokens?: CaptchaTokens
}

/** Options of `getMemberTokensForDirectLogin`. */
export interface DirectLoginOptions {
  /**
   * The registered redirect URI the code is bound to. In a browser it defaults to the page's origin (the
   * platform posts the code to that exact origin); elsewhere the platform uses the client's first
   * registered redirect URI when it is left out.
   */
  redirectUri?: string
}

/** What the member flows need from the strategy that holds them, and from the rest of the SDK. */
export interface MemberFlowContext extends ErrorKit {
  clientId: string
  transport(): AuthTransport
  /**
   * Requests tokens of `role` with `grant` (one token request at a time), stores and returns them; an
   * answer without a refresh token keeps `previousRefreshToken`.
   */
  grantAndStore(
    grant: TokenGrant,
    role: TokenRole,
    previousRefreshToken?: string,
    headers?: Record<string, string>,
  ): Promise<Tokens>
  /** `OAuthStrategy.hydrate`: the current tokens, once the storage has been read. */
  hydrate(): Promise<Tokens>
  /** Forgets the tokens (role `none`). */
  clearTokens(): void
  /** See `postOAuth` in request-tokens.ts. */
  postOAuth: typeof postOAuth
  /** `OAuthStrategy.generateOAuthData`. */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>
  /** See `parseAuthorizationResponse` in parse-authorization-response.ts. */
  parseAuthorizationResponse(params: URLSearchParams): AuthorizationResponse
  /** Makes `captchaInvisibleSiteKey` and `captchaVisibleSiteKey` answer the platform's keys. */
  setCaptchaSiteKeys(siteKeys: CaptchaSettings['siteKeys']): void
}

/**
 * The member flows of `OAuthStrategy` that load on first use (spec sections 2, 4, 5 and 7), with the
 * token calls a storefront does not make on its own (`renewToken`, `revokeTokens`); see `OAuthStrategy`
 * for each. `generateOAuthData` and `parseFromUrl` stay in the strategy itself: `parseFromUrl` is
 * synchronous.
 */
export interface MemberFlows {
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<{ authUrl: string }>
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthData,
  ): Promise<Tokens>
  getMemberTokensForDirectLogin(sessionToken: string, options?: DirectLoginOptions): Promise<Tokens>
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>
  logout(originalUrl: string): Promise<{ logoutUrl: string }>
  register(params: RegisterParams): Promise<LoginResult>
  login(params: LoginParams): Promise<LoginResult>
  processVerification(nextInputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>
  renewToken(refreshToken?: Tokens['refreshToken']): Promise<Tokens>
  revokeTokens(): Promise<void>
  getCaptchaSettings(): Promise<CaptchaSettings>
}

/** Builds the member flows on the strategy's context. */
export function createMemberFlows(context: MemberFlowContext): MemberFlows {
  const { clientId, AisleError } = context
  // Where the last registration or login left the member: `processVerification` continues from it.
  let loginState: LoginResult = { loginState: 'INITIAL' }

  const post = <T>(api: 'redirects' | 'identity', path: string, body: unknown) =>
    context.transport().request<T>({ method: 'POST', api, path, body })

  async function createRedirectUrl(input: RedirectSessionInput): Promise<string> {
    const { redirectSession } = await post<CreateRedirectSessionResponse>(
      'redirects',
      '/v1/redirect-session',
      input,
    )
    if (redirectSession?.fullUrl) return redirectSession.fullUrl
    throw new AisleError({ code: 'INVALID_RESPONSE', message: 'System error occurred' })
  }

  // Runs a register, login or verify call and maps its answer or refusal to a login state; `keep` makes
  // that state the one `processVerification` continues from. A failure worth retrying (no answer, 408,
  // 429, 5xx) is no refusal: it rejects as it is.
  async function authenticate(
    path: string,
    body: unknown,
    toFailure: (error: AisleError) => LoginResult,
    keep = true,
  ) {
    let result: LoginResult
    try {
      result = toLoginResult(await post<AuthenticationResponse>('identity', path, body))
    } catch (error) {
      // The transport's errors are instances of this very class.
      if (!(error instanceof AisleError) || error.retryable) throw error
      result = toFailure(error)
    }
    if (keep) loginState = result
    return result
  }

  async function readRedirect(authUrl: string): Promise<AuthorizationResponse> {
    // The platform names its page at its public address (PUBLIC_URL), which a server may know under
    // another name (localhost for browsers, 127.0.0.1 here): ask baseUrl for the same page.
    const transport = context.transport()
    const { pathname, search } = new URL(authUrl)
    const response = await transport.fetchWithoutAuth(`${transport.baseUrl}${pathname}${search}`, {
      redirect: 'manual',
    })
    void response.body?.cancel().catch(() => undefined)
    const location = response.headers.get('location')
    if (location) return context.parseAuthorizationResponse(new URL(location, authUrl).searchParams)
    throw new AisleError({
      code: 'LOGIN_FAILED',
      message: 'Failed to get member tokens',
      status: response.status,
    })
  }

  const flows: MemberFlows = {
    async getAuthUrl(oauthData, options = {}) {
      const authRequest = {
        redirectUri: oauthData.redirectUri || undefined,
        clientId,
        codeChallenge: oauthData.codeChallenge,
        codeChallengeMethod: 'S256',
        responseMode: options.responseMode ?? 'fragment',
        responseType: 'code',
        scope: 'offline_access',
        state: oauthData.state,
        sessionToken: options.sessionToken,
      } as const
      return {
        authUrl: await createRedirectUrl({ auth: { authRequest, prompt: options.prompt ?? 'login' } }),
      }
    },

    async getMemberTokens(code, state, oauthData) {
      if (!code || !state)
        throw new AisleError({ code: 'INVALID_ARGUMENT', message: 'Missing code or _state' })
      if (state !== oauthData.state)
        throw new AisleError({ code: 'INVALID_STATE', message: 'Invalid _state' })
      try {
        return await context.grantAndStore(
          {
            grantType: 'authorization_code',
            code,
            codeVerifier: oauthData.codeVerifier,
            redirectUri: oauthData.redirectUri || undefined,
          },
          'member',
        )
      } catch (cause) {
        if (!(cause instanceof AisleError)) throw cause
        // The token endpoint's own message ('something went wrong') stays on the cause.
        throw new AisleError({ ...cause, message: 'Failed to get member tokens', cause })
      }
    },

    async getMemberTokensForDirectLogin(sessionToken, options = {}) {
      const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined'
      const oauthData = await context.generateOAuthData(
        options.redirectUri ?? (inBrowser ? globalThis.location.origin : ''),
      )
      const { authUrl } = await flows.getAuthUrl(oauthData, {
        prompt: 'none',
        responseMode: inBrowser ? 'web_message' : 'query',
        sessionToken,
      })
      // In a browser the platform posts the code to a hidden iframe's parent; elsewhere the SDK follows
      // the redirect itself and reads the code from its Location.
      const response = inBrowser
        ? await runFrameAuthorization(authUrl, oauthData.state, context)
        : await readRedirect(authUrl)
      if (response.error) throw toAuthorizationError(response, context)
      return flows.getMemberTokens(response.code, response.state, oauthData)
    },

    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      context.grantAndStore({ grantType: 'client_credentials', memberId }, 'member', '', {
        authorization: apiKey,
      }),

    async logout(originalUrl) {
      const logoutUrl = await createRedirectUrl({
        logout: { clientId },
        callbacks: { postFlowUrl: originalUrl },
      })
      // revokeTokens clears the tokens; a refresh token it could not revoke still leaves this client.
      await flows.revokeTokens().catch(context.clearTokens)
      loginState = { loginState: 'INITIAL' }
      return { logoutUrl }
    },

    async renewToken(refreshToken) {
      const given = refreshToken ?? (await context.hydrate()).refreshToken
      if (!given?.value) {
        throw new AisleError({
          code: 'INVALID_ARGUMENT',
          message: '"refreshToken" is required: the client holds none',
        })
      }
      const role = given.role === 'none' ? 'visitor' : given.role
      const grant = { grantType: 'refresh_token', refresh_token: given.value } as const
      return context.grantAndStore(grant, role, given.value)
    },

    async revokeTokens() {
      const token = (await context.hydrate()).refreshToken.value
      if (token) {
        const body = { clientId, token, token_type_hint: 'refresh_token' }
        await context.postOAuth(context.transport(), '/revoke', body, isAnyAnswer)
      }
      context.clearTokens()
    },

    register: ({ email, password, profile, captchaTokens }) =>
      authenticate(
        '/v2/register',
        { loginId: { email }, password, profile, captchaTokens: toWireCaptchaTokens(captchaTokens) },
        toRegistrationFailure,
      ),

    login: ({ email, password, captchaTokens }) =>
      authenticate(
        '/v2/login',
        { loginId: { email }, password, captchaTokens: toWireCaptchaTokens(captchaTokens) },
        toLoginFailure,
      ),

    async processVerification(nextInputs, state = loginState) {
      if (state.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return unknownStateFailure
      const body = { code: nextInputs.verificationCode, stateToken: state.data.stateToken }
      const result = await authenticate('/v1/auth/verify', body, toVerificationFailure, false)
      // A wrong code leaves the member where they were, so they can try the code again.
      if (result.loginState !== 'FAILURE') loginState = result
      return result
    },

    async sendPasswordResetEmail(email, redirectUri) {
      await post('identity', '/v1/send-email', { email, redirect: { url: redirectUri, clientId } })
    },

    async getCaptchaSettings() {
      const settings = await context.transport().request<CaptchaSettings>({
        method: 'GET',
        api: 'identity',
        path: '/v1/captcha-settings',
        params: { clientId },
      })
      context.setCaptchaSiteKeys(settings.siteKeys)
      return settings
    },
  }
  return flows
}

// A 200 of the revocation endpoint says it all: its body does not matter (RFC 7009 section 2.2).
function isAnyAnswer(_answer: unknown): _answer is unknown {
  return true
}

function toWireCaptchaTokens(tokens: CaptchaTokens | undefined) {
  return tokens && [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }]
}
