import { z } from 'zod'
import type { FieldViolation, RuleType } from './errors.ts'
import { ValidationError } from './errors.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` is a UUID in its text form (any version, either case): the form of every id here. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}

/** An id: a UUID of any version (an unknown one is the route's 404). The one id schema of every route. */
export const Id = z.guid({ message: 'must be an id (UUID)' })

/** A path's `:id`: the one id-parameter schema. */
export const IdParam = z.object({ id: Id })

/** `lineItems[0].quantity` from a zod issue path, the field naming the spec's violations use. */
export function toFieldPath(prefix: string, path: readonly PropertyKey[]): string {
  let field = prefix
  for (const key of path) {
    if (typeof key === 'number') field += `[${key}]`
    else field += field ? `.${String(key)}` : String(key)
  }
  return field || '$body'
}

function ruleOf(issue: z.core.$ZodIssue): RuleType {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'REQUIRED_FIELD' : 'VALIDATION'
    case 'too_big':
      return issue.origin === 'string' ? 'MAX_LENGTH' : issue.origin === 'array' ? 'MAX_SIZE' : 'MAX'
    case 'too_small':
      return issue.origin === 'string' ? 'MIN_LENGTH' : issue.origin === 'array' ? 'MIN_SIZE' : 'MIN'
    case 'invalid_format':
      return 'FORMAT'
    case 'invalid_value':
      return 'INVALID_ENUM_VALUE'
    case 'unrecognized_keys':
      return 'FIELD_NOT_ALLOWED'
    case 'invalid_union':
      return 'ONE_OF_ALIGNMENT'
    case 'custom':
      return (issue.params?.violatedRule as RuleType | undefined) ?? 'OTHER'
    default:
      return 'VALIDATION'
  }
}

/** Turns zod issues into the spec's field violations, one per issue. */
export function toFieldViolations(prefix: string, issues: readonly z.core.$ZodIssue[]): FieldViolation[] {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return {
        field: toFieldPath(prefix, [...issue.path, issue.keys[0] ?? '']),
        description: `is not allowed (${issue.keys.join(', ')})`,
        violatedRule: 'FIELD_NOT_ALLOWED',
      }
    }
    return { field: toFieldPath(prefix, issue.path), description: issue.message, violatedRule: ruleOf(issue) }
  })
}

/** Parses unknown input with a schema, or throws a `ValidationError` naming every bad field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new ValidationError(toFieldViolations(prefix, result.error.issues))
}

// In a `u` regular expression a surrogate pair is one code point, so only a lone half matches.
const UNPAIRED_SURROGATE = /\p{Cs}/u

/** Why PostgreSQL cannot store a string as text, or `undefined` when it can. */
function whyUnstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character'
  // UTF-8 has no form for half a surrogate pair: text columns would get U+FFFD, jsonb refuses it.
  if (UNPAIRED_SURROGATE.test(text)) return 'must not contain an unpaired surrogate (U+D800 to U+DFFF alone)'
  return undefined
}

/** The first string (key or value) no text column can store, with its path and the reason, if any. */
function findUnstorableText(
  value: unknown,
  path: string,
): { field: string; description: string } | undefined {
  if (typeof value === 'string') {
    const description = whyUnstorable(value)
    return description ? { field: path || '$body', description } : undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, item] of Object.entries(value)) {
    const description = whyUnstorable(key)
    if (description) return { field: path || '$body', description }
    const found = findUnstorableText(
      item,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
    )
    if (found) return found
  }
  return undefined
}

/**
 * Refuses input holding text that PostgreSQL cannot store (U+0000, an unpaired surrogate) anywhere,
 * naming the field, with a `FORMAT` violation.
 *
 * @throws ValidationError
 */
export function assertStorableText(value: unknown, prefix = '') {
  const found = findUnstorableText(value, prefix)
  if (found) throw new ValidationError([{ ...found, violatedRule: 'FORMAT' }])
}

/** @deprecated The former name of `assertStorableText`, which refuses unpaired surrogates too. */
export const assertNoNul = assertStorableText
