import { data } from 'react-router'

import { SHOPPER_FAULT, type ShopperError } from './failed-page'

export type { ShopperError } from './failed-page'

const byCode: Record<string, ShopperError> = {
  MEMBERSHIP_NOT_APPLICABLE: {
    title: 'Your plan can’t pay for that',
    message:
      'A plan you chose can no longer pay for an item (it has no sessions left, has ended or no longer covers it). Please choose again in your cart.',
  },
  CART_NOT_PURCHASABLE: {
    title: 'Nothing to check out',
    message: 'Nothing in your cart can be bought right now. Please check the items in your cart.',
  },
  // An event's tickets (the event page's checkout, decision 070).
  EVENT_NOT_FOUND: {
    title: 'Event not found',
    message: 'We couldn’t find that event. It may be over or no longer on sale.',
  },
  TICKETS_SOLD_OUT: {
    title: 'Not enough tickets left',
    message: 'Someone got there first: there aren’t that many tickets left. Please choose again below.',
  },
  TICKET_LIMIT_EXCEEDED: {
    title: 'Too many tickets',
    message: 'One order can’t have that many tickets of that kind. Please choose fewer.',
  },
  REGISTRATION_CLOSED: {
    title: 'Tickets aren’t on sale',
    message: 'Those tickets aren’t on sale right now.',
  },
  TICKET_TYPE_NOT_FOUND: {
    title: 'Choose your tickets',
    message: 'One of those tickets is no longer offered. Please choose again below.',
  },
  PAGE_NOT_FOUND: {
    title: 'Page not found',
    message: 'We couldn’t find the page you were looking for. It may have moved or no longer exists.',
  },
  PRODUCT_NOT_FOUND: {
    title: 'Product not found',
    message: 'We couldn’t find that product. It may have sold out or been removed from the store.',
  },
  SERVICE_NOT_FOUND: {
    title: 'Service not found',
    message: 'We couldn’t find that service. The shop may no longer offer it.',
  },
  COLLECTION_NOT_FOUND: {
    title: 'Collection not found',
    message: 'We couldn’t find that collection. It may have been renamed or removed from the store.',
  },
  OWNED_CART_NOT_FOUND: { title: 'Your cart is empty', message: 'Your cart is empty.' },
  OUT_OF_STOCK: { title: 'Out of stock', message: 'Sorry, that item is out of stock.' },
  ITEM_OUT_OF_STOCK: { title: 'Out of stock', message: 'Sorry, that item is out of stock.' },
  INSUFFICIENT_INVENTORY: {
    title: 'Not enough in stock',
    message: 'We don’t have that many in stock. Please choose a smaller quantity.',
  },
  VARIANT_NOT_FOUND: {
    title: 'Option unavailable',
    message: 'That combination of options isn’t available. Please choose another.',
  },
  CART_LINE_ITEM_LIMIT: {
    title: 'Your cart is full',
    message: 'Your cart can’t hold that many of this item. Please choose a smaller quantity.',
  },
  PRODUCT_OPTION_NOT_FOUND: {
    title: 'Option unavailable',
    message: 'That combination of options isn’t available. Please choose another.',
  },
  LINE_ITEM_NOT_FOUND: {
    title: 'Your cart changed',
    message: 'That item is no longer in your cart. It may have been changed in another window.',
  },
  COUPON_NOT_FOUND: {
    title: 'Coupon not recognised',
    message: 'We don’t recognise that coupon code. Please check it and try again.',
  },
  COUPON_NOT_APPLICABLE: {
    title: 'Coupon can’t be used',
    message: 'That coupon can’t be used on this cart.',
  },
  'COUPON_NOT_APPLICABLE.NOT_STARTED': {
    title: 'Coupon not active yet',
    message: 'That coupon isn’t active yet. Please try again once the offer has started.',
  },
  'COUPON_NOT_APPLICABLE.EXPIRED': {
    title: 'Coupon expired',
    message: 'That coupon has expired.',
  },
  'COUPON_NOT_APPLICABLE.USAGE_LIMIT_REACHED': {
    title: 'Coupon used up',
    message: 'That coupon has reached its limit and can’t be used any more.',
  },
}

const byStatus: Record<number, ShopperError> = {
  400: {
    title: 'Please check your choices',
    message: 'Something in your choices wasn’t quite right. Please try again.',
  },
  401: {
    title: 'Your session has ended',
    message: 'Your session has ended. Please reload the page to continue.',
  },
  403: { title: 'Not available', message: 'This isn’t available to you right now.' },
  404: byCode.PAGE_NOT_FOUND as ShopperError,
  409: { title: 'Your cart changed', message: 'Your cart changed in the meantime. Please try again.' },
  429: {
    title: 'One moment, please',
    message: 'Lots of requests at once. Please wait a moment and try again.',
  },
}

const unavailable: ShopperError = {
  title: 'The store is taking a break',
  message: 'We couldn’t reach the store just now. Please try again in a moment.',
}

/**
 * Chooses what to tell a shopper about a failure, from the error's stable code first (narrowed by the
 * application error's `reason` when it has one, e.g. a coupon that `EXPIRED`), then its HTTP status.
 * Never echoes a server's message: those are written for developers.
 */
export function toShopperError(status: number | undefined, code?: string, reason?: string): ShopperError {
  const known = code ? ((reason ? byCode[`${code}.${reason}`] : undefined) ?? byCode[code]) : undefined
  if (known) return known
  if (status === undefined || status === 0 || status >= 500)
    return status === 500 ? SHOPPER_FAULT : unavailable
  return byStatus[status] ?? (status >= 400 && status < 500 ? (byStatus[400] as ShopperError) : SHOPPER_FAULT)
}

/**
 * The status a page or a form answers for a failed platform call: the platform's own 4xx, which the shopper
 * can act on, else 503 (the platform failed or did not answer), which they may retry; never a 500.
 */
export function toShopperStatus(error: { status?: number | undefined }): number {
  const { status } = error
  return status !== undefined && status >= 400 && status < 500 ? status : 503
}

/**
 * A route error response with its stable code and the shopper's words for it, chosen here on the server: the
 * error boundary shows them as they come (`findShopperError`), so the browser never loads the word table.
 */
export function toShopperErrorResponse(status: number, code?: string) {
  return data({ code, ...toShopperError(status, code) }, { status })
}

/**
 * Reads the `reason` an SDK error's application error data may carry (`details.applicationError.data.reason`,
 * e.g. `EXPIRED` for a coupon), or undefined.
 */
export function findErrorReason(details: unknown): string | undefined {
  const data = readRecord(readRecord(readRecord(details)?.applicationError)?.data)
  return typeof data?.reason === 'string' ? data.reason : undefined
}

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
}
