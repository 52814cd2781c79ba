import { describe, expect, it, vi } from 'vitest'
import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME, sessionCookieName } from '../platform/aisle.server'
import { serializeSessionCookie } from '../platform/session-cookie'
import { storefrontBuildForTests } from '../platform/testing/storefront-build'
import {
  contentSecurityPolicy,
  createNonce,
  RESOURCE_CONTENT_SECURITY_POLICY,
  setPageSecurityPolicy,
  setSecurityHeaders,
} from './security-headers.server'

const origins = { platform: ['https://api.shop.example', 'https://read.shop.example'] }

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
    const policy = contentSecurityPolicy('n', { platform: ['http://127.0.0.1:4100'] })
    const formAction = policy.split('; ').find((directive) => directive.startsWith('form-action '))
    expect(formAction).toBe("form-action 'self' http://127.0.0.1:4100 http://localhost:4100")
  })

  it('gives every page a nonce of its own', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('sets the frame, type, referrer and transport headers beside a page’s policy, HSTS over HTTPS only', () => {
    const secure = new Headers()
    setPageSecurityPolicy(secure, 'n', origins)
    setSecurityHeaders(secure, true)
    expect(Object.fromEntries(secure)).toMatchObject({
      'content-security-policy': expect.stringContaining("'nonce-n'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    })
    const plain = new Headers()
    setSecurityHeaders(plain, false)
    expect(plain.has('strict-transport-security')).toBe(false)
    expect(plain.get('content-security-policy')).toBe(RESOURCE_CONTENT_SECURITY_POLICY)
  })
})

describe('the session cookie’s name (SECURITY.md K2)', () => {
  it('takes the __Host- prefix over HTTPS (directly or behind a trusted proxy: server.js makes the URL https), and is Secure, host-only, for /', () => {
    expect(sessionCookieName(new Request('https://shop.example/cart'))).toBe(SECURE_SESSION_COOKIE_NAME)
    const cookie = serializeSessionCookie('tokens', { name: SECURE_SESSION_COOKIE_NAME, isSecure: true })
    expect(cookie).toMatch(/^__Host-aisle_session=tokens; Path=\/; /)
    expect(cookie).toMatch(/; Secure$/)
    expect(cookie).not.toMatch(/Domain=/i)
  })

  it('keeps the bare name over plain HTTP, where browsers refuse the prefix, whatever X-Forwarded-Proto says', () => {
    expect(sessionCookieName(new Request('http://localhost:3000/'))).toBe(SESSION_COOKIE_NAME)
    const claimed = new Request('http://localhost:3000/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(sessionCookieName(claimed)).toBe(SESSION_COOKIE_NAME)
  })
})

describe('every answer of the storefront (the root’s securityHeadersMiddleware)', () => {
  const storefront = storefrontBuildForTests()

  const tee = { _id: 'p1', id: 'p1', slug: 'tee', name: 'Tee', visible: true }
  const platform = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(new Request(input, init).url)
    if (pathname === '/oauth2/token')
      return Response.json({ access_token: 'a', refresh_token: 'r', expires_in: 3600 })
    if (pathname === '/stores/v1/products/query-platformized')
      return Response.json({ products: [tee], metadata: { count: 1, offset: 0, total: 1 } })
    if (pathname === '/stores/v2/collections/query')
      return Response.json({ collections: [], metadata: { count: 0, offset: 0, total: 0 } })
    return Response.json({ message: 'unscripted' }, { status: 404 })
  }

  it.each(['/robots.txt', '/sitemap.xml', '/search/suggestions?q=tee'])(
    'gives %s the common headers and a policy that allows nothing',
    async (path) => {
      vi.stubGlobal('fetch', platform)
      const response = await storefront().handle(new Request(`http://shop.test${path}`))
      expect(response.status).toBe(200)
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
        'content-security-policy': RESOURCE_CONTENT_SECURITY_POLICY,
      })
      expect(response.headers.has('strict-transport-security')).toBe(false)
      const secure = await storefront().handle(new Request(`https://shop.test${path}`))
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    },
  )

  it('keeps a page’s own policy, with its nonce, beside the common headers', async () => {
    vi.stubGlobal('fetch', platform)
    const response = await storefront().handle(new Request('http://shop.test/no-such-page'))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+' /)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })
})
