import { z } from 'zod'
import { AddressInput } from '../../carts/address-input.ts'
import type {
  Address,
  SelectedMembership,
  SelectedShippingOption,
} from '../../carts/pricing/pricing-input.ts'
import type { FieldViolation } from '../../http/errors.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { PLANS_APP_ID } from '../../plans/plan-rules.ts'
import { checkAddress } from '../address/address-rules.ts'

/** Every Address field as the hosted page names it (`shipping.` or `billing.` before it). */
export const addressFieldNames = [
  'country',
  'subdivision',
  'city',
  'postalCode',
  'addressLine',
  'addressLine2',
  'streetAddress.name',
  'streetAddress.number',
  'streetAddress.apt',
  'formattedAddress',
  'geocode.latitude',
  'geocode.longitude',
  'vatId.id',
  'vatId.type',
] as const

export type AddressFieldName = (typeof addressFieldNames)[number]

/** What the buyer typed, as typed, to show again beside its problems. */
export type CheckoutFormValues = Record<string, string>

/** The contact, addresses, shipping choice and choice of plans of a valid details form. */
export interface CheckoutDetails {
  email: string
  shippingAddress: Address
  billingAddress: Address
  selectedShippingOption: SelectedShippingOption | undefined
  /** Undefined when the page offered no plan (the checkout's choice stays). */
  selectedMemberships: SelectedMembership[] | undefined
}

/** The radio group of a line's plan choice: its value a membership's id, or empty to pay normally. */
export function planFieldName(lineItemId: string): string {
  return `plan.${lineItemId}`
}

/**
 * The plan chosen for each line the page offered plans for (decision 051): `plansShown` says the page
 * had the choice; each `plan.<line id>` names a membership, or is empty to pay normally.
 */
export function parsePlanChoice(form: Pick<FormFields, 'text' | 'names'>): SelectedMembership[] | undefined {
  if (form.text('plansShown') !== '1') return undefined
  const byMembership = new Map<string, string[]>()
  for (const name of form.names()) {
    if (!name.startsWith('plan.')) continue
    const lineItemId = name.slice('plan.'.length)
    const membershipId = form.text(name).trim()
    if (!membershipId || membershipId.length > 100 || !/^[0-9a-f-]{36}$/i.test(lineItemId)) continue
    byMembership.set(membershipId, [...(byMembership.get(membershipId) ?? []), lineItemId])
  }
  return [...byMembership].slice(0, 50).map(([id, lineItemIds]) => ({
    id,
    appId: PLANS_APP_ID,
    lineItemIds: lineItemIds.slice(0, 300),
  }))
}

export function readAddress(form: FormFields, prefix: string) {
  const value = (name: string) => form.text(`${prefix}.${name}`).trim() || undefined
  const number = (name: string) => {
    const text = value(name)
    return text === undefined ? undefined : Number(text)
  }
  const street = {
    name: value('streetAddress.name'),
    number: value('streetAddress.number'),
    apt: value('streetAddress.apt'),
  }
  const latitude = number('geocode.latitude')
  const longitude = number('geocode.longitude')
  const vatId = value('vatId.id')
  return {
    country: value('country')?.toUpperCase(),
    subdivision: value('subdivision')?.toUpperCase(),
    city: value('city'),
    postalCode: value('postalCode'),
    addressLine: value('addressLine'),
    addressLine2: value('addressLine2'),
    formattedAddress: value('formattedAddress'),
    streetAddress: Object.values(street).some(Boolean) ? street : undefined,
    geocode: latitude !== undefined || longitude !== undefined ? { latitude, longitude } : undefined,
    vatId: vatId ? { id: vatId, type: value('vatId.type') ?? 'UNSPECIFIED' } : undefined,
  }
}

function parseAddress(form: FormFields, prefix: string, violations: FieldViolation[]): Address | undefined {
  const checked = checkAddress(readAddress(form, prefix) as Partial<Address>, prefix)
  violations.push(...checked.violations)
  const parsed = AddressInput.safeParse(checked.address)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = `${prefix}.${issue.path.join('.')}`
      if (!violations.some((violation) => violation.field === field))
        violations.push({ field, description: issue.message, violatedRule: 'FORMAT' })
    }
    return undefined
  }
  if (checked.violations.length > 0) return undefined
  return JSON.parse(JSON.stringify(parsed.data)) as Address
}

/** The shipping choice radio's value: `carrierId|code`. */
export function toShippingChoiceValue(option: { carrierId?: string | undefined; code: string }): string {
  return `${option.carrierId ?? ''}|${option.code}`
}

/**
 * Reads the hosted checkout's details form: e-mail, shipping address, billing address (or the same as
 * shipping) and the shipping option.
 */
export function parseCheckoutDetails(
  form: FormFields,
): { details: CheckoutDetails; violations: [] } | { details?: undefined; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const email = z.email().max(254).safeParse(form.text('email').trim())
  if (!email.success)
    violations.push({
      field: 'email',
      description: 'Enter an e-mail address, like name@example.com.',
      violatedRule: 'FORMAT',
    })
  const shippingAddress = parseAddress(form, 'shipping', violations)
  const isBillingSame = form.isChecked('billingSameAsShipping')
  const billingAddress = isBillingSame ? shippingAddress : parseAddress(form, 'billing', violations)
  const [carrierId = '', code = ''] = form.text('shippingOption').split('|')
  const selectedShippingOption = code
    ? { code: code.slice(0, 50), carrierId: carrierId.slice(0, 50) || undefined }
    : undefined
  if (violations.length > 0 || !email.success || !shippingAddress || !billingAddress) return { violations }
  return {
    details: {
      email: email.data,
      shippingAddress,
      billingAddress,
      selectedShippingOption,
      selectedMemberships: parsePlanChoice(form),
    },
    violations: [],
  }
}

/** The form's values as typed (to show them again), or the checkout's saved ones. */
export function formValuesOf(form: FormFields): CheckoutFormValues {
  return Object.fromEntries(form.names().map((name) => [name, form.text(name)]))
}

/** The saved checkout's details as form values. */
export function formValuesOfCheckout(checkout: {
  email: string | null
  shipping_address: Address | null
  billing_address: Address | null
  selected_memberships?: readonly SelectedMembership[] | null
}): CheckoutFormValues {
  const values: CheckoutFormValues = { email: checkout.email ?? '' }
  for (const choice of checkout.selected_memberships ?? [])
    for (const lineItemId of choice.lineItemIds) values[planFieldName(lineItemId)] = choice.id
  const flatten = (prefix: string, address: Address | null) => {
    for (const name of addressFieldNames) {
      const value = name
        .split('.')
        .reduce<unknown>(
          (at, key) => (at as Record<string, unknown> | undefined)?.[key],
          address ?? undefined,
        )
      if (value !== undefined && value !== null) values[`${prefix}.${name}`] = String(value)
    }
  }
  flatten('shipping', checkout.shipping_address)
  flatten('billing', checkout.billing_address)
  const isSame = JSON.stringify(checkout.shipping_address) === JSON.stringify(checkout.billing_address)
  if (isSame || !checkout.billing_address) values.billingSameAsShipping = 'on'
  return values
}
