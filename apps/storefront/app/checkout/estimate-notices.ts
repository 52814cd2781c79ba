/** Something about the estimate a shopper should know, in their words. */
export interface EstimateNotice {
  /** `error`: the cart cannot be checked out as it stands; `warning`: an amount may change. */
  severity: 'error' | 'warning'
  message: string
}

/** A business rule the estimate reports (the platform's `violations`). */
export interface EstimateViolation {
  code?: string
  severity?: string
  /** Written for developers: never shown. */
  description?: string
  lineItemId?: string
}

/** A calculation step the platform could not run as set up (`calculationErrors`). */
export interface EstimateCalculationError {
  step?: string
  code?: string
  /** Written for developers: never shown. */
  description?: string
}

const byViolationCode: Record<string, string> = {
  COUPON_NOT_STARTED: 'Your coupon isn’t active yet, so it isn’t taken off.',
  COUPON_EXPIRED: 'Your coupon has expired, so it isn’t taken off.',
  COUPON_USAGE_LIMIT_REACHED: 'Your coupon has been used up, so it isn’t taken off.',
  COUPON_MINIMUM_SUBTOTAL_NOT_MET: 'Your coupon needs a larger order before it’s taken off.',
  COUPON_NO_ELIGIBLE_ITEMS: 'Your coupon doesn’t cover any of the items in your cart.',
  NO_SHIPPING_TO_REGION: 'Sorry, we don’t ship to this address. Please try another one.',
  NO_SHIPPING_OPTION_AVAILABLE:
    'None of our shipping options can take this cart to your address. Try fewer items or another address.',
  DELIVERY_UNAVAILABLE: 'We can’t deliver this cart to your address, but you can pick it up.',
  SELECTED_SHIPPING_OPTION_UNAVAILABLE:
    'The shipping option you chose isn’t available for this cart and address, so we picked another.',
  AUTO_TAX_FAILED: 'The tax shown is an estimate; the exact amount is worked out at checkout.',
  MEMBERSHIP_NOT_APPLICABLE: 'Your membership can’t pay for these items.',
}

/** Violations the page already says in its own way (the note asking for an address). */
const saidElsewhere = new Set(['SHIPPING_ADDRESS_REQUIRED'])

const byCalculationStep: Record<string, string> = {
  TAX: 'The tax shown is an estimate; the exact amount is worked out at checkout.',
  SHIPPING: 'We couldn’t work out shipping just now; it’s worked out at checkout.',
}

function toViolationMessage(violation: EstimateViolation, lineNames: ReadonlyMap<string, string>) {
  const code = violation.code ?? ''
  if (code === 'MEMBERSHIP_REQUIRED') {
    const name = violation.lineItemId ? lineNames.get(violation.lineItemId) : undefined
    return name
      ? `${name} can only be bought with a membership.`
      : 'One of your items can only be bought with a membership.'
  }
  return (
    byViolationCode[code] ??
    (violation.severity === 'ERROR'
      ? 'Something in your cart needs your attention before checkout.'
      : 'Some amounts may change at checkout.')
  )
}

/**
 * Turns the estimate's violations and calculation errors into notices in the shopper's words, mapped from
 * their codes (never the platform's descriptions, which are written for developers), errors first, each
 * message once: a failed tax calculation reported as both says so once.
 */
export function toEstimateNotices(
  violations: readonly EstimateViolation[],
  calculationErrors: readonly EstimateCalculationError[],
  lineNames: ReadonlyMap<string, string> = new Map(),
): EstimateNotice[] {
  const notices = new Map<string, EstimateNotice>()
  const add = (message: string, severity: EstimateNotice['severity']) => {
    const known = notices.get(message)
    if (!known || (known.severity === 'warning' && severity === 'error'))
      notices.set(message, { severity, message })
  }
  for (const violation of violations) {
    if (saidElsewhere.has(violation.code ?? '')) continue
    add(toViolationMessage(violation, lineNames), violation.severity === 'ERROR' ? 'error' : 'warning')
  }
  for (const error of calculationErrors) {
    add(byCalculationStep[error.step ?? ''] ?? 'Some amounts may change at checkout.', 'warning')
  }
  return [...notices.values()].sort((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error'))
}
