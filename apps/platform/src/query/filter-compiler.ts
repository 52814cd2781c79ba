import { ValidationError } from '../http/errors.ts'
import { isUuid } from '../http/validation.ts'

/** How one queryable field maps to SQL. Only fields listed in an entity's allow-list can be queried. */
export interface QueryField {
  /** The SQL expression, e.g. `p.name`. */
  sql: string
  /** `json`: a jsonb value (an array or an object) that only `$exists` and `$isEmpty` apply to. */
  type: 'string' | 'number' | 'boolean' | 'date' | 'id' | 'idSet' | 'json'
  /** Turns a wire value into the SQL parameter (e.g. a price in major units into minor units). */
  toParam?: (value: number) => number
  /** For `idSet`: SQL of the set's members for the current row, e.g. `select collection_id from ... where product_id = p.id`. */
  setSql?: string
  /**
   * For `idSet`: `$hasSome` as a condition on the row's key, given the ids' array parameter: the rows
   * holding any of them, read once from the set's own index and hashed. A test around `setSql` runs
   * the set once per row, and even a correlated `exists` probes it once per row of the site.
   */
  hasSome?: (ids: string) => string
  /** The SQL type parameters are cast to; defaults by `type` (an integer column wants `int` to keep its index). */
  cast?: string
  sortable?: boolean
}

export type QueryFields = Readonly<Record<string, QueryField>>

const MAX_DEPTH = 8
const MAX_CONDITIONS = 64
const MAX_LIST = 100
const MAX_STRING = 1_000

const operatorsByType: Record<QueryField['type'], readonly string[]> = {
  string: [
    '$eq',
    '$ne',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$startsWith',
    '$contains',
    '$exists',
    '$isEmpty',
  ],
  number: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists', '$isEmpty'],
  date: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists', '$isEmpty'],
  boolean: ['$eq', '$ne', '$exists', '$isEmpty'],
  id: ['$eq', '$ne', '$in', '$exists', '$isEmpty'],
  idSet: ['$hasSome', '$hasAll', '$exists', '$isEmpty'],
  json: ['$exists', '$isEmpty'],
}

const comparison: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Compiles the operator language into a parameterised SQL condition. Params are appended to `params`. */
export class FilterCompiler {
  private conditions = 0
  constructor(
    private readonly fields: QueryFields,
    readonly params: unknown[],
    private readonly prefix: string,
  ) {}

  private fail(
    field: string,
    description: string,
    rule: 'FIELD_NOT_ALLOWED' | 'FORMAT' | 'VALIDATION' | 'MAX_SIZE' = 'VALIDATION',
  ): never {
    throw new ValidationError([{ field: `${this.prefix}.${field}`, description, violatedRule: rule }])
  }

  private param(value: unknown, cast: string): string {
    this.params.push(value)
    return `$${this.params.length}::${cast}`
  }

  compile(filter: unknown, path = '', depth = 0): string {
    if (filter === undefined || filter === null) return 'true'
    if (!isPlainObject(filter)) this.fail(path || 'filter', 'must be an object')
    if (depth > MAX_DEPTH) this.fail(path, `nests deeper than ${MAX_DEPTH} levels`, 'MAX_SIZE')
    const parts: string[] = []
    for (const [key, value] of Object.entries(filter)) {
      const where = path ? `${path}.${key}` : key
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value) || value.length === 0)
          this.fail(where, 'must be a non-empty array of filters')
        if (value.length > MAX_LIST) this.fail(where, `must have at most ${MAX_LIST} filters`, 'MAX_SIZE')
        const inner = value.map((item, index) => this.compile(item, `${where}[${index}]`, depth + 1))
        parts.push(`(${inner.join(key === '$and' ? ' and ' : ' or ')})`)
      } else if (key === '$not') {
        parts.push(`not (${this.compile(value, where, depth + 1)})`)
      } else if (key.startsWith('$')) {
        this.fail(where, `"${key}" is not a known operator here`, 'FIELD_NOT_ALLOWED')
      } else {
        const field = Object.hasOwn(this.fields, key) ? this.fields[key] : undefined
        if (!field) this.fail(where, `"${key}" cannot be filtered on`, 'FIELD_NOT_ALLOWED')
        parts.push(this.compileField(field, value, where))
      }
    }
    return parts.length === 0 ? 'true' : parts.join(' and ')
  }

  private compileField(field: QueryField, condition: unknown, where: string): string {
    const operations =
      isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'))
        ? condition
        : { $eq: condition }
    const parts: string[] = []
    for (const [operator, value] of Object.entries(operations)) {
      if (++this.conditions > MAX_CONDITIONS)
        this.fail(where, `has more than ${MAX_CONDITIONS} conditions`, 'MAX_SIZE')
      if (!operatorsByType[field.type].includes(operator)) {
        this.fail(`${where}.${operator}`, `"${operator}" is not supported on this field`, 'FIELD_NOT_ALLOWED')
      }
      parts.push(this.compileOperation(field, operator, value, `${where}.${operator}`))
    }
    return parts.join(' and ')
  }

  private compileOperation(field: QueryField, operator: string, value: unknown, where: string): string {
    if (operator === '$isEmpty') {
      if (typeof value !== 'boolean') this.fail(where, 'must be a boolean')
      const empty = emptinessOf(field)
      return value ? empty : `not ${empty}`
    }
    if (operator === '$exists') {
      if (typeof value !== 'boolean') this.fail(where, 'must be a boolean')
      if (field.type === 'idSet') return `${value ? '' : 'not '}exists (${field.setSql})`
      return `${field.sql} is ${value ? 'not ' : ''}null`
    }
    if (field.type === 'idSet') {
      const ids = this.list(field, value, where)
      const array = this.param(ids, 'uuid[]')
      if (operator === '$hasSome')
        return field.hasSome
          ? field.hasSome(array)
          : `exists (select 1 from (${field.setSql}) s(v) where s.v = any(${array}))`
      return `(select count(distinct s.v) from (${field.setSql}) s(v) where s.v = any(${array})) = ${this.param(new Set(ids).size, 'int')}`
    }
    const cast = castOf(field)
    if (operator === '$in')
      return `${field.sql} = any(${this.param(this.list(field, value, where), `${cast}[]`)})`
    if (operator === '$eq' && value === null) return `${field.sql} is null`
    if (operator === '$ne' && value === null) return `${field.sql} is not null`
    const param = this.param(this.scalar(field, value, where), cast)
    if (operator === '$eq') return `${field.sql} = ${param}`
    if (operator === '$ne') return `${field.sql} is distinct from ${param}`
    if (operator === '$startsWith') return `starts_with(lower(${field.sql}), lower(${param}))`
    if (operator === '$contains') return `strpos(lower(${field.sql}), lower(${param})) > 0`
    return `${field.sql} ${comparison[operator]} ${param}`
  }

  private list(field: QueryField, value: unknown, where: string): unknown[] {
    if (!Array.isArray(value) || value.length === 0) this.fail(where, 'must be a non-empty array')
    if (value.length > MAX_LIST) this.fail(where, `must have at most ${MAX_LIST} values`, 'MAX_SIZE')
    return value.map((item, index) => this.scalar(field, item, `${where}[${index}]`))
  }

  private scalar(field: QueryField, value: unknown, where: string): unknown {
    switch (field.type) {
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(where, 'must be a finite number')
        return field.toParam ? field.toParam(value) : value
      case 'boolean':
        if (typeof value !== 'boolean') this.fail(where, 'must be a boolean')
        return value
      case 'date': {
        const date = typeof value === 'string' ? new Date(value) : undefined
        if (!date || Number.isNaN(date.getTime())) this.fail(where, 'must be an ISO-8601 date-time', 'FORMAT')
        return date.toISOString()
      }
      case 'id':
      case 'idSet':
        if (typeof value !== 'string' || !isUuid(value)) this.fail(where, 'must be an id (UUID)', 'FORMAT')
        return value
      default:
        if (typeof value !== 'string') this.fail(where, 'must be a string')
        if (value.length > MAX_STRING)
          this.fail(where, `must be at most ${MAX_STRING} characters`, 'MAX_SIZE')
        return value
    }
  }
}

/**
 * The SQL that is true when a field is empty (`$isEmpty: true`, the SDK's `isEmpty`): no value at all,
 * and also `''` for a string, no member for a set, and JSON `null`, `""`, `[]` or `{}` for a json
 * value. It is never NULL itself, so `not` (the SDK's `isNotEmpty`, or `$not`) is its exact opposite.
 */
function emptinessOf(field: QueryField): string {
  switch (field.type) {
    case 'string':
      return `(coalesce(${field.sql}, '') = '')`
    case 'idSet':
      return `(not exists (${field.setSql}))`
    case 'json':
      return `(coalesce(${field.sql}, 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))`
    default:
      return `(${field.sql} is null)`
  }
}

function castOf(field: QueryField): string {
  if (field.cast) return field.cast
  return {
    string: 'text',
    number: 'numeric',
    boolean: 'boolean',
    date: 'timestamptz',
    id: 'uuid',
    idSet: 'uuid',
    json: 'jsonb',
  }[field.type]
}
