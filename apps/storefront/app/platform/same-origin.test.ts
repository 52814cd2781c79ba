import { describe, expect, it } from 'vitest'
import { isSameOriginPost, requireSameOriginPost } from './same-origin'

const post = (headers: Record<string, string>, url = 'http://127.0.0.1:3000/account/login') =>
  new Request(url, { method: 'POST', headers })

describe('isSameOriginPost', () => {
  it('accepts a post from a page of the storefront', () => {
    expect(isSameOriginPost(post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:3000' }))).toBe(
      true,
    )
    expect(isSameOriginPost(post({ Origin: 'http://127.0.0.1:3000' }))).toBe(true)
  })

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site: %s', (site) => {
    expect(isSameOriginPost(post({ 'Sec-Fetch-Site': site, Origin: 'http://127.0.0.1:3000' }))).toBe(false)
  })

  it.each([
    'https://evil.com',
    'null',
    'http://127.0.0.1:3001',
    'https://127.0.0.1:3000',
    'http://127.0.0.1:3000.evil.com',
    'http://localhost:3000',
    '',
  ])('refuses Origin: %j', (origin) => {
    expect(isSameOriginPost(post({ Origin: origin }))).toBe(false)
  })

  it('lets Fetch Metadata decide when both are present', () => {
    expect(isSameOriginPost(post({ 'Sec-Fetch-Site': 'cross-site', Origin: 'http://127.0.0.1:3000' }))).toBe(
      false,
    )
  })

  it('accepts the https origin behind a trusted proxy that ends TLS (server.js makes the URL https)', () => {
    const request = post({ Origin: 'https://shop.example.com' }, 'https://shop.example.com/account/login')
    expect(isSameOriginPost(request)).toBe(true)
  })

  it('does not take a plain http request for https because it says X-Forwarded-Proto', () => {
    const request = post(
      { Origin: 'https://shop.example.com', 'X-Forwarded-Proto': 'https' },
      'http://shop.example.com/account/login',
    )
    expect(isSameOriginPost(request)).toBe(false)
  })

  it('accepts a post that carries neither header', () => {
    expect(isSameOriginPost(post({}))).toBe(true)
  })
})

describe('requireSameOriginPost', () => {
  it('throws a 403 for a cross-site post', () => {
    let thrown: unknown
    try {
      requireSameOriginPost(post({ 'Sec-Fetch-Site': 'cross-site' }))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ init: { status: 403 }, data: { code: 'CROSS_SITE_REQUEST' } })
  })
})
