import type { Order } from '@aisle/sdk'
import { formatPrice } from '../store/money'
import { STORE_LOCALE } from '../store/store'

/** What the account and thank-you pages show of an order. */
export interface OrderSummary {
  id: string
  number: string
  /** The day it was placed, in the store's locale (`March 5, 2026`). */
  date: string
  /** The order's total, formatted in its currency; `—` when the order has none. */
  total: string
  /** In shopper words: `Placed` or `Canceled`, with `paid` when it is. */
  status: string
  /**
   * Each line, with the files a paid digital line gives to download: links the platform signed for the
   * buyer, which expire (a fresh one comes with each read of the order).
   */
  lines: {
    name: string
    quantity: number
    total: string
    downloads?: { fileName: string; link: string }[]
    /** A digital line that was refunded: its files are no longer offered (the page says so). */
    downloadsRefunded?: true
    /**
     * The plan that paid the line, when one did: "Paid by your plan Stationery club", or "1 of 50 paid by
     * your plan Notebook trial" when it paid some of the units (one session each).
     */
    paidBy?: string
  }[]
  /** How much has shipped, in shopper words (`Shipped`, `Partly shipped`); undefined before anything has. */
  delivery: string | undefined
  /** Each shipment's carrier and tracking number, with the carrier's page when the shop gave it. */
  shipments: { carrier: string; trackingNumber: string; trackingLink: string | undefined }[]
  /** The totals the buyer paid, in order: subtotal, discount, shipping (with its method), fees, tax, total. */
  totals: { label: string; amount: string }[]
}

/** The rows of an order's totals, by their key in its price summary, in the order a receipt lists them. */
const TOTAL_ROWS = [
  ['subtotal', 'Subtotal'],
  ['discount', 'Discount'],
  ['shipping', 'Shipping'],
  ['additionalFees', 'Fees'],
  ['tax', 'Tax'],
  ['total', 'Total'],
] as const

const paymentWords: Partial<Record<Order['paymentStatus'], string>> = {
  PAID: ', paid',
  PARTIALLY_REFUNDED: ', partly refunded',
  FULLY_REFUNDED: ', refunded',
}
const deliveryWords: Partial<Record<Order['fulfillmentStatus'], string>> = {
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
}

const dateFormat = new Intl.DateTimeFormat(STORE_LOCALE, { dateStyle: 'long', timeZone: 'UTC' })

/** Which plan paid a line, and for how many of its units when not all. */
function paidByWords(line: Order['lineItems'][number]): string {
  const name = line.membership?.name ?? ''
  const units = line.membership?.quantity ?? line.quantity
  return units < line.quantity
    ? `${units} of ${line.quantity} paid by your plan ${name}`
    : `Paid by your plan ${name}`
}

/** The summary of an order as the buyer reads it. */
export function toOrderSummary(order: Order): OrderSummary {
  const total = order.priceSummary.total?.amount
  const placed = order.status === 'CANCELED' ? 'Canceled' : 'Placed'
  return {
    id: order._id,
    number: order.number,
    date: dateFormat.format(new Date(order._createdDate)),
    total: total === undefined ? '—' : formatPrice(total, order.currency),
    status: `${placed}${paymentWords[order.paymentStatus] ?? ''}`,
    delivery: deliveryWords[order.fulfillmentStatus],
    // An order read from an older platform has no shipments field: nothing has shipped then.
    shipments: (order.fulfillments ?? []).map(({ trackingInfo }) => ({
      carrier: trackingInfo.shippingProvider,
      trackingNumber: trackingInfo.trackingNumber,
      trackingLink: /^https?:\/\//i.test(trackingInfo.trackingLink ?? '')
        ? trackingInfo.trackingLink
        : undefined,
    })),
    lines: order.lineItems.map((line) => {
      const downloads = (line.digitalFiles ?? [])
        .filter((file) => /^https?:\/\//i.test(file.link))
        .map((file) => ({ fileName: file.fileName, link: file.link }))
      return {
        name: line.productName,
        quantity: line.quantity,
        total: line.totalPrice.formattedAmount,
        ...(downloads.length > 0 ? { downloads } : {}),
        ...(line.digitalFileRefunded ? { downloadsRefunded: true as const } : {}),
        ...(line.membership ? { paidBy: paidByWords(line) } : {}),
      }
    }),
    totals: TOTAL_ROWS.flatMap(([key, label]) => {
      const amount = order.priceSummary[key]?.amount
      // A discount or shipping of nothing says nothing; the subtotal and total always show.
      if (amount === undefined || (Number(amount) === 0 && key !== 'subtotal' && key !== 'total')) return []
      const method = key === 'shipping' && order.shippingInfo?.title ? ` (${order.shippingInfo.title})` : ''
      const formatted = formatPrice(amount, order.currency)
      return [{ label: `${label}${method}`, amount: key === 'discount' ? `−${formatted}` : formatted }]
    }),
  }
}
