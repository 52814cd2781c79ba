import type { HttpClient } from '../http/create-http-client.js'
import type { NumberFields } from '../http/wire-transform.js'
import type {
  AuthenticationResponse,
  LoginOptions,
  LoginV2Options,
  LoginWithIdpConnectionTokenParamsOptions,
  LogoutUrlOptions,
  RegisterOptions,
  RegisterV2Options,
  SignOnOptions,
  SignOnResponse,
} from '../types/identity.js'

/** Fields of identity answers that hold numbers (see `NumberFields`). */
export const identityNumberFields: NumberFields = new Set(['numValue'])

/**
 * Member sign-up and login calls (spec section 7, "Identity and authentication"), under `/identity`;
 * `client.authentication`. Each resolves with the whole answer. `OAuthStrategy`'s `register`, `login`
 * and `processVerification` wrap the v2 calls in the login state machine; use these for anything else.
 */
export interface AuthenticationModule {
  /** Registers an identity with a factor's inputs (v1). @throws {AisleError} as any call (spec section 8). */
  register(options: RegisterOptions): Promise<AuthenticationResponse>
  /** Logs in with a factor's inputs (v1). @throws {AisleError} as any call (spec section 8). */
  login(options: LoginOptions): Promise<AuthenticationResponse>
  /**
   * Registers a member with e-mail and password (`POST /v2/register`); `state` tells what comes next.
   *
   * @throws {AisleError} a validation error for a bad e-mail; application errors -19995 (e-mail exists),
   * -19971 (captcha missing), -19970 (captcha invalid).
   */
  registerV2(options: RegisterV2Options): Promise<AuthenticationResponse>
  /**
   * Logs a member in with e-mail and password (`POST /v2/login`).
   *
   * @throws {AisleError} application errors -19976 (wrong password), -19973 (reset needed), -19971,
   * -19970 (captcha).
   */
  loginV2(options: LoginV2Options): Promise<AuthenticationResponse>
  /** Changes the logged-in member's password. @throws {AisleError} as any call (spec section 8). */
  changePassword(options: { newPassword: string }): Promise<void>
  /** Logs in with an identity provider's token parameters. @throws {AisleError} as any call. */
  loginWithIdpConnectionTokenParams(
    options: LoginWithIdpConnectionTokenParamsOptions,
  ): Promise<AuthenticationResponse>
  /** Moves a multi-step login on with its state token. @throws {AisleError} as any call (spec section 8). */
  proceedToNextStep(options: { stateToken: string }): Promise<AuthenticationResponse>
  /**
   * Signs a member on from a trusted server (merchant API key), creating them when needed.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  signOn(options: SignOnOptions): Promise<SignOnResponse>
  /**
   * Builds the URL of the hosted logout (`GET /v1/logout?postLogoutRedirectUri=&clientId=` on
   * `baseUrl`) for the browser to navigate to; it makes no call.
   */
  logoutUrl(options: LogoutUrlOptions): string
}

/**
 * The authentication module; pass it in `modules` to get `client.authentication`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth: OAuthStrategy({ clientId }), baseUrl, modules: { authentication } })
 * const { state, sessionToken } = await client.authentication.loginV2({ loginId: { email }, password })
 * ```
 */
export function authentication(http: HttpClient): AuthenticationModule {
  const call = <T>(path: string, body: unknown) =>
    http.request<T>({ method: 'POST', api: 'identity', path, body, numberFields: identityNumberFields })
  return {
    register: (options) => call('/v1/register', options),
    login: (options) => call('/v1/login', options),
    registerV2: (options) => call('/v2/register', options),
    loginV2: (options) => call('/v2/login', options),
    changePassword: async (options) => {
      await call('/v2/change-password', options)
    },
    loginWithIdpConnectionTokenParams: (options) => call('/v1/sso/login-with-token-params', options),
    proceedToNextStep: (options) => call('/v1/state/proceed', options),
    signOn: (options) => call('/v2/sign-on', options),
    logoutUrl: ({ postLogoutRedirectUri, clientId }) =>
      http.toUrl('identity', '/v1/logout', { postLogoutRedirectUri, clientId }),
  }
}
