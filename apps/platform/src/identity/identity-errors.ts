import { ApplicationError } from '../http/errors.ts'

/** The one answer to a login with an unknown e-mail or a wrong password: the same bytes for both. */
export function wrongCredentials(): ApplicationError {
  return new ApplicationError('-19976', 'The e-mail or the password is wrong')
}

/**
 * The answer to a login of a member who has no password yet (signed on, SSO, imported): spec section
 * 8's -19973, which the SDK reads as `resetPassword`.
 */
export function passwordNotSet(): ApplicationError {
  return new ApplicationError('-19973', 'This account has no password yet: set one through password recovery')
}
