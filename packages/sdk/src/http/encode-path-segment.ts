import { AisleError } from './aisle-error.js'

/**
 * Encodes an argument as one path segment (`a/b` -> `a%2Fb`), checking it first.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` unless `value` is a non-empty string; the message names `name`.
 */
export function encodePathSegment(name: string, value: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new AisleError({
      code: 'INVALID_ARGUMENT',
      message: `"${name}" must be a non-empty string, got ${JSON.stringify(value) ?? String(value)}`,
    })
  }
  return encodeURIComponent(value)
}
