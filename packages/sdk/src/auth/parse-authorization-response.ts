import { invalidArgument } from '../http/aisle-error.js'

/** The authorization response of a login redirect or a silent login (RFC 6749 section 4.1.2). */
export interface AuthorizationResponse {
  code?: string | undefined
  state?: string | undefined
  /** An OAuth error such as `login_required` or `access_denied`. */
  error?: string | undefined
  error_description?: string | undefined
}

const names = ['code', 'state', 'error', 'error_description'] as const

/**
 * Reads `code`, `state`, `error` and `error_description` from a callback's query or fragment
 * parameters; a missing one is `undefined`.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` when one of them appears more than once (a sign of tampering).
 */
export function parseAuthorizationResponse(params: URLSearchParams): AuthorizationResponse {
  const response: AuthorizationResponse = {}
  for (const name of names) {
    const values = params.getAll(name)
    if (values.length > 1) {
      throw invalidArgument(`"${name}" must appear once in the callback URL`)
    }
    if (values[0] !== undefined) response[name] = values[0]
  }
  return response
}
