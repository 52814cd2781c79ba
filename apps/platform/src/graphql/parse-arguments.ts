import type { z } from 'zod'
import { assertStorableText, parseWith } from '../http/validation.ts'

/**
 * A field's arguments checked as REST checks the same call's input: by the same zod schema, so the
 * violations name the same fields, and with text PostgreSQL can store (a GraphQL string literal can
 * spell a NUL as an escape, past the check of the JSON body).
 *
 * @throws {ValidationError} as the REST call would.
 */
export function parseArguments<S extends z.ZodType>(schema: S, args: unknown, prefix = ''): z.output<S> {
  assertStorableText(args, prefix)
  return parseWith(schema, args, prefix)
}
