import {
  type FulfillmentStatus,
  hasShippableLines,
  type OrderStatus,
  type PaymentStatus,
  type ShippableLine,
} from './order-state.ts'

/** An order's status in the words a merchant and a buyer read. */
export const orderStatusWords: Record<OrderStatus, string> = { APPROVED: 'Placed', CANCELED: 'Canceled' }

/** A payment status in plain words. */
export const paymentStatusWords: Record<PaymentStatus, string> = {
  NOT_PAID: 'To pay',
  PARTIALLY_PAID: 'Deposit paid',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
}

/** A fulfilment status in plain words. */
export const fulfillmentStatusWords: Record<FulfillmentStatus, string> = {
  NOT_FULFILLED: 'Not shipped',
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
}

/** One part of how an order reads: its words, and whether it is good news (`ok`) or an end (`off`). */
export interface OrderStatePart {
  words: string
  tone: 'ok' | 'off' | 'plain'
}

/** What an order with no line to ship reads instead of its fulfilment (decision 101). */
export const nothingToShipWords = 'Nothing to ship'

/**
 * How an order reads wherever it is listed (dashboard, members account): canceled when it is, then its
 * payment, then its fulfilment; an order refunded in full reads Refunded, with nothing about shipping, and
 * one with no line to ship (bookings, tickets, downloads) reads "Nothing to ship" (decision 101).
 */
export function orderStateParts(
  order: {
    status: OrderStatus
    payment_status: PaymentStatus
    fulfillment_status: FulfillmentStatus
  },
  lines: readonly Pick<ShippableLine, 'shippable'>[],
): OrderStatePart[] {
  const parts: OrderStatePart[] = []
  if (order.status === 'CANCELED') parts.push({ words: orderStatusWords.CANCELED, tone: 'off' })
  parts.push({
    words: paymentStatusWords[order.payment_status],
    tone:
      order.payment_status === 'PAID' ? 'ok' : order.payment_status === 'FULLY_REFUNDED' ? 'off' : 'plain',
  })
  if (order.payment_status === 'FULLY_REFUNDED') return parts
  if (!hasShippableLines(lines)) parts.push({ words: nothingToShipWords, tone: 'plain' })
  else
    parts.push({
      words: fulfillmentStatusWords[order.fulfillment_status],
      tone: order.fulfillment_status === 'FULFILLED' ? 'ok' : 'plain',
    })
  return parts
}
