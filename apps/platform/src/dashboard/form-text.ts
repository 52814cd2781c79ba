import { instantOfLocalDateTime, toLocalDateTime } from '../bookings/zoned-time.ts'
import type { FieldViolation } from '../http/errors.ts'
import { parseScaledDecimal } from '../money/decimal-text.ts'
import type { FormFields } from '../pages/form-fields.ts'
import { shopTimeZone } from './kit/dashboard-words.ts'

/**
 * Typed values out of form text, for the setup forms. Only the shape changes here: text that is not
 * even a number becomes a violation of its field, everything else goes to the API's schema, whose
 * rules decide.
 */

/** A decimal field as an integer times `10^scale` (money in minor units, percent in basis points). */
export function readScaled(
  text: string,
  scale: number,
  field: string,
  violations: FieldViolation[],
): number | undefined {
  const reading = parseScaledDecimal(text, scale)
  if ('problem' in reading) {
    violations.push({ field, description: reading.problem, violatedRule: 'FORMAT' })
    return undefined
  }
  return reading.value
}

/** A plain number field (weights); `undefined` when empty or not a number. */
export function readNumber(text: string, field: string, violations: FieldViolation[]): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (!/^-?\d+(?:\.\d+)?$/.test(trimmed)) {
    violations.push({ field, description: 'must be a number such as 2.5', violatedRule: 'FORMAT' })
    return undefined
  }
  return Number(trimmed)
}

/**
 * A date-and-time field (`2026-12-31 23:59`, the `T` form, seconds optional) read in the shop's time zone
 * (decision 095; `Z` or `UTC` after it reads it in UTC) as an ISO-8601 instant; other text goes on unchanged
 * so the schema's rule names it. Empty is `null`.
 */
export function toInstantText(text: string, timeZone = shopTimeZone()): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(\s*(?:Z|UTC))?$/i.exec(trimmed)
  if (!match) return trimmed
  const seconds = match[3] ?? ':00'
  if (match[4] || timeZone === 'UTC') return `${match[1]}T${match[2]}${seconds}Z`
  if (Number.isNaN(Date.parse(`${match[1]}T${match[2]}${seconds}Z`))) return trimmed
  const instant = instantOfLocalDateTime(`${match[1]}T${match[2]}`, timeZone)
  return new Date(instant.getTime() + Number(seconds.slice(1)) * 1000).toISOString().replace('.000Z', 'Z')
}

/** An instant as the date-and-time fields show it, in the shop's time zone: `2026-12-31 23:59`. */
export function fromInstant(value: Date | string | null | undefined, timeZone = shopTimeZone()): string {
  if (value === null || value === undefined) return ''
  const local = toLocalDateTime(new Date(value), timeZone)
  return local.endsWith(':00') ? `${local.slice(0, 10)} ${local.slice(11, 16)}` : local.replace('T', ' ')
}

/** A comma- or line-separated list field (`US-NY, US-NJ`), without empty entries. */
export function readList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

/** The row numbers a form submitted for a repeated group: `opt-0-code`, `opt-1-code`, ... */
export function rowIndexes(form: FormFields, prefix: string, firstField: string): number[] {
  const indexes: number[] = []
  for (let index = 0; form.names().includes(`${prefix}-${index}-${firstField}`); index++) indexes.push(index)
  return indexes
}
