import { describe, expect, it } from 'vitest'
import { defaultApiPrefixes, toApiPath, toApiPrefixes } from './api-prefixes.js'

describe('toApiPrefixes', () => {
  it('keeps the default table: /ecom, /stores, /bookings, /events, /redirects, /identity, /oauth2, /graphql', () => {
    expect(toApiPrefixes()).toEqual({
      ecom: '/ecom',
      stores: '/stores',
      bookings: '/bookings',
      events: '/events',
      redirects: '/redirects',
      identity: '/identity',
      oauth: '/oauth2',
      graphql: '/graphql',
    })
    expect(toApiPath('stores', '/v1/products/p1')).toBe('/stores/v1/products/p1')
  })

  it('lets an environment override some families', () => {
    const prefixes = toApiPrefixes({ stores: '/catalog/api', oauth: '' })
    expect(toApiPath('stores', '/v1/products', prefixes)).toBe('/catalog/api/v1/products')
    expect(toApiPath('oauth', '/token', prefixes)).toBe('/token')
    expect(prefixes.ecom).toBe(defaultApiPrefixes.ecom)
  })

  it.each([{ stores: 'stores' }, { stores: '/stores/' }, { stores: '/a?b' }, { shipping: '/x' }])(
    'refuses %o',
    (overrides) => {
      expect(() => toApiPrefixes(overrides as never)).toThrowError(/"apiPrefixes\.\w+" must be/)
    },
  )
})
