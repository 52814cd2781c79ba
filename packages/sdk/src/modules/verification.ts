import type { HttpClient } from '../http/create-http-client.js'
import type {
  AuthenticationResponse,
  StartVerificationOptions,
  StartVerificationResponse,
  VerifyDuringAuthenticationOptions,
} from '../types/identity.js'
import { identityNumberFields } from './authentication.js'

/** E-mail verification (spec section 7, under `/identity`); `client.verification`. */
export interface VerificationModule {
  /** Starts verifying an identity's target (e-mail): sends a code. @throws {AisleError} as any call. */
  start(options: StartVerificationOptions): Promise<StartVerificationResponse>
  /**
   * Verifies the code a member received during sign-up or login (`POST /v1/auth/verify`); the answer's
   * `state` tells what comes next, like a login's.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  verifyDuringAuthentication(options: VerifyDuringAuthenticationOptions): Promise<AuthenticationResponse>
  /** Sends the code again (`POST /v1/auth/resend`). @throws {AisleError} as any call (spec section 8). */
  resendDuringAuthentication(options: { stateToken: string }): Promise<AuthenticationResponse>
}

/**
 * The verification module; pass it in `modules` to get `client.verification`.
 *
 * @example
 * ```ts
 * const { state } = await client.verification.verifyDuringAuthentication({ code, stateToken })
 * ```
 */
export function verification(http: HttpClient): VerificationModule {
  const call = <T>(path: string, body: unknown) =>
    http.request<T>({ method: 'POST', api: 'identity', path, body, numberFields: identityNumberFields })
  return {
    start: (options) => call('/v1/Start', options),
    verifyDuringAuthentication: (options) => call('/v1/auth/verify', options),
    resendDuringAuthentication: (options) => call('/v1/auth/resend', options),
  }
}
