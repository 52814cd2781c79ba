import { describe, expect, it } from 'vitest'
import { AisleError } from '../http/aisle-error.js'
import {
  toCaptchaRequired,
  toLoginFailure,
  toLoginResult,
  toRegistrationFailure,
  toVerificationFailure,
} from './login-result.js'

function applicationError(code: string | number, message = 'refused', data: unknown = {}) {
  return new AisleError({
    message,
    code: String(code),
    status: 400,
    details: { applicationError: { description: message, code, data } },
  })
}

const siteKeys = { invisible: 'invisible-key', visible: 'visible-key' }

function validationError(violation: Record<string, unknown>) {
  return new AisleError({
    message: `INVALID_ARGUMENT: "${violation.field}" ${violation.description}`,
    code: 'INVALID_ARGUMENT',
    status: 400,
    details: { validationError: { fieldViolations: [violation] } },
  })
}

describe('toLoginResult', () => {
  it('maps SUCCESS to SUCCESS with the session token', () => {
    expect(toLoginResult({ state: 'SUCCESS', sessionToken: 'session-1' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'session-1' },
    })
  })

  it('maps REQUIRE_OWNER_APPROVAL to OWNER_APPROVAL_REQUIRED', () => {
    expect(toLoginResult({ state: 'REQUIRE_OWNER_APPROVAL' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
  })

  it('maps REQUIRE_EMAIL_VERIFICATION to EMAIL_VERIFICATION_REQUIRED with the state token', () => {
    expect(toLoginResult({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-1' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'state-1' },
    })
  })

  it.each(['STATUS_CHECK', 'UNKNOWN_STATE', undefined, 'constructor'])(
    "maps any other state (%s) to FAILURE 'Unknown _state'",
    (state) => {
      expect(toLoginResult({ state: state as never })).toEqual({
        loginState: 'FAILURE',
        error: 'Unknown _state',
      })
    },
  )
})

describe('toCaptchaRequired', () => {
  it.each([
    [-19971, 'SILENT_CAPTCHA_REQUIRED', 'missingCaptchaToken'],
    ['-19971', 'SILENT_CAPTCHA_REQUIRED', 'missingCaptchaToken'],
    [-19970, 'USER_CAPTCHA_REQUIRED', 'invalidCaptchaToken'],
    ['-19970', 'USER_CAPTCHA_REQUIRED', 'invalidCaptchaToken'],
  ])(
    'gives %s as %s (%s) with the site keys, for registration and login alike',
    (code, loginState, errorCode) => {
      const error = applicationError(code, 'A captcha answer is required', { loginState, siteKeys })
      const expected = { loginState, error: 'A captcha answer is required', errorCode, data: { siteKeys } }
      expect(toCaptchaRequired(error)).toEqual(expected)
      expect(toRegistrationFailure(error)).toEqual(expected)
      expect(toLoginFailure(error)).toEqual(expected)
    },
  )

  it('keeps only the string keys, and none when the platform sends none', () => {
    const odd = applicationError(-19970, 'bad', { siteKeys: { invisible: 7, visible: 'v', extra: 'x' } })
    expect(toCaptchaRequired(odd)).toMatchObject({ data: { siteKeys: { visible: 'v' } } })
    expect((toCaptchaRequired(odd) as { data: object }).data).toEqual({ siteKeys: { visible: 'v' } })
    expect(toCaptchaRequired(applicationError(-19971, 'missing', null))).toEqual({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      error: 'missing',
      errorCode: 'missingCaptchaToken',
      data: {},
    })
  })

  it('leaves every other error to the FAILURE mapping', () => {
    expect(toCaptchaRequired(applicationError(-19976))).toBeUndefined()
    expect(toCaptchaRequired(applicationError(-19995))).toBeUndefined()
  })
})

describe('toRegistrationFailure', () => {
  it.each([
    [-19995, 'emailAlreadyExists'],
    ['-19995', 'emailAlreadyExists'],
  ])('gives the code of %s as %s', (code, errorCode) => {
    expect(toRegistrationFailure(applicationError(code, 'Email already exists'))).toEqual({
      loginState: 'FAILURE',
      error: 'Email already exists',
      errorCode,
    })
  })

  it('gives invalidEmail with the description of a violation whose ruleName is EMAIL', () => {
    const error = validationError({
      field: 'loginId.email',
      description: 'must be an e-mail address',
      violatedRule: 'FORMAT',
      ruleName: 'EMAIL',
    })
    expect(toRegistrationFailure(error)).toEqual({
      loginState: 'FAILURE',
      error: 'must be an e-mail address',
      errorCode: 'invalidEmail',
    })
  })

  it('carries only the message for any other failure', () => {
    expect(toRegistrationFailure(applicationError(-19976, 'nope'))).toEqual({
      loginState: 'FAILURE',
      error: 'nope',
    })
    const other = validationError({
      field: 'password',
      description: 'is too short',
      violatedRule: 'MIN_LENGTH',
    })
    expect(toRegistrationFailure(other)).toEqual({ loginState: 'FAILURE', error: other.message })
  })
})

describe('toLoginFailure', () => {
  it.each([
    [-19976, 'invalidPassword'],
    ['-19976', 'invalidPassword'],
    [-19973, 'resetPassword'],
    [-19995, 'invalidEmail'],
    ['MEMBER_NOT_FOUND', 'invalidEmail'],
  ])('gives the code of %s as %s', (code, errorCode) => {
    expect(toLoginFailure(applicationError(code, 'Wrong e-mail or password'))).toEqual({
      loginState: 'FAILURE',
      error: 'Wrong e-mail or password',
      errorCode,
    })
  })

  it('turns a validation error into a FAILURE with invalidEmail, never a crash', () => {
    const error = validationError({
      field: 'loginId.email',
      description: 'must not be empty',
      violatedRule: 'REQUIRED_FIELD',
    })
    expect(toLoginFailure(error)).toEqual({
      loginState: 'FAILURE',
      error: error.message,
      errorCode: 'invalidEmail',
    })
  })
})

describe('toVerificationFailure', () => {
  it('carries the message of a refused code', () => {
    expect(toVerificationFailure(applicationError('INVALID_CODE', 'The code is wrong'))).toEqual({
      loginState: 'FAILURE',
      error: 'The code is wrong',
    })
  })
})
