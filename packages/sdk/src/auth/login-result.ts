// Loaded with the member flows (see member-flows.ts), so it imports types only.
import type { AisleError } from '../http/aisle-error.js'
import type { StateType } from '../types/identity.js'
import type { LoginErrorCode, LoginResult } from './login-state.js'

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

// Spec section 8. `error.code` is the application error's code already turned into a string, so
// -19976 and "-19976" are alike.
const captchaCodes: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
}
const registrationCodes: Readonly<Record<string, LoginErrorCode>> = {
  ...captchaCodes,
  '-19995': 'emailAlreadyExists',
}
const loginCodes: Readonly<Record<string, LoginErrorCode>> = {
  ...captchaCodes,
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
}

/**
 * Turns a refused registration into a FAILURE (spec section 8): a field violation whose rule is
 * `EMAIL` gives `invalidEmail` with the violation's description; -19971, -19995 and -19970 give their
 * codes; anything else carries only the message. A failure worth retrying is not a refusal: the member
 * flows throw it before it gets here.
 */
export function toRegistrationFailure(error: AisleError): LoginResult {
  const violations = (error.details.validationError as { fieldViolations?: unknown } | undefined)
    ?.fieldViolations
  const violation = Array.isArray(violations)
    ? violations.find((item) => item?.ruleName === 'EMAIL' || item?.data?.type === 'EMAIL')
    : undefined
  return violation
    ? { loginState: 'FAILURE', error: String(violation.description ?? ''), errorCode: 'invalidEmail' }
    : toFailure(error, registrationCodes)
}

/**
 * Turns a refused login into a FAILURE (spec section 8): -19971, -19970, -19976 and -19973 give their
 * codes and anything else (a validation error too) gives `invalidEmail`.
 */
export function toLoginFailure(error: AisleError): LoginResult {
  return toFailure(error, loginCodes, 'invalidEmail')
}

/** Turns a refused verification into a FAILURE with the error's message. */
export function toVerificationFailure(error: AisleError): LoginResult {
  return toFailure(error, {})
}

function toFailure(
  error: AisleError,
  codes: Readonly<Record<string, LoginErrorCode>>,
  otherwise?: LoginErrorCode,
): LoginResult {
  const errorCode = Object.hasOwn(codes, error.code) ? codes[error.code] : otherwise
  return errorCode
    ? { loginState: 'FAILURE', error: error.message, errorCode }
    : { loginState: 'FAILURE', error: error.message }
}
