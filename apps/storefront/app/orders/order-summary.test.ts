import type { Order } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toOrderAddressLines, toOrderSummary, toOrderTotals } from './order-summary'

const order: Order = {
  _id: '7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f',
  number: '1004',
  checkoutId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  fulfillments: [],
  refundedAmount: { amount: '0', formattedAmount: '$0.00' },
  balanceSummary: {
    paid: { amount: '30', formattedAmount: '$30.00' },
    balance: { amount: '0', formattedAmount: '$0.00' },
  },
  refunds: [],
  payment: { provider: 'test-card', cardLast4: '4242' },
  buyerInfo: { email: 'ada@example.com', memberId: 'm' },
  currency: 'USD',
  recipientInfo: null,
  billingInfo: null,
  shippingInfo: { code: 'standard' },
  couponCode: null,
  priceSummary: { subtotal: { amount: '24.00' }, total: { amount: '31.5' } },
  appliedDiscounts: [],
  additionalFees: [],
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
      descriptionLines: [],
    },
  ],
  _createdDate: '2026-03-05T23:30:00.000Z',
}

const MEDIA = 'https://platform.example'
const summarise = (value: Order) => toOrderSummary(value, MEDIA)

/** The figures' amounts in cents, a discount or refund negative: what a receipt's reader adds up. */
function cents(value: string): number {
  if (value === 'Free') return 0
  const sign = value.startsWith('\u2212') ? -1 : 1
  return sign * Math.round(Number(value.replace(/[^0-9.]/g, '')) * 100)
}

describe('toOrderSummary', () => {
  it('shows the number, the day, the total in its currency and the status in shopper words', () => {
    const summary = summarise(order)
    expect(summary).toMatchObject({
      id: order._id,
      number: '1004',
      date: 'March 5, 2026',
      total: '$31.50',
      status: 'Placed, paid',
      itemCount: '2 items',
      delivery: undefined,
      shipments: [],
      payment: 'Card ending 4242',
      deliveryMethod: 'standard',
    })
    expect(summary.lines).toEqual([
      { key: 'l', name: 'Meadow Notebook', options: [], quantity: 2, unitPrice: '$12.00', total: '$24.00' },
    ])
  })

  it('draws the breakdown in a receipt’s order, each discount by name, fees, and refunds under the total; the rows sum to it', () => {
    const totals = toOrderTotals({
      ...order,
      shippingInfo: { code: 'standard', title: 'Standard' },
      refundedAmount: { amount: '12.00', formattedAmount: '$12.00' },
      refunds: [
        {
          _id: 'r1',
          _createdDate: '2026-11-30T10:00:00.000Z',
          amount: { amount: '12.00' },
          lineItems: [{ _id: 'l', quantity: 1 }],
        },
      ],
      additionalFees: [
        { code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: { amount: '0.75' } },
        { code: 'cover', name: 'Parcel cover', chargeType: 'INSURANCE', price: { amount: '0.25' } },
      ],
      priceSummary: {
        subtotal: { amount: '24.00' },
        discount: { amount: '3.40' },
        shipping: { amount: '5.99' },
        additionalFees: { amount: '1.00' },
        tax: { amount: '1.71' },
        total: { amount: '29.30' },
      },
      appliedDiscounts: [
        {
          discountType: 'GLOBAL',
          amount: { amount: '2.40' },
          coupon: { _id: 'c', code: 'SPRING10', name: 'Spring sale' },
          lineItems: [],
        },
        {
          discountType: 'SPECIFIC_ITEMS',
          amount: { amount: '1.00' },
          merchantDiscount: { name: 'Loyal buyer', amount: { amount: '1.00' } },
          lineItems: [{ lineItemId: 'l', amount: { amount: '1.00' } }],
        },
      ],
    })
    expect(totals.rows.map(({ label, detail, value }) => ({ label, detail, value }))).toEqual([
      { label: 'Subtotal', detail: undefined, value: '$24.00' },
      { label: 'Coupon SPRING10', detail: 'Spring sale', value: '\u2212$2.40' },
      { label: 'Loyal buyer', detail: 'On Meadow Notebook', value: '\u2212$1.00' },
      { label: 'Shipping', detail: 'Standard', value: '$5.99' },
      { label: 'Handling fee', detail: undefined, value: '$0.75' },
      { label: 'Insurance', detail: 'Parcel cover', value: '$0.25' },
      { label: 'Tax', detail: undefined, value: '$1.71' },
    ])
    expect(totals).toMatchObject({ totalLabel: 'Total', total: '$29.30' })
    expect(totals.rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(cents(totals.total))
    expect(totals.after?.map(({ label, detail, value }) => ({ label, detail, value }))).toEqual([
      { label: 'Refunded', detail: 'November 30, 2026: 1 × Meadow Notebook', value: '\u2212$12.00' },
      { label: 'Net after refunds', detail: undefined, value: '$17.30' },
    ])
  })

  it('keeps the fees and refunds of an order from an older platform, which lists neither, as one row each', () => {
    const totals = toOrderTotals({
      ...order,
      refunds: undefined as unknown as Order['refunds'],
      additionalFees: undefined as unknown as Order['additionalFees'],
      shippingInfo: null,
      refundedAmount: { amount: '5.00', formattedAmount: '$5.00' },
      priceSummary: {
        subtotal: { amount: '24.00' },
        additionalFees: { amount: '1.00' },
        total: { amount: '25.00' },
      },
    })
    expect(totals.rows.map((row) => [row.label, row.value])).toEqual([
      ['Subtotal', '$24.00'],
      ['Fees', '$1.00'],
    ])
    expect(totals.rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(cents(totals.total))
    expect(totals.after?.map((row) => [row.label, row.value])).toEqual([
      ['Refunded', '\u2212$5.00'],
      ['Net after refunds', '$20.00'],
    ])
  })

  it('says free shipping, keeps a discount the summary took beyond those it lists, and leaves out rows of nothing', () => {
    const totals = toOrderTotals({
      ...order,
      priceSummary: {
        subtotal: { amount: '24.00' },
        discount: { amount: '2.40' },
        shipping: { amount: '0' },
        tax: { amount: '0' },
        total: { amount: '21.60' },
      },
    })
    expect(totals.rows.map((row) => [row.label, row.value])).toEqual([
      ['Subtotal', '$24.00'],
      ['Discount', '\u2212$2.40'],
      ['Shipping', 'Free'],
    ])
    expect(totals.rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(cents(totals.total))
    expect(totals.after).toBeUndefined()
  })

  it('shows a line’s options, colours with their swatch, its SKU and its variant’s picture once the order carries them', () => {
    const line = {
      ...order.lineItems[0]!,
      productName: 'Classic Tee',
      sku: 'TEE-M-RED',
      image: { id: 'i', url: '/media/red-tee', width: 800, height: 800, altText: 'Classic Tee in Red' },
      descriptionLines: [
        { name: { original: 'Size' }, lineType: 'PLAIN_TEXT' as const, plainText: { original: 'M' } },
        {
          name: { original: 'Color' },
          lineType: 'COLOR' as const,
          colorInfo: { original: 'Red', code: '#c0392b' },
        },
      ],
    }
    const [view] = summarise({ ...order, lineItems: [line] }).lines
    expect(view).toMatchObject({
      name: 'Classic Tee',
      sku: 'TEE-M-RED',
      options: [
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Red', color: '#c0392b' },
      ],
      image: { url: 'https://platform.example/media/red-tee', alt: '' },
    })
  })

  it('says when a booked line takes place, as the order describes it, and gives it no picture', () => {
    const when = 'Wed, 9 Dec 2026, 10:00–10:45 EST'
    const booking = {
      ...order.lineItems[0]!,
      productName: 'Tailored fitting',
      quantity: 1,
      descriptionLines: [
        { name: { original: 'When' }, lineType: 'PLAIN_TEXT' as const, plainText: { original: when } },
      ],
    }
    const [view, notebook] = summarise({ ...order, lineItems: [booking, order.lineItems[0]!] }).lines
    expect(view).toMatchObject({ name: 'Tailored fitting', when, options: [{ name: 'When', value: when }] })
    expect(view).not.toHaveProperty('image')
    expect(notebook).not.toHaveProperty('when')
  })

  it('names each of two variants by its options where a shipment or a refund lists what it covered', () => {
    const variant = (id: string, size: string, colour: string) => ({
      ...order.lineItems[0]!,
      _id: id,
      productName: 'Classic Tee',
      quantity: 1,
      descriptionLines: [
        { name: { original: 'Size' }, lineType: 'PLAIN_TEXT' as const, plainText: { original: size } },
        { name: { original: 'Color' }, lineType: 'COLOR' as const, colorInfo: { original: colour } },
      ],
    })
    const twoTees: Order = {
      ...order,
      lineItems: [variant('red', 'M', 'Red'), variant('green', 'L', 'Green')],
      fulfillments: [
        {
          _id: 'f1',
          _createdDate: '2026-03-06T10:00:00.000Z',
          lineItems: [{ _id: 'red', quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'UPS' },
        },
      ],
      refunds: [
        {
          _id: 'r1',
          _createdDate: '2026-03-07T10:00:00.000Z',
          amount: { amount: '12.00' },
          lineItems: [{ _id: 'green', quantity: 1 }],
        },
      ],
    }
    expect(summarise(twoTees).shipments[0]?.items).toBe('1 × Classic Tee (Size: M, Color: Red)')
    expect(toOrderTotals(twoTees).after?.[0]?.detail).toBe(
      'March 7, 2026: 1 × Classic Tee (Size: L, Color: Green)',
    )
  })

  it('writes the addresses as a label’s lines, the recipient first, and leaves out a shipping address when nothing ships', () => {
    const address = {
      address: {
        addressLine: '1 Pine St',
        city: 'San Francisco',
        subdivision: 'US-CA',
        postalCode: '94111',
        country: 'US',
      },
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 415 555 0100' },
    }
    const summary = summarise({ ...order, recipientInfo: address, billingInfo: address })
    expect(summary.shippingAddress).toEqual([
      'Ada Lovelace',
      '1 Pine St',
      'San Francisco, CA 94111',
      'United States',
      '+1 415 555 0100',
    ])
    // The platform writes the lines as the destination country does; they are drawn as given.
    expect(
      toOrderAddressLines({
        address: { country: 'DE', formattedAddress: 'Unter den Linden 1\n10117 Berlin\nGermany' },
        contactDetails: { firstName: 'Grete', lastName: 'Weiss', company: 'Weiss GmbH' },
      }),
    ).toEqual(['Grete Weiss', 'Weiss GmbH', 'Unter den Linden 1', '10117 Berlin', 'Germany'])
    const collected = summarise({
      ...order,
      shippingInfo: null,
      recipientInfo: address,
      billingInfo: address,
    })
    expect(collected.shippingAddress).toBeUndefined()
    expect(collected.deliveryMethod).toBeUndefined()
    expect(collected.billingAddress).toHaveLength(5)
  })

  it('says when an order is canceled or unpaid, and has a dash for a missing total', () => {
    const canceled = summarise({
      ...order,
      status: 'CANCELED',
      paymentStatus: 'NOT_PAID',
      priceSummary: {},
    })
    expect(canceled).toMatchObject({ status: 'Canceled', total: '—' })
  })

  it('says what has shipped, with each carrier and tracking number, and links only an http(s) tracking page', () => {
    const summary = summarise({
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
      {
        key: 'f1',
        date: 'March 6, 2026',
        carrier: 'UPS',
        trackingNumber: '1Z999',
        trackingLink: 'https://ups.example/1Z999',
        items: '1 × Meadow Notebook',
      },
      {
        key: 'f2',
        date: 'March 7, 2026',
        carrier: 'DHL',
        trackingNumber: 'X1',
        trackingLink: undefined,
        items: '1 × Meadow Notebook',
      },
    ])
    expect(summarise(order)).toMatchObject({ delivery: undefined, shipments: [] })
  })

  it('says nothing of shipping for an order with nothing to ship, fulfilled as placed (decision 101)', () => {
    const booked = (shippable: boolean): Order => ({
      ...order,
      fulfillmentStatus: 'FULFILLED',
      lineItems: [{ ...order.lineItems[0]!, physicalProperties: { sku: '', shippable } }],
    })
    expect(summarise(booked(false)).delivery).toBeUndefined()
    expect(summarise(booked(true)).delivery).toBe('Shipped')
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
    expect(summarise(digital).lines[0]!.downloads).toEqual([
      {
        fileName: 'pattern.pdf',
        link: 'https://platform.example/downloads/v1/files/f?expires=1&signature=s',
      },
    ])
    expect(summarise(order).lines[0]!.downloads).toBeUndefined()
  })

  it('says a refunded digital line is refunded, with no link', () => {
    const refunded: Order = {
      ...order,
      lineItems: [{ ...order.lineItems[0]!, digitalFileRefunded: true }],
    }
    const line = summarise(refunded).lines[0]!
    expect(line.downloadsRefunded).toBe(true)
    expect(line.downloads).toBeUndefined()
    expect(summarise(order).lines[0]!.downloadsRefunded).toBeUndefined()
  })
})
