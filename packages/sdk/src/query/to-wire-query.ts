// Loaded on the first query passed whole (`import()` in create-query-method.ts), so it imports types
// only and takes `toWireFieldPath` as an argument (see auth/member-flows.ts for why).
import type { toWireFieldPath } from './to-wire-field-path.js'
import type { Filter, QueryInput } from './wire-query.js'

/**
 * Returns a query object with the field names of its filter (at every depth, inside `$and`, `$or` and
 * `$not` too) and of its sort in their wire form (`toFieldPath`, i.e. {@link toWireFieldPath}); everything
 * else is kept as it is.
 */
export function toWireQuery<Q extends QueryInput>(query: Q, toFieldPath: typeof toWireFieldPath): Q {
  const wire = { ...query }
  if (query.filter) wire.filter = toWireFilter(query.filter)
  if (query.sort) wire.sort = query.sort.map((sort) => ({ ...sort, fieldName: toFieldPath(sort.fieldName) }))
  return wire

  function toWireFilter(filter: Filter): Filter {
    const wireFilter: Filter = {}
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and' || key === '$or') {
        wireFilter[key] = Array.isArray(value) ? value.map((item) => toWireFilter(item as Filter)) : value
      } else if (key === '$not') {
        wireFilter[key] = typeof value === 'object' && value !== null ? toWireFilter(value as Filter) : value
      } else {
        wireFilter[key.startsWith('$') ? key : toFieldPath(key)] = value
      }
    }
    return wireFilter
  }
}
