import { AisleError } from '@aisle/sdk'
import { describe, expect, it, vi } from 'vitest'
import { runSilentLogin, type SilentLoginAnswer } from './silent-login-steps'

const start = {
  authUrl: 'http://api.test/_auth/authorize?session=s1',
  state: 'state-1',
  form: 'login',
} as const

describe('runSilentLogin', () => {
  it('runs the frame on the auth URL and state, then posts exactly its code and state', async () => {
    const authorize = vi.fn(async () => ({ code: 'code-1', state: 'state-1' }))
    const finish = vi.fn(async (_: SilentLoginAnswer) => undefined)
    expect(await runSilentLogin(start, { authorize, finish })).toBeUndefined()
    expect(authorize).toHaveBeenCalledWith(start.authUrl, start.state)
    expect(finish).toHaveBeenCalledWith({ code: 'code-1', state: 'state-1' })
  })

  it.each([
    new AisleError({ code: 'LOGIN_REQUIRED', message: 'The member is not signed in' }),
    new AisleError({ code: 'TIMEOUT', message: 'OAuth flow timed out' }),
    new AisleError({
      code: 'UNSUPPORTED',
      message: 'A silent login cannot run on a cross-origin isolated page',
    }),
  ])('answers a failed frame ($code) in shopper words, and posts nothing', async (error) => {
    const finish = vi.fn(async () => undefined)
    const message = await runSilentLogin(start, { authorize: () => Promise.reject(error), finish })
    expect(message).toBe(
      'We couldn’t finish signing you in on this page. Please sign in on the shop’s account site instead.',
    )
    expect(message).not.toContain(error.message)
    expect(finish).not.toHaveBeenCalled()
  })

  it('tells a new member that the account exists even though the frame failed', async () => {
    const failed = { authorize: () => Promise.reject(new Error('x')), finish: async () => undefined }
    expect(await runSilentLogin({ ...start, form: 'register' }, failed)).toMatch(
      /^Your account is ready, but /,
    )
    expect(await runSilentLogin({ ...start, form: 'verify' }, failed)).toMatch(
      /^Your e-mail is confirmed, but /,
    )
  })

  it('answers in shopper words when the finishing post cannot be sent', async () => {
    const message = await runSilentLogin(start, {
      authorize: async () => ({ code: 'code-1', state: 'state-1' }),
      finish: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    expect(message).toMatch(/shop’s account site/)
  })
})
