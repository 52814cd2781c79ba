import { z } from 'zod'

/** How protobuf JSON (and the spec's clients, spec section 5) spell the numbers JSON cannot hold. */
export const NON_FINITE_SPELLINGS = ['NaN', 'Infinity', '-Infinity'] as const

/** `"NaN"`, `"Infinity"` and `"-Infinity"` read back as numbers; any other value as it is. */
export function readNonFiniteNumber(value: unknown): unknown {
  if (value === 'NaN') return Number.NaN
  if (value === 'Infinity') return Number.POSITIVE_INFINITY
  if (value === '-Infinity') return Number.NEGATIVE_INFINITY
  return value
}

const finite = z.unknown().refine((value) => typeof value !== 'number' || Number.isFinite(value), {
  message: 'must be a finite number',
  abort: true,
  params: { violatedRule: 'VALIDATION' },
})

// What the OpenAPI document shows a client may send (a preprocess has no schema of its own).
function wireForm(checked: z.ZodType) {
  const { $schema: _, ...number } = z.toJSONSchema(checked, { io: 'input', unrepresentable: 'any' })
  return {
    description:
      'a number; "NaN", "Infinity" and "-Infinity" are read as numbers (refused where it must be finite)',
    anyOf: [number, { type: 'string', enum: [...NON_FINITE_SPELLINGS] }],
  }
}

/**
 * A number field of a request body the spec covers: the spellings of non-finite numbers are read back
 * as numbers first. Where the field's domain is finite (a quantity, a price, a weight, paging: every
 * field so far), a non-finite one is then refused, `must be a finite number`, before `schema` (the
 * field's own checks, `z.number().int().min(1)`) sees it; anything else fails `schema` as before.
 */
export function wireNumber<S extends z.ZodType<number, number> = z.ZodNumber>(schema?: S) {
  const checked = (schema ?? z.number()) as S
  return z.preprocess(readNonFiniteNumber, finite.pipe(checked)).meta(wireForm(checked))
}
