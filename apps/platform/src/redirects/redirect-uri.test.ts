import { describe, expect, it } from 'vitest'
import { isRegisteredUri, isSafeRedirectUri, toAuthorizationResponseUrl } from './redirect-uri.ts'
import { REDIRECT_URI_CORPUS, REGISTERED } from './testing/redirect-uri-corpus.ts'

describe('redirect URIs', () => {
  it('matches the registered URI exactly', () => {
    expect(isRegisteredUri([REGISTERED], REGISTERED)).toBe(true)
  })

  it.each(REDIRECT_URI_CORPUS)('refuses %s', (_what, candidate) => {
    expect(isRegisteredUri([REGISTERED], candidate)).toBe(false)
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'vbscript:msgbox(1)',
    'http://good.com/callback',
    'https://good.com/callback#x',
    'https://user:pass@good.com/',
    'ftp://good.com/',
  ])('never redirects to %s, even when registered', (uri) => {
    expect(isSafeRedirectUri(uri)).toBe(false)
    expect(isRegisteredUri([uri], uri)).toBe(false)
  })

  it('allows http on loopback hosts only', () => {
    expect(isSafeRedirectUri('http://localhost:3000/callback')).toBe(true)
    expect(isSafeRedirectUri('http://127.0.0.1:3000/callback')).toBe(true)
    expect(isSafeRedirectUri('http://[::1]:3000/callback')).toBe(true)
    expect(isSafeRedirectUri('http://localhost.evil.com/callback')).toBe(false)
  })

  it('adds the response to the query (keeping the URI’s own parameters) or to the fragment', () => {
    const params = { code: 'c&d', state: 's=1' }
    expect(toAuthorizationResponseUrl('https://good.com/cb?x=1', params, 'query')).toBe(
      'https://good.com/cb?x=1&code=c%26d&state=s%3D1',
    )
    expect(toAuthorizationResponseUrl('https://good.com/cb', params, 'fragment')).toBe(
      'https://good.com/cb#code=c%26d&state=s%3D1',
    )
  })
})
