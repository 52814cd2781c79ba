import { describe, expect, it } from 'vitest'
import { type BookingPayment, bookingPaymentOf, bookingPaymentWords } from './booking-payment-words.ts'

const paidOnline: BookingPayment = {
  option: 'FULL_PAYMENT_ONLINE',
  rateType: 'FIXED',
  kind: 'APPOINTMENT',
  amountMinor: 4000,
  currency: 'USD',
  paymentStatus: 'PAID',
  isRefunded: false,
  isCancelled: false,
}
const words = (change: Partial<BookingPayment>) => bookingPaymentWords({ ...paidOnline, ...change }, 'en-US')

describe('bookingPaymentWords', () => {
  it('says a booking paid online and the amount with its currency', () => {
    expect(words({})).toBe('Paid $40.00 online')
    expect(words({ currency: 'EUR', amountMinor: 2550 })).toBe('Paid €25.50 online')
  })

  it('says what is left to pay at the appointment, or at the class, and a payment the shop took', () => {
    expect(words({ option: 'FULL_PAYMENT_OFFLINE', paymentStatus: 'NOT_PAID' })).toBe(
      '$40.00 to pay at the appointment',
    )
    expect(
      words({ option: 'FULL_PAYMENT_OFFLINE', paymentStatus: 'NOT_PAID', kind: 'CLASS', amountMinor: 5000 }),
    ).toBe('$50.00 to pay at the class')
    expect(words({ option: 'FULL_PAYMENT_OFFLINE', paymentStatus: 'PAID' })).toBe('Paid $40.00 in person')
    // A current cart's slot is online by default: placed unpaid (pay later), it is paid when the shopper comes.
    expect(words({ paymentStatus: 'NOT_PAID' })).toBe('$40.00 to pay at the appointment')
  })

  it('names the plan that paid, with its sessions left when they are counted', () => {
    const plan = { option: 'MEMBERSHIP' as const, amountMinor: 0, paymentStatus: 'NOT_PAID' as const }
    expect(words({ ...plan, plan: { name: 'Fitting pass', sessionsLeft: 2, sessionsTotal: 5 } })).toBe(
      'Paid with your plan Fitting pass (2 of 5 sessions left)',
    )
    expect(words({ ...plan, plan: { name: 'One fitting', sessionsLeft: 0, sessionsTotal: 1 } })).toBe(
      'Paid with your plan One fitting (0 of 1 session left)',
    )
    expect(words({ ...plan, plan: { name: 'Unlimited', sessionsLeft: null, sessionsTotal: null } })).toBe(
      'Paid with your plan Unlimited',
    )
    expect(words({ ...plan, plan: { name: 'Fitting pass' }, isCancelled: true })).toBe(
      'Cancelled: the session went back to your plan Fitting pass',
    )
  })

  it('says a deposit paid online and the rest due, then the whole paid, and what a cancel gave back', () => {
    const deposit = {
      option: 'DEPOSIT_ONLINE' as const,
      paymentStatus: 'PARTIALLY_PAID' as const,
      paidMinor: 1000,
    }
    expect(words(deposit)).toBe('Deposit of $10.00 paid online, $30.00 to pay at the appointment')
    expect(words({ ...deposit, kind: 'CLASS' })).toBe(
      'Deposit of $10.00 paid online, $30.00 to pay at the class',
    )
    expect(words({ ...deposit, paymentStatus: 'PAID', paidMinor: 4000 })).toBe(
      'Paid $40.00: a deposit online, the rest in person',
    )
    expect(words({ ...deposit, isCancelled: true, isRefunded: true })).toBe(
      'Cancelled and the deposit of $10.00 refunded',
    )
    expect(words({ ...deposit, isCancelled: true })).toBe(
      'Cancelled: the deposit of $10.00 is not refunded yet',
    )
  })

  it('reads a deposit line and its order as a deposit, with what the order took', () => {
    const payment = bookingPaymentOf({
      order: { payment_status: 'PARTIALLY_PAID', currency: 'USD', paid_minor: '1000' },
      line: {
        payment_option: 'DEPOSIT_ONLINE',
        membership: null,
        total_minor: '4000',
        quantity: 1,
        refunded_quantity: 0,
      },
      service: { rateType: 'FIXED', kind: 'APPOINTMENT' },
      isCancelled: false,
    })
    expect(payment).toMatchObject({ option: 'DEPOSIT_ONLINE', paidMinor: 1000, amountMinor: 4000 })
  })

  it('says free and price on request, whichever way was chosen', () => {
    expect(
      words({
        rateType: 'NO_FEE',
        amountMinor: 0,
        option: 'FULL_PAYMENT_OFFLINE',
        paymentStatus: 'NOT_PAID',
      }),
    ).toBe('Free')
    expect(
      words({
        rateType: 'CUSTOM',
        amountMinor: 0,
        option: 'FULL_PAYMENT_OFFLINE',
        paymentStatus: 'NOT_PAID',
      }),
    ).toBe('Price on request: you pay at the appointment')
    expect(words({ rateType: 'NO_FEE', amountMinor: 0, isCancelled: true })).toBe('Cancelled')
  })

  it('says what became of the money of a cancelled or refunded booking', () => {
    expect(words({ isCancelled: true, isRefunded: true, paymentStatus: 'FULLY_REFUNDED' })).toBe(
      'Cancelled and refunded $40.00',
    )
    expect(words({ isCancelled: true })).toBe('Cancelled: the $40.00 paid online is not refunded yet')
    expect(words({ isRefunded: true, paymentStatus: 'PARTIALLY_REFUNDED' })).toBe('Refunded $40.00')
    expect(words({ option: 'FULL_PAYMENT_OFFLINE', paymentStatus: 'NOT_PAID', isCancelled: true })).toBe(
      'Cancelled: nothing to pay',
    )
  })
})

describe('bookingPaymentOf', () => {
  const order = { payment_status: 'PAID' as const, currency: 'USD' }
  const service = { rateType: 'FIXED' as const, kind: 'CLASS' as const }

  it('reads the way, amount and refund of the line that sold the booking', () => {
    const line = { payment_option: 'FULL_PAYMENT_ONLINE', membership: null, total_minor: '5000', quantity: 2 }
    expect(
      bookingPaymentOf({ order, line: { ...line, refunded_quantity: 0 }, service, isCancelled: false }),
    ).toMatchObject({
      option: 'FULL_PAYMENT_ONLINE',
      amountMinor: 5000,
      isRefunded: false,
      plan: null,
    })
    expect(
      bookingPaymentOf({ order, line: { ...line, refunded_quantity: 2 }, service, isCancelled: true })
        .isRefunded,
    ).toBe(true)
  })

  it('names the plan of a line a membership paid, with the sessions read now', () => {
    const payment = bookingPaymentOf({
      order: { payment_status: 'NOT_PAID', currency: 'USD' },
      line: {
        payment_option: 'MEMBERSHIP',
        membership: { name: 'Sewing pass' },
        total_minor: '0',
        quantity: 1,
        refunded_quantity: 0,
      },
      service,
      isCancelled: false,
      sessions: { left: 3, total: 4 },
    })
    expect(bookingPaymentWords(payment, 'en-US')).toBe(
      'Paid with your plan Sewing pass (3 of 4 sessions left)',
    )
  })

  it('reads a line of a way no booking takes as paid online', () => {
    const line = {
      payment_option: 'SOMETHING_NEW',
      membership: null,
      total_minor: '4000',
      quantity: 1,
      refunded_quantity: 0,
    }
    expect(bookingPaymentOf({ order, line, service, isCancelled: false }).option).toBe('FULL_PAYMENT_ONLINE')
  })
})
