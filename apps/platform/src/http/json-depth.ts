import { ValidationError } from './errors.ts'

/**
 * The deepest nesting of arrays and objects a JSON input may have. The deepest wire shape (a member's
 * custom fields, a query filter's `$and`/`$or`) needs about a dozen levels; past this limit a request
 * is refused before anything walks it recursively (a million `[` fit in the 1 MiB body limit).
 */
export const MAX_JSON_DEPTH = 64

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found by one scan of the text
 * (brackets inside strings do not count) that stops at the first level past the limit. The text
 * need not be valid JSON: invalid text is the parser's to refuse.
 */
export function isNestedDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let isInString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (isInString) {
      if (code === 0x5c) index++
      else if (code === 0x22) isInString = false
    } else if (code === 0x22) {
      isInString = true
    } else if (code === 0x5b || code === 0x7b) {
      depth++
      if (depth > limit) return true
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return false
}

/** JSON input nested deeper than `MAX_JSON_DEPTH`: 400, a `MAX` violation on the field that carried it. */
export class JsonTooDeepError extends ValidationError {
  override name = 'JsonTooDeepError'
  constructor(field: string) {
    super([
      {
        field,
        description: `is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
        violatedRule: 'MAX',
        data: { maxDepth: MAX_JSON_DEPTH },
      },
    ])
  }
}

/**
 * Refuses JSON text nested deeper than `MAX_JSON_DEPTH`, naming `field` (`$body`, or the parameter).
 *
 * @throws JsonTooDeepError
 */
export function assertJsonDepth(text: string, field = '$body') {
  if (isNestedDeeperThan(text)) throw new JsonTooDeepError(field)
}
