import { describe, expect, it } from 'vitest'
import { toEstimateNotices } from './estimate-notices'

describe('toEstimateNotices', () => {
  it('says why a coupon is left out in the shopper’s words, never the platform’s description', () => {
    const notices = toEstimateNotices(
      [
        { code: 'COUPON_MINIMUM_SUBTOTAL_NOT_MET', severity: 'WARNING' },
        { code: 'COUPON_EXPIRED', severity: 'WARNING' },
      ],
      [],
    )
    expect(notices).toEqual([
      { severity: 'warning', message: 'Your coupon needs a larger order before it’s taken off.' },
      { severity: 'warning', message: 'Your coupon has expired, so it isn’t taken off.' },
    ])
    expect(JSON.stringify(notices)).not.toContain('minor units')
  })

  it('puts what stops the checkout first', () => {
    const notices = toEstimateNotices(
      [
        { code: 'SELECTED_SHIPPING_OPTION_UNAVAILABLE', severity: 'WARNING' },
        { code: 'NO_SHIPPING_OPTION_AVAILABLE', severity: 'ERROR' },
      ],
      [],
    )
    expect(notices.map((notice) => notice.severity)).toEqual(['error', 'warning'])
    expect(notices[0]?.message).toBe(
      'None of our shipping options can take this cart to your address. Try fewer items or another address.',
    )
  })

  it('names the item that needs a membership', () => {
    const names = new Map([['line-1', 'Yoga class']])
    expect(
      toEstimateNotices(
        [{ code: 'MEMBERSHIP_REQUIRED', severity: 'ERROR', lineItemId: 'line-1' }],
        [],
        names,
      ),
    ).toEqual([{ severity: 'error', message: 'Yoga class can only be bought with a membership.' }])
    expect(toEstimateNotices([{ code: 'MEMBERSHIP_REQUIRED', severity: 'ERROR' }], [])[0]?.message).toBe(
      'One of your items can only be bought with a membership.',
    )
  })

  it('says a failed tax calculation once, though the platform reports it as an error and a violation', () => {
    const notices = toEstimateNotices(
      [{ code: 'AUTO_TAX_FAILED', severity: 'WARNING' }],
      [{ step: 'TAX', code: 'AUTO_TAX_FAILED' }],
    )
    expect(notices).toEqual([
      {
        severity: 'warning',
        message: 'The tax shown is an estimate; the exact amount is worked out at checkout.',
      },
    ])
  })

  it('leaves out the request for an address, which the page asks for in its own place', () => {
    expect(toEstimateNotices([{ code: 'SHIPPING_ADDRESS_REQUIRED', severity: 'WARNING' }], [])).toEqual([])
  })

  it('falls back to words by severity for a code it does not know', () => {
    expect(
      toEstimateNotices(
        [
          { code: 'SOMETHING_NEW', severity: 'ERROR' },
          { code: 'SOMETHING_ELSE', severity: 'WARNING' },
        ],
        [{ step: 'SHIPPING', code: 'CARRIER_DOWN' }, { step: 'PAYMENT' }],
      ),
    ).toEqual([
      { severity: 'error', message: 'Something in your cart needs your attention before checkout.' },
      { severity: 'warning', message: 'Some amounts may change at checkout.' },
      {
        severity: 'warning',
        message: 'We couldn’t work out shipping just now; it’s worked out at checkout.',
      },
    ])
  })
})
