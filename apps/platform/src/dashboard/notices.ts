/**
 * What a page says after a form post redirected to it (`?notice=saved`). Only these fixed texts are
 * shown: a URL can choose among them but never put its own words on the page.
 */
const notices = {
  saved: 'Saved.',
  'order-shipped': 'Shipment recorded. The buyer was mailed the carrier and tracking number.',
  'order-canceled': 'Order canceled. Its items are back in stock and the buyer was mailed.',
  'order-refunded': 'Refund made. The buyer was mailed.',
  'order-paid': 'Marked paid in full.',
  'note-added': 'Note added.',
  'product-created': 'Product created.',
  'product-deleted': 'Product deleted.',
  'products-shown': 'The ticked products are visible in the shop.',
  'products-hidden': 'The ticked products are hidden from the shop.',
  'products-deleted': 'The ticked products are deleted.',
  'secure-file-added': 'File added. Buyers of this product can download it once they have paid.',
  'secure-file-removed': 'File removed. Links to it no longer work.',
  'collection-created': 'Collection created.',
  'collection-deleted': 'Collection deleted.',
  'products-added': 'Products added to the collection.',
  'products-removed': 'Products removed from the collection.',
  'key-revoked': 'API key revoked. Calls with it now answer 401.',
  'idp-created': 'Identity provider added. Its ID tokens sign members in now.',
  'idp-disabled': 'Identity provider disabled: its tokens sign nobody in.',
  'coupon-created': 'Coupon created. Shoppers can apply it now.',
  'coupon-deleted': 'Coupon deleted.',
  'plan-created': 'Plan created. Members can buy it through a paidPlansCheckout session now.',
  'plan-archived': 'Plan archived: it is sold no more. Members keep what they bought.',
  'plan-restored': 'Plan back on sale.',
  'plan-refunded': 'Refunded in full. The membership has ended; orders it paid keep their record.',
  'service-created': 'Service created. Customers can book it on the bookings pages now.',
  'booking-cancelled': 'Booking cancelled: its time is free again.',
  'booking-cancelled-refunded': 'Booking cancelled and its payment refunded: its time is free again.',
  'booking-moved': 'Booking moved. The customer was mailed the new time with its calendar file.',
  'attendance-marked': 'Saved whether the customer came.',
  'event-created': 'Event created as a draft. Add its tickets, then publish it.',
  'event-published': 'Event published: it is on sale within its registration window.',
  'event-cancelled': 'Event cancelled. Ticket holders were mailed and paid tickets refunded.',
  'ticket-type-added': 'Ticket type added.',
  'ticket-type-removed': 'Ticket type removed.',
  'region-deleted': 'Shipping region deleted.',
  'tax-region-deleted': 'Tax region deleted.',
  'endpoint-deleted': 'Webhook endpoint deleted with its delivery log.',
  'endpoint-enabled': 'Endpoint enabled: its waiting deliveries are sent now.',
  'endpoint-disabled': 'Endpoint disabled: deliveries wait until it is enabled again.',
  'delivery-replayed': 'Delivery queued to be sent again now, with the same event id.',
  'dead-replayed': 'Every dead delivery of this endpoint is queued to be sent again.',
  'local-development-on':
    'Local development mode is on: endpoints may be on this machine or your private network, over http.',
  'local-development-off': 'Local development mode is off: endpoints must be https URLs of public hosts.',
  'local-development-off-disabled':
    'Local development mode is off. Endpoints on local addresses were disabled: change their URL to enable them.',
} as const

export type NoticeKey = keyof typeof notices

/** The text of a notice key from a URL, or `undefined` for none or an unknown one. */
export function noticeText(key: string | undefined): string | undefined {
  return key && Object.hasOwn(notices, key) ? notices[key as NoticeKey] : undefined
}

/** A dashboard path with a notice to show there. */
export function withNotice(path: string, key: NoticeKey): string {
  return `${path}${path.includes('?') ? '&' : '?'}notice=${key}`
}
