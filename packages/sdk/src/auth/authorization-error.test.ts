import { describe, expect, it } from 'vitest'
import { AisleError } from '../http/aisle-error.js'
import { toUpperSnakeCase } from '../http/status-text.js'
import { toAuthorizationError } from './authorization-error.js'

const kit = { AisleError, toUpperSnakeCase }

describe('toAuthorizationError', () => {
  it('names the OAuth error as the code and its description as the message', () => {
    expect(
      toAuthorizationError({ error: 'login_required', error_description: 'No session' }, kit),
    ).toMatchObject({
      name: 'AisleError',
      code: 'LOGIN_REQUIRED',
      message: 'No session',
      details: { error: 'login_required', error_description: 'No session' },
    })
    expect(toAuthorizationError({ error: 'access_denied' }, kit).message).toBe('access_denied')
  })
})
