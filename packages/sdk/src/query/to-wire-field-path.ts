import { assertNonEmptyString } from '../http/encode-path-segment.js'
import { toWireFieldName } from '../http/wire-transform.js'

/**
 * Renames the SDK's field names in a field path to their wire names, segment by segment:
 * `variants._id` -> `variants.id`.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` unless `field` is a non-empty string.
 */
export function toWireFieldPath(field: string): string {
  return assertNonEmptyString('field', field).split('.').map(toWireFieldName).join('.')
}
