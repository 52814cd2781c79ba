import { z } from 'zod'
import { checkAddress } from '../../addresses/address-rules.ts'
import { checkContactDetails } from '../../addresses/contact-details.ts'
import { AddressInput } from '../../carts/address-input.ts'
import { type ContactDetails, ContactDetailsInput } from '../../carts/contact-info.ts'
import type {
  Address,
  SelectedMembership,
  SelectedShippingOption,
} from '../../carts/pricing/pricing-input.ts'
import type { FieldViolation } from '../../http/errors.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { PLANS_APP_ID } from '../../plans/plan-rules.ts'
import type { CheckoutPhoneRule } from '../../sites/site-store.ts'

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

/** The person at an address as the hosted page names the fields (`shipping.` or `billing.` before them). */
export const contactFieldNames = ['firstName', 'lastName', 'company', 'phone'] as const

/** What the buyer typed, as typed, to show again beside its problems. */
export type CheckoutFormValues = Record<string, string>

/** The contact, addresses, shipping choice and choice of plans of a valid details form. */
export interface CheckoutDetails {
  email: string
  shippingAddress: Address
  billingAddress: Address
  /** Who receives the order and who pays (decision 059). */
  shippingContact: ContactDetails
  billingContact: ContactDetails
  /** A member ticked "save this address": it joins their saved addresses. */
  isSaveAddressTicked: boolean
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

/** The person at an address as typed (`shipping.firstName`...), checked by the shop's rules. */
function parseContact(
  form: FormFields,
  prefix: string,
  phoneRule: CheckoutPhoneRule,
  violations: FieldViolation[],
): ContactDetails | undefined {
  const typed = Object.fromEntries(
    contactFieldNames.map((name) => [name, form.text(`${prefix}.${name}`).trim() || undefined]),
  )
  const parsed = ContactDetailsInput.safeParse(typed)
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      violations.push({
        field: `${prefix}.${issue.path.join('.')}`,
        description: issue.message,
        violatedRule: 'FORMAT',
      })
    return undefined
  }
  const checked = checkContactDetails(parsed.data, { prefix, phoneRule, isComplete: true })
  violations.push(...checked.violations)
  return checked.violations.length > 0 ? undefined : checked.contactDetails
}

/** The shipping choice radio's value: `carrierId|code`. */
export function toShippingChoiceValue(option: { carrierId?: string | undefined; code: string }): string {
  return `${option.carrierId ?? ''}|${option.code}`
}

/**
 * Reads the hosted checkout's details form: e-mail, who receives it and where, who pays and where (or
 * the same as shipping), the shipping option, and whether to save the address. The recipient's and
 * payer's names are required, the phone as the shop's `phoneRule` says (decision 059).
 */
export function parseCheckoutDetails(
  form: FormFields,
  phoneRule: CheckoutPhoneRule,
): { details: CheckoutDetails; violations: [] } | { details?: undefined; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const email = z.email().max(254).safeParse(form.text('email').trim())
  if (!email.success)
    violations.push({
      field: 'email',
      description: 'Enter an e-mail address, like name@example.com.',
      violatedRule: 'FORMAT',
    })
  const shippingContact = parseContact(form, 'shipping', phoneRule, violations)
  const shippingAddress = parseAddress(form, 'shipping', violations)
  const isBillingSame = form.isChecked('billingSameAsShipping')
  // The payer is asked for no phone: the phone is for the delivery.
  const billingContact = isBillingSame ? shippingContact : parseContact(form, 'billing', 'HIDDEN', violations)
  const billingAddress = isBillingSame ? shippingAddress : parseAddress(form, 'billing', violations)
  const [carrierId = '', code = ''] = form.text('shippingOption').split('|')
  const selectedShippingOption = code
    ? { code: code.slice(0, 50), carrierId: carrierId.slice(0, 50) || undefined }
    : undefined
  if (
    violations.length > 0 ||
    !email.success ||
    !shippingAddress ||
    !billingAddress ||
    !shippingContact ||
    !billingContact
  )
    return { violations }
  return {
    details: {
      email: email.data,
      shippingAddress,
      billingAddress,
      shippingContact,
      billingContact,
      isSaveAddressTicked: form.isChecked('saveAddress'),
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
  shipping_contact?: ContactDetails | null
  billing_contact?: ContactDetails | null
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
  for (const [prefix, contact] of [
    ['shipping', checkout.shipping_contact],
    ['billing', checkout.billing_contact],
  ] as const)
    for (const name of contactFieldNames) {
      const value = contact?.[name]
      if (value) values[`${prefix}.${name}`] = value
    }
  const isSame =
    JSON.stringify(checkout.shipping_address) === JSON.stringify(checkout.billing_address) &&
    JSON.stringify(checkout.shipping_contact ?? null) === JSON.stringify(checkout.billing_contact ?? null)
  if (isSame || !checkout.billing_address) values.billingSameAsShipping = 'on'
  return values
}
