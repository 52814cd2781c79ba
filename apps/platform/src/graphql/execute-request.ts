import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql'
import type { GraphQLContext } from './graphql-context.ts'
import { checkQueryLimits, defaultQueryLimits, type QueryLimits } from './query-limits.ts'

/** A GraphQL-over-HTTP request, its fields already checked for their types and sizes. */
export interface GraphQLRequest {
  query: string
  variables?: Record<string, unknown> | null | undefined
  operationName?: string | null | undefined
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  })
}

function parseDocument(query: string): DocumentNode | GraphQLError {
  try {
    return parse(query)
  } catch (error) {
    if (error instanceof GraphQLError) return withCode(error, 'GRAPHQL_PARSE_FAILED')
    throw error
  }
}

// Introspection off: `__schema` and `__type` fail validation; `__typename` stays (clients rely on it).
const withoutIntrospection = [...specifiedRules, NoSchemaIntrospectionCustomRule]

/**
 * Runs one request: parse, check the query limits, validate, execute. A document that
 * fails before execution answers errors only (no `data`), each with its `extensions.code`:
 * `GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED` (introspection too, when it is off), or the
 * limit's code. The context is created only for a document that will run. With introspection off, no
 * error suggests a field, type or value name.
 */
export async function executeGraphQLRequest(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  createContext: () => GraphQLContext,
  options: { introspection: boolean; limits?: QueryLimits },
): Promise<ExecutionResult> {
  const limits = options.limits ?? defaultQueryLimits
  const document = parseDocument(request.query)
  if (document instanceof GraphQLError) return { errors: [document] }
  // Limits first: GraphQL's overlapping-fields rule is quadratic in repeated fields, so a document
  // past the field and alias limits is refused before validation spends time on it.
  const overLimits = checkQueryLimits(schema, document, request, limits)
  if (overLimits.length > 0) return { errors: overLimits }
  // Without introspection, errors suggest no names either ("Did you mean …?" would map the schema).
  const hideSuggestions = !options.introspection
  const invalid = validate(schema, document, options.introspection ? specifiedRules : withoutIntrospection, {
    hideSuggestions,
  })
  if (invalid.length > 0)
    return { errors: invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED')) }
  return execute({
    schema,
    document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    contextValue: createContext(),
    hideSuggestions,
  })
}
