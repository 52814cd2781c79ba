import type { FulfillmentStatus, OrderStatus, PaymentStatus } from './order-state.ts'

/** An order's status in the words a merchant and a buyer read. */
export const orderStatusWords: Record<OrderStatus, string> = { APPROVED: 'Placed', CANCELED: 'Canceled' }

/** A payment status in plain words. */
export const paymentStatusWords: Record<PaymentStatus, string> = {
  NOT_PAID: 'To pay',
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
