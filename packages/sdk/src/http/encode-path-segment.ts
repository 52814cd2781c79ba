import { invalidArgument } from './aisle-error.js'

/**
 * Encodes an argument as one path segment (`a/b` -> `a%2Fb`), checking it first.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` unless `value` is a non-empty string; the message names `name`.
 */
export function encodePathSegment(name: string, value: string): string {
  return encodeURIComponent(assertNonEmptyString(name, value))
}

/**
 * Returns `value` when it is a non-empty string.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` `"<name>" must be a non-empty string, got <value>` otherwise.
 */
export function assertNonEmptyString(name: string, value: unknown): string {
  if (typeof value === 'string' && value !== '') return value
  throw invalidArgument(`"${name}" must be a non-empty string, got ${JSON.stringify(value) ?? String(value)}`)
}
