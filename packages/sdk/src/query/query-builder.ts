import { invalidArgument } from '../http/aisle-error.js'
import { createQueryResult, type QueryResult } from './query-result.js'
import { toWireFieldPath } from './to-wire-field-path.js'
import type { Filter, QueryPage, Sorting, SortOrder, WireQuery } from './wire-query.js'

/** Default page size of the paging helper (spec section 9). */
export const defaultPageSize = 50

/** A field of `T` to filter or sort on, or any dotted path (`variants.sku`). */
export type QueryField<T> = Extract<keyof T, string> | (string & {})

/** A scalar a filter compares with. */
export type QueryValue = string | number | boolean | null

/**
 * An immutable query: every method returns a new builder, so a base query can be shared and extended.
 * Conditions combine with AND. Field names are the SDK's (`_id`); they travel as wire names (`id`).
 *
 * @example
 * ```ts
 * const page = await client.products.queryProducts().hasSome('collectionIds', [id]).ascending('price').limit(12).find()
 * ```
 */
export interface QueryBuilder<T> {
  /** Keeps items whose `field` equals `value` (`$eq`). */
  eq(field: QueryField<T>, value: QueryValue): QueryBuilder<T>
  /** Keeps items whose `field` differs from `value` (`$ne`). */
  ne(field: QueryField<T>, value: QueryValue): QueryBuilder<T>
  /** Keeps items whose `field` is greater than `value` (`$gt`). */
  gt(field: QueryField<T>, value: string | number): QueryBuilder<T>
  /** Keeps items whose `field` is greater than or equal to `value` (`$gte`). */
  ge(field: QueryField<T>, value: string | number): QueryBuilder<T>
  /** Keeps items whose `field` is less than `value` (`$lt`). */
  lt(field: QueryField<T>, value: string | number): QueryBuilder<T>
  /** Keeps items whose `field` is less than or equal to `value` (`$lte`). */
  le(field: QueryField<T>, value: string | number): QueryBuilder<T>
  /** Keeps items whose `field` is one of `values` (`$in`). */
  in(field: QueryField<T>, values: QueryValue[]): QueryBuilder<T>
  /** Keeps items whose array `field` holds at least one of `values` (`$hasSome`). */
  hasSome(field: QueryField<T>, values: QueryValue[]): QueryBuilder<T>
  /** Keeps items whose array `field` holds all of `values` (`$hasAll`). */
  hasAll(field: QueryField<T>, values: QueryValue[]): QueryBuilder<T>
  /** Keeps items whose string `field` starts with `value` (`$startsWith`). */
  startsWith(field: QueryField<T>, value: string): QueryBuilder<T>
  /** Keeps items whose string `field` contains `value` (`$contains`). */
  contains(field: QueryField<T>, value: string): QueryBuilder<T>
  /** Keeps items where `field` is set (`true`) or not set (`false`) (`$exists`). */
  exists(field: QueryField<T>, value?: boolean): QueryBuilder<T>
  /** Keeps items whose `field` is missing, `null`, `''` or `[]` (`$isEmpty: true`). */
  isEmpty(field: QueryField<T>): QueryBuilder<T>
  /** Keeps items whose `field` holds something other than `null`, `''` or `[]` (`$isEmpty: false`). */
  isNotEmpty(field: QueryField<T>): QueryBuilder<T>
  /** Keeps items whose `field` is at least `from` and less than `to` (`$gte` and `$lt`). */
  between(field: QueryField<T>, from: string | number, to: string | number): QueryBuilder<T>
  /** Keeps items matching this query and every one of `queries` (`$and`); their sort and paging are ignored. */
  and(...queries: QueryBuilder<T>[]): QueryBuilder<T>
  /** Keeps items matching this query's conditions or any of `queries` (`$or`); their sort and paging are ignored. */
  or(...queries: QueryBuilder<T>[]): QueryBuilder<T>
  /** Keeps items matching this query's conditions, which it keeps, and not `query` (`$not`). */
  not(query: QueryBuilder<T>): QueryBuilder<T>
  /** Sorts by `fields` ascending, after any sort already given. */
  ascending(...fields: QueryField<T>[]): QueryBuilder<T>
  /** Sorts by `fields` descending, after any sort already given. */
  descending(...fields: QueryField<T>[]): QueryBuilder<T>
  /**
   * Sets the page size (default 50; the platform caps it at 100).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `limit` is a positive integer.
   */
  limit(limit: number): QueryBuilder<T>
  /**
   * Skips the first `skip` matches.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `skip` is a non-negative integer.
   */
  skip(skip: number): QueryBuilder<T>
  /** Returns the wire `query` this builder sends. */
  toQuery(): WireQuery
  /**
   * Runs the query and returns the first page asked for.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  find(): Promise<QueryResult<T>>
}

interface QueryState {
  conditions: Filter[]
  sort: Sorting[]
  limit: number
  offset: number
}

/**
 * Creates an empty query whose `find` sends its wire query through `run`; a module supplies `run`.
 */
export function createQueryBuilder<T>(run: (query: WireQuery) => Promise<QueryPage<T>>): QueryBuilder<T> {
  return fromState(run, { conditions: [], sort: [], limit: defaultPageSize, offset: 0 })
}

function fromState<T>(run: (query: WireQuery) => Promise<QueryPage<T>>, state: QueryState): QueryBuilder<T> {
  const next = (change: Partial<QueryState>) => fromState(run, { ...state, ...change })
  const whereAll = (field: string, operators: Record<string, unknown>) =>
    next({ conditions: [...state.conditions, { [toWireFieldPath(field)]: operators }] })
  const where = (field: string, operator: string, value: unknown) => whereAll(field, { [operator]: value })
  const sortBy = (order: SortOrder, fields: string[]) =>
    next({ sort: [...state.sort, ...fields.map((field) => ({ fieldName: toWireFieldPath(field), order }))] })

  const builder: QueryBuilder<T> = {
    eq: (field, value) => where(field, '$eq', value),
    ne: (field, value) => where(field, '$ne', value),
    gt: (field, value) => where(field, '$gt', value),
    ge: (field, value) => where(field, '$gte', value),
    lt: (field, value) => where(field, '$lt', value),
    le: (field, value) => where(field, '$lte', value),
    in: (field, values) => where(field, '$in', assertArray('values', values)),
    hasSome: (field, values) => where(field, '$hasSome', assertArray('values', values)),
    hasAll: (field, values) => where(field, '$hasAll', assertArray('values', values)),
    startsWith: (field, value) => where(field, '$startsWith', value),
    contains: (field, value) => where(field, '$contains', value),
    exists: (field, value = true) => where(field, '$exists', value),
    isEmpty: (field) => where(field, '$isEmpty', true),
    isNotEmpty: (field) => where(field, '$isEmpty', false),
    between: (field, from, to) => whereAll(field, { $gte: from, $lt: to }),
    and: (...queries) => next({ conditions: [...state.conditions, ...queries.flatMap(toFilters)] }),
    or: (...queries) => {
      const alternatives = [
        toFilter(state.conditions),
        ...queries.map((query) => query.toQuery().filter ?? {}),
      ]
      return next({ conditions: [{ $or: alternatives.filter((filter) => Object.keys(filter).length > 0) }] })
    },
    not: (query) => next({ conditions: [...state.conditions, { $not: query.toQuery().filter ?? {} }] }),
    ascending: (...fields) => sortBy('ASC', fields),
    descending: (...fields) => sortBy('DESC', fields),
    limit: (limit) => next({ limit: assertInteger('limit', limit, 1) }),
    skip: (skip) => next({ offset: assertInteger('skip', skip, 0) }),
    toQuery() {
      const query: WireQuery = { paging: { limit: state.limit, offset: state.offset } }
      const filter = toFilter(state.conditions)
      if (Object.keys(filter).length > 0) query.filter = filter
      if (state.sort.length > 0) query.sort = [...state.sort]
      return query
    },
    async find() {
      const page = await run(builder.toQuery())
      return createQueryResult(page, state.limit, (offset) => builder.skip(offset).find())
    },
  }
  return builder
}

function toFilters<T>(query: QueryBuilder<T>): Filter[] {
  const filter = query.toQuery().filter
  return filter ? [filter] : []
}

// Conditions on distinct fields share one object ({ a: { $gt: 1 }, b: { $eq: 2 } }); as soon as a key
// repeats (the same field twice, two `$or`s), all of them go under `$and` instead.
function toFilter(conditions: Filter[]): Filter {
  const merged: Filter = {}
  for (const condition of conditions) {
    for (const key in condition) {
      if (Object.hasOwn(merged, key) || key === '__proto__') return { $and: conditions }
      merged[key] = condition[key]
    }
  }
  return merged
}

function assertArray<V>(name: string, value: V[]): V[] {
  if (!Array.isArray(value)) {
    throw invalidArgument(`"${name}" must be an array`)
  }
  return value
}

function assertInteger(name: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    const expected = minimum > 0 ? 'a positive integer' : 'a non-negative integer'
    throw invalidArgument(`"${name}" must be ${expected}, got ${String(value)}`)
  }
  return value
}
