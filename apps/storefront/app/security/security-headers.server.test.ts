import { describe, expect, it } from 'vitest'
import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME, sessionCookieName } from '../platform/aisle.server'
import { serializeSessionCookie } from '../platform/session-cookie'
import { contentSecurityPolicy, createNonce, setPageSecurityHeaders } from './security-headers.server'

const origins = { platform: ['https://api.shop.example', 'https://read.shop.example'], isHttps: true }

describe('the page’s Content Security Policy', () => {
  it('allows scripts only with the page’s nonce and what they load, and nothing framing or based elsewhere', () => {
    const policy = contentSecurityPolicy('abc123', origins)
    const directives = new Map(
      policy.split('; ').map((directive) => {
        const [name = '', ...values] = directive.split(' ')
        return [name, values]
      }),
    )
    expect(directives.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"])
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'")
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('form-action')).toEqual(["'self'", ...origins.platform])
    expect(directives.get('connect-src')).toEqual(["'self'", ...origins.platform])
    expect(directives.get('media-src')).toEqual(["'self'", ...origins.platform])
  })

  it('lets a platform on this machine be reached under each loopback name at its port', () => {
    const policy = contentSecurityPolicy('n', { platform: ['http://127.0.0.1:4100'], isHttps: false })
    const formAction = policy.split('; ').find((directive) => directive.startsWith('form-action '))
    expect(formAction).toBe("form-action 'self' http://127.0.0.1:4100 http://localhost:4100")
  })

  it('gives every page a nonce of its own', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('sets the frame, type, referrer and transport headers beside the policy, HSTS over HTTPS only', () => {
    const secure = new Headers()
    setPageSecurityHeaders(secure, 'n', origins)
    expect(Object.fromEntries(secure)).toMatchObject({
      'content-security-policy': expect.stringContaining("'nonce-n'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    })
    const plain = new Headers()
    setPageSecurityHeaders(plain, 'n', { ...origins, isHttps: false })
    expect(plain.has('strict-transport-security')).toBe(false)
  })
})

describe('the session cookie’s name (SECURITY.md K2)', () => {
  it('takes the __Host- prefix over HTTPS, directly or behind a proxy that says so, and is Secure, host-only, for /', () => {
    expect(sessionCookieName(new Request('https://shop.example/cart'))).toBe(SECURE_SESSION_COOKIE_NAME)
    const proxied = new Request('http://127.0.0.1:3000/cart', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(sessionCookieName(proxied)).toBe('__Host-aisle_session')
    const cookie = serializeSessionCookie('tokens', { name: SECURE_SESSION_COOKIE_NAME, isSecure: true })
    expect(cookie).toMatch(/^__Host-aisle_session=tokens; Path=\/; /)
    expect(cookie).toMatch(/; Secure$/)
    expect(cookie).not.toMatch(/Domain=/i)
  })

  it('keeps the bare name over plain HTTP, where browsers refuse the prefix', () => {
    expect(sessionCookieName(new Request('http://localhost:3000/'))).toBe(SESSION_COOKIE_NAME)
  })
})
