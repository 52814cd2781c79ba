import { isLuhnValid } from '../../card-number.ts'
import type { FormFields } from '../../pages/form-fields.ts'

/**
 * Reads the test provider's card form: the number (digits, spaces or dashes, Luhn-valid), an expiry
 * MM/YY not in the past, a CVC of 3 or 4 digits. Errors are in words, by field.
 */
export function parseCardForm(form: FormFields, now: Date): { number: string; errors: Map<string, string> } {
  const errors = new Map<string, string>()
  const number = form.text('cardNumber').replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number))
    errors.set('cardNumber', 'Enter the card number as it is on the card (12 to 19 digits).')
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.text('cardExpiry'))
  const month = Number(expiry?.[1])
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2])
  if (!expiry || month < 1 || month > 12)
    errors.set('cardExpiry', 'Enter the expiry date as MM/YY, for example 12/30.')
  else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.set('cardExpiry', 'This card has expired.')
  if (!/^\d{3,4}$/.test(form.text('cardCvc').trim()))
    errors.set('cardCvc', 'Enter the 3 or 4 digits on the back of the card.')
  return { number, errors }
}
