import { ApplicationError } from '../http/errors.ts'

/** The one answer to a login with an unknown e-mail or a wrong password: the same bytes for both. */
export function wrongCredentials(): ApplicationError {
  return new ApplicationError('-19976', 'The e-mail or the password is wrong')
}
