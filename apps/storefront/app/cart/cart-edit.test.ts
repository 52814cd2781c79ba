import { describe, expect, it } from 'vitest'
import { CartEditInputError, findCartEdit, parseCartEdit, toCartEditMessage } from './cart-edit'

const lineItemId = '3f1c9a52-8d0e-4b7a-9c21-5e6f7a8b9c0d'

function form(fields: Record<string, string>): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

describe('parseCartEdit', () => {
  it('reads each intent of the cart forms', () => {
    expect(parseCartEdit(form({ intent: 'set-quantity', lineItemId, quantity: '3' }))).toEqual({
      intent: 'set-quantity',
      lineItemId,
      quantity: 3,
    })
    expect(parseCartEdit(form({ intent: 'remove', lineItemId, name: ' Classic Tee ' }))).toEqual({
      intent: 'remove',
      lineItemId,
      name: 'Classic Tee',
    })
    expect(parseCartEdit(form({ intent: 'apply-coupon', couponCode: '  spring10 ' }))).toEqual({
      intent: 'apply-coupon',
      couponCode: 'spring10',
    })
    expect(parseCartEdit(form({ intent: 'remove-coupon' }))).toEqual({ intent: 'remove-coupon' })
    expect(parseCartEdit(form({ intent: 'save-note', buyerNote: 'Gift, please' }))).toEqual({
      intent: 'save-note',
      buyerNote: 'Gift, please',
    })
  })

  it('refuses quantities out of 1 to 99 in the shopper’s words', () => {
    for (const quantity of ['0', '100', '-1', '2.5', 'two', '']) {
      expect(() => parseCartEdit(form({ intent: 'set-quantity', lineItemId, quantity }))).toThrow(
        'Please choose a quantity from 1 to 99.',
      )
    }
  })

  it('asks for a coupon code before asking the platform, and refuses one longer than any coupon', () => {
    expect(() => parseCartEdit(form({ intent: 'apply-coupon', couponCode: '   ' }))).toThrow(
      'Please enter a coupon code.',
    )
    expect(() => parseCartEdit(form({ intent: 'apply-coupon', couponCode: 'X'.repeat(51) }))).toThrow(
      CartEditInputError,
    )
  })

  it('refuses a form without a known intent or with a line id that cannot be one', () => {
    expect(() => parseCartEdit(form({ intent: 'empty-the-store' }))).toThrow(CartEditInputError)
    expect(() => parseCartEdit(form({ intent: 'remove', lineItemId: '../../etc' }))).toThrow(
      'That item is no longer in your cart.',
    )
    expect(findCartEdit(form({ intent: 'set-quantity', lineItemId, quantity: '0' }))).toBeUndefined()
  })
})

describe('toCartEditMessage', () => {
  it('says what changed, naming the coupon as the platform spells it', () => {
    expect(toCartEditMessage({ intent: 'apply-coupon', couponCode: 'spring10' }, 'SPRING10')).toBe(
      'Coupon SPRING10 applied.',
    )
    expect(toCartEditMessage({ intent: 'remove', lineItemId, name: 'Classic Tee' })).toBe(
      'Removed Classic Tee from your cart.',
    )
    expect(toCartEditMessage({ intent: 'set-quantity', lineItemId, quantity: 4 })).toBe(
      'Quantity changed to 4.',
    )
  })
})
