import { describe, expect, it } from 'vitest'
import { findShopperError } from './failed-page'
import { findErrorReason, toShopperError, toShopperErrorResponse, toShopperStatus } from './shopper-error'

describe('toShopperError', () => {
  it('prefers the stable code over the status', () => {
    expect(toShopperError(404, 'PRODUCT_NOT_FOUND').title).toBe('Product not found')
    expect(toShopperError(404, 'COLLECTION_NOT_FOUND').title).toBe('Collection not found')
    expect(toShopperError(400, 'INSUFFICIENT_INVENTORY').message).toMatch(/smaller quantity/)
  })

  it('falls back to the status for codes it does not know', () => {
    expect(toShopperError(404, 'SOMETHING_NEW').title).toBe('Page not found')
    expect(toShopperError(422).title).toBe('Please check your choices')
  })

  it('tells the shopper the store is unreachable for gateway failures and network errors', () => {
    expect(toShopperError(503).title).toBe('The store is taking a break')
    expect(toShopperError(0).title).toBe('The store is taking a break')
  })

  it('tells why a coupon was refused, by the reason the platform gives', () => {
    expect(toShopperError(404, 'COUPON_NOT_FOUND').message).toBe(
      'We don’t recognise that coupon code. Please check it and try again.',
    )
    expect(toShopperError(400, 'COUPON_NOT_APPLICABLE', 'EXPIRED').message).toBe('That coupon has expired.')
    expect(toShopperError(400, 'COUPON_NOT_APPLICABLE', 'NOT_STARTED').message).toMatch(/isn’t active yet/)
    expect(toShopperError(400, 'COUPON_NOT_APPLICABLE', 'USAGE_LIMIT_REACHED').message).toMatch(
      /reached its limit/,
    )
    expect(toShopperError(400, 'COUPON_NOT_APPLICABLE', 'SOMETHING_NEW').message).toBe(
      'That coupon can’t be used on this cart.',
    )
  })

  it('never repeats a raw message', () => {
    expect(toShopperError(500).message).toBe('Something went wrong on our side. Please try again.')
  })
})

describe('toShopperStatus', () => {
  it('keeps the platform’s 4xx, which the shopper can act on', () => {
    expect(toShopperStatus({ status: 400 })).toBe(400)
    expect(toShopperStatus({ status: 404 })).toBe(404)
    expect(toShopperStatus({ status: 429 })).toBe(429)
    expect(toShopperStatus({ status: 499 })).toBe(499)
  })

  it('answers 503 for the platform’s failures and for no answer at all, never a 500', () => {
    expect(toShopperStatus({ status: 500 })).toBe(503)
    expect(toShopperStatus({ status: 502 })).toBe(503)
    expect(toShopperStatus({ status: 399 })).toBe(503)
    expect(toShopperStatus({ status: 0 })).toBe(503)
    expect(toShopperStatus({})).toBe(503)
  })
})

describe('toShopperErrorResponse and findShopperError', () => {
  it('carry the words for a code from the server to the error boundary', () => {
    const response = toShopperErrorResponse(404, 'PRODUCT_NOT_FOUND')
    expect(response.init?.status).toBe(404)
    expect(response.data.code).toBe('PRODUCT_NOT_FOUND')
    expect(findShopperError(response.data)).toEqual(toShopperError(404, 'PRODUCT_NOT_FOUND'))
    expect(findShopperError(toShopperErrorResponse(503).data)?.title).toBe(toShopperError(503).title)
  })

  it('reads words only where both are strings', () => {
    expect(findShopperError({ code: 'PRODUCT_NOT_FOUND' })).toBeUndefined()
    expect(findShopperError({ title: 'Gone', message: 42 })).toBeUndefined()
    expect(findShopperError('Not Found')).toBeUndefined()
    expect(findShopperError(null)).toBeUndefined()
  })
})

describe('findErrorReason', () => {
  it('reads the reason of an application error and nothing else', () => {
    expect(
      findErrorReason({ applicationError: { code: 'COUPON_NOT_APPLICABLE', data: { reason: 'EXPIRED' } } }),
    ).toBe('EXPIRED')
    expect(findErrorReason({ applicationError: { code: 'COUPON_NOT_FOUND', data: {} } })).toBeUndefined()
    expect(findErrorReason({ validationError: { fieldViolations: [] } })).toBeUndefined()
    expect(findErrorReason(undefined)).toBeUndefined()
  })
})
