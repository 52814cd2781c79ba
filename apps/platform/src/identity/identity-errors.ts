import { ApiError } from '../http/errors.ts'

/**
 * The numeric application errors of spec section 8 and their HTTP status. None is 401: the SDK renews
 * its token and replays a call that answers 401, and a wrong password is no expired token.
 */
export const identityErrorStatus = {
  /** Registration: the e-mail already has an account on the site. */
  '-19995': 409,
  /** Login: wrong e-mail or password (one answer for both). */
  '-19976': 400,
  /** Login: the member must reset the password first. */
  '-19973': 400,
  /** A captcha answer is required. */
  '-19971': 400,
  /** The captcha answer is invalid. */
  '-19970': 400,
} as const

export type IdentityErrorCode = keyof typeof identityErrorStatus

/** An identity call refused with one of the spec's numeric codes (as a string, like every code). */
export class IdentityError extends ApiError {
  override name = 'IdentityError'
  readonly status: number
  constructor(
    readonly code: IdentityErrorCode,
    readonly description: string,
    options?: ErrorOptions,
  ) {
    super(description, options)
    this.status = identityErrorStatus[code]
  }
  toBody() {
    return {
      message: this.description,
      details: { applicationError: { description: this.description, code: this.code, data: {} } },
    }
  }
}

/** The one answer to a login with an unknown e-mail or a wrong password: the same bytes for both. */
export function wrongCredentials(): IdentityError {
  return new IdentityError('-19976', 'The e-mail or the password is wrong')
}
