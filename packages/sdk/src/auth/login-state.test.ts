import { describe, expect, it } from 'vitest'
import { LoginState } from './login-state.js'

describe('LoginState', () => {
  it('names the seven client login states of spec section 4', () => {
    expect(Object.values(LoginState)).toEqual([
      'INITIAL',
      'SUCCESS',
      'FAILURE',
      'EMAIL_VERIFICATION_REQUIRED',
      'OWNER_APPROVAL_REQUIRED',
      'USER_CAPTCHA_REQUIRED',
      'SILENT_CAPTCHA_REQUIRED',
    ])
  })
})
