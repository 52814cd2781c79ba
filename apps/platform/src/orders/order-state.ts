/**
 * The one state machine of an order (decision 034): its status, its payment and its fulfilment move
 * only by the rows of `ORDER_TRANSITIONS`. Pure: the actions (`order-actions.ts`) decide which action a
 * request is (all lines or some, the whole rest of the payment or a part), ask `nextOrderState`, and
 * store what it answers.
 */

export type OrderStatus = 'APPROVED' | 'CANCELED'
export type PaymentStatus = 'NOT_PAID' | 'PARTIALLY_PAID' | 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED'
export type FulfillmentStatus = 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED'

/** Where an order stands. */
export interface OrderState {
  status: OrderStatus
  paymentStatus: PaymentStatus
  fulfillmentStatus: FulfillmentStatus
}

/**
 * What the merchant does to an order; `_REST` takes what is left (every unshipped unit, the whole rest paid);
 * `MARK_PAID` records the rest of the total paid outside Aisle (in person, decision 092).
 */
export type OrderAction = 'SHIP_SOME' | 'SHIP_REST' | 'CANCEL' | 'REFUND_SOME' | 'REFUND_REST' | 'MARK_PAID'

/** Why an action is refused in a state: a stable code, and words for the merchant. */
export type OrderRefusal =
  | 'ORDER_CANCELED'
  | 'ORDER_ALREADY_FULFILLED'
  | 'ORDER_ALREADY_SHIPPED'
  | 'ORDER_NOT_PAID'
  | 'ORDER_FULLY_REFUNDED'
  | 'ORDER_ALREADY_PAID'
  | 'ORDER_REFUNDED'

interface Transition {
  action: OrderAction
  /** The state parts this row requires; a part left out may be anything. */
  from: Partial<OrderState>
  /** The parts it changes. */
  to: Partial<OrderState>
}

/** Every move an order can make; an action in a state no row matches is refused. */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  {
    action: 'SHIP_SOME',
    from: { status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' },
    to: { fulfillmentStatus: 'PARTIALLY_FULFILLED' },
  },
  {
    action: 'SHIP_SOME',
    from: { status: 'APPROVED', fulfillmentStatus: 'PARTIALLY_FULFILLED' },
    to: { fulfillmentStatus: 'PARTIALLY_FULFILLED' },
  },
  {
    action: 'SHIP_REST',
    from: { status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' },
    to: { fulfillmentStatus: 'FULFILLED' },
  },
  {
    action: 'SHIP_REST',
    from: { status: 'APPROVED', fulfillmentStatus: 'PARTIALLY_FULFILLED' },
    to: { fulfillmentStatus: 'FULFILLED' },
  },
  // Only an order nothing of which has left can be canceled; what has shipped is refunded instead.
  {
    action: 'CANCEL',
    from: { status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' },
    to: { status: 'CANCELED' },
  },
  // The rest of an order paid in person: one not paid at all, or one whose deposit was paid (decision 092).
  {
    action: 'MARK_PAID',
    from: { status: 'APPROVED', paymentStatus: 'NOT_PAID' },
    to: { paymentStatus: 'PAID' },
  },
  {
    action: 'MARK_PAID',
    from: { status: 'APPROVED', paymentStatus: 'PARTIALLY_PAID' },
    to: { paymentStatus: 'PAID' },
  },
  // A canceled order may still be refunded: cancelling does not give the money back by itself.
  { action: 'REFUND_SOME', from: { paymentStatus: 'PAID' }, to: { paymentStatus: 'PARTIALLY_REFUNDED' } },
  // What a deposit paid may be given back (decision 092): no more than it, which `refundableOf` caps.
  {
    action: 'REFUND_SOME',
    from: { paymentStatus: 'PARTIALLY_PAID' },
    to: { paymentStatus: 'PARTIALLY_REFUNDED' },
  },
  {
    action: 'REFUND_REST',
    from: { paymentStatus: 'PARTIALLY_PAID' },
    to: { paymentStatus: 'FULLY_REFUNDED' },
  },
  {
    action: 'REFUND_SOME',
    from: { paymentStatus: 'PARTIALLY_REFUNDED' },
    to: { paymentStatus: 'PARTIALLY_REFUNDED' },
  },
  { action: 'REFUND_REST', from: { paymentStatus: 'PAID' }, to: { paymentStatus: 'FULLY_REFUNDED' } },
  {
    action: 'REFUND_REST',
    from: { paymentStatus: 'PARTIALLY_REFUNDED' },
    to: { paymentStatus: 'FULLY_REFUNDED' },
  },
]

const refusalWords: Record<OrderRefusal, string> = {
  ORDER_CANCELED: 'This order is canceled',
  ORDER_ALREADY_FULFILLED: 'Nothing of this order is left to ship: every item has shipped or was refunded',
  ORDER_ALREADY_SHIPPED: 'Items of this order have shipped: refund them instead of cancelling',
  ORDER_NOT_PAID: 'This order was not paid, so there is nothing to refund',
  ORDER_FULLY_REFUNDED: 'This order is already refunded in full',
  ORDER_ALREADY_PAID: 'This order is already paid in full',
  ORDER_REFUNDED: 'Money of this order was given back: it cannot be marked paid',
}

function refusalOf(state: OrderState, action: OrderAction): OrderRefusal {
  if (action === 'MARK_PAID')
    return state.status === 'CANCELED'
      ? 'ORDER_CANCELED'
      : state.paymentStatus === 'PAID'
        ? 'ORDER_ALREADY_PAID'
        : 'ORDER_REFUNDED'
  if (action === 'REFUND_SOME' || action === 'REFUND_REST')
    return state.paymentStatus === 'FULLY_REFUNDED' ? 'ORDER_FULLY_REFUNDED' : 'ORDER_NOT_PAID'
  if (state.status === 'CANCELED') return 'ORDER_CANCELED'
  if (action === 'CANCEL') return 'ORDER_ALREADY_SHIPPED'
  return 'ORDER_ALREADY_FULFILLED'
}

const matches = (state: OrderState, from: Partial<OrderState>) =>
  (Object.keys(from) as (keyof OrderState)[]).every((key) => from[key] === state[key])

/** The state after `action`, or why the action is refused in `state`. */
export function nextOrderState(
  state: OrderState,
  action: OrderAction,
): { ok: true; state: OrderState } | { ok: false; code: OrderRefusal; message: string } {
  const row = ORDER_TRANSITIONS.find(
    (transition) => transition.action === action && matches(state, transition.from),
  )
  if (row) return { ok: true, state: { ...state, ...row.to } }
  const code = refusalOf(state, action)
  return { ok: false, code, message: refusalWords[code] }
}

/** A line's counts that say what is left to ship, and whether its item ships at all. */
export interface ShippableLine {
  quantity: number
  shipped_quantity: number
  refunded_quantity: number
  /**
   * Whether the item sold is sent (decision 101): a catalogue's physical product or a custom line the merchant
   * said ships; a booking, a ticket or a digital product is not. `null` on lines stored before migration 026,
   * which were all goods.
   */
  shippable: boolean | null
}

/**
 * Whether a line is one to ship (decision 101): the one rule of it. A line that says it is not shippable (a
 * booking, a ticket, a download) never counts as to ship, is never offered to ship and is refused by the ship
 * action; a line stored before its order kept the answer (migration 026) was a product, and ships.
 */
export function needsShipping(line: Pick<ShippableLine, 'shippable'>): boolean {
  return line.shippable !== false
}

/** Whether an order has any line to ship at all (decision 101): one of bookings or tickets alone has not. */
export function hasShippableLines(lines: readonly Pick<ShippableLine, 'shippable'>[]): boolean {
  return lines.some(needsShipping)
}

/**
 * The units of a line still to ship: those neither shipped nor refunded, none on a line that does not ship
 * (decision 101). A refund takes the unshipped units first (what is refunded is not sent), so a line of 2
 * with 1 shipped and 1 refunded has none left.
 */
export function unitsLeftToShip(line: ShippableLine): number {
  if (!needsShipping(line)) return 0
  return Math.max(0, line.quantity - line.shipped_quantity - line.refunded_quantity)
}

/**
 * Where an order's fulfilment stands by its lines' counts (issue 35): `FULFILLED` when no unit is left to
 * ship (every unit shipped or refunded), `PARTIALLY_FULFILLED` when some shipped and some are left,
 * `NOT_FULFILLED` when nothing shipped and some are left. Only lines that ship count (decision 101): an
 * order with none (bookings, tickets, downloads) is `FULFILLED` from its placing, as Wix fulfils an order
 * without shippable items, and a mixed one is once its goods have left. Placing an order, the ship and
 * refund actions store it; migrations 028 and 041 brought the orders stored before to the same answer.
 */
export function fulfillmentStatusOf(lines: readonly ShippableLine[]): FulfillmentStatus {
  if (lines.every((line) => unitsLeftToShip(line) === 0)) return 'FULFILLED'
  return lines.some((line) => line.shipped_quantity > 0) ? 'PARTIALLY_FULFILLED' : 'NOT_FULFILLED'
}

/**
 * The state a cancel is judged from (decision 101): an order with nothing to ship is fulfilled as placed, yet
 * nothing of it has left, so it is canceled as one not shipped. Any other order stands as it is.
 */
export function cancellingState(
  state: OrderState,
  lines: readonly Pick<ShippableLine, 'shippable'>[],
): OrderState {
  return hasShippableLines(lines) ? state : { ...state, fulfillmentStatus: 'NOT_FULFILLED' }
}

/** `state` with the fulfilment its lines' counts give; a canceled order keeps where it stood. */
export function withCountedFulfillment(state: OrderState, lines: readonly ShippableLine[]): OrderState {
  return state.status === 'CANCELED' ? state : { ...state, fulfillmentStatus: fulfillmentStatusOf(lines) }
}

/**
 * The payment status of an order of `totalMinor` of which `paidMinor` is paid (decision 092): paid when all
 * is, partly paid when some is (a deposit), not paid when nothing is.
 */
export function paymentStatusOf(
  paidMinor: number,
  totalMinor: number,
): 'PAID' | 'PARTIALLY_PAID' | 'NOT_PAID' {
  if (paidMinor >= totalMinor) return 'PAID'
  return paidMinor > 0 ? 'PARTIALLY_PAID' : 'NOT_PAID'
}

/** The parts of an order its sums are worked from (its row's, minor units as the store reads them). */
export interface OrderSums {
  status: OrderStatus
  payment_status: PaymentStatus
  total_minor: string | number
  paid_minor: string | number
  refunded_minor: string | number
  /** Its payment: `amountMinor` is what the provider took, the total when an older order does not say. */
  payment: { status: 'PAID' | 'NOT_PAID'; amountMinor?: number | undefined }
}

/**
 * What is still to be paid of an order (decision 092): the total less what was paid, none for an order
 * canceled or with money given back (its rest is no longer asked for). The one place this sum lives.
 */
export function balanceDueOf(order: OrderSums): number {
  if (order.status === 'CANCELED') return 0
  if (order.payment_status === 'PARTIALLY_REFUNDED' || order.payment_status === 'FULLY_REFUNDED') return 0
  return Math.max(0, Number(order.total_minor) - Number(order.paid_minor))
}

/**
 * What of an order may be refunded through its payment provider (decision 092): what the provider took
 * (a deposit, or the total) less what was refunded. Money paid in person never passed the provider, so
 * it is never refunded through it. The one place this sum lives.
 */
export function refundableOf(order: OrderSums): number {
  const taken = order.payment.status === 'PAID' ? (order.payment.amountMinor ?? Number(order.total_minor)) : 0
  return Math.max(0, taken - Number(order.refunded_minor))
}
