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

/** The captcha site keys a captcha answer carries: the invisible one to try first, the visible one after. */
export interface CaptchaSiteKeys {
  invisible?: string
  visible?: string
}

/**
 * Where a registration, login or e-mail verification left the member: what `register`, `login` and
 * `processVerification` of `OAuthStrategy` resolve. SUCCESS carries the session token to exchange for
 * member tokens (`getMemberTokensForDirectLogin`); EMAIL_VERIFICATION_REQUIRED carries the state token
 * that `processVerification` needs; FAILURE carries the error and, for the codes of spec section 8, an
 * `errorCode`. A site that asks for a captcha answers -19971 (`missingCaptchaToken`) without a captcha
 * token: SILENT_CAPTCHA_REQUIRED, run the invisible captcha and send again; and -19970
 * (`invalidCaptchaToken`) to a bad or reused token: USER_CAPTCHA_REQUIRED, show the visible captcha.
 * Both carry the error, its code and the site's keys in `data.siteKeys` when the platform sends them.
 */
export type LoginResult =
  | { loginState: 'INITIAL' }
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | {
      loginState: 'USER_CAPTCHA_REQUIRED'
      error: string
      errorCode: 'invalidCaptchaToken'
      data: { siteKeys?: CaptchaSiteKeys }
    }
  | {
      loginState: 'SILENT_CAPTCHA_REQUIRED'
      error: string
      errorCode: 'missingCaptchaToken'
      data: { siteKeys?: CaptchaSiteKeys }
    }
