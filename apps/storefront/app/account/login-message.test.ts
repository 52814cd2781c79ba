import type { LoginErrorCode } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toLoginMessage } from './login-message'

const codes: LoginErrorCode[] = [
  'invalidEmail',
  'invalidPassword',
  'emailAlreadyExists',
  'resetPassword',
  'missingCaptchaToken',
  'invalidCaptchaToken',
]

describe('toLoginMessage', () => {
  it.each(codes)('gives shopper words for %s, never the platform message', (errorCode) => {
    for (const form of ['login', 'register'] as const) {
      const message = toLoginMessage({ loginState: 'FAILURE', error: 'raw -19976 message', errorCode }, form)
      expect(message).toMatch(/^[A-Z].*\.$/)
      expect(message).not.toContain('raw')
    }
  })

  it('says the same for an unknown e-mail and a wrong password, revealing no account', () => {
    const unknownEmail = toLoginMessage(
      { loginState: 'FAILURE', error: 'x', errorCode: 'invalidEmail' },
      'login',
    )
    const wrongPassword = toLoginMessage(
      { loginState: 'FAILURE', error: 'x', errorCode: 'invalidPassword' },
      'login',
    )
    expect(unknownEmail).toBe(wrongPassword)
  })

  it('tells a new shopper that the e-mail is taken and how to go on', () => {
    expect(
      toLoginMessage({ loginState: 'FAILURE', error: 'x', errorCode: 'emailAlreadyExists' }, 'register'),
    ).toBe('An account with that e-mail already exists. Sign in instead.')
  })

  it('asks for a valid e-mail address when registering with a malformed one', () => {
    expect(
      toLoginMessage({ loginState: 'FAILURE', error: 'bad format', errorCode: 'invalidEmail' }, 'register'),
    ).toBe('Please enter a valid e-mail address, like name@example.com.')
  })

  it('answers a failure without a code in general words', () => {
    expect(toLoginMessage({ loginState: 'FAILURE', error: 'Unknown _state' }, 'login')).toBe(
      'We couldn’t sign you in. Check your e-mail and password and try again.',
    )
    expect(toLoginMessage({ loginState: 'FAILURE', error: 'password too short' }, 'register')).toBe(
      'We couldn’t create your account. Check the details and try again.',
    )
  })

  it('explains the pending states', () => {
    expect(toLoginMessage({ loginState: 'OWNER_APPROVAL_REQUIRED' }, 'login')).toContain('approval')
    expect(toLoginMessage({ loginState: 'OWNER_APPROVAL_REQUIRED' }, 'register')).toContain('approved')
    expect(
      toLoginMessage({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 't' } }, 'register'),
    ).toContain('confirm your e-mail')
    const captcha = { error: 'captcha', data: {} }
    expect(
      toLoginMessage(
        { loginState: 'USER_CAPTCHA_REQUIRED', errorCode: 'invalidCaptchaToken', ...captcha },
        'login',
      ),
    ).toBe('We couldn’t confirm you’re not a robot. Please try again.')
    expect(
      toLoginMessage(
        { loginState: 'SILENT_CAPTCHA_REQUIRED', errorCode: 'missingCaptchaToken', ...captcha },
        'register',
      ),
    ).toBe('Please confirm you’re not a robot, then try again.')
    expect(toLoginMessage({ loginState: 'OWNER_APPROVAL_REQUIRED' }, 'verify')).toContain('approved')
    expect(toLoginMessage({ loginState: 'FAILURE', error: 'wrong code' }, 'verify')).toBe(
      'That code isn’t right or has expired. Check the latest e-mail from us and try again.',
    )
  })

  it('has nothing to say for a success', () => {
    expect(toLoginMessage({ loginState: 'SUCCESS', data: { sessionToken: 's' } }, 'login')).toBeUndefined()
  })
})
