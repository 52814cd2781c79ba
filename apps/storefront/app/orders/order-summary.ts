import type { AddressWithContact, Order } from '@aisle/sdk'
import { type LineOptionView, toLineOptions } from '../cart/cart-view'
import { type TotalsFigures, type TotalsRow, toDiscountRow, toFeeRows } from '../checkout/totals-breakdown'
import { type ImageView, toImageView } from '../media/image'
import { formatMinorUnits, formatPrice, toMinorUnits } from '../store/money'
import { toAddressLines } from '../store/shop-pages'
import { STORE_LOCALE } from '../store/store'

/**
 * Each line's name as a sentence names it, with its chosen options (`Classic Tee (Size: M, Color: Red)`),
 * so that a shipment or a refund of one of two variants says which.
 */
function lineNames(order: Pick<Order, 'lineItems'>): Map<string, string> {
  return new Map(
    order.lineItems.map((line) => {
      const options = toLineOptions(line)
        .map((option) => `${option.name}: ${option.value}`)
        .join(', ')
      return [line._id, options ? `${line.productName} (${options})` : line.productName]
    }),
  )
}

/** One line of an order, as the thank-you page and the account's order pages show it. */
export interface OrderLineView {
  key: string
  name: string
  /** The chosen options (`Size: M`, `Color: Red` with its swatch), when the order carries them. */
  options: LineOptionView[]
  sku?: string
  /** The variant's picture, when the order carries it. */
  image?: ImageView
  /**
   * When a booked line (an appointment, an event's tickets) takes place, as the order says it
   * (`Wed, 9 Dec 2026, 10:00–10:45 EST`); such a line has no picture.
   */
  when?: string
  quantity: number
  unitPrice: string
  total: string
  /** A paid digital line's files to download: links the platform signed for the buyer, which expire. */
  downloads?: { fileName: string; link: string }[]
  /** A digital line that was refunded: its files are no longer offered (the page says so). */
  downloadsRefunded?: true
  /**
   * The plan that paid the line, when one did: "Paid by your plan Stationery club", or "1 of 50 paid by
   * your plan Notebook trial" when it paid some of the units (one session each).
   */
  paidBy?: string
}

/** A shipment: when, which carrier, its tracking number (with the carrier's page when given) and what it holds. */
export interface ShipmentView {
  key: string
  date: string
  carrier: string
  trackingNumber: string
  trackingLink: string | undefined
  /** `1 × Classic Tee, 2 × Notebook`. */
  items: string
}

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
  /** How many items, in words (`3 items`). */
  itemCount: string
  lines: OrderLineView[]
  /** How much has shipped, in shopper words (`Shipped`, `Partly shipped`); undefined before anything has. */
  delivery: string | undefined
  shipments: ShipmentView[]
  /** The figures: subtotal, each discount, shipping with its method, fees, tax, total; refunds below. */
  totals: TotalsFigures
  /** The address it goes to, as the lines of a label; undefined when nothing ships. */
  shippingAddress?: string[]
  billingAddress?: string[]
  /** The delivery method the buyer chose (`Standard`). */
  deliveryMethod?: string
  /** How it was paid: `Card ending 4242`. */
  payment: string
}

const paymentWords: Partial<Record<Order['paymentStatus'], string>> = {
  PAID: ', paid',
  PARTIALLY_PAID: ', deposit paid',
  PARTIALLY_REFUNDED: ', partly refunded',
  FULLY_REFUNDED: ', refunded',
}
const deliveryWords: Partial<Record<Order['fulfillmentStatus'], string>> = {
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
}

const MINUS = '\u2212'

const dateFormat = new Intl.DateTimeFormat(STORE_LOCALE, { dateStyle: 'long', timeZone: 'UTC' })

/** Which plan paid a line, and for how many of its units when not all. */
function paidByWords(line: Order['lineItems'][number]): string {
  const name = line.membership?.name ?? ''
  const units = line.membership?.quantity ?? line.quantity
  return units < line.quantity
    ? `${units} of ${line.quantity} paid by your plan ${name}`
    : `Paid by your plan ${name}`
}

/** When a booked line takes place: the text of its `When` description line, as the cart showed it. */
function findWhen(options: readonly LineOptionView[]): string | undefined {
  return options.find((option) => option.name === 'When')?.value
}

function toLineView(line: Order['lineItems'][number], mediaBaseUrl: string): OrderLineView {
  const downloads = (line.digitalFiles ?? [])
    .filter((file) => /^https?:\/\//i.test(file.link))
    .map((file) => ({ fileName: file.fileName, link: file.link }))
  const image = toImageView(line.image && { width: 160, height: 160, ...line.image }, '', mediaBaseUrl)
  const options = toLineOptions(line)
  const when = image ? undefined : findWhen(options)
  return {
    key: line._id,
    name: line.productName,
    options,
    ...(when ? { when } : {}),
    ...(line.sku ? { sku: line.sku } : {}),
    // The name sits beside the picture, so the picture itself is decorative.
    ...(image ? { image: { ...image, alt: '' } } : {}),
    quantity: line.quantity,
    unitPrice: line.price.formattedAmount,
    total: line.totalPrice.formattedAmount,
    ...(downloads.length > 0 ? { downloads } : {}),
    ...(line.digitalFileRefunded ? { downloadsRefunded: true as const } : {}),
    ...(line.membership ? { paidBy: paidByWords(line) } : {}),
  }
}

/**
 * An order's address as the lines of a label: who, the street, city with region and postcode, country, then
 * the phone. The lines come from the wire's `formattedAddress`, which the platform writes as the destination
 * country does, one per text line; an address without it is written from its parts.
 */
export function toOrderAddressLines(info: AddressWithContact | null | undefined): string[] | undefined {
  if (!info) return undefined
  const contact = info.contactDetails
  const address = info.address ?? {}
  const who = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')
  const place = address.formattedAddress
    ? address.formattedAddress.split('\n').filter((line) => line.trim())
    : toAddressLines(address)
  const lines = [who, contact?.company, ...place, contact?.phone].filter((line): line is string =>
    Boolean(line?.trim()),
  )
  return lines.length > 0 ? lines : undefined
}

/**
 * The order's figures in a receipt's order, drawn by the one `TotalsRows`: the subtotal, each discount
 * (the coupon's code, the shop's discount by name), shipping with its method, fees, tax and the total, then
 * what was refunded. Rows of nothing are left out, except the subtotal and the total.
 */
export function toOrderTotals(order: Order): TotalsFigures {
  const { currency, priceSummary: summary } = order
  const minor = (key: string) => toMinorUnits(summary[key]?.amount ?? '0', currency)
  const format = (amount: string) => formatPrice(amount, currency)
  const rows: TotalsRow[] = [
    {
      key: 'subtotal',
      kind: 'subtotal',
      label: 'Subtotal',
      value: formatMinorUnits(minor('subtotal'), currency),
    },
  ]
  const names = lineNames(order)
  const discounts = order.appliedDiscounts.filter(
    (discount) => toMinorUnits(discount.amount.amount ?? '0', currency) > 0,
  )
  const listed = discounts.reduce(
    (sum, discount) => sum + toMinorUnits(discount.amount.amount ?? '0', currency),
    0,
  )
  rows.push(...discounts.map((discount, index) => toDiscountRow(discount, index, format, names)))
  // What the summary took off beyond the discounts it lists (an order read from an older platform).
  if (minor('discount') > listed)
    rows.push({
      key: 'discount',
      kind: 'discount',
      label: 'Discount',
      value: `${MINUS}${formatMinorUnits(minor('discount') - listed, currency)}`,
    })
  if (order.shippingInfo || minor('shipping') > 0) {
    const row: TotalsRow = {
      key: 'shipping',
      kind: 'shipping',
      label: 'Shipping',
      value: minor('shipping') === 0 ? 'Free' : formatMinorUnits(minor('shipping'), currency),
    }
    if (order.shippingInfo?.title) row.detail = order.shippingInfo.title
    rows.push(row)
  }
  const fees = order.additionalFees ?? []
  const listedFees = fees.reduce((sum, fee) => sum + toMinorUnits(fee.price?.amount ?? '0', currency), 0)
  rows.push(...toFeeRows(fees, currency, minor('additionalFees') - listedFees))
  if (minor('tax') > 0)
    rows.push({ key: 'tax', kind: 'tax', label: 'Tax', value: formatMinorUnits(minor('tax'), currency) })
  const refunded = toMinorUnits(order.refundedAmount?.amount ?? '0', currency)
  const figures: TotalsFigures = {
    rows,
    totalLabel: 'Total',
    total: summary.total?.amount === undefined ? '—' : format(summary.total.amount),
  }
  // Each refund with its date and the items it named; an order read from an older platform has only the sum.
  const refunds: TotalsRow[] = (order.refunds ?? []).map((refund) => {
    const items = refund.lineItems
      .map((item) => `${item.quantity} × ${names.get(item._id) ?? 'Item'}`)
      .join(', ')
    const date = dateFormat.format(new Date(refund._createdDate))
    return {
      key: `refund-${refund._id}`,
      kind: 'refund',
      label: 'Refunded',
      detail: items ? `${date}: ${items}` : date,
      value: `${MINUS}${formatMinorUnits(toMinorUnits(refund.amount.amount ?? '0', currency), currency)}`,
    }
  })
  const listedRefunds = (order.refunds ?? []).reduce(
    (sum, refund) => sum + toMinorUnits(refund.amount.amount ?? '0', currency),
    0,
  )
  if (refunded > listedRefunds)
    refunds.push({
      key: 'refunded',
      kind: 'refund',
      label: 'Refunded',
      value: `${MINUS}${formatMinorUnits(refunded - listedRefunds, currency)}`,
    })
  if (refunds.length > 0 && summary.total?.amount !== undefined) {
    const net = toMinorUnits(summary.total.amount, currency) - Math.max(refunded, listedRefunds)
    refunds.push({
      key: 'net',
      kind: 'net',
      label: 'Net after refunds',
      value: formatMinorUnits(net, currency),
    })
  }
  if (refunds.length > 0) figures.after = refunds
  return figures
}

/** How the order was paid, in shopper words. */
function toPaymentWords(order: Order): string {
  if (order.paymentStatus === 'NOT_PAID') return 'Not paid'
  return order.payment.cardLast4 ? `Card ending ${order.payment.cardLast4}` : 'Paid online'
}

/** The summary of an order as the buyer reads it; pictures resolve against `mediaBaseUrl`. */
export function toOrderSummary(order: Order, mediaBaseUrl: string): OrderSummary {
  const placed = order.status === 'CANCELED' ? 'Canceled' : 'Placed'
  const totals = toOrderTotals(order)
  const names = lineNames(order)
  const count = order.lineItems.reduce((sum, line) => sum + line.quantity, 0)
  const summary: OrderSummary = {
    id: order._id,
    number: order.number,
    date: dateFormat.format(new Date(order._createdDate)),
    total: totals.total,
    status: `${placed}${paymentWords[order.paymentStatus] ?? ''}`,
    itemCount: count === 1 ? '1 item' : `${count} items`,
    // An order of bookings or tickets alone is fulfilled as placed: it was never shipped (decision 101).
    delivery: order.lineItems.some((line) => line.physicalProperties?.shippable !== false)
      ? deliveryWords[order.fulfillmentStatus]
      : undefined,
    // An order read from an older platform has no shipments field: nothing has shipped then.
    shipments: (order.fulfillments ?? []).map((fulfillment) => ({
      key: fulfillment._id,
      date: dateFormat.format(new Date(fulfillment._createdDate)),
      carrier: fulfillment.trackingInfo.shippingProvider,
      trackingNumber: fulfillment.trackingInfo.trackingNumber,
      trackingLink: /^https?:\/\//i.test(fulfillment.trackingInfo.trackingLink ?? '')
        ? fulfillment.trackingInfo.trackingLink
        : undefined,
      items: fulfillment.lineItems
        .map((shipped) => `${shipped.quantity} × ${names.get(shipped._id) ?? 'Item'}`)
        .join(', '),
    })),
    lines: order.lineItems.map((line) => toLineView(line, mediaBaseUrl)),
    totals,
    payment: toPaymentWords(order),
  }
  const shippingAddress = order.shippingInfo ? toOrderAddressLines(order.recipientInfo) : undefined
  if (shippingAddress) summary.shippingAddress = shippingAddress
  const billingAddress = toOrderAddressLines(order.billingInfo)
  if (billingAddress) summary.billingAddress = billingAddress
  if (order.shippingInfo) summary.deliveryMethod = order.shippingInfo.title || order.shippingInfo.code
  return summary
}
