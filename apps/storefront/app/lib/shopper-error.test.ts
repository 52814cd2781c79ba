import { describe, expect, it } from 'vitest'
import { findErrorCode, toShopperError } from './shopper-error'

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

  it('never repeats a raw message', () => {
    expect(toShopperError(500).message).toBe('Something went wrong on our side. Please try again.')
  })
})

describe('findErrorCode', () => {
  it('reads a string code from route error data and ignores anything else', () => {
    expect(findErrorCode({ code: 'PRODUCT_NOT_FOUND' })).toBe('PRODUCT_NOT_FOUND')
    expect(findErrorCode({ code: 42 })).toBeUndefined()
    expect(findErrorCode('Not Found')).toBeUndefined()
    expect(findErrorCode(null)).toBeUndefined()
  })
})
