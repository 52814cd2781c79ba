import type { z } from 'zod'
import type { FieldViolation } from '../../http/errors.ts'
import { toFieldViolations } from '../../http/validation.ts'

/** How one path below a form's part of the setup becomes a form field: `null` leaves it as it is. */
export type FieldRule = [pattern: RegExp, toField: (match: RegExpExecArray) => string | null]

/**
 * Names the API's violations by the form's fields: a violation at `prefix` + a path a rule knows
 * (`shipping.regions[2].name` with prefix `shipping.regions[2]`) becomes that rule's field (`name`);
 * violations elsewhere keep their path, so the list of problems still shows them.
 */
export function toFormFieldViolations(
  violations: readonly FieldViolation[],
  prefix: string,
  rules: readonly FieldRule[],
): FieldViolation[] {
  return violations.map((violation) => {
    if (!violation.field.startsWith(prefix)) return violation
    const rest = violation.field.slice(prefix.length).replace(/^\./, '')
    for (const [pattern, toField] of rules) {
      const match = pattern.exec(rest)
      const field = match && toField(match)
      if (field) return { ...violation, field }
    }
    return violation
  })
}

/** `rows[Number(match[n])]` as a row field name, for rules over rows that skip blank ones. */
export function rowField(prefix: string, rows: readonly number[], index: string | undefined, name: string) {
  const row = rows[Number(index)]
  return row === undefined ? null : `${prefix}-${row}-${name}`
}

/**
 * The problems of a form that could not be read whole (text that is no number) together with what the
 * API's schema says about the rest of it, so one round of corrections is enough. A field the form
 * already names keeps only the form's problem. Nothing is stored either way.
 */
export function withSchemaViolations(
  formViolations: readonly FieldViolation[],
  schemaViolations: readonly FieldViolation[],
): FieldViolation[] {
  const named = new Set(formViolations.map((violation) => violation.field))
  return [...formViolations, ...schemaViolations.filter((violation) => !named.has(violation.field))]
}

/** What a schema says about an input: its field violations, none when it passes. */
export function violationsOf(schema: z.ZodType, input: unknown): FieldViolation[] {
  const checked = schema.safeParse(input)
  return checked.success ? [] : toFieldViolations('', checked.error.issues)
}
