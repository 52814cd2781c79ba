import { ApiError } from '../http/errors.ts'

/**
 * The application errors of the identity calls and their HTTP status: the numeric codes of spec
 * section 8, then codes of ours. None is 401: the SDK renews
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
  // Beside the spec's numeric codes, the identity calls it names without codes answer stable words.
  /** The state token is unknown, expired, finished, or of another client: the member signs in again. */
  STATE_TOKEN_INVALID: 400,
  /** The e-mail verification code is not the one sent. */
  VERIFICATION_CODE_INVALID: 400,
  /** The code's 15 minutes are over: a resend gives a new one. */
  VERIFICATION_CODE_EXPIRED: 400,
  /** Five codes were tried in this flow: it is over, the member signs in again for a new one. */
  VERIFICATION_ATTEMPTS_EXHAUSTED: 400,
  /** The flow sent as many codes as it may. */
  VERIFICATION_RESEND_LIMIT: 400,
  /** The e-mail is verified already. */
  EMAIL_ALREADY_VERIFIED: 409,
  /** The recovery or activation link is unknown, expired or used. */
  RECOVERY_TOKEN_INVALID: 400,
  /** No member of the caller's site has this id. */
  MEMBER_NOT_FOUND: 404,
  /** The member is not in a status the change applies to (approving an active member). */
  MEMBER_STATUS_CONFLICT: 409,
  /** The profile changed since the revision the edit was made on: read it again. */
  IDENTITY_REVISION_CONFLICT: 409,
  /** No identity-provider connection of the caller's site has this id (or it is disabled). */
  IDP_CONNECTION_NOT_FOUND: 404,
  /** The identity provider's token is not one the connection trusts (signature, issuer, audience, age, reuse). */
  ID_TOKEN_INVALID: 400,
} as const

export type IdentityErrorCode = keyof typeof identityErrorStatus

/** An identity call refused with one of the codes above (the spec's numeric ones as strings, like every code). */
export class IdentityError extends ApiError {
  override name = 'IdentityError'
  readonly status: number
  constructor(
    readonly code: IdentityErrorCode,
    readonly description: string,
    options?: ErrorOptions & { data?: Record<string, unknown> },
  ) {
    super(description, options)
    this.status = identityErrorStatus[code]
    this.data = options?.data ?? {}
  }
  /** What the client may need to go on (the captcha codes name the login state and the site keys). */
  readonly data: Record<string, unknown>
  toBody() {
    return {
      message: this.description,
      details: { applicationError: { description: this.description, code: this.code, data: this.data } },
    }
  }
}

/** The one answer to a login with an unknown e-mail or a wrong password: the same bytes for both. */
export function wrongCredentials(): IdentityError {
  return new IdentityError('-19976', 'The e-mail or the password is wrong')
}
