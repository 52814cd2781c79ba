import { describe, expect, it } from 'vitest'
import { DEFAULT_RETURN_PATH, toSafeReturnPath } from './return-to'

describe('toSafeReturnPath', () => {
  it.each(['/', '/cart', '/products?q=tee&page=2', '/products/classic-tee?Size=M#reviews', '/account'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(toSafeReturnPath(path)).toBe(path)
    },
  )

  const hostile = [
    '//evil.com',
    '//evil.com/cart',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    'https://evil.com',
    'http://evil.com/cart',
    'HTTPS://evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '%2Fevil.com',
    '/%0a/evil.com',
    '/%09/evil.com',
    '/%E0%A4%A',
    'javascript%3Aalert(1)',
    'evil.com',
    'cart',
    '',
    '/cart\u0000',
    '/cart\u2028',
    `/${'a'.repeat(2_001)}`,
  ]
  it.each(hostile)('refuses %j', (value) => {
    expect(toSafeReturnPath(value)).toBe(DEFAULT_RETURN_PATH)
  })

  it.each([undefined, null, 42, ['/cart'], { href: '/cart' }])('refuses the non-string %j', (value) => {
    expect(toSafeReturnPath(value)).toBe(DEFAULT_RETURN_PATH)
  })

  it('does not come back to the sign-in or sign-out pages', () => {
    expect(toSafeReturnPath('/account/login')).toBe(DEFAULT_RETURN_PATH)
    expect(toSafeReturnPath('/account/logout')).toBe(DEFAULT_RETURN_PATH)
  })

  it('uses the given fallback', () => {
    expect(toSafeReturnPath('//evil.com', '/')).toBe('/')
  })
})
