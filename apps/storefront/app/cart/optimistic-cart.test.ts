import { describe, expect, it } from 'vitest'
import type { CartLineView, CartView } from './cart-view'
import { applyCartEdits } from './optimistic-cart'

function line(id: string, overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    id,
    name: `Item ${id}`,
    isCustom: false,
    options: [],
    quantity: 1,
    unitMinor: 1920,
    unitPrice: '$19.20',
    lineTotal: '$19.20',
    availability: { status: 'available' },
    ...overrides,
  }
}

// Two tees at $19.20 and a $31.00 henley: $69.40.
const cart: CartView = {
  currency: 'USD',
  itemCount: 3,
  subtotalMinor: 6940,
  subtotal: '$69.40',
  buyerNote: '',
  couponCode: 'SPRING10',
  lines: [
    line('tee', { quantity: 2, lineTotal: '$38.40' }),
    line('henley', { unitMinor: 3100, unitPrice: '$31.00', lineTotal: '$31.00' }),
  ],
}

describe('applyCartEdits', () => {
  it('shows the platform’s cart unchanged when nothing is on its way', () => {
    expect(applyCartEdits(cart, [])).toBe(cart)
  })

  it('shows a new quantity at once, with the line total, subtotal and count worked out in cents', () => {
    const next = applyCartEdits(cart, [{ intent: 'set-quantity', lineItemId: 'tee', quantity: 3 }])
    expect(next.lines[0]).toMatchObject({ quantity: 3, lineTotal: '$57.60', isPending: true })
    expect(next.lines[1]?.isPending).toBeUndefined()
    expect(next).toMatchObject({ itemCount: 4, subtotalMinor: 8860, subtotal: '$88.60', isPending: true })
  })

  it('takes a removed line out at once and leaves the rest as they were', () => {
    const next = applyCartEdits(cart, [{ intent: 'remove', lineItemId: 'tee', name: 'Item tee' }])
    expect(next.lines.map((each) => each.id)).toEqual(['henley'])
    expect(next).toMatchObject({ itemCount: 1, subtotal: '$31.00' })
  })

  it('counts in the subtotal only what can be bought, as the platform does', () => {
    const partly = {
      ...cart,
      subtotalMinor: 3840 + 3100,
      lines: [
        line('tee', { quantity: 5, availability: { status: 'partial', quantityAvailable: 2 } }),
        line('henley', { unitMinor: 3100, availability: { status: 'sold-out' } }),
      ],
    } satisfies CartView
    const lowered = applyCartEdits(partly, [{ intent: 'set-quantity', lineItemId: 'tee', quantity: 1 }])
    expect(lowered.subtotal).toBe('$50.20')
    const soldOutGone = applyCartEdits(partly, [{ intent: 'remove', lineItemId: 'henley', name: '' }])
    expect(soldOutGone.subtotalMinor).toBe(partly.subtotalMinor)
  })

  it('removes the coupon and keeps the note at once, but never guesses that a coupon applies', () => {
    expect(applyCartEdits(cart, [{ intent: 'remove-coupon' }]).couponCode).toBeUndefined()
    expect(applyCartEdits(cart, [{ intent: 'save-note', buyerNote: 'Gift' }]).buyerNote).toBe('Gift')
    const { couponCode, ...withoutCoupon } = cart
    expect(
      applyCartEdits(withoutCoupon, [{ intent: 'apply-coupon', couponCode: 'X' }]).couponCode,
    ).toBeUndefined()
  })

  it('reconciles with the platform’s answer: a line it says is only partly in stock shows as it says', () => {
    // The shopper asked for 6 tees; optimistically the line says 6 and counts all of them.
    const asked = applyCartEdits(cart, [{ intent: 'set-quantity', lineItemId: 'tee', quantity: 6 }])
    expect(asked.subtotal).toBe('$146.20')
    // The platform keeps 6 but has 4 in stock: once its cart arrives the edit is no longer pending.
    const answered: CartView = {
      ...cart,
      itemCount: 7,
      subtotalMinor: 4 * 1920 + 3100,
      subtotal: '$107.80',
      lines: [
        line('tee', {
          quantity: 6,
          lineTotal: '$115.20',
          availability: { status: 'partial', quantityAvailable: 4 },
        }),
        cart.lines[1] as CartLineView,
      ],
    }
    const shown = applyCartEdits(answered, [])
    expect(shown.subtotal).toBe('$107.80')
    expect(shown.lines[0]?.availability).toEqual({ status: 'partial', quantityAvailable: 4 })
  })

  it('keeps a later edit on top of the cart an earlier one produced, until its own answer comes', () => {
    const afterFirst: CartView = {
      ...cart,
      itemCount: 4,
      subtotalMinor: 3 * 1920 + 3100,
      subtotal: '$88.60',
      lines: [line('tee', { quantity: 3, lineTotal: '$57.60' }), cart.lines[1] as CartLineView],
    }
    const next = applyCartEdits(afterFirst, [{ intent: 'set-quantity', lineItemId: 'henley', quantity: 2 }])
    expect(next.lines.map((each) => each.quantity)).toEqual([3, 2])
    expect(next.subtotal).toBe('$119.60')
  })
})
