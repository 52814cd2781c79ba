import type { LoginErrorCode, LoginResult } from '@aisle/sdk'

/** Which form a login state came from: the words differ a little (a new account vs an existing one). */
export type AccountForm = 'login' | 'register' | 'verify'

const failureWords: Record<Exclude<AccountForm, 'verify'>, Record<LoginErrorCode, string>> = {
  login: {
    invalidEmail: 'That e-mail and password don’t match an account. Check them and try again.',
    invalidPassword: 'That e-mail and password don’t match an account. Check them and try again.',
    emailAlreadyExists: 'An account with that e-mail already exists. Sign in instead.',
    resetPassword: 'For your security, please reset your password before signing in.',
    missingCaptchaToken: 'Please confirm you’re not a robot, then try again.',
    invalidCaptchaToken: 'We couldn’t confirm you’re not a robot. Please try again.',
  },
  register: {
    invalidEmail: 'Please enter a valid e-mail address, like name@example.com.',
    invalidPassword: 'Please choose a password of 8 to 256 characters.',
    emailAlreadyExists: 'An account with that e-mail already exists. Sign in instead.',
    resetPassword: 'For your security, please reset your password before signing in.',
    missingCaptchaToken: 'Please confirm you’re not a robot, then try again.',
    invalidCaptchaToken: 'We couldn’t confirm you’re not a robot. Please try again.',
  },
}

const otherFailure: Record<AccountForm, string> = {
  login: 'We couldn’t sign you in. Check your e-mail and password and try again.',
  register: 'We couldn’t create your account. Check the details and try again.',
  verify: 'That code isn’t right or has expired. Check the latest e-mail from us and try again.',
}

/** Words for a store that could not be reached (a retryable SDK error), whatever the form. */
export const UNAVAILABLE_MESSAGE = 'We couldn’t reach the store just now. Please try again in a moment.'

/** Words for a store whose captcha this page cannot show (no provider it knows): the account site can. */
export const CAPTCHA_UNAVAILABLE_MESSAGE =
  'This store asks you to confirm you’re not a robot in a way this page can’t show. Please sign in on the shop’s account site instead.'

/**
 * The shopper's words for a login state that did not sign them in (never the platform's raw message):
 * a FAILURE by its `errorCode`, the pending states by what the shopper must do next (the captcha states:
 * answer the captcha the form now shows, then send again). SUCCESS and INITIAL have none.
 */
export function toLoginMessage(result: LoginResult, form: AccountForm): string | undefined {
  switch (result.loginState) {
    case 'FAILURE':
      return result.errorCode && form !== 'verify' ? failureWords[form][result.errorCode] : otherFailure[form]
    case 'EMAIL_VERIFICATION_REQUIRED':
      return 'Please confirm your e-mail address: we’ve e-mailed you a code. Enter it below.'
    case 'OWNER_APPROVAL_REQUIRED':
      return form !== 'login'
        ? 'Thanks for signing up! The store will review your account; you can sign in once it’s approved.'
        : 'Your account is waiting for the store’s approval. You can sign in once it’s approved.'
    case 'USER_CAPTCHA_REQUIRED':
    case 'SILENT_CAPTCHA_REQUIRED':
      return failureWords[form === 'verify' ? 'login' : form][result.errorCode]
    default:
      return undefined
  }
}
