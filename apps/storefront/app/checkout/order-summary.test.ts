import type { Order } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toOrderSummary } from './order-summary'

const order: Order = {
  _id: '7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f',
  number: '1004',
  checkoutId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  fulfillments: [],
  refundedAmount: { amount: '0', formattedAmount: '$0.00' },
  payment: { provider: 'test-card', cardLast4: '4242' },
  buyerInfo: { email: 'ada@example.com', memberId: 'm' },
  currency: 'USD',
  recipientInfo: null,
  billingInfo: null,
  shippingInfo: { code: 'standard' },
  couponCode: null,
  priceSummary: { subtotal: { amount: '24.00' }, total: { amount: '31.5' } },
  appliedDiscounts: [],
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
      paymentOption: 'FULL_PAYMENT_ONLINE',
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
      delivery: undefined,
      shipments: [],
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

  it('says what has shipped, with each carrier and tracking number, and links only an http(s) tracking page', () => {
    const summary = toOrderSummary({
      ...order,
      paymentStatus: 'PARTIALLY_REFUNDED',
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      fulfillments: [
        {
          _id: 'f1',
          _createdDate: '2026-03-06T10:00:00.000Z',
          lineItems: [{ _id: 'l', quantity: 1 }],
          trackingInfo: {
            trackingNumber: '1Z999',
            shippingProvider: 'UPS',
            trackingLink: 'https://ups.example/1Z999',
          },
        },
        {
          _id: 'f2',
          _createdDate: '2026-03-07T10:00:00.000Z',
          lineItems: [{ _id: 'l', quantity: 1 }],
          trackingInfo: {
            trackingNumber: 'X1',
            shippingProvider: 'DHL',
            trackingLink: 'javascript:alert(1)',
          },
        },
      ],
    })
    expect(summary).toMatchObject({ status: 'Placed, partly refunded', delivery: 'Partly shipped' })
    expect(summary.shipments).toEqual([
      { carrier: 'UPS', trackingNumber: '1Z999', trackingLink: 'https://ups.example/1Z999' },
      { carrier: 'DHL', trackingNumber: 'X1', trackingLink: undefined },
    ])
    expect(toOrderSummary(order)).toMatchObject({ delivery: undefined, shipments: [] })
  })

  it('gives a paid digital line its files to download, by name, and drops links that are no web address', () => {
    const file = (fileName: string, link: string) => ({
      fileId: 'f',
      link,
      expirationDate: '2026-03-05T23:45:00.000Z',
      fileName,
      fileType: 'SECURE_DOCUMENT' as const,
    })
    const digital: Order = {
      ...order,
      lineItems: [
        {
          ...order.lineItems[0]!,
          digitalFiles: [
            file('pattern.pdf', 'https://platform.example/downloads/v1/files/f?expires=1&signature=s'),
            file('trap.pdf', 'javascript:alert(1)'),
          ],
        },
      ],
    }
    expect(toOrderSummary(digital).lines[0]!.downloads).toEqual([
      {
        fileName: 'pattern.pdf',
        link: 'https://platform.example/downloads/v1/files/f?expires=1&signature=s',
      },
    ])
    expect(toOrderSummary(order).lines[0]!.downloads).toBeUndefined()
  })

  it('says a refunded digital line is refunded, with no link', () => {
    const refunded: Order = {
      ...order,
      lineItems: [{ ...order.lineItems[0]!, digitalFileRefunded: true }],
    }
    const line = toOrderSummary(refunded).lines[0]!
    expect(line.downloadsRefunded).toBe(true)
    expect(line.downloads).toBeUndefined()
    expect(toOrderSummary(order).lines[0]!.downloadsRefunded).toBeUndefined()
  })
})
