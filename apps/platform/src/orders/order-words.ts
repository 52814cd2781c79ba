import type { FulfillmentStatus, OrderStatus, PaymentStatus } from './order-state.ts'

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

/**
 * How an order reads wherever it is listed (dashboard, members account): canceled when it is, then its
 * payment, then its fulfilment; an order refunded in full reads Refunded, with nothing about shipping.
 */
export function orderStateParts(order: {
  status: OrderStatus
  payment_status: PaymentStatus
  fulfillment_status: FulfillmentStatus
}): OrderStatePart[] {
  const parts: OrderStatePart[] = []
  if (order.status === 'CANCELED') parts.push({ words: orderStatusWords.CANCELED, tone: 'off' })
  parts.push({
    words: paymentStatusWords[order.payment_status],
    tone:
      order.payment_status === 'PAID' ? 'ok' : order.payment_status === 'FULLY_REFUNDED' ? 'off' : 'plain',
  })
  if (order.payment_status !== 'FULLY_REFUNDED')
    parts.push({
      words: fulfillmentStatusWords[order.fulfillment_status],
      tone: order.fulfillment_status === 'FULFILLED' ? 'ok' : 'plain',
    })
  return parts
}
