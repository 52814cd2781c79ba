import type { ContactDetails } from '../carts/contact-info.ts'
import type { FieldViolation } from '../http/errors.ts'

import type { CheckoutPhoneRule } from '../sites/site-store.ts'

/** How a shop's checkout may ask for the recipient's phone (a shop setting, `sites.checkout_phone`). */
export const CHECKOUT_PHONE_RULES = [
  'HIDDEN',
  'OPTIONAL',
  'REQUIRED',
] as const satisfies readonly CheckoutPhoneRule[]

const PHONE = /^\+?[0-9(][0-9 ()\-.]{2,29}$/

/** Whether `phone` reads as a phone number: digits, spaces, ( ) - . and a leading +, three digits at least. */
export function isPhone(phone: string): boolean {
  return PHONE.test(phone) && (phone.match(/[0-9]/g) ?? []).length >= 3
}

/**
 * The rules of who receives (or pays for) an order, in plain words by field (`prefix.field`): a first
 * and a last name, a phone where the shop asks for one (`phoneRule`), any phone given written as a
 * phone. A phone the shop does not ask for (HIDDEN) is dropped, not kept. With `isComplete` false (a
 * checkout created through the API, whose buyer finishes it on the hosted page) only what is given is
 * checked; the hosted page and placing the order ask for it whole.
 */
export function checkContactDetails(
  contact: ContactDetails | undefined,
  options: { prefix: string; phoneRule: CheckoutPhoneRule; isComplete: boolean },
): { contactDetails: ContactDetails; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const fail = (field: string, description: string, violatedRule: FieldViolation['violatedRule']) =>
    violations.push({ field: `${options.prefix}.${field}`, description, violatedRule })
  const given = Object.fromEntries(
    Object.entries(contact ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  ) as ContactDetails
  if (options.phoneRule === 'HIDDEN') delete given.phone
  if (options.isComplete) {
    if (!given.firstName) fail('firstName', 'Enter the first name.', 'REQUIRED_FIELD')
    if (!given.lastName) fail('lastName', 'Enter the last name.', 'REQUIRED_FIELD')
    if (options.phoneRule === 'REQUIRED' && !given.phone)
      fail('phone', 'Enter a phone number for the delivery.', 'REQUIRED_FIELD')
  }
  if (given.phone && !isPhone(given.phone))
    fail('phone', 'Enter a phone number: digits, spaces, ( ) - . and a leading +.', 'FORMAT')
  return { contactDetails: given, violations }
}

/** The person's name as one line ("Ada Lovelace"), or undefined when neither name is known. */
export function fullNameOf(contact: ContactDetails | null | undefined): string | undefined {
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')
  return name || undefined
}
