import type { CouponRow } from '../../carts/coupon-store.ts'
import { CouponInputSchema } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent, formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { fromInstant, readScaled, toInstantText } from '../form-text.ts'
import { violationsOf, withSchemaViolations } from './setup-violations.ts'

/**
 * The coupon form and `CouponInputSchema`'s input, both ways. Money is typed in the site's currency
 * (`12.50`) and percentages in percent (`12.5`); the schema takes minor units and basis points.
 */

export type CouponKind = CouponRow['kind']

/** What the coupon form shows: each field's text, as stored or as submitted. */
export interface CouponFormValues {
  code: string
  name: string
  kind: CouponKind
  /** Percent for PERCENTAGE, an amount for FIXED_AMOUNT, ignored for FREE_SHIPPING. */
  value: string
  minimumSubtotal: string
  startsAt: string
  expiresAt: string
  usageLimit: string
}

export const emptyCouponForm: CouponFormValues = {
  code: '',
  name: '',
  kind: 'PERCENTAGE',
  value: '',
  minimumSubtotal: '',
  startsAt: '',
  expiresAt: '',
  usageLimit: '',
}

export const couponFieldLabels: Record<string, string> = {
  code: 'Code',
  name: 'Name',
  kind: 'Discount',
  value: 'Value',
  minimumSubtotal: 'Minimum subtotal',
  startsAt: 'Starts',
  expiresAt: 'Expires',
  usageLimit: 'Usage limit',
}

const kinds: readonly CouponKind[] = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING']

/** The form's values for a stored coupon. */
export function toCouponFormValues(coupon: CouponRow, currency: string): CouponFormValues {
  const digits = fractionDigits(currency)
  return {
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    value:
      coupon.kind === 'PERCENTAGE'
        ? formatPercent(coupon.value)
        : coupon.kind === 'FIXED_AMOUNT'
          ? formatScaledDecimal(coupon.value, digits)
          : '',
    minimumSubtotal:
      coupon.minimum_subtotal_minor === null
        ? ''
        : formatScaledDecimal(coupon.minimum_subtotal_minor, digits),
    startsAt: fromInstant(coupon.starts_at),
    expiresAt: fromInstant(coupon.expires_at),
    usageLimit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
  }
}

/**
 * Reads a submitted coupon form: the values to show again, the schema's input, and, when some text is no
 * number, every problem of the form (it goes no further then).
 */
export function readCouponForm(
  form: FormFields,
  currency: string,
): { values: CouponFormValues; input: Record<string, unknown>; violations: FieldViolation[] } {
  const kind = form.text('kind') as CouponKind
  const values: CouponFormValues = {
    code: form.text('code'),
    name: form.text('name'),
    kind: kinds.includes(kind) ? kind : 'PERCENTAGE',
    value: form.text('value'),
    minimumSubtotal: form.text('minimumSubtotal'),
    startsAt: form.text('startsAt'),
    expiresAt: form.text('expiresAt'),
    usageLimit: form.text('usageLimit'),
  }
  const violations: FieldViolation[] = []
  const digits = fractionDigits(currency)
  const value =
    values.kind === 'FREE_SHIPPING'
      ? 0
      : readScaled(values.value, values.kind === 'PERCENTAGE' ? 2 : digits, 'value', violations)
  const input = {
    code: values.code,
    name: values.name,
    // An unknown kind goes on as sent: the schema names it.
    kind: form.text('kind'),
    value,
    minimumSubtotal: readScaled(values.minimumSubtotal, digits, 'minimumSubtotal', violations) ?? null,
    startsAt: toInstantText(values.startsAt),
    expiresAt: toInstantText(values.expiresAt),
    usageLimit: readScaled(values.usageLimit, 0, 'usageLimit', violations) ?? null,
  }
  // Text that is no number stops the form; the schema still names the rest, for one round of corrections.
  const refused =
    violations.length > 0 ? withSchemaViolations(violations, violationsOf(CouponInputSchema, input)) : []
  return { values, input, violations: refused }
}
