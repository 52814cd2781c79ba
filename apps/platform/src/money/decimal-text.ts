/**
 * Decimal text of forms as exact integers, and back: `12.50` dollars is `1250` cents and `7.25` % is `725`
 * basis points. Only the digits are moved; no binary float ever holds the amount.
 */

/** What a decimal field answers: the integer, nothing for an empty field, or why the text is no amount. */
export type DecimalReading = { value: number } | { value: undefined } | { problem: string }

const MAX_DIGITS = 15

/**
 * Reads `text` as a decimal with at most `scale` fraction digits and answers it times `10^scale`:
 * `parseScaledDecimal('12.5', 2)` is `1250`. A comma is not a decimal point here (`1,000` is refused,
 * not read as one).
 */
export function parseScaledDecimal(text: string, scale: number): DecimalReading {
  const trimmed = text.trim()
  if (trimmed === '') return { value: undefined }
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(trimmed)
  const [, sign = '', whole = '', fraction = ''] = match ?? []
  if (!match || (whole === '' && fraction === '')) {
    return { problem: scale === 0 ? 'must be a whole number' : 'must be a number such as 12.50' }
  }
  if (fraction.length > scale) {
    return {
      problem: scale === 0 ? 'must be a whole number' : `must have at most ${scale} digits after the point`,
    }
  }
  const digits = `${whole}${fraction.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '')
  if (digits.length > MAX_DIGITS) return { problem: 'is too large' }
  const value = Number(digits)
  return { value: sign === '-' && value !== 0 ? -value : value }
}

/** `1250, 2` -> `'12.50'`: the text a decimal field shows for a scaled integer. */
export function formatScaledDecimal(value: number, scale: number): string {
  const text = String(Math.abs(value)).padStart(scale + 1, '0')
  const sign = value < 0 ? '-' : ''
  return scale === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -scale)}.${text.slice(-scale)}`
}

/** Basis points as a percentage for a field: `725` -> `'7.25'`, `1000` -> `'10'`. */
export function formatPercent(basisPoints: number): string {
  return formatScaledDecimal(basisPoints, 2).replace(/\.?0+$/, '')
}
