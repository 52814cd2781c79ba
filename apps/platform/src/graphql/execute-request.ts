import { type ExecutionResult, execute, GraphQLError, type GraphQLSchema } from 'graphql'
import type { GraphQLContext } from './graphql-context.ts'
import type { PreparedDocument, PreparedDocuments } from './prepared-documents.ts'
import { checkQueryLimits, defaultQueryLimits, type QueryLimits } from './query-limits.ts'

/** A GraphQL-over-HTTP request, its fields already checked for their types and sizes. */
export interface GraphQLRequest {
  query: string
  variables?: Record<string, unknown> | null | undefined
  operationName?: string | null | undefined
}

/** A request that may run (its document prepared, within the limits, valid), or why it may not. */
export type CheckedRequest = { prepared: PreparedDocument } | { errors: readonly GraphQLError[] }

/**
 * Checks a request before anything runs: parse (once per document), the query limits, validation
 * (once per document). A document that fails answers errors only, each with its `extensions.code`:
 * `GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED` (introspection too, when it is off), or the
 * limit's code.
 */
export function checkGraphQLRequest(
  schema: GraphQLSchema,
  documents: PreparedDocuments,
  request: GraphQLRequest,
  limits: QueryLimits = defaultQueryLimits,
): CheckedRequest {
  const prepared = documents.prepare(request.query)
  if (prepared instanceof GraphQLError) return { errors: [prepared] }
  // Limits first: GraphQL's overlapping-fields rule is quadratic in repeated fields, so a document
  // past the field and alias limits is refused before validation spends time on it.
  const overLimits = checkQueryLimits(schema, prepared.document, request, limits)
  if (overLimits.length > 0) return { errors: overLimits }
  const invalid = prepared.validationErrors()
  if (invalid.length > 0) return { errors: invalid }
  return { prepared }
}

/**
 * Runs a checked request with its context. With introspection off, no error suggests a field, type
 * or value name.
 */
export function executeChecked(
  schema: GraphQLSchema,
  prepared: PreparedDocument,
  request: GraphQLRequest,
  contextValue: GraphQLContext,
  options: { introspection: boolean },
): Promise<ExecutionResult> {
  return Promise.resolve(
    execute({
      schema,
      document: prepared.document,
      variableValues: request.variables ?? undefined,
      operationName: request.operationName ?? undefined,
      contextValue,
      hideSuggestions: !options.introspection,
    }),
  )
}
