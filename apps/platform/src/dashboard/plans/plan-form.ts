import type { FieldViolation } from '../../http/errors.ts'
import { formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { defaultPurchaseLimit } from '../../plans/plan-rules.ts'
import type { PlanFields, PlanRow } from '../../plans/plan-store.ts'
import { readScaled } from '../form-text.ts'

/** What the plan form shows: each field's text, as stored or as submitted. */
export interface PlanFormValues {
  name: string
  description: string
  price: string
  durationUnit: 'DAY' | 'MONTH' | 'NONE'
  durationCount: string
  sessions: string
  /** `DEFAULT` (once if free, no limit if priced), `NONE` (no limit) or a number of purchases. */
  maxPurchasesPerMember: string
  productIds: string[]
  collectionIds: string[]
  serviceIds: string[]
}

export const emptyPlanForm: PlanFormValues = {
  name: '',
  description: '',
  price: '',
  durationUnit: 'MONTH',
  durationCount: '1',
  sessions: '',
  maxPurchasesPerMember: 'DEFAULT',
  productIds: [],
  collectionIds: [],
  serviceIds: [],
}

/** The form's text of a stored plan. */
export function toPlanFormValues(plan: PlanRow, currency: string): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    price: formatScaledDecimal(Number(plan.price_minor), fractionDigits(currency)),
    durationUnit: plan.duration_unit ?? 'NONE',
    durationCount: plan.duration_count === null ? '' : String(plan.duration_count),
    sessions: plan.sessions === null ? '' : String(plan.sessions),
    maxPurchasesPerMember:
      plan.max_purchases_per_member === null ? 'NONE' : String(plan.max_purchases_per_member),
    productIds: plan.product_ids,
    collectionIds: plan.collection_ids,
    serviceIds: plan.service_ids,
  }
}

function wholeNumber(
  text: string,
  field: string,
  range: { min: number; max: number },
  violations: FieldViolation[],
): number | undefined {
  const trimmed = text.trim()
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < range.min || Number(trimmed) > range.max) {
    violations.push({
      field,
      description: `must be a whole number from ${range.min} to ${range.max}`,
      violatedRule: 'FORMAT',
    })
    return undefined
  }
  return Number(trimmed)
}

/**
 * The plan a submitted form describes, or what is wrong with it: a name (1 to 200 characters), a price
 * of 0 or more in the site's currency, a duration of 1 to 1200 days or months (or none), sessions from 1
 * to 100000 (empty for unlimited), how many times one member may buy it (`DEFAULT`: once if free, no
 * limit if priced; `NONE`; or 1 to 1000), and what it covers (ticked products, collections and services: one session a booking).
 */
export function readPlanForm(
  form: FormFields,
  currency: string,
): { values: PlanFormValues; fields: PlanFields | undefined; violations: FieldViolation[] } {
  const unit = form.text('durationUnit')
  const values: PlanFormValues = {
    name: form.text('name').trim(),
    description: form.text('description').trim(),
    price: form.text('price').trim(),
    durationUnit: unit === 'DAY' || unit === 'MONTH' ? unit : 'NONE',
    durationCount: form.text('durationCount').trim(),
    sessions: form.text('sessions').trim(),
    maxPurchasesPerMember: form.text('maxPurchasesPerMember').trim() || 'DEFAULT',
    productIds: form.texts('productIds').slice(0, 1000),
    collectionIds: form.texts('collectionIds').slice(0, 1000),
    serviceIds: form.texts('serviceIds').slice(0, 1000),
  }
  const violations: FieldViolation[] = []
  if (values.name.length < 1 || values.name.length > 200)
    violations.push({ field: 'name', description: 'must be 1 to 200 characters', violatedRule: 'MAX_LENGTH' })
  if (values.description.length > 2000)
    violations.push({
      field: 'description',
      description: 'must be at most 2000 characters',
      violatedRule: 'MAX_LENGTH',
    })
  const price = readScaled(values.price, fractionDigits(currency), 'price', violations)
  if (price === undefined && !violations.some((violation) => violation.field === 'price'))
    violations.push({
      field: 'price',
      description: 'is required (0 for a free plan)',
      violatedRule: 'REQUIRED_FIELD',
    })
  if (price !== undefined && (price < 0 || price > 100_000_000_00))
    violations.push({ field: 'price', description: 'must be 0 or more', violatedRule: 'DECIMAL_GTE' })
  const count =
    values.durationUnit === 'NONE'
      ? undefined
      : wholeNumber(values.durationCount, 'durationCount', { min: 1, max: 1200 }, violations)
  const sessions =
    values.sessions === ''
      ? null
      : wholeNumber(values.sessions, 'sessions', { min: 1, max: 100_000 }, violations)
  const limitText = values.maxPurchasesPerMember
  const maxPurchasesPerMember =
    limitText === 'DEFAULT' || limitText === 'NONE'
      ? null
      : wholeNumber(limitText, 'maxPurchasesPerMember', { min: 1, max: 1000 }, violations)
  if (
    violations.length > 0 ||
    price === undefined ||
    sessions === undefined ||
    maxPurchasesPerMember === undefined
  )
    return { values, fields: undefined, violations }
  return {
    values,
    violations,
    fields: {
      name: values.name,
      description: values.description,
      priceMinor: price,
      duration:
        values.durationUnit === 'NONE' || count === undefined
          ? undefined
          : { unit: values.durationUnit, count },
      sessions,
      maxPurchasesPerMember: limitText === 'DEFAULT' ? defaultPurchaseLimit(price) : maxPurchasesPerMember,
      productIds: values.productIds,
      collectionIds: values.collectionIds,
      serviceIds: values.serviceIds,
    },
  }
}
