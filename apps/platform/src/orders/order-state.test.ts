import { describe, expect, it } from 'vitest'
import {
  balanceDueOf,
  cancellingState,
  fulfillmentStatusOf,
  hasShippableLines,
  nextOrderState,
  type OrderAction,
  type OrderState,
  paymentStatusOf,
  refundableOf,
  unitsLeftToShip,
  withCountedFulfillment,
} from './order-state.ts'

const state = (status: string, paymentStatus: string, fulfillmentStatus: string) =>
  ({ status, paymentStatus, fulfillmentStatus }) as OrderState

// [from, action, to or the refusal's code]
const table: [OrderState, OrderAction, OrderState | string][] = [
  [state('APPROVED', 'PAID', 'NOT_FULFILLED'), 'SHIP_SOME', state('APPROVED', 'PAID', 'PARTIALLY_FULFILLED')],
  [state('APPROVED', 'PAID', 'NOT_FULFILLED'), 'SHIP_REST', state('APPROVED', 'PAID', 'FULFILLED')],
  [
    state('APPROVED', 'NOT_PAID', 'PARTIALLY_FULFILLED'),
    'SHIP_SOME',
    state('APPROVED', 'NOT_PAID', 'PARTIALLY_FULFILLED'),
  ],
  [
    state('APPROVED', 'NOT_PAID', 'PARTIALLY_FULFILLED'),
    'SHIP_REST',
    state('APPROVED', 'NOT_PAID', 'FULFILLED'),
  ],
  // Marking paid (decision 092): the rest of a deposit, or an order to pay in person; once.
  [
    state('APPROVED', 'PARTIALLY_PAID', 'NOT_FULFILLED'),
    'MARK_PAID',
    state('APPROVED', 'PAID', 'NOT_FULFILLED'),
  ],
  [state('APPROVED', 'NOT_PAID', 'NOT_FULFILLED'), 'MARK_PAID', state('APPROVED', 'PAID', 'NOT_FULFILLED')],
  [state('APPROVED', 'PAID', 'NOT_FULFILLED'), 'MARK_PAID', 'ORDER_ALREADY_PAID'],
  [state('CANCELED', 'PARTIALLY_PAID', 'NOT_FULFILLED'), 'MARK_PAID', 'ORDER_CANCELED'],
  [state('APPROVED', 'PARTIALLY_REFUNDED', 'NOT_FULFILLED'), 'MARK_PAID', 'ORDER_REFUNDED'],
  [
    state('APPROVED', 'PARTIALLY_PAID', 'NOT_FULFILLED'),
    'REFUND_SOME',
    state('APPROVED', 'PARTIALLY_REFUNDED', 'NOT_FULFILLED'),
  ],
  [
    state('CANCELED', 'PARTIALLY_PAID', 'NOT_FULFILLED'),
    'REFUND_REST',
    state('CANCELED', 'FULLY_REFUNDED', 'NOT_FULFILLED'),
  ],
  [state('APPROVED', 'PAID', 'FULFILLED'), 'SHIP_SOME', 'ORDER_ALREADY_FULFILLED'],
  [state('APPROVED', 'PAID', 'FULFILLED'), 'SHIP_REST', 'ORDER_ALREADY_FULFILLED'],
  [state('CANCELED', 'PAID', 'NOT_FULFILLED'), 'SHIP_SOME', 'ORDER_CANCELED'],
  [state('CANCELED', 'PAID', 'NOT_FULFILLED'), 'SHIP_REST', 'ORDER_CANCELED'],
  [state('APPROVED', 'PAID', 'NOT_FULFILLED'), 'CANCEL', state('CANCELED', 'PAID', 'NOT_FULFILLED')],
  [state('APPROVED', 'NOT_PAID', 'NOT_FULFILLED'), 'CANCEL', state('CANCELED', 'NOT_PAID', 'NOT_FULFILLED')],
  [state('APPROVED', 'PAID', 'PARTIALLY_FULFILLED'), 'CANCEL', 'ORDER_ALREADY_SHIPPED'],
  [state('APPROVED', 'PAID', 'FULFILLED'), 'CANCEL', 'ORDER_ALREADY_SHIPPED'],
  [state('CANCELED', 'PAID', 'NOT_FULFILLED'), 'CANCEL', 'ORDER_CANCELED'],
  [
    state('APPROVED', 'PAID', 'FULFILLED'),
    'REFUND_SOME',
    state('APPROVED', 'PARTIALLY_REFUNDED', 'FULFILLED'),
  ],
  [
    state('APPROVED', 'PAID', 'NOT_FULFILLED'),
    'REFUND_REST',
    state('APPROVED', 'FULLY_REFUNDED', 'NOT_FULFILLED'),
  ],
  [
    state('CANCELED', 'PAID', 'NOT_FULFILLED'),
    'REFUND_REST',
    state('CANCELED', 'FULLY_REFUNDED', 'NOT_FULFILLED'),
  ],
  [
    state('APPROVED', 'PARTIALLY_REFUNDED', 'FULFILLED'),
    'REFUND_SOME',
    state('APPROVED', 'PARTIALLY_REFUNDED', 'FULFILLED'),
  ],
  [
    state('APPROVED', 'PARTIALLY_REFUNDED', 'FULFILLED'),
    'REFUND_REST',
    state('APPROVED', 'FULLY_REFUNDED', 'FULFILLED'),
  ],
  [state('APPROVED', 'FULLY_REFUNDED', 'FULFILLED'), 'REFUND_SOME', 'ORDER_FULLY_REFUNDED'],
  [state('APPROVED', 'FULLY_REFUNDED', 'FULFILLED'), 'REFUND_REST', 'ORDER_FULLY_REFUNDED'],
  [state('APPROVED', 'NOT_PAID', 'NOT_FULFILLED'), 'REFUND_SOME', 'ORDER_NOT_PAID'],
  [state('CANCELED', 'NOT_PAID', 'NOT_FULFILLED'), 'REFUND_REST', 'ORDER_NOT_PAID'],
]

describe('the order state machine', () => {
  it.each(table)('moves %o by %s to %o', (from, action, expected) => {
    const next = nextOrderState(from, action)
    if (typeof expected === 'string') {
      expect(next).toMatchObject({ ok: false, code: expected })
      if (!next.ok) expect(next.message.length).toBeGreaterThan(0)
    } else expect(next).toEqual({ ok: true, state: expected })
  })

  it('never leaves a canceled order for an approved one, nor a fulfilled order for a less fulfilled one', () => {
    const statuses = ['APPROVED', 'CANCELED'] as const
    const payments = ['NOT_PAID', 'PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'] as const
    const fulfilments = ['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'] as const
    const actions: OrderAction[] = ['SHIP_SOME', 'SHIP_REST', 'CANCEL', 'REFUND_SOME', 'REFUND_REST']
    for (const status of statuses)
      for (const paymentStatus of payments)
        for (const fulfillmentStatus of fulfilments)
          for (const action of actions) {
            const next = nextOrderState({ status, paymentStatus, fulfillmentStatus }, action)
            if (!next.ok) continue
            if (status === 'CANCELED') expect(next.state.status).toBe('CANCELED')
            expect(fulfilments.indexOf(next.state.fulfillmentStatus)).toBeGreaterThanOrEqual(
              fulfilments.indexOf(fulfillmentStatus),
            )
          }
  })
})

describe('fulfillmentStatusOf', () => {
  const line = (quantity: number, shipped: number, refunded: number, shippable: boolean | null = true) => ({
    quantity,
    shipped_quantity: shipped,
    refunded_quantity: refunded,
    shippable,
  })

  it.each([
    [[line(1, 0, 0), line(1, 0, 0)], 'NOT_FULFILLED'],
    [[line(1, 1, 0), line(1, 0, 0)], 'PARTIALLY_FULFILLED'],
    [[line(1, 1, 0), line(1, 0, 1)], 'FULFILLED'],
    [[line(2, 1, 1)], 'FULFILLED'],
    [[line(3, 1, 1)], 'PARTIALLY_FULFILLED'],
    [[line(2, 0, 1)], 'NOT_FULFILLED'],
    [[line(2, 0, 2)], 'FULFILLED'],
    [[line(2, 2, 1)], 'FULFILLED'],
  ] as const)('counts refunded units as no longer to ship: %j is %s', (lines, status) => {
    expect(fulfillmentStatusOf(lines)).toBe(status)
  })

  // Decision 101: only lines that ship count; a booking or a ticket is never left to ship.
  it.each([
    [[line(1, 0, 0, false)], 'FULFILLED'],
    [[line(2, 0, 0, false), line(3, 0, 0, false)], 'FULFILLED'],
    [[line(1, 0, 0), line(1, 0, 0, false)], 'NOT_FULFILLED'],
    [[line(1, 1, 0), line(1, 0, 0, false)], 'FULFILLED'],
    [[line(2, 1, 0), line(1, 0, 0, false)], 'PARTIALLY_FULFILLED'],
    [[line(1, 0, 0, null), line(1, 0, 0, false)], 'NOT_FULFILLED'],
  ] as const)('counts only the lines that ship: %j is %s', (lines, status) => {
    expect(fulfillmentStatusOf(lines)).toBe(status)
  })

  it('leaves nothing to ship on a line that does not ship, and ships a line stored before lines said', () => {
    expect(unitsLeftToShip(line(3, 0, 0, false))).toBe(0)
    expect(unitsLeftToShip(line(3, 0, 0, null))).toBe(3)
    expect(hasShippableLines([line(1, 0, 0, false), line(1, 0, 0, false)])).toBe(false)
    expect(hasShippableLines([line(1, 0, 0, false), line(1, 1, 0)])).toBe(true)
  })

  it('cancels an order with nothing to ship as one nothing of which left, and no shipped order', () => {
    const bookingsOnly = state('APPROVED', 'PAID', 'FULFILLED')
    expect(nextOrderState(cancellingState(bookingsOnly, [line(1, 0, 0, false)]), 'CANCEL').ok).toBe(true)
    expect(
      nextOrderState(cancellingState(bookingsOnly, [line(1, 1, 0), line(1, 0, 0, false)]), 'CANCEL'),
    ).toMatchObject({
      ok: false,
      code: 'ORDER_ALREADY_SHIPPED',
    })
    const waiting = state('APPROVED', 'PAID', 'NOT_FULFILLED')
    expect(cancellingState(waiting, [line(1, 0, 0)])).toEqual(waiting)
  })

  it('leaves a canceled order where it stood', () => {
    const canceled = state('CANCELED', 'PARTIALLY_REFUNDED', 'NOT_FULFILLED')
    expect(withCountedFulfillment(canceled, [line(1, 0, 1)])).toEqual(canceled)
    expect(
      withCountedFulfillment(state('APPROVED', 'PARTIALLY_REFUNDED', 'PARTIALLY_FULFILLED'), [
        line(1, 1, 0),
        line(1, 0, 1),
      ]).fulfillmentStatus,
    ).toBe('FULFILLED')
  })
})

describe('the sums of a partly paid order (decision 092)', () => {
  const deposit = {
    status: 'APPROVED' as const,
    payment_status: 'PARTIALLY_PAID' as const,
    total_minor: '4000',
    paid_minor: '1000',
    refunded_minor: '0',
    payment: { status: 'PAID' as const, amountMinor: 1000 },
  }

  it('answers the payment status by what is paid of the total', () => {
    expect(paymentStatusOf(1000, 4000)).toBe('PARTIALLY_PAID')
    expect(paymentStatusOf(4000, 4000)).toBe('PAID')
    expect(paymentStatusOf(0, 4000)).toBe('NOT_PAID')
    expect(paymentStatusOf(0, 0)).toBe('PAID')
  })

  it('owes the rest after a deposit, and refunds only what the provider took', () => {
    expect(balanceDueOf(deposit)).toBe(3000)
    expect(refundableOf(deposit)).toBe(1000)
    // The rest marked paid in person is not the provider's to give back.
    const paid = { ...deposit, payment_status: 'PAID' as const, paid_minor: '4000' }
    expect(balanceDueOf(paid)).toBe(0)
    expect(refundableOf({ ...paid, refunded_minor: '400' })).toBe(600)
    // A canceled order owes nothing; an older order paid in full refunds its total.
    expect(balanceDueOf({ ...deposit, status: 'CANCELED' })).toBe(0)
    expect(refundableOf({ ...paid, payment: { status: 'PAID' } })).toBe(4000)
    expect(refundableOf({ ...paid, payment: { status: 'NOT_PAID' } })).toBe(0)
  })
})
