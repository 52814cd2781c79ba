// Loaded with the member flows (see member-flows.ts), so it imports types only.
import type { AisleError } from '../http/aisle-error.js'
import type { StateType } from '../types/identity.js'
import type { CaptchaSiteKeys, LoginErrorCode, LoginResult } from './login-state.js'

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
const registrationCodes: Readonly<Record<string, LoginErrorCode>> = {
  '-19995': 'emailAlreadyExists',
}
const loginCodes: Readonly<Record<string, LoginErrorCode>> = {
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
}

/**
 * The captcha states of spec section 4 for the captcha codes of section 8: -19971 (no captcha token,
 * `missingCaptchaToken`) gives SILENT_CAPTCHA_REQUIRED, and -19970 (a bad or reused one,
 * `invalidCaptchaToken`) gives USER_CAPTCHA_REQUIRED, each with the error and the site keys the
 * platform sends in `data.siteKeys`. Any other error gives `undefined`.
 */
export function toCaptchaRequired(error: AisleError): LoginResult | undefined {
  const data = (error.details.applicationError as { data?: { siteKeys?: unknown } } | undefined)?.data
  const siteKeys = toSiteKeys(data?.siteKeys)
  const withKeys = siteKeys ? { siteKeys } : {}
  if (error.code === '-19971')
    return {
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      error: error.message,
      errorCode: 'missingCaptchaToken',
      data: withKeys,
    }
  if (error.code === '-19970')
    return {
      loginState: 'USER_CAPTCHA_REQUIRED',
      error: error.message,
      errorCode: 'invalidCaptchaToken',
      data: withKeys,
    }
  return undefined
}

function toSiteKeys(value: unknown): CaptchaSiteKeys | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { invisible, visible } = value as Record<string, unknown>
  const keys: CaptchaSiteKeys = {}
  if (typeof invisible === 'string') keys.invisible = invisible
  if (typeof visible === 'string') keys.visible = visible
  return keys
}

/**
 * Turns a refused registration into its login state (spec sections 4 and 8): -19971 and -19970 give
 * the captcha states (see {@link toCaptchaRequired}); a field violation whose rule is `EMAIL` gives
 * FAILURE `invalidEmail` with the violation's description; -19995 gives FAILURE `emailAlreadyExists`;
 * anything else a FAILURE with only the message. A failure worth retrying is not a refusal: the member
 * flows throw it before it gets here.
 */
export function toRegistrationFailure(error: AisleError): LoginResult {
  const violations = (error.details.validationError as { fieldViolations?: unknown } | undefined)
    ?.fieldViolations
  const violation = Array.isArray(violations)
    ? violations.find((item) => item?.ruleName === 'EMAIL' || item?.data?.type === 'EMAIL')
    : undefined
  if (violation)
    return { loginState: 'FAILURE', error: String(violation.description ?? ''), errorCode: 'invalidEmail' }
  return toCaptchaRequired(error) ?? toFailure(error, registrationCodes)
}

/**
 * Turns a refused login into its login state (spec sections 4 and 8): -19971 and -19970 give the
 * captcha states (see {@link toCaptchaRequired}); -19976 and -19973 give FAILURE with their codes and
 * anything else (a validation error too) FAILURE `invalidEmail`.
 */
export function toLoginFailure(error: AisleError): LoginResult {
  return toCaptchaRequired(error) ?? toFailure(error, loginCodes, 'invalidEmail')
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
