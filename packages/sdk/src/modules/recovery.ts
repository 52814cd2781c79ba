import type { HttpClient } from '../http/create-http-client.js'
import type {
  RecoverOptions,
  SendActivationEmailOptions,
  SendRecoveryEmailOptions,
} from '../types/identity.js'

/** Password recovery and account activation (spec section 7, under `/identity`); `client.recovery`. */
export interface RecoveryModule {
  /**
   * Sends a password-recovery e-mail (`POST /v1/send-email`). The platform answers alike whether or not
   * the address belongs to a member.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  sendRecoveryEmail(options: SendRecoveryEmailOptions): Promise<void>
  /** Sends an activation e-mail to an identity. @throws {AisleError} as any call (spec section 8). */
  sendActivationEmail(options: SendActivationEmailOptions): Promise<void>
  /** Sets a new password with the token from the recovery e-mail. @throws {AisleError} as any call. */
  recover(options: RecoverOptions): Promise<void>
}

/**
 * The recovery module; pass it in `modules` to get `client.recovery`.
 *
 * @example
 * ```ts
 * await client.recovery.recover({ recoveryToken: new URL(location.href).searchParams.get('token')!, password })
 * ```
 */
export function recovery(http: HttpClient): RecoveryModule {
  const call = async (path: string, body: unknown) => {
    await http.request({ method: 'POST', api: 'identity', path, body })
  }
  return {
    sendRecoveryEmail: (options) => call('/v1/send-email', options),
    sendActivationEmail: (options) => call('/v1/activation-email', options),
    recover: (options) => call('/v1/recover', options),
  }
}
