import { AisleError } from '../http/aisle-error.js'
import { toWireFieldName } from '../http/wire-transform.js'
import type { Filter, QueryInput } from './wire-query.js'

/**
 * Renames the SDK's field names in a field path to their wire names, segment by segment:
 * `variants._id` -> `variants.id`.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` unless `field` is a non-empty string.
 */
export function toWireFieldPath(field: string): string {
  if (typeof field !== 'string' || field === '') {
    throw new AisleError({
      code: 'INVALID_ARGUMENT',
      message: `"field" must be a non-empty string, got ${String(field)}`,
    })
  }
  return field.split('.').map(toWireFieldName).join('.')
}

/**
 * Returns a query object with the field names of its filter (at every depth, inside `$and`, `$or` and
 * `$not` too) and of its sort in their wire form; everything else is kept as it is.
 */
export function toWireQuery<Q extends QueryInput>(query: Q): Q {
  const wire = { ...query }
  if (query.filter) wire.filter = toWireFilter(query.filter)
  if (query.sort)
    wire.sort = query.sort.map((sort) => ({ ...sort, fieldName: toWireFieldPath(sort.fieldName) }))
  return wire
}

function toWireFilter(filter: Filter): Filter {
  const wire: Filter = {}
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      wire[key] = Array.isArray(value) ? value.map((item) => toWireFilter(item as Filter)) : value
    } else if (key === '$not') {
      wire[key] = typeof value === 'object' && value !== null ? toWireFilter(value as Filter) : value
    } else {
      wire[key.startsWith('$') ? key : toWireFieldPath(key)] = value
    }
  }
  return wire
}
