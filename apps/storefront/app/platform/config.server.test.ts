import { describe, expect, it } from 'vitest'
import { parseConfig, toSiteUrl } from './config.server'

describe('parseConfig', () => {
  it('uses the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      apiUrl: 'http://127.0.0.1:4000',
      readOnlyApiUrl: 'http://127.0.0.1:4000',
      clientId: '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13',
    })
  })

  it('reads the environment and defaults the read-only host to the API host', () => {
    const config = parseConfig({ AISLE_API_URL: 'https://api.example/', AISLE_CLIENT_ID: 'c1' })
    expect(config).toEqual({
      apiUrl: 'https://api.example',
      readOnlyApiUrl: 'https://api.example',
      clientId: 'c1',
    })
  })

  it('reads the public URL of the storefront, without a trailing slash', () => {
    const config = parseConfig({ AISLE_STOREFRONT_URL: 'https://shop.example/' })
    expect(config.siteUrl).toBe('https://shop.example')
    expect(() => parseConfig({ AISLE_STOREFRONT_URL: 'shop.example' })).toThrow(/"AISLE_STOREFRONT_URL"/)
  })

  it('reads the key that seals the hosted login’s cookie, and none from an empty variable', () => {
    expect(parseConfig({ AISLE_COOKIE_SECRET: 's3cret' }).cookieSecret).toBe('s3cret')
    expect(parseConfig({ AISLE_COOKIE_SECRET: '' }).cookieSecret).toBeUndefined()
    expect(parseConfig({}).cookieSecret).toBeUndefined()
  })

  it('names the variable when a URL is not usable', () => {
    expect(() => parseConfig({ AISLE_READ_ONLY_API_URL: 'replica:5432' })).toThrow(
      /"AISLE_READ_ONLY_API_URL"/,
    )
  })
})

describe('toSiteUrl', () => {
  it('prefers the configured public URL to the origin a request arrived at', () => {
    const request = new Request('http://10.0.0.7:3000/products?q=tee')
    expect(toSiteUrl(parseConfig({}), request)).toBe('http://10.0.0.7:3000')
    expect(toSiteUrl(parseConfig({ AISLE_STOREFRONT_URL: 'https://shop.example' }), request)).toBe(
      'https://shop.example',
    )
  })
})
