import { parseScaledDecimal } from '../money/decimal-text.ts'
import { fractionDigits } from '../money/money.ts'
import type { OrderPayment } from './order-store.ts'

/** What the order desk asks the payment provider to refund. */
export interface RefundRequest {
  orderId: string
  /** The order's payment as the provider answered its charge. */
  payment: OrderPayment
  amountMinor: number
  currency: string
  /** One key per refund the merchant asked for: a retried request is the same refund, never a second one. */
  idempotencyKey: string
}

/** The provider's answer: refunded (with its own id), or why not. */
export type RefundResult =
  | { status: 'REFUNDED'; refundId: string }
  | { status: 'NOT_SUPPORTED' | 'DECLINED'; reason: string }

/** How the order desk gives money back: through the provider that took it. */
export interface OrderRefunds {
  refund(request: RefundRequest): Promise<RefundResult>
  /**
   * A payment provider's id as a merchant reads it ("Card (test mode)", "Stripe"): the providers name
   * themselves, and the app hands their names in here with the refunds (decision 100).
   */
  providerTitle(providerId: string): string
}

/** What `refundWorthOf` reads of an order: the totals it kept from its checkout, and its currency. */
export interface OrderPaidTotals {
  totals: unknown
  currency: string
}

/** What `refundWorthOf` reads of a line. */
export interface RefundedLine {
  id: string
  quantity: number
  /** After discounts, before tax. */
  total_minor: string
  refunded_quantity: number
}

interface KeptLineTotals {
  calculatedLineItems?: readonly {
    lineItemId?: string
    pricesBreakdown?: { totalPriceAfterTax?: { amount?: string } }
  }[]
}

/**
 * What the buyer paid for a line: its total after discounts and tax, as the order kept it from its
 * checkout (the kept totals name their lines by the order lines' ids). An order whose totals name no
 * such line gives the line's total before tax, which is all it knows.
 */
function linePaidMinor(order: OrderPaidTotals, line: Pick<RefundedLine, 'id' | 'total_minor'>): number {
  const kept = (order.totals as KeptLineTotals | null)?.calculatedLineItems?.find(
    (calculated) => calculated.lineItemId === line.id,
  )
  const amount = kept?.pricesBreakdown?.totalPriceAfterTax?.amount
  if (amount !== undefined) {
    const read = parseScaledDecimal(amount, fractionDigits(order.currency))
    if ('value' in read && read.value !== undefined) return read.value
  }
  return Number(line.total_minor)
}

/**
 * What the buyer paid for the first `units` of a line, tax included: the line's paid total shared out by
 * unit counted from the first, so units refunded in any number of steps give back exactly that total,
 * never a minor unit more or less.
 */
function paidForUnits(order: OrderPaidTotals, line: RefundedLine): (units: number) => number {
  if (line.quantity <= 0) return () => 0
  const paid = linePaidMinor(order, line)
  return (units) => Math.round((paid * units) / line.quantity)
}

/**
 * What refunding `quantity` more units of a line gives back: their share of what the buyer paid for the
 * line, tax included, so an item refunded takes its tax with it.
 */
export function refundWorthOf(order: OrderPaidTotals, line: RefundedLine, quantity: number): number {
  const upTo = paidForUnits(order, line)
  return upTo(line.refunded_quantity + quantity) - upTo(line.refunded_quantity)
}

/** `refundWorthOf` for every number of the line's units left, from none to all, with one read of its total. */
export function refundWorthsOf(order: OrderPaidTotals, line: RefundedLine): number[] {
  const upTo = paidForUnits(order, line)
  const before = upTo(line.refunded_quantity)
  const left = Math.max(0, line.quantity - line.refunded_quantity)
  return Array.from({ length: left + 1 }, (_, units) => upTo(line.refunded_quantity + units) - before)
}
