import { type AisleError, isAisleError } from '../http/aisle-error.js'
import type { StateType } from '../types/identity.js'

/** The client's login states (spec section 4, "Client login state"). */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const

/** One of the values of {@link LoginState}. */
export type LoginState = (typeof LoginState)[keyof typeof LoginState]

/** Why a registration or login failed (spec section 8, "Registration codes" and "Login codes"). */
export type LoginErrorCode =
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'

/**
 * Where a registration, login or e-mail verification left the member: what `register`, `login` and
 * `processVerification` of `OAuthStrategy` resolve. SUCCESS carries the session token to exchange for
 * member tokens (`getMemberTokensForDirectLogin`); EMAIL_VERIFICATION_REQUIRED carries the state token
 * that `processVerification` needs; FAILURE carries the error and, for the codes of spec section 8, an
 * `errorCode`.
 */
export type LoginResult =
  | { loginState: 'INITIAL' }
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | { loginState: 'USER_CAPTCHA_REQUIRED' }
  | { loginState: 'SILENT_CAPTCHA_REQUIRED' }

/** The part of a register, login or verify answer that decides the login state. */
export interface AuthenticationAnswer {
  state?: StateType | undefined
  sessionToken?: string | undefined
  stateToken?: string | undefined
}

/** The result of a state the client does not know, or of a verification outside its state. */
export const unknownStateFailure: LoginResult = { loginState: 'FAILURE', error: 'Unknown _state' }

/**
 * Maps the server's auth state to the client's (spec section 4): SUCCESS gives SUCCESS with the session
 * token; REQUIRE_OWNER_APPROVAL gives OWNER_APPROVAL_REQUIRED; REQUIRE_EMAIL_VERIFICATION gives
 * EMAIL_VERIFICATION_REQUIRED with the state token; any other gives FAILURE `Unknown _state`.
 */
export function toLoginResult(answer: AuthenticationAnswer): LoginResult {
  switch (answer.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: answer.sessionToken ?? '' } }
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' }
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: answer.stateToken ?? '' } }
    default:
      return unknownStateFailure
  }
}

// Spec section 8.
const registrationCodes: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
}
const loginCodes: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
}

/**
 * Turns a failed registration into a FAILURE (spec section 8): a field violation whose rule is `EMAIL`
 * gives `invalidEmail` with the violation's description; -19971, -19995 and -19970 give their codes;
 * anything else carries only the message. An error worth retrying (no answer, 408, 429, 5xx) is not a
 * registration failure: it is thrown as it is.
 *
 * @throws the error itself when it is not an `AisleError` or is retryable.
 */
export function toRegistrationFailure(error: unknown): LoginResult {
  const failure = toFailure(error, registrationCodes)
  const violations = ((error as AisleError).details.validationError as { fieldViolations?: unknown })
    ?.fieldViolations
  const violation = Array.isArray(violations)
    ? violations.find((item) => item?.ruleName === 'EMAIL' || item?.data?.type === 'EMAIL')
    : undefined
  return violation
    ? { loginState: 'FAILURE', error: String(violation.description ?? ''), errorCode: 'invalidEmail' }
    : failure
}

/**
 * Turns a failed login into a FAILURE (spec section 8): -19971, -19970, -19976 and -19973 give their
 * codes and anything else (a validation error too) gives `invalidEmail`. An error worth retrying is
 * thrown as it is.
 *
 * @throws the error itself when it is not an `AisleError` or is retryable.
 */
export function toLoginFailure(error: unknown): LoginResult {
  return toFailure(error, loginCodes, 'invalidEmail')
}

/**
 * Turns a failed verification into a FAILURE with the error's message. An error worth retrying is
 * thrown as it is.
 *
 * @throws the error itself when it is not an `AisleError` or is retryable.
 */
export function toVerificationFailure(error: unknown): LoginResult {
  return toFailure(error, {})
}

// `error.code` is the application error's code already turned into a string, so -19976 and "-19976"
// are alike.
function toFailure(
  error: unknown,
  codes: Readonly<Record<string, LoginErrorCode>>,
  otherwise?: LoginErrorCode,
): LoginResult {
  if (!isAisleError(error) || error.retryable) throw error
  const errorCode = Object.hasOwn(codes, error.code) ? codes[error.code] : otherwise
  return errorCode
    ? { loginState: 'FAILURE', error: error.message, errorCode }
    : { loginState: 'FAILURE', error: error.message }
}
