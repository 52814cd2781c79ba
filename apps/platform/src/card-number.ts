/**
 * Whether a run of digits passes the Luhn check that every card number passes: the test provider's card
 * form refuses digits that fail it, and the logger redacts digit runs that pass it.
 */
export function isLuhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
