import { describe, expect, it } from 'vitest'
import { findCookie, isHttpsRequest, serializeSessionCookie } from './session-cookie'

const options = { name: 'aisle_session', maxAgeSeconds: 2_592_000, isSecure: false }

describe('findCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(findCookie('theme=dark; aisle_session=%7B%22a%22%3A1%7D; other=x', 'aisle_session')).toBe(
      '{"a":1}',
    )
  })

  it('returns undefined when the header or the cookie is missing, or the value is not decodable', () => {
    expect(findCookie(null, 'aisle_session')).toBeUndefined()
    expect(findCookie('aisle_sessionx=1', 'aisle_session')).toBeUndefined()
    expect(findCookie('aisle_session=%E0%A4%A', 'aisle_session')).toBeUndefined()
  })
})

describe('serializeSessionCookie', () => {
  it('writes an HttpOnly, SameSite=Lax cookie for the whole site that lasts thirty days', () => {
    expect(serializeSessionCookie('{"a":1}', options)).toBe(
      'aisle_session=%7B%22a%22%3A1%7D; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax',
    )
  })

  it('adds Secure over HTTPS', () => {
    expect(serializeSessionCookie('v', { ...options, isSecure: true })).toMatch(/; Secure$/)
  })

  it('expires the cookie when the value is empty', () => {
    expect(serializeSessionCookie('', options)).toBe(
      'aisle_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })

  it('writes a cookie for the browser session when no lifetime is given, and still expires an empty one', () => {
    const forSession = { name: 'aisle_shipping', isSecure: false }
    expect(serializeSessionCookie('v', forSession)).toBe('aisle_shipping=v; Path=/; HttpOnly; SameSite=Lax')
    expect(serializeSessionCookie('', forSession)).toBe(
      'aisle_shipping=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })

  it('round-trips through findCookie', () => {
    const value = 'tokens; with = signs, commas and ünicode'
    const header = serializeSessionCookie(value, options).split(';')[0] ?? ''
    expect(findCookie(header, 'aisle_session')).toBe(value)
  })
})

describe('isHttpsRequest', () => {
  it('is true for https URLs (as server.js builds them behind a trusted proxy that forwarded https)', () => {
    expect(isHttpsRequest(new Request('https://shop.example/'))).toBe(true)
  })

  it('is false for plain http, whatever X-Forwarded-Proto the request carries (server.js alone believes it)', () => {
    expect(isHttpsRequest(new Request('http://127.0.0.1:3000/'))).toBe(false)
    const claimed = new Request('http://127.0.0.1:3000/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(isHttpsRequest(claimed)).toBe(false)
  })
})
