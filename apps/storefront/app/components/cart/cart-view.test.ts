import type { Cart } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { countCartItems, toCartView } from './cart-view'

describe('countCartItems', () => {
  it('sums the quantities of the lines, and a missing cart counts none', () => {
    expect(countCartItems({ lineItems: [{ quantity: 2 }, { quantity: 1 }] })).toBe(3)
    expect(countCartItems(undefined)).toBe(0)
  })
})

describe('toCartView', () => {
  const cart: Cart = {
    _id: 'c1',
    currency: 'USD',
    subtotal: { amount: '40.00' },
    lineItems: [
      {
        _id: 'l1',
        quantity: 2,
        productName: { original: 'Linen shirt' },
        price: { amount: '20.00' },
        lineItemPrice: { amount: '40.00' },
        availability: { status: 'AVAILABLE' as const },
        image: { url: '/media/m1', width: 800, height: 1000, altText: 'A shirt' },
        descriptionLines: [
          { name: { original: 'Size' }, lineType: 'PLAIN_TEXT' as const, plainText: { original: 'M' } },
          {
            name: { original: 'Color' },
            lineType: 'COLOR' as const,
            colorInfo: { original: 'Sand', code: '#d8c8a8' },
          },
        ],
      },
    ],
  }

  it('formats prices in the cart’s currency and reads the options from the description lines', () => {
    expect(toCartView(cart, 'http://127.0.0.1:4000')).toEqual({
      itemCount: 2,
      subtotal: '$40.00',
      lines: [
        {
          id: 'l1',
          name: 'Linen shirt',
          options: [
            { name: 'Size', value: 'M' },
            { name: 'Color', value: 'Sand' },
          ],
          quantity: 2,
          unitPrice: '$20.00',
          lineTotal: '$40.00',
          isAvailable: true,
          image: { url: 'http://127.0.0.1:4000/media/m1', width: 800, height: 1000, alt: '' },
        },
      ],
    })
  })
})
