import { parseScaledDecimal } from '../money/decimal-text.ts'
import { formatMoney, fractionDigits } from '../money/money.ts'
import { lineNameWithOptions, orderLineSummary, type SoldLineColumns } from './line-summary.tsx'

/**
 * The one breakdown of a cart's, checkout's or order's money (decision 060): subtotal, each discount,
 * shipping, each fee by its kind, tax and the total; below the total each refund with its date, and what
 * is left after them. Every platform surface that shows a total draws these lines (`TotalsBreakdownRows`
 * on pages, `breakdownMailRows` in mails), so no surface can leave a part out: the lines above the total
 * always add up to it.
 */

/** An amount as the wire holds it: exact decimal text (`"12.50"`). */
interface StoredMoney {
  amount: string
}

/**
 * The parts of a totals estimate the breakdown reads: the wire totals (`toWireTotals`) fit it, and so
 * do the totals an order keeps from its checkout.
 */
export interface BreakdownTotals {
  priceSummary: {
    subtotal: StoredMoney
    discount: StoredMoney
    shipping: StoredMoney
    tax: StoredMoney
    additionalFees?: StoredMoney | undefined
    total: StoredMoney
  }
  appliedDiscounts?:
    | readonly {
        discountType: string
        amount: StoredMoney
        coupon?: { code: string; name?: string | undefined } | undefined
        merchantDiscount?: { name?: string | undefined; percentage?: number | undefined } | undefined
      }[]
    | undefined
  additionalFees?:
    | readonly { code: string; name: string; chargeType: 'HANDLING_FEE' | 'INSURANCE'; price: StoredMoney }[]
    | undefined
  shippingInfo?: { selectedCarrierServiceOption?: { title: string } | undefined } | undefined
}

/** What a line of the breakdown is. */
export type BreakdownLineKind =
  | 'SUBTOTAL'
  | 'DISCOUNT'
  | 'SHIPPING'
  | 'FEE'
  | 'TAX'
  | 'TOTAL'
  | 'REFUND'
  | 'NET'

/** One line: its words, its amount in minor units (negative for what is taken off) and as text. */
export interface BreakdownLine {
  kind: BreakdownLineKind
  label: string
  /** A second, quieter part: the coupon's name, the shipping method, the fee's own name, a refund's date. */
  detail?: string | undefined
  amountMinor: number
  formattedAmount: string
  /** A refund's date (ISO 8601). */
  date?: string | undefined
  /** The items a refund named, in words (`1 × Meadow notebook`). */
  items?: string | undefined
}

/** The breakdown: the lines that add up to the total, the total, then refunds and what is left. */
export interface TotalsBreakdown {
  currency: string
  /** Subtotal, discounts, shipping, fees and tax: they sum to `total.amountMinor`. */
  lines: BreakdownLine[]
  total: BreakdownLine
  /** One per refund, oldest first, each negative. */
  refunds: BreakdownLine[]
  /** The total less the refunds; present when there is a refund. */
  net?: BreakdownLine | undefined
}

/** A refund as the breakdown shows it. */
export interface BreakdownRefund {
  amountMinor: number
  date: Date
  /** The items it named, if any. */
  items?: readonly { name: string; quantity: number }[] | undefined
}

/** The spec's ChargeType in the one word every surface uses for it. */
export const chargeTypeWords: Record<'HANDLING_FEE' | 'INSURANCE', string> = {
  HANDLING_FEE: 'Handling fee',
  INSURANCE: 'Insurance',
}

const refundDateFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A refund's date in `locale`'s words, one formatter per locale: building an `Intl.DateTimeFormat` costs
 * more than the rest of a breakdown (decision 097), and every checkout page and order reads one.
 */
function refundDateWords(locale: string): Intl.DateTimeFormat {
  let format = refundDateFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    refundDateFormats.set(locale, format)
  }
  return format
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The breakdown of `totals` in `currency`, words and amounts formatted for `locale`.
 * `awaitingAddress`: a checkout without a delivery choice yet, whose shipping line asks for the address.
 *
 * @example
 * const { lines, total } = toTotalsBreakdown(order.totals, { currency: 'USD', locale: 'en-US' })
 */
export function toTotalsBreakdown(
  totals: BreakdownTotals,
  options: {
    currency: string
    locale: string
    refunds?: readonly BreakdownRefund[] | undefined
    awaitingAddress?: boolean | undefined
  },
): TotalsBreakdown {
  const { currency, locale } = options
  const digits = fractionDigits(currency)
  const minor = (money: StoredMoney | undefined) => {
    const read = parseScaledDecimal(money?.amount ?? '0', digits)
    return 'value' in read && read.value !== undefined ? read.value : 0
  }
  const line = (
    kind: BreakdownLineKind,
    label: string,
    amountMinor: number,
    detail?: string,
  ): BreakdownLine => ({
    kind,
    label,
    ...(detail ? { detail } : {}),
    amountMinor,
    formattedAmount: formatMoney(amountMinor, currency, locale),
  })
  const summary = totals.priceSummary
  const lines: BreakdownLine[] = [line('SUBTOTAL', 'Subtotal', minor(summary.subtotal))]

  let discounted = 0
  for (const discount of totals.appliedDiscounts ?? []) {
    const amount = minor(discount.amount)
    if (amount === 0) continue
    discounted += amount
    if (discount.coupon)
      lines.push(line('DISCOUNT', `Coupon ${discount.coupon.code}`, -amount, discount.coupon.name))
    else if (discount.merchantDiscount) {
      const { name, percentage } = discount.merchantDiscount
      lines.push(
        line(
          'DISCOUNT',
          name || 'Discount',
          -amount,
          percentage === undefined ? undefined : `${percentage.toLocaleString(locale)} %`,
        ),
      )
    } else
      lines.push(
        line('DISCOUNT', discount.discountType === 'SHIPPING' ? 'Shipping discount' : 'Discount', -amount),
      )
  }
  // Totals kept before discounts were itemised carry only their sum: it shows as one line.
  const otherDiscount = minor(summary.discount) - discounted
  if (otherDiscount !== 0) lines.push(line('DISCOUNT', 'Discount', -otherDiscount))

  const shipping = minor(summary.shipping)
  const method = totals.shippingInfo?.selectedCarrierServiceOption?.title
  if (method || shipping !== 0) lines.push(line('SHIPPING', 'Shipping', shipping, method))
  else if (options.awaitingAddress)
    lines.push({ ...line('SHIPPING', 'Shipping', 0), formattedAmount: 'Enter your address' })

  let feesShown = 0
  for (const fee of totals.additionalFees ?? []) {
    const amount = minor(fee.price)
    if (amount === 0) continue
    feesShown += amount
    const word = chargeTypeWords[fee.chargeType] ?? 'Fee'
    const isOwnWord = same(fee.name, word) || word.toLowerCase().startsWith(fee.name.trim().toLowerCase())
    lines.push(line('FEE', word, amount, isOwnWord ? undefined : fee.name))
  }
  const otherFees = minor(summary.additionalFees) - feesShown
  if (otherFees !== 0) lines.push(line('FEE', 'Fees', otherFees))

  const tax = minor(summary.tax)
  if (tax !== 0) lines.push(line('TAX', 'Tax', tax))

  const totalMinor = minor(summary.total)
  const total = line('TOTAL', 'Total', totalMinor)
  const refunds = (options.refunds ?? []).map((refund) => ({
    ...line('REFUND', 'Refunded', -refund.amountMinor, refundDateWords(locale).format(refund.date)),
    date: refund.date.toISOString(),
    ...(refund.items?.length
      ? { items: refund.items.map((item) => `${item.quantity} × ${item.name}`).join(', ') }
      : {}),
  }))
  const refunded = refunds.reduce((sum, refund) => sum - refund.amountMinor, 0)
  return {
    currency,
    lines,
    total,
    refunds,
    ...(refunds.length > 0 ? { net: line('NET', 'Net after refunds', totalMinor - refunded) } : {}),
  }
}

/** Every line of a breakdown in the order it is shown: the parts, the total, the refunds, what is left. */
export function breakdownLinesInOrder(breakdown: TotalsBreakdown): BreakdownLine[] {
  return [
    ...breakdown.lines,
    breakdown.total,
    ...breakdown.refunds,
    ...(breakdown.net ? [breakdown.net] : []),
  ]
}

/** What `breakdownOfOrder` reads of a stored order (`OrderWithLines`'s rows). */
export interface OrderForBreakdown {
  order: { totals: unknown; currency: string }
  lines: readonly (SoldLineColumns & { id: string })[]
  refunds: readonly {
    amount_minor: string
    created_date: Date
    lines: readonly { lineId: string; quantity: number }[]
  }[]
}

/** The breakdown of an order from the totals it kept at checkout, with its refunds below the total. */
export function breakdownOfOrder(
  { order, lines, refunds }: OrderForBreakdown,
  locale: string,
): TotalsBreakdown {
  const names = new Map(lines.map((line) => [line.id, lineNameWithOptions(orderLineSummary(line))]))
  return toTotalsBreakdown(order.totals as unknown as BreakdownTotals, {
    currency: order.currency,
    locale,
    refunds: refunds.map((refund) => ({
      amountMinor: Number(refund.amount_minor),
      date: new Date(refund.created_date),
      items: refund.lines.map((line) => ({
        name: names.get(line.lineId) ?? 'item',
        quantity: line.quantity,
      })),
    })),
  })
}
