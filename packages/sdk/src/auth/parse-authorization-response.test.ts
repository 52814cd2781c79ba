import { describe, expect, it } from 'vitest'
import { parseAuthorizationResponse } from './parse-authorization-response.js'

describe('parseAuthorizationResponse', () => {
  it('reads code, state, error and error_description', () => {
    expect(parseAuthorizationResponse(new URLSearchParams('code=c1&state=s1&other=x'))).toEqual({
      code: 'c1',
      state: 's1',
    })
    expect(
      parseAuthorizationResponse(
        new URLSearchParams('error=access_denied&error_description=No%20thanks&state=s1'),
      ),
    ).toEqual({ error: 'access_denied', error_description: 'No thanks', state: 's1' })
  })

  it('answers nothing for a callback with no parameters', () => {
    expect(parseAuthorizationResponse(new URLSearchParams(''))).toEqual({})
  })

  it.each(['code=a&code=b&state=s', 'code=a&state=s&state=t', 'error=a&error=b'])(
    'refuses a parameter given twice (%s)',
    (search) => {
      expect(() => parseAuthorizationResponse(new URLSearchParams(search))).toThrowError(/must appear once/)
    },
  )

  it('keeps state values named like Object.prototype members as plain strings', () => {
    for (const state of ['constructor', '__proto__', 'toString']) {
      const response = parseAuthorizationResponse(new URLSearchParams({ code: 'c', state }))
      expect(response.state).toBe(state)
      expect(Object.getPrototypeOf(response)).toBe(Object.prototype)
    }
  })
})
