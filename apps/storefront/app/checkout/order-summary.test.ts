import type { Order } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toOrderSummary } from './order-summary'

const order: Order = {
  _id: '7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f',
  number: '1004',
  checkoutId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  payment: { provider: 'test-card', cardLast4: '4242' },
  buyerInfo: { email: 'ada@example.com', memberId: 'm' },
  currency: 'USD',
  shippingAddress: null,
  billingAddress: null,
  shippingInfo: { code: 'standard' },
  couponCode: null,
  priceSummary: { subtotal: { amount: '24.00' }, total: { amount: '31.5' } },
  lineItems: [
    {
      _id: 'l',
      catalogItemId: 'p',
      variantId: null,
      productName: 'Meadow Notebook',
      customLineItem: false,
      quantity: 2,
      price: { amount: '12.00', formattedAmount: '$12.00' },
      totalPrice: { amount: '24.00', formattedAmount: '$24.00' },
    },
  ],
  _createdDate: '2026-03-05T23:30:00.000Z',
}

describe('toOrderSummary', () => {
  it('shows the number, the day, the total in its currency and the status in shopper words', () => {
    expect(toOrderSummary(order)).toEqual({
      id: order._id,
      number: '1004',
      date: 'March 5, 2026',
      total: '$31.50',
      status: 'Placed, paid',
      lines: [{ name: 'Meadow Notebook', quantity: 2, total: '$24.00' }],
      totals: [
        { label: 'Subtotal', amount: '$24.00' },
        { label: 'Total', amount: '$31.50' },
      ],
    })
  })

  it('lists the totals a receipt shows, with the shipping method, and leaves out rows of nothing', () => {
    const summary = toOrderSummary({
      ...order,
      shippingInfo: { code: 'standard', title: 'Standard' },
      priceSummary: {
        subtotal: { amount: '24.00' },
        discount: { amount: '2.40' },
        shipping: { amount: '5.99' },
        tax: { amount: '0' },
        total: { amount: '27.59' },
      },
    })
    expect(summary.totals).toEqual([
      { label: 'Subtotal', amount: '$24.00' },
      { label: 'Discount', amount: '−$2.40' },
      { label: 'Shipping (Standard)', amount: '$5.99' },
      { label: 'Total', amount: '$27.59' },
    ])
  })

  it('says when an order is canceled or unpaid, and has a dash for a missing total', () => {
    const canceled = toOrderSummary({
      ...order,
      status: 'CANCELED',
      paymentStatus: 'NOT_PAID',
      priceSummary: {},
    })
    expect(canceled).toMatchObject({ status: 'Canceled', total: '—' })
  })
})
