import type {
  AdditionalFee,
  Address,
  CartDiscount,
  EstimateTotalsResponse,
  MultiCurrencyPrice,
  ShippingOption,
} from '@aisle/sdk'
import { formatMinorUnits, formatPrice, toMinorUnits } from '../store/money'
import { findCountryName } from './countries'
import { type EstimateNotice, toEstimateNotices } from './estimate-notices'
import { type ShippingChoice, toShippingOptionValue } from './shipping-choice'

/** A discount of the estimate, with what it took off. */
export type EstimateDiscount = CartDiscount
/** A shipping option of the estimate, with its carrier and pickup details. */
export type EstimateShippingOption = ShippingOption
/** A totals estimate as the platform answers it, typed by the SDK. */
export type TotalsEstimate = EstimateTotalsResponse

/** One row of a breakdown: the subtotal, each discount, shipping, each fee, tax; or a refund after the total. */
export interface TotalsRow {
  key: string
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'fee' | 'refund' | 'net'
  label: string
  /** A second line under the label: the coupon's name, the shipping option, the jurisdiction and rate. */
  detail?: string
  /** The amount formatted (`−$6.30` for a discount), or words (`Free`). */
  value: string
}

/** A shipping option the shopper can pick. */
export interface ShippingOptionView {
  /** The radio button's value (see `toShippingOptionValue`). */
  value: string
  title: string
  /** `$5.99`, or `Free`. */
  price: string
  /** `3-5 business days`, or the delivery window. */
  delivery?: string
  /** Where to pick it up, for a pickup option. */
  pickupAddress?: string
  instructions?: string
  isSelected: boolean
}

/**
 * Where the cart stands on shipping: no shippable item (`not-needed`), an address is wanted first
 * (`needs-address`), options to pick from (`options`), or nothing ships there (`unavailable`).
 */
export type ShippingState = 'not-needed' | 'needs-address' | 'options' | 'unavailable'

/**
 * The figures of a cart or an order as `TotalsRows` draws them, the one breakdown of every surface: its rows
 * in a receipt's order, the total, and what came after it (refunds). The rows sum to the total.
 */
export interface TotalsFigures {
  rows: TotalsRow[]
  /** `Total`; for a cart's estimate `Estimated total`, or before an address `Total before shipping and tax`. */
  totalLabel: string
  total: string
  /** Rows under the total: each refund, with its date when known. */
  after?: TotalsRow[]
}

/** What the cart page shows of an estimate: the breakdown, the shipping options and the notices. */
export interface TotalsBreakdown extends TotalsFigures {
  /** Whether shipping and tax are in: the shopper gave an address. */
  hasAddress: boolean
  shipping: ShippingState
  options: ShippingOptionView[]
  notices: EstimateNotice[]
  /** The line under the figures: what they include and for where. */
  note: string
  /** What a screen reader hears when the totals change. */
  announcement: string
}

const MINUS = '\u2212'

function isSameOption(a: EstimateShippingOption | undefined, b: EstimateShippingOption) {
  return a !== undefined && a.code === b.code && (a.carrierId ?? '') === (b.carrierId ?? '')
}

function formatPercent(rate: number): string {
  return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 3 }).format(rate)
}

function formatTimeSlot(slot: { from?: string; to?: string } | undefined): string | undefined {
  if (!slot?.from || !slot.to) return undefined
  const from = new Date(slot.from)
  const to = new Date(slot.to)
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return undefined
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  })
    .formatRange(from, to)
    .replace(/\s/g, ' ') // ICU puts narrow and thin spaces around the times
}

/** `1 Front St, Brooklyn, NY 11201`: an address on one line, as much of it as there is. */
export function toAddressLine(address: Address | undefined): string | undefined {
  if (!address) return undefined
  if (address.formattedAddress) return address.formattedAddress
  const region = address.subdivision?.replace(/^[A-Z]{2}-/, '')
  const place = [region, address.postalCode].filter(Boolean).join(' ')
  const line = [address.addressLine, address.city, place].filter(Boolean).join(', ')
  return line || undefined
}

function toOptionView(
  option: EstimateShippingOption,
  carrierId: string | undefined,
  selected: EstimateShippingOption | undefined,
  money: (price: MultiCurrencyPrice | undefined) => string,
): ShippingOptionView {
  const pickup = option.logistics?.pickupDetails
  const view: ShippingOptionView = {
    value: toShippingOptionValue({
      code: option.code ?? '',
      ...((option.carrierId ?? carrierId) ? { carrierId: option.carrierId ?? carrierId } : {}),
    }),
    title: option.title || option.code || 'Shipping',
    price: money(option.cost?.totalPrice),
    isSelected: isSameOption(selected, option),
  }
  const delivery = option.logistics?.deliveryTime || formatTimeSlot(option.logistics?.deliveryTimeSlot)
  if (delivery) view.delivery = delivery
  const pickupAddress = toAddressLine(pickup?.address)
  if (pickupAddress) view.pickupAddress = pickupAddress
  const instructions = pickup?.instructions
  if (instructions) view.instructions = instructions
  return view
}

/** A discount's row: the coupon's code, the shop's discount by name or percentage, and what it took off. */
export function toDiscountRow(
  discount: EstimateDiscount,
  index: number,
  format: (amount: string) => string,
  lineNames: ReadonlyMap<string, string>,
) {
  const { coupon, merchantDiscount } = discount
  const isShipping = discount.discountType === 'SHIPPING'
  const percentage = merchantDiscount?.percentage
  const row: TotalsRow = {
    key: `discount-${index}`,
    kind: 'discount',
    label: coupon?.code
      ? `Coupon ${coupon.code}`
      : merchantDiscount?.name ||
        (isShipping
          ? 'Shipping discount'
          : percentage
            ? `${formatPercent(percentage / 100)} off`
            : merchantDiscount
              ? 'Shop discount'
              : 'Discount'),
    value: `${MINUS}${format(discount.amount?.amount ?? '0')}`,
  }
  // A discount the shop gave on some lines says which, so the shopper sees what got cheaper.
  const discounted =
    merchantDiscount && discount.discountType === 'SPECIFIC_ITEMS'
      ? (discount.lineItems ?? []).flatMap((share) => {
          const name = share.lineItemId ? lineNames.get(share.lineItemId) : undefined
          return name ? [name] : []
        })
      : []
  const detail =
    coupon?.name ||
    (coupon?.code && isShipping ? 'Shipping discount' : undefined) ||
    (discounted.length > 0 ? `On ${discounted.join(', ')}` : undefined)
  if (detail) row.detail = detail
  return row
}

/** The word for each kind of fee (the spec's ChargeType), the same as the platform's pages and mails. */
const chargeTypeWords: Record<string, string> = { HANDLING_FEE: 'Handling fee', INSURANCE: 'Insurance' }

/**
 * A row per fee, named by its kind (`Handling fee`), with the shop's own name for it under the label when
 * that says more; fees of nothing are left out. `unlisted` is what a summary charged beyond the fees it
 * lists (an order read from an older platform), shown as one `Fees` row so the rows still sum to the total.
 */
export function toFeeRows(fees: readonly AdditionalFee[], currency: string, unlisted = 0): TotalsRow[] {
  const rows: TotalsRow[] = []
  for (const [index, fee] of fees.entries()) {
    const amount = toMinorUnits(fee.price?.amount ?? '0', currency)
    if (amount === 0) continue
    const word = (fee.chargeType && chargeTypeWords[fee.chargeType]) || fee.name || 'Fee'
    const name = fee.name?.trim() ?? ''
    const row: TotalsRow = {
      key: `fee-${index}`,
      kind: 'fee',
      label: word,
      value: formatMinorUnits(amount, currency),
    }
    if (name && !word.toLowerCase().startsWith(name.toLowerCase())) row.detail = name
    rows.push(row)
  }
  if (unlisted !== 0)
    rows.push({ key: 'fees', kind: 'fee', label: 'Fees', value: formatMinorUnits(unlisted, currency) })
  return rows
}

function toShippingState(estimate: TotalsEstimate, options: number, hasAddress: boolean): ShippingState {
  const codes = new Set((estimate.violations ?? []).map((violation) => violation.code))
  if (!hasAddress)
    return options > 0 || codes.has('SHIPPING_ADDRESS_REQUIRED') ? 'needs-address' : 'not-needed'
  if (options > 0) return 'options'
  if (codes.has('NO_SHIPPING_TO_REGION') || codes.has('NO_SHIPPING_OPTION_AVAILABLE')) return 'unavailable'
  return 'not-needed'
}

/** `New York, NY 10001, United States`: where the estimate is for, in the shopper's terms. */
function toPlace(choice: ShippingChoice): string {
  const { address } = choice
  const line = toAddressLine({ ...address, addressLine: undefined })
  return [line, findCountryName(address.country) ?? address.country].filter(Boolean).join(', ')
}

/**
 * Reshapes the platform's totals estimate into the cart page's breakdown: each discount (coupon or the
 * merchant's), shipping for the chosen option, tax per jurisdiction, each fee, and the total, formatted in the
 * estimate's currency; the shipping options to pick from once there is an address; and the violations and
 * calculation errors as notices in the shopper's words. The subtotal is the cart's own (it moves with
 * optimistic edits), so it is not a row here.
 */
export function toTotalsBreakdown(
  estimate: TotalsEstimate,
  choice: ShippingChoice | undefined,
): TotalsBreakdown {
  const currency = estimate.currency || estimate.cart?.currency || 'USD'
  const format = (amount: string) => formatPrice(amount, currency)
  const money = (price: MultiCurrencyPrice | undefined) =>
    toMinorUnits(price?.amount ?? '0', currency) === 0 ? 'Free' : format(price?.amount ?? '0')
  const summary = estimate.priceSummary ?? {}
  const hasAddress = choice !== undefined
  const selected = estimate.shippingInfo?.selectedCarrierServiceOption
  const options = (estimate.shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((option) => toOptionView(option, carrier.carrierId, selected, money)),
  )
  const shipping = toShippingState(estimate, options.length, hasAddress)

  const lineNames = new Map(
    (estimate.cart?.lineItems ?? []).flatMap((line) => {
      const name = line.productName?.translated || line.productName?.original
      return line._id && name ? [[line._id, name] as const] : []
    }),
  )
  const rows: TotalsRow[] = (estimate.appliedDiscounts ?? [])
    .filter((discount) => toMinorUnits(discount.amount?.amount ?? '0', currency) > 0)
    .map((discount, index) => toDiscountRow(discount, index, format, lineNames))
  if (shipping === 'options' && selected) {
    rows.push({
      key: 'shipping',
      kind: 'shipping',
      label: 'Shipping',
      detail: selected.title ?? '',
      value: money(summary.shipping),
    })
  } else if (shipping === 'unavailable') {
    rows.push({ key: 'shipping', kind: 'shipping', label: 'Shipping', value: 'Not available' })
  }
  if (hasAddress) rows.push(...toTaxRows(estimate, format))
  rows.push(...toFeeRows(estimate.additionalFees ?? [], currency))

  // Before an address the platform prices the cart with its first pickup and taxes it there; the shopper has
  // chosen neither, so the total shown is the items after discounts.
  const minor = (price: MultiCurrencyPrice | undefined) => toMinorUnits(price?.amount ?? '0', currency)
  const total = hasAddress
    ? format(summary.total?.amount ?? '0')
    : formatMinorUnits(minor(summary.subtotal) - minor(summary.discount), currency)
  const totalLabel = hasAddress ? 'Estimated total' : 'Total before shipping and tax'
  return {
    rows,
    totalLabel,
    total,
    hasAddress,
    shipping,
    options: hasAddress ? options : [],
    notices: toEstimateNotices(estimate.violations ?? [], estimate.calculationErrors ?? [], lineNames),
    note: toNote(shipping, choice),
    announcement: `Totals updated. ${totalLabel}: ${total}.`,
  }
}

function toTaxRows(estimate: TotalsEstimate, format: (amount: string) => string): TotalsRow[] {
  const jurisdictions = estimate.taxSummary?.jurisdictions ?? []
  if (jurisdictions.length === 0) {
    return [
      { key: 'tax', kind: 'tax', label: 'Tax', value: format(estimate.taxSummary?.totalTax?.amount ?? '0') },
    ]
  }
  return jurisdictions.map((jurisdiction, index) => {
    const rate = typeof jurisdiction.rate === 'number' ? ` (${formatPercent(jurisdiction.rate)})` : ''
    return {
      key: `tax-${index}`,
      kind: 'tax',
      label: 'Tax',
      detail: `${jurisdiction.name || 'Tax'}${rate}`,
      value: format(jurisdiction.taxAmount?.amount ?? '0'),
    }
  })
}

function toNote(shipping: ShippingState, choice: ShippingChoice | undefined): string {
  if (!choice) {
    return shipping === 'needs-address'
      ? 'Shipping and tax are added once you enter your address.'
      : 'Tax is added once you enter your address.'
  }
  return `Estimated for ${toPlace(choice)}. The final amounts are confirmed at checkout.`
}
