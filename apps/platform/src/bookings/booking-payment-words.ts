import type { BookingPaymentOption } from '../carts/cart-store.ts'
import { formatMoney } from '../money/money.ts'
import type { PaymentStatus } from '../orders/order-state.ts'

/**
 * How a booking was paid, as its order line and order keep it (decision 093): everything its sentence
 * needs and nothing of the rows it came from, so the mails and the members account say the same words.
 */
export interface BookingPayment {
  /** The way the shopper chose (the order line's `payment_option`, decision 085). */
  option: BookingPaymentOption
  /** The service's price: a fixed price, free, or a price on request (`booking_services.rate_type`). */
  rateType: 'FIXED' | 'NO_FEE' | 'CUSTOM'
  /** An appointment or a class: where an amount due is paid ("at the appointment", "at the class"). */
  kind: 'APPOINTMENT' | 'CLASS'
  /** What the booking's line costs, all its participants (minor units). */
  amountMinor: number
  currency: string
  /** The order's payment status. */
  paymentStatus: PaymentStatus
  /** What the order's buyer has paid (`orders.paid_minor`): a deposit's share while partly paid (decision 092). */
  paidMinor?: number | undefined
  /** Whether the booking's line was refunded (all its units) or its order in full. */
  isRefunded: boolean
  /** Whether the booking was cancelled. */
  isCancelled: boolean
  /**
   * The plan that paid it, as the order line named it; its sessions now when known (`total` `null`: an
   * unlimited plan, which says nothing of sessions).
   */
  plan?: { name: string; sessionsLeft?: number | null; sessionsTotal?: number | null } | null | undefined
}

/** The order line's way to pay as a booking's: a way not a service's (a product's estimate words) reads as online. */
export function toBookingPaymentOption(paymentOption: string | undefined): BookingPaymentOption {
  return paymentOption === 'FULL_PAYMENT_OFFLINE' ||
    paymentOption === 'MEMBERSHIP' ||
    paymentOption === 'DEPOSIT_ONLINE'
    ? paymentOption
    : 'FULL_PAYMENT_ONLINE'
}

/**
 * A booking's payment from what its order keeps: the order line that sold it (its way, total, refunded
 * units and paying plan; none found reads as online and unpaid), the order's payment, the service's price
 * and kind, and the paying plan's sessions now when read.
 */
export function bookingPaymentOf(input: {
  order: { payment_status: PaymentStatus; currency: string; paid_minor?: string | number | undefined }
  line:
    | {
        payment_option: string
        membership: { name: string } | null
        total_minor: string | number
        quantity: number
        refunded_quantity: number
      }
    | undefined
  service: { rateType: BookingPayment['rateType']; kind: BookingPayment['kind'] }
  isCancelled: boolean
  sessions?: { left: number | null; total: number | null } | undefined
}): BookingPayment {
  const { order, line, service } = input
  return {
    option: toBookingPaymentOption(line?.payment_option),
    rateType: service.rateType,
    kind: service.kind,
    amountMinor: Number(line?.total_minor ?? 0),
    currency: order.currency,
    paymentStatus: order.payment_status,
    ...(order.paid_minor === undefined ? {} : { paidMinor: Number(order.paid_minor) }),
    isRefunded:
      order.payment_status === 'FULLY_REFUNDED' ||
      (line !== undefined && line.quantity > 0 && line.refunded_quantity >= line.quantity),
    isCancelled: input.isCancelled,
    plan: line?.membership
      ? {
          name: line.membership.name,
          sessionsLeft: input.sessions?.left,
          sessionsTotal: input.sessions?.total,
        }
      : null,
  }
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

/** "(2 of 5 sessions left)" of a plan with sessions whose count is known; nothing otherwise. */
function sessionsWords(plan: NonNullable<BookingPayment['plan']>): string {
  const { sessionsLeft, sessionsTotal } = plan
  if (sessionsTotal === null || sessionsTotal === undefined) return ''
  if (sessionsLeft === null || sessionsLeft === undefined) return ''
  return ` (${sessionsLeft} of ${sessionsTotal} ${plural(sessionsTotal, 'session', 'sessions')} left)`
}

/**
 * How a booking is paid, in the sentence a shopper reads in the confirmation and reminder mails and the
 * members account (decision 093): "Paid $40.00 online", "$40.00 to pay at the appointment", "Paid with your
 * plan Fitting pass (2 of 5 sessions left)", "Deposit of $10.00 paid online, $30.00 to pay at the appointment"
 * (decision 092), "Free", "Price on request", and what became of the money when
 * it was cancelled or refunded ("Cancelled and refunded $40.00", "Cancelled: nothing to pay").
 *
 * @example bookingPaymentWords({ option: 'FULL_PAYMENT_ONLINE', amountMinor: 4000, … }, 'en-US') // 'Paid $40.00 online'
 */
export function bookingPaymentWords(payment: BookingPayment, locale: string): string {
  const money = formatMoney(payment.amountMinor, payment.currency, locale)
  const where = payment.kind === 'CLASS' ? 'at the class' : 'at the appointment'
  const isPaid = payment.paymentStatus !== 'NOT_PAID'
  // What became of money taken, the same whichever way it was taken.
  const moneyBack = (paidHow: string): string | undefined => {
    if (payment.isRefunded)
      return payment.isCancelled ? `Cancelled and refunded ${money}` : `Refunded ${money}`
    if (payment.isCancelled)
      return isPaid
        ? `Cancelled: the ${money} paid ${paidHow} is not refunded yet`
        : 'Cancelled: nothing to pay'
    return undefined
  }
  switch (payment.option) {
    case 'MEMBERSHIP': {
      const name = payment.plan?.name || 'your plan'
      if (payment.isCancelled) return `Cancelled: the session went back to your plan ${name}`
      return `Paid with your plan ${name}${payment.plan ? sessionsWords(payment.plan) : ''}`
    }
    case 'FULL_PAYMENT_ONLINE':
    case 'FULL_PAYMENT_OFFLINE': {
      if (payment.rateType === 'CUSTOM')
        return payment.isCancelled ? 'Cancelled' : `Price on request: you pay ${where}`
      if (payment.amountMinor === 0) return payment.isCancelled ? 'Cancelled' : 'Free'
      const online = payment.option === 'FULL_PAYMENT_ONLINE'
      const back = moneyBack(online ? 'online' : 'in person')
      if (back) return back
      if (isPaid) return online ? `Paid ${money} online` : `Paid ${money} in person`
      // Only the offline provider places an order unpaid (a current cart's slot is "online" by default).
      return `${money} to pay ${where}`
    }
    case 'DEPOSIT_ONLINE': {
      // The deposit paid online (what the order took, never more than the booking), the rest in person.
      const depositMinor = Math.min(payment.paidMinor ?? 0, payment.amountMinor)
      const deposit = formatMoney(depositMinor, payment.currency, locale)
      if (payment.isRefunded)
        return payment.isCancelled
          ? `Cancelled and the deposit of ${deposit} refunded`
          : `Refunded ${deposit}`
      if (payment.isCancelled)
        return depositMinor > 0
          ? `Cancelled: the deposit of ${deposit} is not refunded yet`
          : 'Cancelled: nothing to pay'
      if (payment.paymentStatus === 'PAID') return `Paid ${money}: a deposit online, the rest in person`
      if (payment.paymentStatus === 'PARTIALLY_PAID') {
        const rest = formatMoney(payment.amountMinor - depositMinor, payment.currency, locale)
        return `Deposit of ${deposit} paid online, ${rest} to pay ${where}`
      }
      return `${money} to pay`
    }
    default: {
      const unknown: never = payment.option
      return unknown
    }
  }
}
