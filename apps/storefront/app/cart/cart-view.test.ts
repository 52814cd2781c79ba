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
        catalogReference: { catalogItemId: 'p1', appId: 'stores', options: { variantId: 'v1' } },
        productName: { original: 'Linen shirt' },
        url: '/products/linen-shirt',
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
      currency: 'USD',
      subtotalMinor: 4000,
      subtotal: '$40.00',
      buyerNote: '',
      lines: [
        {
          id: 'l1',
          name: 'Linen shirt',
          url: '/products/linen-shirt',
          isCustom: false,
          options: [
            { name: 'Size', value: 'M' },
            { name: 'Color', value: 'Sand', color: '#d8c8a8' },
          ],
          quantity: 2,
          unitMinor: 2000,
          unitPrice: '$20.00',
          lineTotal: '$40.00',
          availability: { status: 'available' },
          image: { url: 'http://127.0.0.1:4000/media/m1', width: 800, height: 1000, alt: '' },
        },
      ],
    })
  })

  it('shows a custom line item with its own name, price and description lines, and no product link', () => {
    const view = toCartView(
      {
        currency: 'USD',
        subtotal: { amount: '30.00' },
        lineItems: [
          {
            _id: 'l2',
            quantity: 1,
            productName: { original: 'Gift wrapping', translated: 'Gift wrapping' },
            url: 'https://merchant.example/wrapping',
            price: { amount: '30.00' },
            lineItemPrice: { amount: '30.00' },
            availability: { status: 'AVAILABLE' },
            descriptionLines: [
              {
                name: { original: 'Message' },
                lineType: 'PLAIN_TEXT',
                plainText: { original: 'Happy birthday, Ann' },
              },
              {
                name: { original: 'Ribbon' },
                lineType: 'COLOR',
                colorInfo: { original: 'Gold', code: '#d4af37' },
              },
            ],
          },
        ],
      },
      'http://127.0.0.1:4000',
    )
    const [line] = view.lines
    expect(line).toMatchObject({ name: 'Gift wrapping', isCustom: true, lineTotal: '$30.00' })
    expect(line?.url).toBeUndefined()
    expect(line?.options).toEqual([
      { name: 'Message', value: 'Happy birthday, Ann' },
      { name: 'Ribbon', value: 'Gold', color: '#d4af37' },
    ])
  })

  it('reads the coupon and the buyer’s note the platform answers beside the cart', () => {
    const view = toCartView(
      { ...cart, couponCode: 'SPRING10', cartInfo: { buyerNote: 'Leave at the door' } } as Cart,
      'http://127.0.0.1:4000',
    )
    expect(view.couponCode).toBe('SPRING10')
    expect(view.buyerNote).toBe('Leave at the door')
    expect(toCartView(cart, 'http://127.0.0.1:4000').couponCode).toBeUndefined()
  })

  it('tells lines the shopper cannot buy in full from the platform’s availability', () => {
    const line = cart.lineItems?.[0] ?? {}
    const view = toCartView(
      {
        currency: 'USD',
        lineItems: [
          { ...line, _id: 'a', availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 } },
          { ...line, _id: 'b', availability: { status: 'NOT_AVAILABLE', quantityAvailable: 0 } },
          { ...line, _id: 'c', availability: { status: 'NOT_FOUND' } },
        ],
      },
      'http://127.0.0.1:4000',
    )
    expect(view.lines.map((each) => each.availability)).toEqual([
      { status: 'partial', quantityAvailable: 1 },
      { status: 'sold-out' },
      { status: 'gone' },
    ])
  })
})
