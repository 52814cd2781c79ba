import { describe, expect, it } from 'vitest'
import { AisleError, isAisleError } from './aisle-error.js'

describe('isAisleError', () => {
  it('recognises an AisleError', () => {
    const error = new AisleError({ code: 'NOT_FOUND', message: 'Not Found', status: 404 })
    expect(isAisleError(error)).toBe(true)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('AisleError')
    expect(error.details).toEqual({})
  })

  it('recognises an error of another copy of the SDK by its name and shape', () => {
    class AisleErrorFromAnotherCopy extends Error {
      override name = 'AisleError'
      code = 'NOT_FOUND'
    }
    expect(isAisleError(new AisleErrorFromAnotherCopy('Not Found'))).toBe(true)
  })

  it('rejects other errors and look-alikes without a code', () => {
    expect(isAisleError(new Error('x'))).toBe(false)
    expect(isAisleError({ name: 'AisleError', message: 'x' })).toBe(false)
    expect(isAisleError(null)).toBe(false)
    expect(isAisleError('AisleError')).toBe(false)
  })
})

describe('AisleError.retryable', () => {
  it.each([
    [{ code: 'NETWORK_ERROR' }, true],
    [{ code: 'SERVICE_UNAVAILABLE', status: 503 }, true],
    [{ code: 'TOO_MANY_REQUESTS', status: 429 }, true],
    [{ code: 'REQUEST_TIMEOUT', status: 408 }, true],
    [{ code: 'INVALID_GRANT', status: 400 }, false],
    [{ code: 'UNAUTHORIZED', status: 401 }, false],
    [{ code: 'INVALID_ARGUMENT' }, false],
  ])('tells a failure worth trying again from a definite one (%o)', (options, retryable) => {
    expect(new AisleError({ message: 'x', ...options }).retryable).toBe(retryable)
  })

  it('takes an explicit answer over the status', () => {
    expect(new AisleError({ message: 'x', code: 'TIMEOUT', retryable: true }).retryable).toBe(true)
  })
})
