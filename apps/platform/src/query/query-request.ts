import { z } from 'zod'
import { ValidationError } from '../http/errors.ts'
import { assertJsonDepth, JsonTooDeepError } from '../http/json-depth.ts'
import { assertStorableText, parseWith } from '../http/validation.ts'
import { wireNumber } from '../http/wire-number.ts'
import { FilterCompiler, type QueryFields } from './filter-compiler.ts'

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

/** The query object every query endpoint takes: filter, sort and offset paging. */
export const QuerySchema = z.object({
  search: z.object({ expression: z.string().trim().min(1).max(200) }).nullish(),
  filter: z.record(z.string(), z.unknown()).nullish(),
  sort: z
    .array(z.object({ fieldName: z.string().min(1).max(100), order: z.enum(['ASC', 'DESC']).default('ASC') }))
    .max(5)
    .nullish(),
  paging: z
    .object({
      limit: wireNumber(z.number().int().min(0).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
      offset: wireNumber(z.number().int().min(0).max(1_000_000)).default(0),
    })
    .nullish(),
})

export type Query = z.output<typeof QuerySchema>

/** The body of a query endpoint: `{ query }`. */
export const QueryBody = z.object({ query: QuerySchema.default({}) })

const EncodedQuery = z.string().max(16_000).optional()

/**
 * The GET form: the same `{ query }` JSON, base64url-encoded in `q`, or in `.r`, the name the Wix
 * Headless client gives it (decision 032); never both.
 */
export const QueryParam = z.object({ q: EncodedQuery, '.r': EncodedQuery })

/** Decodes the query parameter of a query GET (`q` or `.r`) into the same body the POST takes. */
export function parseQueryParam(params: z.output<typeof QueryParam>): z.output<typeof QueryBody> {
  const { q, '.r': r } = params
  if (q !== undefined && r !== undefined) {
    throw new ValidationError([
      {
        field: '.r',
        description: 'is another name for q: send one of them',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
    ])
  }
  const field = r === undefined ? 'q' : '.r'
  const encoded = q ?? r
  if (encoded === undefined) return parseWith(QueryBody, {})
  let json: unknown
  try {
    if (!/^[A-Za-z0-9_-]*={0,2}$/.test(encoded)) throw new Error('not base64url')
    const text = Buffer.from(encoded, 'base64url').toString('utf8')
    assertJsonDepth(text, field)
    json = JSON.parse(text)
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw error
    throw new ValidationError([
      { field, description: 'must be the query JSON encoded as base64url', violatedRule: 'FORMAT' },
    ])
  }
  assertStorableText(json)
  return parseWith(QueryBody, json)
}

export interface CompiledQuery {
  where: string
  orderBy: string
  limit: number
  offset: number
  params: unknown[]
}

/**
 * Compiles a query against an entity's allow-list. `params` may already hold the caller's own
 * parameters (site id first); the filter's parameters follow them.
 */
export function compileQuery(
  query: Query,
  fields: QueryFields,
  options: {
    params: unknown[]
    defaultOrder: string
    tieBreak: string
    /** Full-text search for entities that have it: the condition and the relevance of a matched row. */
    search?: { where: (param: string) => string; rank: (param: string) => string }
  },
): CompiledQuery {
  const params = [...options.params]
  let where = new FilterCompiler(fields, params, 'query.filter').compile(query.filter ?? undefined)
  let defaultOrder = options.defaultOrder
  if (query.search) {
    if (!options.search) {
      throw new ValidationError([
        {
          field: 'query.search',
          description: 'is not supported for this entity',
          violatedRule: 'FIELD_NOT_ALLOWED',
        },
      ])
    }
    params.push(query.search.expression)
    const param = `$${params.length}::text`
    where = `(${where}) and ${options.search.where(param)}`
    defaultOrder = `${options.search.rank(param)} desc, ${options.tieBreak}`
  }
  const sort = query.sort ?? []
  const order = sort.map(({ fieldName, order }, index) => {
    const field = Object.hasOwn(fields, fieldName) ? fields[fieldName] : undefined
    if (!field?.sortable) {
      throw new ValidationError([
        {
          field: `query.sort[${index}].fieldName`,
          description: `"${fieldName}" cannot be sorted on`,
          violatedRule: 'FIELD_NOT_ALLOWED',
        },
      ])
    }
    return `${field.sql} ${order === 'DESC' ? 'desc' : 'asc'}`
  })
  return {
    where,
    orderBy: order.length > 0 ? `${order.join(', ')}, ${options.tieBreak}` : defaultOrder,
    limit: query.paging?.limit ?? DEFAULT_PAGE_SIZE,
    offset: query.paging?.offset ?? 0,
    params,
  }
}
