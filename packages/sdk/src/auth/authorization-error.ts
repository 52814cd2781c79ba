// Loaded with the member flows, so it imports types only (see member-flows.ts).
import type { AisleError } from '../http/aisle-error.js'
import type { toUpperSnakeCase } from '../http/status-text.js'
import type { AuthorizationResponse } from './parse-authorization-response.js'

/** The parts of the SDK that the member flows, loaded on first use, build their errors with. */
export interface ErrorKit {
  AisleError: typeof AisleError
  toUpperSnakeCase: typeof toUpperSnakeCase
}

/** The error of an authorization response that carries one: code `LOGIN_REQUIRED` for `login_required`. */
export function toAuthorizationError(response: AuthorizationResponse, kit: ErrorKit): AisleError {
  const error = response.error ?? 'server_error'
  return new kit.AisleError({
    code: kit.toUpperSnakeCase(error),
    message: response.error_description || error,
    details: { error, error_description: response.error_description },
  })
}
